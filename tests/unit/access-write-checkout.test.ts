import { describe, expect, it } from 'vitest';
import type { AccessLookup } from '../../src/domain/access/lookup';
import { authorizeWrite, type WriteEnv } from '../../src/domain/access/write';
import type { RecordData } from '../../src/domain/sync/merge';
import type { PlanningLog } from '../../src/domain/store/schema';
import { checkLog, lookup, viewers, type ViewerName } from './access-fixture';

/**
 * A manual check-out, as the server decides it (stored logs consulted through planningLogKeys): it names a
 * stored check-in of the same slot (`checkinLogId`, which recordCheck always writes) and lies after it, not
 * after min(check-in + planned duration, planned end). Slot 0 of the fixture: t1, Wednesday 11 March 2026,
 * 08:00-10:00; slot 1: t2, 10:00-12:00.
 */
const on = (time: string) => `2026-03-11T${time.length === 5 ? `${time}:00` : time}.000Z`;
const env: WriteEnv = { now: new Date(on('12:30')) };

const checkin = checkLog({ id: 'ci-1', timestamp: on('08:05') });
const early = checkLog({ id: 'ci-early', timestamp: on('07:40') });
const othersCheckin = checkLog({
  id: 'ci-t2',
  timestamp: on('10:00'),
  slotIndex: 1,
  teacherUserId: 't2',
  actorUserId: 't2',
  actorUserName: 'Nom t2',
});
const cancel = checkLog({ id: 'cancel-1', action: 'planning-cancel' });
const stored = new Map<string, RecordData>(
  [checkin, early, othersCheckin, cancel].map((log) => [log.id, log as RecordData]),
);
/** The server's lookup: the stored logs the new log points at. */
const serverLookup: AccessLookup = { ...lookup, planningLog: (id) => stored.get(id) ?? null };

function checkout(time: string, overrides: Partial<PlanningLog> = {}): PlanningLog {
  return checkLog({ id: `co-${time}`, action: 'planning-checkout', timestamp: on(time), ...overrides });
}

function decide(viewer: ViewerName, log: PlanningLog, withLookup: AccessLookup = serverLookup): string {
  const result = authorizeWrite(
    viewers[viewer],
    { collection: 'planningLogs', recordId: log.id, before: null, after: log },
    withLookup,
    env,
  );
  return result.ok ? 'ok' : result.reason;
}

describe('manual check-out: after a stored check-in of the slot, within its open time', () => {
  it.each([
    ['without checkinLogId', 'checkin-not-found', checkout('09:00')],
    ['with an empty checkinLogId', 'checkin-not-found', checkout('09:00', { checkinLogId: '' })],
    [
      'naming a check-in the server does not hold',
      'checkin-not-found',
      checkout('09:00', { checkinLogId: 'ci-404' }),
    ],
    [
      'naming a log that is not a check-in',
      'checkin-not-found',
      checkout('09:00', { checkinLogId: 'cancel-1' }),
    ],
    ['naming another slot’s check-in', 'checkin-not-found', checkout('09:00', { checkinLogId: 'ci-t2' })],
    ['before the check-in', 'not-in-progress', checkout('08:04:59', { checkinLogId: 'ci-1' })],
    ['at the check-in itself', 'not-in-progress', checkout('08:05', { checkinLogId: 'ci-1' })],
    ['1 s after the check-in', 'ok', checkout('08:05:01', { checkinLogId: 'ci-1' })],
    // check-in 08:05: min(08:05 + 2 h, 10:00) = 10:00
    ['at the planned end', 'ok', checkout('10:00', { checkinLogId: 'ci-1' })],
    ['1 s after the planned end', 'not-in-progress', checkout('10:00:01', { checkinLogId: 'ci-1' })],
    ['hours after the course', 'not-in-progress', checkout('12:00', { checkinLogId: 'ci-1' })],
    // check-in 07:40 (issue 32): open until the planned end, 10:00, like any check-in; never before the start
    ['at check-in + planned duration', 'ok', checkout('09:40', { checkinLogId: 'ci-early' })],
    ['1 s after check-in + planned duration', 'ok', checkout('09:40:01', { checkinLogId: 'ci-early' })],
    ['at the planned end, early check-in', 'ok', checkout('10:00', { checkinLogId: 'ci-early' })],
    [
      '1 s after the end, early check-in',
      'not-in-progress',
      checkout('10:00:01', { checkinLogId: 'ci-early' }),
    ],
    ['before the planned start', 'before-start', checkout('07:59:59', { checkinLogId: 'ci-early' })],
    ['at the planned start', 'ok', checkout('08:00', { checkinLogId: 'ci-early' })],
  ] as const)('t1, a check-out %s -> %s', (_label, expected, log) => {
    expect(decide('t1', log)).toBe(expected);
  });

  it('applies to a planner’s check-out and a kiosk’s alike', () => {
    const forT2 = (overrides: Partial<PlanningLog>) =>
      checkout('11:00', {
        slotIndex: 1,
        teacherUserId: 't2',
        actorUserId: 'plan',
        actorUserName: 'Nom plan',
        ...overrides,
      });
    expect(decide('plan', forT2({}))).toBe('checkin-not-found');
    expect(decide('plan', forT2({ checkinLogId: 'ci-t2' }))).toBe('ok');
    expect(decide('kiosk', checkout('09:00'))).toBe('checkin-not-found');
  });

  it('the device deciding for itself (no stored logs to consult) leaves the chain to the server', () => {
    expect(decide('t1', checkout('09:00'), lookup)).toBe('ok');
  });
});
