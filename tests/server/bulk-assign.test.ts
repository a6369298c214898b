import { describe, expect, it } from 'vitest';
import { closedRecord } from '../../src/domain/payroll/closing';
import type { MonthClosureRecord, StoreV1, Timetable } from '../../src/domain/store/schema';
import type { MutationResult } from '../../src/domain/sync/protocol';
import { courseSlot, mutationNow, person, teacher, type Credentials } from '../support/builders';
import { pushOne, revisionOf, serverBackends, signInAs, storeOf, useSeededOrg } from './helpers';

/**
 * Issue 30 item 5 over real HTTP on every storage engine: a course "à affecter" (imported without a teacher)
 * gets one from Consulter in bulk. The server checks what the screen checks (domain/planning/bulk-assign):
 * the actor holds the planning admin actions or the import, the teacher exists, is active and of a
 * teacher-type profile, and the course is not in a closed month. A refused write changes nothing.
 */
const backends = await serverBackends();
const ORG = 'ecole-affecter';

const ADMIN = { id: 'u-adm', email: 'awa@ecole.sn', password: 'Awa@2026' } as const;
const IMPORTER = { id: 'u-imp', email: 'ibou@ecole.sn', password: 'Ibou@2026' } as const;
const REPROG = { id: 'u-rep', email: 'rama@ecole.sn', password: 'Rama@2026' } as const;
const SOW = { id: 'u-sow', email: 'sow@ecole.sn', password: 'Sow@2026' } as const;
const OLD = { id: 'u-old', email: 'old@ecole.sn', password: 'Old@2026' } as const;
const SECRETARY = { id: 'u-sec', email: 'sec@ecole.sn', password: 'Sec@2026' } as const;

// An open week (Monday 1 March 2027) and a week of April 2026, closed (Thursday 30 April).
const OPEN: Timetable = {
  id: 't-open',
  periodicity: 'week',
  year: 2027,
  weekStartDate: '2027-03-01',
  classId: 'c-1',
  createdAt: '2026-11-01T08:00:00.000Z',
  slots: [
    courseSlot(1, '08:00', '10:00', 'm-algo', '', { id: 's-mon' }),
    courseSlot(2, '08:00', '10:00', 'm-algo', '', { id: 's-tue' }),
  ],
};
const CLOSED: Timetable = {
  ...OPEN,
  id: 't-closed',
  year: 2026,
  weekStartDate: '2026-04-27',
  createdAt: '2026-04-01T08:00:00.000Z',
  slots: [courseSlot(4, '08:00', '10:00', 'm-algo', '', { id: 's-thu' })],
};

async function orgData(): Promise<Partial<StoreV1>> {
  const named = (who: Credentials, profileId: string, name: string) => person(who, profileId, { name });
  return {
    profiles: [
      {
        id: 'planner',
        name: 'Planification',
        moduleIds: ['planning.consulter', 'planning.consulter.actions'],
        formFieldKeys: [],
      },
      { id: 'importer', name: 'Import', moduleIds: ['planning.importer'], formFieldKeys: [] },
      {
        id: 'reprog',
        name: 'Reprogrammation',
        moduleIds: ['planning.consulter', 'planning.reprogrammation'],
        formFieldKeys: [],
      },
    ],
    users: [
      await named(ADMIN, 'planner', 'Awa Diop'),
      await named(IMPORTER, 'importer', 'Ibou Faye'),
      await named(REPROG, 'reprog', 'Rama Kane'),
      await teacher(SOW, { name: 'Moussa Sow' }),
      await teacher(OLD, { name: 'Ancien Prof', status: 'Inactive' }),
      // Active, but a profile without teacher modules (defaultProfiles: Contributeur).
      await named(SECRETARY, 'contributeur', 'Fatou Secrétaire'),
    ],
    institutes: [{ id: 'i-1', name: 'Institut Polytechnique', abbr: 'IP' }],
    levels: [{ id: 'l-1', name: 'Licence 1', abbr: 'L1' }],
    classes: [{ id: 'c-1', code: 'L1-INFO', levelId: 'l-1', instituteId: 'i-1' }],
    courseModules: [
      { id: 'm-algo', code: 'ALGO', name: 'Algorithmique', levelId: 'l-1', instituteId: 'i-1' },
    ],
    timetables: [OPEN, CLOSED],
    monthClosures: [
      closedRecord({
        month: '2026-04',
        instituteId: null,
        at: '2026-05-02T08:00:00.000Z',
        byUserId: 'u-root',
        byUserName: 'Admin Racine',
      }) as unknown as MonthClosureRecord,
    ],
  };
}

describe.each(backends)('$name: staffing courses "à affecter" (issue 30 item 5)', (backend) => {
  const org = useSeededOrg(backend, ORG, { store: orgData });
  const store = () => storeOf(org.server, ORG);

  /** Pushes the timetable with every course "à affecter" given to `teacherUserId`, as Consulter writes it. */
  async function assign(
    who: Credentials,
    timetable: Timetable,
    teacherUserId: string,
  ): Promise<MutationResult> {
    const cookie = await signInAs(org.server.url, ORG, who);
    const revision = await revisionOf(org.server, ORG);
    const slots = timetable.slots.map((s) => (s.teacherUserId === '' ? { ...s, teacherUserId } : s));
    const mutation = mutationNow({
      mutationId: `assign-${who.id}-${timetable.id}-${teacherUserId}`,
      collection: 'timetables',
      recordId: timetable.id,
      values: { slots },
      baseRevision: revision,
    });
    return pushOne(org.server.url, ORG, cookie, mutation, { clientId: `device-${who.id}`, since: revision });
  }

  const teachersOf = async (id: string) =>
    (await store()).timetables.find((t) => t.id === id)?.slots.map((s) => s.teacherUserId);

  it.each([
    ['an administrator with the planning actions', ADMIN],
    ['an importer', IMPORTER],
  ])('%s staffs the courses of an open week', async (_label, who) => {
    const result = await assign(who, OPEN, SOW.id);
    expect(result.status).toMatch(/applied|merged/);
    expect(await teachersOf('t-open')).toEqual([SOW.id, SOW.id]);
  });

  it.each([
    // planning.reprogrammation may rewrite a timetable (validated requests), not staff its courses.
    ['an actor without the right (reprogrammation only)', REPROG, OPEN, SOW.id, 'not-permitted'],
    ['a teacher who does not exist', ADMIN, OPEN, 'u-ghost', 'teacher-not-found'],
    ['a teacher no longer active', ADMIN, OPEN, OLD.id, 'teacher-inactive'],
    ['an active person who is not a teacher', ADMIN, OPEN, SECRETARY.id, 'not-a-teacher'],
    ['a course in a closed month', ADMIN, CLOSED, SOW.id, 'month-closed'],
  ])('refuses %s', async (_label, who, timetable, teacherUserId, detail) => {
    const result = await assign(who, timetable, teacherUserId);
    expect(result).toMatchObject({ status: 'rejected', reason: 'forbidden', detail });
    expect(await teachersOf(timetable.id)).toEqual(timetable.slots.map(() => ''));
  });
});
