import { describe, expect, it } from 'vitest';
import { logsForSlotDay } from '../../src/domain/attendance/status';
import { slotOccurrences } from '../../src/domain/planning/occurrences';
import { parseIsoDate } from '../../src/domain/time/instant';
import { slotDates } from '../../src/domain/time/timetable-dates';
import { monthTimetable, planningLog, slot, weekTimetable } from '../support/builders';

/**
 * The planning screens' reads are indexed once per input (src/domain/time/timetable-dates.ts,
 * src/domain/attendance/status.ts): the answers stay those of a full scan, also when an input changes.
 */

const week = (weekStartDate: string) => weekTimetable('tt-1', weekStartDate, [slot({ dayOfWeek: 3 })]);
const month = (year: number, m: number) => monthTimetable('tt-1', year, m, [slot({ dayOfWeek: 3 })]);
const log = (id: string, timestamp: string, action: 'in' | 'out' = 'in') =>
  planningLog(id, action, timestamp);

describe('slotDates', () => {
  it.each([
    ['week of 16/11/2026, Wednesday', week('2026-11-16'), 3, ['2026-11-18']],
    ['week of 16/11/2026, Sunday', week('2026-11-16'), 7, ['2026-11-22']],
    ['a mid-week weekStartDate keeps its Monday-first week', week('2026-11-18'), 1, ['2026-11-16']],
    [
      'February 2028 (leap), Tuesdays',
      month(2028, 2),
      2,
      ['2028-02-01', '2028-02-08', '2028-02-15', '2028-02-22', '2028-02-29'],
    ],
    [
      'March 2026 across the European clock change, Sundays',
      month(2026, 3),
      7,
      ['2026-03-01', '2026-03-08', '2026-03-15', '2026-03-22', '2026-03-29'],
    ],
    ['an unreadable month', month(2026, 13), 1, []],
  ])('%s', (_label, timetable, weekday, expected) => {
    expect(slotDates(timetable, weekday)).toEqual(expected);
    // Asked again: the same answer, and a copy the caller may change.
    const again = slotDates(timetable, weekday);
    again.push('x');
    expect(slotDates(timetable, weekday)).toEqual(expected);
  });

  it('follows a timetable object whose period changes', () => {
    const timetable = week('2026-11-16');
    expect(slotDates(timetable, 3)).toEqual(['2026-11-18']);
    timetable.weekStartDate = '2026-11-23';
    expect(slotDates(timetable, 3)).toEqual(['2026-11-25']);
  });
});

describe('slotOccurrences', () => {
  it('keeps the dates of the range only, the range end excluded', () => {
    const timetable = month(2026, 11);
    const range = { start: parseIsoDate('2026-11-11')!, end: parseIsoDate('2026-11-25')! };
    expect(slotOccurrences([timetable], range).map((o) => o.date)).toEqual(['2026-11-11', '2026-11-18']);
  });
});

describe('logsForSlotDay', () => {
  it('answers each slot-day its own check logs, oldest first, corrections applied', () => {
    const logs = [
      log('b', '2026-11-18T08:05:00.000Z'),
      log('a', '2026-11-18T07:58:00.000Z'),
      log('other-day', '2026-11-19T08:00:00.000Z'),
      { ...log('other-slot', '2026-11-18T08:00:00.000Z'), slotIndex: 1 },
      planningLog('not-check', 'planning-cancel', '2026-11-18T08:00:00.000Z'),
    ];
    expect(logsForSlotDay(logs, 'tt-1', 0, '2026-11-18').map((l) => l.id)).toEqual(['a', 'b']);
    expect(logsForSlotDay(logs, 'tt-1', 0, '2026-11-19').map((l) => l.id)).toEqual(['other-day']);
    expect(logsForSlotDay(logs, 'tt-1', 1, '2026-11-18').map((l) => l.id)).toEqual(['other-slot']);
    expect(logsForSlotDay(logs, 'tt-2', 0, '2026-11-18')).toEqual([]);
  });

  it('sees a log appended to the same array', () => {
    const logs = [log('a', '2026-11-18T07:58:00.000Z')];
    expect(logsForSlotDay(logs, 'tt-1', 0, '2026-11-18')).toHaveLength(1);
    logs.push(log('b', '2026-11-18T09:58:00.000Z', 'out'));
    expect(logsForSlotDay(logs, 'tt-1', 0, '2026-11-18').map((l) => l.id)).toEqual(['a', 'b']);
  });
});
