import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readStore } from '../../server/sync-service';
import { assignSubstitute, declareAbsence } from '../../src/domain/absences/records';
import { substitutionNotifications } from '../../src/domain/absences/substitution-notifications';
import { buildPlanningLog } from '../../src/domain/planning/planning-log';
import { hashSecret } from '../../src/domain/secrets';
import type { StoreV1, Timetable } from '../../src/domain/store/schema';
import type { Mutation, MutationResult, PushResponse } from '../../src/domain/sync/protocol';
import { TEST_ITERATIONS } from '../fixtures/sample-store';
import { courseSlot } from '../support/builders';
import {
  api,
  ROOT_ADMIN,
  seedOrg,
  serverBackends,
  signIn,
  startServer,
  type RunningServer,
  type TestDatabase,
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

const timetable: Timetable = {
  id: 't-l1',
  periodicity: 'week',
  year: 2026,
  weekStartDate: '2026-11-23',
  classId: 'c-l1',
  createdAt: '2026-11-01T08:00:00.000Z',
  slots: [courseSlot(3, '10:00', '12:00', 'cm-algo', AWA.id, { id: 's-algo' })],
};
const course = {
  timetableId: 't-l1',
  slotKey: 's-algo',
  classId: 'c-l1',
  moduleId: 'cm-algo',
  levelId: null,
  date: DAY,
  startTime: '10:00',
  endTime: '12:00',
};
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

async function user(p: typeof AWA | typeof IBOU) {
  return {
    id: p.id,
    name: p.name,
    email: p.email,
    profileId: 'teacher',
    status: 'Active' as const,
    passwordHash: await hashSecret(p.password, { iterations: TEST_ITERATIONS }),
    mustChangePassword: false,
  };
}

async function orgData(): Promise<Partial<StoreV1>> {
  const absence = declareAbsence({
    id: 'ab-awa',
    teacherUserId: AWA.id,
    date: DAY,
    startTime: null,
    endTime: null,
    reason: 'Malade',
    actorUserId: AWA.id,
    now: NOW,
  });
  if (!absence.ok) throw new Error(absence.code);
  return {
    users: [await user(AWA), await user(IBOU)],
    classes: [{ id: 'c-l1', code: 'L1-INFO', levelId: null, instituteId: null }],
    courseModules: [{ id: 'cm-algo', code: 'ALG', name: 'Algorithmique', levelId: null }],
    timetables: [timetable],
    absences: [{ ...absence.value }],
  };
}

let server: RunningServer;
let data: TestDatabase;
let root: string;
let seq = 0;

function put(collection: Mutation['collection'], values: { id: string } & Record<string, unknown>): Mutation {
  seq += 1;
  return {
    mutationId: `avis-${seq}-${Math.random().toString(36).slice(2)}`,
    collection,
    recordId: values.id,
    op: 'put',
    changedFields: Object.keys(values),
    values,
    baseRevision: 0,
    createdAt: new Date().toISOString(),
  };
}

async function push(
  cookie: string,
  mutations: Mutation[],
  clientId = `device-${seq}`,
): Promise<MutationResult[]> {
  const response = await api(`${server.url}/api/mutations?orgId=${ORG}`, cookie, {
    method: 'POST',
    body: { clientId, mutations, since: 0 },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as PushResponse).results;
}

const visibleTo = async (cookie: string) =>
  ((await (await api(`${server.url}/api/store?orgId=${ORG}`, cookie)).json()) as StoreV1).notifications
    .map((n) => [n.kind, n.teacherUserId])
    .sort();
const stored = async () => (await readStore(server.storage, ORG)).store;

describe.each(backends)('$name: substitution notifications and cancellation (issue 35)', (backend) => {
  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(NOW));
    data = await backend.fresh();
    server = await startServer(data);
    ({ cookie: root } = await seedOrg(server.url, ORG, await orgData()));
  });
  afterEach(async () => {
    vi.useRealTimers();
    await server.app.close();
    await data.cleanup();
  });

  it('both teachers are told, each sees hers only; a second administrator’s copy leaves one', async () => {
    const results = await push(root, [
      put('substitutions', substitution(IBOU.id)),
      ...notices(IBOU.id, undefined).map((n) => put('notifications', n)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied']);
    const awa = await signIn(server.url, ORG, AWA.email, AWA.password);
    const ibou = await signIn(server.url, ORG, IBOU.email, IBOU.password);
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
    const ibou = await signIn(server.url, ORG, IBOU.email, IBOU.password);
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
    const awa = await signIn(server.url, ORG, AWA.email, AWA.password);
    const ibou = await signIn(server.url, ORG, IBOU.email, IBOU.password);
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
