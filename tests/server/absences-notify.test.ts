import { beforeEach, describe, expect, it, vi } from 'vitest';
import { assignSubstitute } from '../../src/domain/absences/records';
import { substitutionNotifications } from '../../src/domain/absences/substitution-notifications';
import { buildPlanningLog } from '../../src/domain/planning/planning-log';
import type { StoreV1 } from '../../src/domain/store/schema';
import type { Mutation } from '../../src/domain/sync/protocol';
import { courseSlot, l1Occurrence, l1Week, mutationNow, teacher } from '../support/builders';
import {
  absenceRecords,
  api,
  pushResults,
  ROOT_ADMIN,
  serverBackends,
  signInAs,
  storeOf,
  useSeededOrg,
  type RunningServer,
} from './helpers';

/**
 * Issue 35, items 4 and 5, over real HTTP on every storage engine: the administrator's device writes a
 * substitution with its notifications to both teachers (and, with nobody, the cancellation's planning log);
 * each teacher receives hers only; the same notification sent again by a second administrator's device
 * leaves one; a notification that does not match the stored substitution, or written by a teacher, is
 * refused.
 */
const backends = await serverBackends();
const ORG = 'ecole-remplacement-avis';
const AWA = { id: 'u-awa', name: 'Awa Ndiaye', email: 'awa@ecole.sn', password: 'Awa@2026!' } as const;
const IBOU = { id: 'u-ibou', name: 'Ibou Sow', email: 'ibou@ecole.sn', password: 'Ibou@2026!' } as const;
const DAY = '2026-11-25'; // a Wednesday
const NOW = `${DAY}T07:00:00.000Z`;

const timetable = l1Week([courseSlot(3, '10:00', '12:00', 'cm-algo', AWA.id, { id: 's-algo' })]);
const course = { ...l1Occurrence('s-algo', DAY, '10:00', '12:00'), levelId: null }; // a class without level
const substitution = (substituteUserId: string | null, at = NOW) => ({
  ...assignSubstitute({
    course,
    absence: { id: 'ab-awa', teacherUserId: AWA.id },
    substituteUserId,
    actorUserId: ROOT_ADMIN.id,
    now: at,
  }),
});
const notices = (substituteUserId: string | null, previous: string | null | undefined, at = NOW) =>
  substitutionNotifications({
    substitution: substitution(substituteUserId, at),
    previousSubstituteUserId: previous,
    slotIndex: 0,
    now: at,
  });

const user = (p: typeof AWA | typeof IBOU) => teacher(p, { name: p.name });

async function orgData(): Promise<Partial<StoreV1>> {
  return {
    users: [await user(AWA), await user(IBOU)],
    classes: [{ id: 'c-l1', code: 'L1-INFO', levelId: null, instituteId: null }],
    courseModules: [{ id: 'cm-algo', code: 'ALG', name: 'Algorithmique', levelId: null }],
    timetables: [timetable],
    ...absenceRecords({ id: 'ab-awa', teacherUserId: AWA.id, date: DAY, actorUserId: AWA.id, now: NOW }),
  };
}

let server: RunningServer;
let root: string;
let seq = 0;

function put(collection: Mutation['collection'], values: { id: string } & Record<string, unknown>): Mutation {
  seq += 1;
  return mutationNow({ collection, recordId: values.id, values });
}

const push = (cookie: string, mutations: Mutation[], clientId = `device-${seq}`) =>
  pushResults(server.url, ORG, cookie, mutations, { clientId, since: 0 });

const visibleTo = async (cookie: string) =>
  ((await (await api(`${server.url}/api/store?orgId=${ORG}`, cookie)).json()) as StoreV1).notifications
    .map((n) => [n.kind, n.teacherUserId])
    .sort();
const stored = () => storeOf(server, ORG);

describe.each(backends)('$name: substitution notifications and cancellation (issue 35)', (backend) => {
  const org = useSeededOrg(backend, ORG, { store: orgData, now: NOW });
  beforeEach(() => {
    ({ server, root } = org);
  });

  it('both teachers are told, each sees hers only; a second administrator’s copy leaves one', async () => {
    const results = await push(root, [
      put('substitutions', substitution(IBOU.id)),
      ...notices(IBOU.id, undefined).map((n) => put('notifications', n)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied']);
    const awa = await signInAs(server.url, ORG, AWA);
    const ibou = await signInAs(server.url, ORG, IBOU);
    expect(await visibleTo(awa)).toEqual([['substitution-replaced', AWA.id]]);
    expect(await visibleTo(ibou)).toEqual([['substitution-assigned', IBOU.id]]);
    // Another administrator's device, offline, assigned Ibou too: same ids, accepted, still one each.
    const later = `${DAY}T07:30:00.000Z`;
    const again = await push(
      root,
      [
        put('substitutions', substitution(IBOU.id, later)),
        ...notices(IBOU.id, undefined, later).map((n) => put('notifications', n)),
      ],
      'second-admin',
    );
    expect(again.filter((r) => r.status === 'rejected')).toEqual([]);
    expect((await stored()).notifications).toHaveLength(2);
    // Her bell marks it read.
    const [read] = await push(awa, [
      {
        ...put('notifications', { id: notices(IBOU.id, undefined)[1]!.id, read: true }),
        changedFields: ['read'],
      },
    ]);
    expect(read?.status).toMatch(/applied|merged/);
  });

  it('refuses a notice the stored substitution does not say, and one written by a teacher', async () => {
    await push(root, [put('substitutions', substitution(IBOU.id))]);
    const [wrongKind] = await push(root, [put('notifications', notices(null, undefined)[0]!)]);
    expect(wrongKind).toMatchObject({ status: 'rejected', reason: 'forbidden', detail: 'notification-id' });
    const forged = { ...notices(IBOU.id, undefined)[0]!, teacherUserId: AWA.id };
    const [wrongTeacher] = await push(root, [put('notifications', forged)]);
    expect(wrongTeacher).toMatchObject({ status: 'rejected', detail: 'notification-id' });
    const ibou = await signInAs(server.url, ORG, IBOU);
    const [byTeacher] = await push(ibou, [put('notifications', notices(IBOU.id, undefined)[0]!)]);
    expect(byTeacher).toMatchObject({ status: 'rejected', detail: 'not-permitted' });
    expect((await stored()).notifications).toEqual([]);
  });

  it('« Personne » cancels the course: its log, the notices, and the absent teacher no longer checks in', async () => {
    await push(root, [put('substitutions', substitution(IBOU.id))]);
    const cancelLog = buildPlanningLog({
      id: 'cancel-1',
      action: 'planning-cancel',
      timetable,
      slotIndex: 0,
      slot: timetable.slots[0]!,
      actor: { userId: ROOT_ADMIN.id, userName: ROOT_ADMIN.name },
      now: NOW,
      before: { dayOfWeek: 3, startTime: '10:00', endTime: '12:00' },
      after: { dayOfWeek: 3, startTime: '10:00', endTime: '12:00' },
      note: 'Absence sans remplaçant : cours du 25/11/2026 annulé',
    });
    const results = await push(root, [
      put('substitutions', substitution(null)),
      ...notices(null, IBOU.id).map((n) => put('notifications', n)),
      put('planningLogs', cancelLog),
    ]);
    expect(results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied', 'applied']);
    const awa = await signInAs(server.url, ORG, AWA);
    const ibou = await signInAs(server.url, ORG, IBOU);
    expect(await visibleTo(awa)).toEqual([['substitution-canceled', AWA.id]]);
    expect(await visibleTo(ibou)).toEqual([['substitution-withdrawn', IBOU.id]]);
    vi.setSystemTime(new Date(`${DAY}T10:05:00.000Z`));
    const [checkin] = await push(awa, [
      put('planningLogs', {
        id: 'ci-awa',
        timestamp: `${DAY}T10:05:00.000Z`,
        action: 'planning-checkin',
        actorUserId: AWA.id,
        actorUserName: AWA.name,
        timetableId: 't-l1',
        classId: 'c-l1',
        moduleId: 'cm-algo',
        teacherUserId: AWA.id,
        slotIndex: 0,
      }),
    ]);
    expect(checkin).toMatchObject({ status: 'rejected', detail: 'slot-canceled' });
    expect((await stored()).planningLogs.map((l) => l.action)).toEqual(['planning-cancel']);
  });
});
