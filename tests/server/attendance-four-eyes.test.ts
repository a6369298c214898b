import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlanningLog, Slot, StoreV1 } from '../../src/domain/store/schema';
import type { Mutation, MutationResult } from '../../src/domain/sync/protocol';
import { courseSlot, mutationNow, person, weekTimetable } from '../support/builders';
import {
  pushOne as pushOneTo,
  ROOT_ADMIN,
  serverBackends,
  signInAs,
  storeOf,
  useSeededOrg,
  type RunningServer,
} from './helpers';

/**
 * Issue 32, four eyes on corrections, over real HTTP on every storage engine (server clock set, Date only):
 * a head of department who also teaches (planning.consulter.actions and the teacher modules) cannot add
 * herself a slot that already began, correct or accept her own hours, or record her own missing check; a
 * colleague may, within the planned window, or beyond it with a second, written justification.
 */
const backends = await serverBackends();
const ORG = 'ecole-quatre-yeux';
const AT = { id: 'u-at', email: 'aminata@ecole.sn', password: 'Aminata@2026' } as const;
const AMINATA = { id: AT.id, name: 'Aminata Sow' };
const ROOT = { id: ROOT_ADMIN.id, name: ROOT_ADMIN.name };
const DAY = '2026-11-25'; // a Wednesday
const on = (time: string) => `${DAY}T${time}:00.000Z`;
const setNow = (time: string) => vi.setSystemTime(new Date(on(time)));

async function orgData(): Promise<Partial<StoreV1>> {
  const aminata = await person(AT, 'chef', { name: AMINATA.name });
  return {
    profiles: [
      {
        id: 'chef',
        name: 'Cheffe de département',
        moduleIds: ['planning.consulter', 'planning.consulter.actions', 'teacher.today', 'teacher.planning'],
        formFieldKeys: [],
      },
    ],
    users: [aminata],
    classes: [{ id: 'c-1', code: 'L1-INFO', levelId: 'l-1', instituteId: 'i-1' }],
    levels: [{ id: 'l-1', name: 'Licence 1', abbr: 'L1' }],
    timetables: [
      // 0: Aminata 13:00-15:00 on Wednesday.
      weekTimetable('t-1', '2026-11-23', [courseSlot(3, '13:00', '15:00', 'm-1', AT.id)], {
        classId: 'c-1',
        createdAt: '2026-11-20T08:00:00.000Z',
      }),
    ],
  };
}

let server: RunningServer;
let root: string;
let r0: number;

const mutation = (
  collection: Mutation['collection'],
  id: string,
  values: Record<string, unknown>,
  base = 0,
) => mutationNow({ collection, recordId: id, values, baseRevision: base });

const pushOne = (cookie: string, m: Mutation, clientId = 'device'): Promise<MutationResult> =>
  pushOneTo(server.url, ORG, cookie, m, { clientId });

const context = { timetableId: 't-1', classId: 'c-1', moduleId: 'm-1', teacherUserId: AT.id, slotIndex: 0 };

const check = (id: string, kind: 'in' | 'out', time: string, extra: Partial<PlanningLog> = {}) =>
  mutation('planningLogs', id, {
    id,
    timestamp: on(time),
    action: kind === 'in' ? 'planning-checkin' : 'planning-checkout',
    actorUserId: AT.id,
    actorUserName: AMINATA.name,
    ...context,
    ...extra,
  });

const correction = (
  id: string,
  who: { id: string; name: string },
  corrects: string | null,
  time: string,
  extra: Partial<PlanningLog> = {},
) =>
  mutation('planningLogs', id, {
    id,
    timestamp: corrects ? new Date().toISOString() : on(time),
    action: 'planning-correction',
    actorUserId: who.id,
    actorUserName: who.name,
    ...context,
    correctsLogId: corrects,
    correctedTimestamp: on(time),
    note: 'oubli',
    ...extra,
  });

function expectRefused(result: MutationResult, detail: string) {
  expect(result).toMatchObject({ status: 'rejected', reason: 'forbidden', detail });
}

const stored = async (id: string) =>
  (await storeOf(server, ORG)).planningLogs.find((l) => l.id === id) ?? null;

describe.each(backends)('$name: four eyes on corrections', (backend) => {
  const org = useSeededOrg(backend, ORG, { store: orgData, now: on('06:00') });
  beforeEach(() => {
    ({ server, root, revision: r0 } = org);
  });

  it('refuses her own 00:00-00:30 slot added after it ended; a colleague may add it', async () => {
    setNow('12:00');
    const aminata = await signInAs(server.url, ORG, AT);
    const timetable = (await storeOf(server, ORG)).timetables[0]!;
    const withSlot = (teacherUserId: string, startTime = '00:00', endTime = '00:30'): Slot[] => [
      ...timetable.slots,
      courseSlot(3, startTime, endTime, 'm-1', teacherUserId),
    ];
    expectRefused(
      await pushOne(aminata, mutation('timetables', 't-1', { slots: withSlot(AT.id) }, r0)),
      'own-slot-started',
    );
    // Started (12:00-12:30 at 12:00) is refused too; later today is hers to plan.
    expectRefused(
      await pushOne(aminata, mutation('timetables', 't-1', { slots: withSlot(AT.id, '12:00', '12:30') }, r0)),
      'own-slot-started',
    );
    expect(
      (
        await pushOne(
          aminata,
          mutation('timetables', 't-1', { slots: withSlot(AT.id, '17:00', '18:00') }, r0),
        )
      ).status,
    ).toBe('applied');
    expect(
      (await pushOne(root, mutation('timetables', 't-1', { slots: withSlot(AT.id) }, r0))).status,
    ).toMatch(/applied|merged/);
  });

  it('refuses her correction of her own check-out to "now" (718 min for a 30-min slot), and her acceptance', async () => {
    setNow('13:05');
    const aminata = await signInAs(server.url, ORG, AT);
    expect((await pushOne(aminata, check('ci-1', 'in', '13:05'))).status).toBe('applied');
    setNow('13:30');
    expect((await pushOne(aminata, check('co-1', 'out', '13:30', { checkinLogId: 'ci-1' }))).status).toBe(
      'applied',
    );
    setNow('23:59');
    expectRefused(
      await pushOne(aminata, correction('k-self', AMINATA, 'co-1', '23:59')),
      'correction-own-hours',
    );
    // Accepting is a correction to the same time: not hers either.
    expectRefused(
      await pushOne(aminata, correction('k-accept', AMINATA, 'co-1', '13:30')),
      'correction-own-hours',
    );
    expect(await stored('k-self')).toBeNull();
    // A colleague accepts it.
    expect((await pushOne(root, correction('k-root', ROOT, 'co-1', '13:30'))).status).toBe('applied');
  });

  it('caps a colleague’s correction at the planned window unless a second, written justification is given', async () => {
    setNow('13:05');
    const aminata = await signInAs(server.url, ORG, AT);
    await pushOne(aminata, check('ci-2', 'in', '13:05'));
    setNow('16:00');
    // 15:00 is the planned end: within the window; 15:01 credits more than planned.
    expect((await pushOne(root, correction('k-end', ROOT, 'ci-2', '13:00'))).status).toBe('applied');
    expectRefused(
      await pushOne(root, correction('k-over', ROOT, 'ci-2', '12:59')),
      'correction-justification-required',
    );
    expectRefused(
      await pushOne(root, correction('k-blank', ROOT, 'ci-2', '12:30', { justification: '   ' })),
      'correction-justification-required',
    );
    expect(
      (
        await pushOne(
          root,
          correction('k-just', ROOT, 'ci-2', '12:30', {
            justification: 'TP commencé plus tôt, accord du directeur',
          }),
        )
      ).status,
    ).toBe('applied');
    expect(await stored('k-just')).toMatchObject({
      justification: 'TP commencé plus tôt, accord du directeur',
    });
  });

  it('lets a colleague, never herself, record a missing check-in', async () => {
    setNow('15:30');
    const aminata = await signInAs(server.url, ORG, AT);
    const record = (
      id: string,
      who: { id: string; name: string },
      action: 'planning-checkin' | 'planning-checkout',
      time: string,
    ) => correction(id, who, null, time, { recordsAction: action });
    expectRefused(
      await pushOne(aminata, record('r-self', AMINATA, 'planning-checkin', '13:00')),
      'correction-own-hours',
    );
    expect((await pushOne(root, record('r-in', ROOT, 'planning-checkin', '13:00'))).status).toBe('applied');
    expect(await stored('r-in')).toMatchObject({ recordsAction: 'planning-checkin', timestamp: on('13:00') });
  });

  it('puts a Départ tapped by mistake at 12:33 back to the planned end, before the course ends', async () => {
    setNow('12:31');
    const aminata = await signInAs(server.url, ORG, AT);
    await pushOne(aminata, check('ci-3', 'in', '12:31'));
    setNow('13:05');
    // (The device now refuses Départ before the start; an older device's check-out at 13:04 stands for it.)
    expect((await pushOne(aminata, check('co-3', 'out', '13:04', { checkinLogId: 'ci-3' }))).status).toBe(
      'applied',
    );
    setNow('13:10');
    expect((await pushOne(root, correction('k-back', ROOT, 'co-3', '15:00'))).status).toBe('applied');
    // Not beyond the planned end while it is in the future.
    expectRefused(
      await pushOne(root, correction('k-later', ROOT, 'co-3', '15:30', { justification: 'a débordé' })),
      'correction-future',
    );
  });
});
