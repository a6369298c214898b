import { describe, expect, it } from 'vitest';
import { pendingAutoCheckouts } from '../../src/domain/attendance/auto-checkout';
import { attendanceOverview } from '../../src/domain/attendance/overview';
import { checkInGate, checkOutGate } from '../../src/domain/attendance/status';
import type { PlanningLog, Timetable } from '../../src/domain/store/schema';
import { dayRange } from '../../src/domain/time/period';

// The attendance edges at their thresholds, read through what the screen shows (counters and gates), on an
// afternoon slot 14:00-15:30 so the thresholds are not tied to the domain tests' morning slot.
const DATE = '2025-03-12'; // a Wednesday
const at = (time: string): string => `${DATE}T${time}.000Z`;
const timetable: Timetable = {
  id: 'tt',
  periodicity: 'week',
  year: 2025,
  weekStartDate: '2025-03-10',
  month: null,
  classId: 'c',
  slots: [
    {
      dayOfWeek: 3,
      startTime: '14:00',
      endTime: '15:30',
      moduleId: 'm',
      teacherUserId: 't',
      deliveryMode: 'presentiel',
      canceled: false,
    },
  ],
  createdAt: '2025-03-01T00:00:00.000Z',
};
const log = (id: string, kind: 'in' | 'out', time: string): PlanningLog => ({
  id,
  timestamp: at(time),
  action: kind === 'in' ? 'planning-checkin' : 'planning-checkout',
  actorUserId: 't',
  actorUserName: 'T',
  timetableId: 'tt',
  slotIndex: 0,
});
const day = { timetable, slotIndex: 0, date: DATE };
const statusAt = (logs: PlanningLog[], time: string) =>
  attendanceOverview({ timetables: [timetable], logs, range: dayRange(DATE), now: at(time) }).rows[0]?.status;

describe('attendance edges, table-driven', () => {
  it.each([
    ['9:59 after the start', '14:09:59', 'not-started'],
    ['10:00 after the start', '14:10:00', 'not-started'],
    ['10:01 after the start', '14:10:01', 'late'],
  ])('late threshold: %s -> %s', (_l, time, status) => expect(statusAt([], time)).toBe(status));

  it.each([
    ['30 min 1 s before', '13:29:59', false],
    ['exactly 30 minutes before', '13:30:00', true],
    ['29 min 59 s before', '13:30:01', true],
  ])('check-in window: %s -> %s', (_l, time, ok) =>
    expect(checkInGate({ ...day, logs: [], now: at(time) }).ok).toBe(ok),
  );

  it.each([
    // checked in at 14:05 on 14:00-15:30: closed at the planned end, not at 15:35
    ['1 s before the planned end', '15:29:59', 0],
    ['exactly the planned end', '15:30:00', 1],
  ])('automatic check-out: %s -> %i', (_l, time, count) =>
    expect(
      pendingAutoCheckouts({ timetables: [timetable], logs: [log('i', 'in', '14:05:00')], now: at(time) }),
    ).toHaveLength(count),
  );

  it.each([
    [
      'after check-out',
      [log('i', 'in', '14:05:00'), log('o', 'out', '15:00:00')],
      '15:01:00',
      'finished',
      false,
      false,
    ],
    [
      'a re-check-in after check-out (another device) reopens the slot',
      [log('i', 'in', '14:05:00'), log('o', 'out', '14:30:00'), log('j', 'in', '14:40:00')],
      '14:45:00',
      'in-progress',
      false,
      true,
    ],
  ] as const)('%s: status %s, Arrivée %s, Départ %s', (_l, logs, time, status, canIn, canOut) => {
    expect(statusAt([...logs], time)).toBe(status);
    expect(checkInGate({ ...day, logs, now: at(time) }).ok).toBe(canIn);
    expect(checkOutGate({ ...day, logs, now: at(time) }).ok).toBe(canOut);
  });

  it('a re-check-in after check-out is refused on this device: no action once finished', () => {
    const logs = [log('i', 'in', '14:05:00'), log('o', 'out', '14:30:00')];
    expect(checkInGate({ ...day, logs, now: at('14:31:00') })).toEqual({ ok: false, code: 'finished' });
  });
});
