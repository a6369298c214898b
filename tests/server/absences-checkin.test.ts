import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlanningLog, StoreV1 } from '../../src/domain/store/schema';
import type { Mutation } from '../../src/domain/sync/protocol';
import { courseSlot, L1_TEACHERS, l1Class, l1Occurrence, l1Week, mutationNow } from '../support/builders';
import {
  absenceRecords,
  api,
  pushResults,
  serverBackends,
  signInAs,
  storeOf,
  useSeededOrg,
  type RunningServer,
} from './helpers';

/**
 * Issue 35, item 1, over real HTTP on every storage engine: the effective teacher of a course occurrence
 * checks in and out of it. Under a substitution that is the substitute: her check-in and check-out apply,
 * the absent teacher's is refused for that occurrence (and only that one), a third teacher's is refused; a
 * course cancelled for want of a substitute takes nobody's check-in.
 */
const backends = await serverBackends();
const ORG = 'ecole-remplacement';
const [T1, T2, T3] = L1_TEACHERS;
const DAY = '2026-11-25'; // a Wednesday
const NOW = `${DAY}T07:00:00.000Z`;

const timetable = l1Week([
  courseSlot(3, '10:00', '12:00', 'cm-algo', T1.id, { id: 's-algo' }), // replaced by T2
  courseSlot(3, '14:00', '16:00', 'cm-algo', T1.id, { id: 's-algo-pm' }), // given by T1 as planned
  courseSlot(3, '16:00', '18:00', 'cm-algo', T1.id, { id: 's-algo-late' }), // cancelled: nobody found
]);
const occurrence = (slotKey: string, startTime: string, endTime: string) =>
  l1Occurrence(slotKey, DAY, startTime, endTime);

const orgData = () =>
  l1Class([T1, T2, T3], {
    timetables: [timetable],
    ...absenceRecords({
      id: 'ab-t1',
      teacherUserId: T1.id,
      date: DAY,
      startTime: '10:00',
      endTime: '12:00',
      actorUserId: 'u-root',
      now: NOW,
      substitutes: [
        [occurrence('s-algo', '10:00', '12:00'), T2.id],
        [occurrence('s-algo-late', '16:00', '18:00'), null],
      ],
    }),
  });

let server: RunningServer;
let seq = 0;

function mutation(collection: 'planningLogs' | 'notifications', values: { id: string }): Mutation {
  seq += 1;
  return mutationNow({ collection, recordId: values.id, values });
}

/** A check log as the app writes it: the actor is the session's person, the teacher the one she names. */
const check = (
  id: string,
  kind: 'in' | 'out',
  time: string,
  who: { id: string; name: string },
  slotIndex: number,
  extra: Partial<PlanningLog> = {},
): Mutation => {
  const timestamp = `${DAY}T${time}:00.000Z`;
  return mutation('planningLogs', {
    id,
    timestamp,
    deviceTimestamp: timestamp,
    action: kind === 'in' ? 'planning-checkin' : 'planning-checkout',
    actorUserId: who.id,
    actorUserName: who.name,
    timetableId: 't-l1',
    classId: 'c-l1',
    moduleId: 'cm-algo',
    teacherUserId: who.id,
    slotIndex,
    ...extra,
  });
};

const push = (cookie: string, mutations: Mutation[]) =>
  pushResults(server.url, ORG, cookie, mutations, { clientId: `phone-${seq}`, since: 0 });

const at = (time: string) => vi.setSystemTime(new Date(`${DAY}T${time}:00.000Z`));
const storedLogIds = async () => (await storeOf(server, ORG)).planningLogs.map((l) => l.id).sort();

describe.each(backends)('$name: the substitute checks in, not the absent teacher (issue 35)', (backend) => {
  const org = useSeededOrg(backend, ORG, { store: orgData, now: NOW });
  beforeEach(() => {
    ({ server } = org);
  });

  it('the substitute checks in and out; the absent teacher and a third teacher are refused', async () => {
    const awa = await signInAs(server.url, ORG, T1);
    const ibou = await signInAs(server.url, ORG, T2);
    const coumba = await signInAs(server.url, ORG, T3);
    at('10:05');
    // The absent teacher, as her own teacher or naming the substitute: refused for this occurrence.
    const [awaOwn, awaNamingIbou] = await push(awa, [
      check('ci-awa', 'in', '10:05', T1, 0),
      check('ci-awa-2', 'in', '10:05', T1, 0, { teacherUserId: T2.id }),
    ]);
    expect(awaOwn).toMatchObject({ status: 'rejected', reason: 'forbidden', detail: 'teacher-mismatch' });
    expect(awaNamingIbou).toMatchObject({ status: 'rejected', reason: 'forbidden', detail: 'not-own-slot' });
    // A third teacher, likewise.
    const [coumbaOwn, coumbaNamingIbou] = await push(coumba, [
      check('ci-coumba', 'in', '10:05', T3, 0),
      check('ci-coumba-2', 'in', '10:05', T3, 0, { teacherUserId: T2.id }),
    ]);
    expect(coumbaOwn).toMatchObject({ status: 'rejected', detail: 'teacher-mismatch' });
    expect(coumbaNamingIbou).toMatchObject({ status: 'rejected', detail: 'not-own-slot' });
    // The substitute: her check-in and its notification apply.
    const [checkin, notification] = await push(ibou, [
      check('ci-ibou', 'in', '10:05', T2, 0),
      mutation('notifications', {
        id: 'n-ibou',
        kind: 'checkin',
        createdAt: `${DAY}T10:05:00.000Z`,
        timetableId: 't-l1',
        slotIndex: 0,
        classId: 'c-l1',
        moduleId: 'cm-algo',
        teacherUserId: T2.id,
        read: false,
      } as { id: string }),
    ]);
    expect(checkin?.status).toBe('applied');
    expect(notification?.status).toBe('applied');
    at('11:50');
    const [checkout] = await push(ibou, [
      check('co-ibou', 'out', '11:50', T2, 0, { checkinLogId: 'ci-ibou' }),
    ]);
    expect(checkout?.status).toBe('applied');
    // She reads her own check-in back (Module du jour shows it).
    const store = (await (await api(`${server.url}/api/store?orgId=${ORG}`, ibou)).json()) as StoreV1;
    expect(store.planningLogs.map((l) => l.id).sort()).toEqual(['ci-ibou', 'co-ibou']);
    expect(await storedLogIds()).toEqual(['ci-ibou', 'co-ibou']);
  });

  it('only the replaced occurrence changes hands; a cancelled one takes nobody', async () => {
    const awa = await signInAs(server.url, ORG, T1);
    const ibou = await signInAs(server.url, ORG, T2);
    at('14:05');
    // The afternoon course has no substitution: Awa gives it, Ibrahima cannot check in to it.
    const [awaPm] = await push(awa, [check('ci-awa-pm', 'in', '14:05', T1, 1)]);
    const [ibouPm] = await push(ibou, [check('ci-ibou-pm', 'in', '14:05', T2, 1)]);
    expect(awaPm?.status).toBe('applied');
    expect(ibouPm).toMatchObject({ status: 'rejected', detail: 'teacher-mismatch' });
    at('16:05');
    // Cancelled for want of a substitute: the absent teacher no longer checks in.
    const [awaLate] = await push(awa, [check('ci-awa-late', 'in', '16:05', T1, 2)]);
    expect(awaLate).toMatchObject({ status: 'rejected', detail: 'slot-canceled' });
    expect(await storedLogIds()).toEqual(['ci-awa-pm']);
  });
});
