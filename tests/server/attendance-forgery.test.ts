import { beforeEach, describe, expect, it, vi } from 'vitest';
import { trustFlags } from '../../src/domain/attendance/trust';
import type { PlanningLog } from '../../src/domain/store/schema';
import type { Mutation, MutationResult, PushResponse } from '../../src/domain/sync/protocol';
import { CLIENT_BATCH_SIZE } from '../../src/domain/sync/protocol';
import { classWeek, courseSlot, FATOU, MOUSSA, mutationNow, school } from '../support/builders';
import { pushAccepted, serverBackends, signInAs, storeOf, useSeededOrg, type RunningServer } from './helpers';

/**
 * Issue 32, "time a device cannot rewrite", over real HTTP on every storage engine: the server's clock is
 * set (Date only) to the instants of each story. A teacher online at 11:57 claiming 07:05, a check-in for
 * last week's course, a log received 12 h late, a device that changed hands, and an honest offline day.
 */
const backends = await serverBackends();
const ORG = 'ecole-horloge';
// The two teachers of school().
const T1 = MOUSSA;
const T2 = FATOU;

// Wednesday 25 November 2026; last week's Wednesday is the 18th.
const DAY = '2026-11-25';
const LAST_WEEK = '2026-11-18';
const on = (time: string, date = DAY) => `${date}T${time}:00.000Z`;
const setNow = (time: string, date = DAY) => vi.setSystemTime(new Date(on(time, date)));

// 0: Moussa 07:00-09:00, 1: Moussa 10:00-12:00, 2: Fatou 10:00-12:00, every Wednesday of the week.
const week = (id: string, monday: string) =>
  classWeek(id, monday, [
    courseSlot(3, '07:00', '09:00', 'm-1', T1.id),
    courseSlot(3, '10:00', '12:00', 'm-1', T1.id),
    courseSlot(3, '10:00', '12:00', 'm-1', T2.id),
  ]);

const orgData = () => school({ timetables: [week('t-now', '2026-11-23'), week('t-last', '2026-11-16')] });

let server: RunningServer;

const logMutation = (values: Partial<PlanningLog> & { id: string }): Mutation =>
  mutationNow({ collection: 'planningLogs', recordId: values.id, values });

const check = (
  id: string,
  kind: 'in' | 'out',
  timestamp: string,
  who: { id: string; name: string },
  slotIndex: number,
  extra: Partial<PlanningLog> = {},
): Partial<PlanningLog> & { id: string } => ({
  id,
  timestamp,
  deviceTimestamp: timestamp,
  action: kind === 'in' ? 'planning-checkin' : 'planning-checkout',
  actorUserId: who.id,
  actorUserName: who.name,
  timetableId: 't-now',
  classId: 'c-1',
  moduleId: 'm-1',
  teacherUserId: who.id,
  slotIndex,
  ...extra,
});

const push = (cookie: string, mutations: Mutation[], clientId: string): Promise<PushResponse> =>
  pushAccepted(server.url, ORG, cookie, mutations, { clientId, since: 0 });

/** An exchange with nothing to push: what the app does every minute while online. */
const exchange = (cookie: string, clientId: string) => push(cookie, [], clientId);

const stored = async (id: string) =>
  (await storeOf(server, ORG)).planningLogs.find((l) => l.id === id) ?? null;

function expectRefused(result: MutationResult | undefined, detail: string) {
  expect(result).toMatchObject({ status: 'rejected', reason: 'forbidden', detail });
}

describe.each(backends)('$name: check times a device cannot rewrite', (backend) => {
  const org = useSeededOrg(backend, ORG, { store: orgData, now: on('06:00', '2026-11-24') });
  beforeEach(() => {
    ({ server } = org);
  });

  it('refuses a check-in stamped 07:05 (07:00-09:00) pushed at 11:57 by a teacher online since, and its check-out', async () => {
    setNow('06:50');
    const t1 = await signInAs(server.url, ORG, T1);
    await exchange(t1, 'phone');
    setNow('11:50');
    await exchange(t1, 'phone'); // online: the app's periodic exchange
    setNow('11:57');
    const answer = await push(
      t1,
      [
        logMutation(check('ci-forged', 'in', on('07:05'), MOUSSA, 0)),
        logMutation(check('co-forged', 'out', on('09:00'), MOUSSA, 0, { checkinLogId: 'ci-forged' })),
      ],
      'phone',
    );
    expectRefused(answer.results[0], 'before-last-contact');
    // The check-out names a check-in the server does not hold.
    expect(answer.results[1]?.status).toBe('rejected');
    expect(await stored('ci-forged')).toBeNull();
    expect(await stored('co-forged')).toBeNull();
  });

  it('refuses a check-in for last week’s course', async () => {
    setNow('08:00');
    const t1 = await signInAs(server.url, ORG, T1);
    await exchange(t1, 'phone');
    setNow('08:05');
    const answer = await push(
      t1,
      [
        logMutation(
          check('ci-last-week', 'in', on('07:05', LAST_WEEK), MOUSSA, 0, { timetableId: 't-last' }),
        ),
      ],
      'phone',
    );
    expectRefused(answer.results[0], 'before-last-contact');
    expect(await stored('ci-last-week')).toBeNull();
  });

  it('flags a log received 12 h late: "à vérifier", even from a device offline all day', async () => {
    setNow('20:00', '2026-11-24');
    const t1 = await signInAs(server.url, ORG, T1);
    await exchange(t1, 'phone');
    // Offline the whole day: the check-in and check-out leave together at 21:00, 12 h after the course.
    setNow('21:00');
    const answer = await push(
      t1,
      [
        logMutation(check('ci-12h', 'in', on('07:05'), MOUSSA, 0)),
        logMutation(check('co-12h', 'out', on('08:55'), MOUSSA, 0, { checkinLogId: 'ci-12h' })),
      ],
      'phone',
    );
    expect(answer.results.map((r) => r.status)).toEqual(['applied', 'applied']);
    for (const id of ['ci-12h', 'co-12h']) {
      const log = await stored(id);
      expect(log?.reviewFlags).toEqual(['late-receipt']);
      expect(trustFlags(log!)).toEqual(['late-receipt']);
    }
  });

  it('keeps an honest offline morning unflagged; a check-out within the grace is in time, not after it', async () => {
    setNow('06:30');
    const t1 = await signInAs(server.url, ORG, T1);
    await exchange(t1, 'phone');
    // Offline from 06:31; back at 09:15 (end + 15 min, the grace's last instant).
    setNow('09:15');
    const answer = await push(
      t1,
      [
        logMutation(check('ci-ok', 'in', on('07:02'), MOUSSA, 0)),
        logMutation(check('co-ok', 'out', on('08:58'), MOUSSA, 0, { checkinLogId: 'ci-ok' })),
      ],
      'phone',
    );
    expect(answer.results.map((r) => r.status)).toEqual(['applied', 'applied']);
    expect((await stored('ci-ok'))?.reviewFlags).toEqual(['late-receipt']); // a check-in after the end
    expect((await stored('co-ok'))?.reviewFlags).toEqual([]);
    // Same for the 10:00-12:00 course, the check-out one second after the grace.
    setNow('10:01');
    await push(t1, [logMutation(check('ci-2', 'in', on('10:01'), MOUSSA, 1))], 'phone');
    expect((await stored('ci-2'))?.reviewFlags).toEqual([]);
    vi.setSystemTime(new Date(Date.parse(on('12:15')) + 1_000));
    await push(
      t1,
      [logMutation(check('co-2', 'out', on('11:58'), MOUSSA, 1, { checkinLogId: 'ci-2' }))],
      'phone',
    );
    expect((await stored('co-2'))?.reviewFlags).toEqual(['late-receipt']);
  });

  it('flags, not refuses, a log of a device that changed hands (another session talked since)', async () => {
    setNow('09:30');
    const t2 = await signInAs(server.url, ORG, T2);
    setNow('10:40');
    const t1 = await signInAs(server.url, ORG, T1);
    // Moussa's check-in of 10:02, made offline on the shared tablet, waited while Fatou used it at 10:30.
    setNow('10:30');
    await exchange(t2, 'tablet');
    setNow('10:45');
    const answer = await push(t1, [logMutation(check('ci-hand', 'in', on('10:02'), MOUSSA, 1))], 'tablet');
    expect(answer.results[0]?.status).toBe('applied');
    expect((await stored('ci-hand'))?.reviewFlags).toEqual(['device-handover']);
  });

  it('a long outbox drained in full batches is not refused by its own earlier batches', async () => {
    setNow('06:30');
    const t1 = await signInAs(server.url, ORG, T1);
    await exchange(t1, 'phone');
    setNow('10:30');
    // A full first batch (any queued changes, refused or not), then the check-in of 10:04 in the next one.
    const filler = Array.from({ length: CLIENT_BATCH_SIZE }, (_, i) => ({
      mutationId: `fill-${i}-${Math.random().toString(36).slice(2)}`,
      collection: 'levels' as const,
      recordId: `l-fill-${i}`,
      op: 'put' as const,
      changedFields: ['name', 'abbr'],
      values: { name: `Niveau ${i}`, abbr: `N${i}` },
      baseRevision: 0,
      createdAt: new Date().toISOString(),
    }));
    await push(t1, filler, 'phone');
    setNow('10:31');
    const answer = await push(t1, [logMutation(check('ci-drain', 'in', on('10:04'), MOUSSA, 1))], 'phone');
    expect(answer.results[0]?.status).toBe('applied');
  });
});
