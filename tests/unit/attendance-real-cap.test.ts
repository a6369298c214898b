import { describe, expect, it } from 'vitest';
import { realSessions } from '../../src/domain/attendance/real-time';
import { CORRECTION_ACTION } from '../../src/domain/attendance/trust';
import type { PlanningLog, Timetable } from '../../src/domain/store/schema';
import { MS_PER_MINUTE } from '../../src/domain/time/instant';
import { dayRange } from '../../src/domain/time/period';
import { workloadByTeacher } from '../../src/domain/workload/workload';
import { planningLog as log, slot, weekTimetable } from '../support/builders';

/**
 * Real time credited per session never exceeds min(check-in + planned duration, planned end), whatever the
 * check-out says: a manual check-out after that instant (a forged or legacy one, one written before the
 * server checked it). A reviewer's correction is applied as written. Slot: Monday 10 March 2025, 08:00-10:00.
 */
const DATE = '2025-03-10';
const at = (time: string) => `${DATE}T${time.length === 5 ? `${time}:00` : time}.000Z`;
const timetable: Timetable = weekTimetable('tt-1', DATE, [slot()]);

const sessionMs = (logs: PlanningLog[], timetables: Timetable[] = [timetable]) =>
  realSessions({ logs, range: dayRange(DATE), now: at('23:00'), timetables }).map((s) => s.durationMs);

const min = (minutes: number, seconds = 0) => minutes * MS_PER_MINUTE + seconds * 1000;

describe('real time of a closed session: from max(check-in, start) to min(check-out, planned end) (issue 32)', () => {
  it.each([
    // check-in at the start: the cap is the planned end, 10:00
    ['08:00', '09:59:59', min(119, 59)],
    ['08:00', '10:00', min(120)],
    ['08:00', '10:00:01', min(120)],
    ['08:00', '13:50', min(120)],
    // early check-in (07:40): counted from the planned start, 08:00, to the planned end at most
    ['07:40', '09:39:59', min(99, 59)],
    ['07:40', '09:40', min(100)],
    ['07:40', '09:40:01', min(100, 1)],
    ['07:40', '10:00', min(120)],
    ['07:40', '10:30', min(120)],
    // late check-in (09:50): the cap is the planned end, 10 minutes
    ['09:50', '09:59:59', min(9, 59)],
    ['09:50', '10:00', min(10)],
    ['09:50', '10:00:01', min(10)],
    ['09:50', '11:50', min(10)],
  ])('check-in %s, check-out %s -> %d ms', (checkin, checkout, expected) => {
    const logs = [log('ci', 'planning-checkin', at(checkin)), log('co', 'planning-checkout', at(checkout))];
    expect(sessionMs(logs)).toEqual([expected]);
  });

  it('a reviewer’s correction moving the check-out later is the reviewer’s decision: not capped', () => {
    const logs = [
      log('ci', 'planning-checkin', at('08:00')),
      log('co', 'planning-checkout', at('09:00')),
      log('k', CORRECTION_ACTION, '2025-03-20T09:00:00.000Z', {
        correctsLogId: 'co',
        correctedTimestamp: at('12:00'),
        note: 'oubli',
      }),
    ];
    expect(sessionMs(logs)).toEqual([min(240)]);
  });

  it('workload pays no more than planned for a late check-out', () => {
    const logs = [log('ci', 'planning-checkin', at('08:00')), log('co', 'planning-checkout', at('11:30'))];
    const [row] = workloadByTeacher({
      timetables: [timetable],
      logs,
      range: dayRange(DATE),
      now: at('23:00'),
    });
    expect(row).toMatchObject({ plannedMin: 120, realMin: 120, isRealAbovePlanned: false });
  });

  it('without the timetable (slot unknown) the check-out is taken as recorded', () => {
    const logs = [log('ci', 'planning-checkin', at('08:00')), log('co', 'planning-checkout', at('10:30'))];
    expect(sessionMs(logs, [])).toEqual([min(150)]);
  });
});
