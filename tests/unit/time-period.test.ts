import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import {
  clockRangeMinutes,
  formatClockTime,
  instantOnDate,
  parseClockTime,
  parseIsoDate,
  toIsoDate,
  toIsoInstant,
  toUtc,
} from '../../src/domain/time/instant';
import {
  datesInRange,
  dayOfWeekOf,
  dayRange,
  importYears,
  isInRange,
  isoWeekOf,
  mondaysOfMonth,
  monthRange,
  nextPeriod,
  periodRange,
  previousPeriod,
  rangesOverlap,
  weekRange,
  weekStartDateOf,
} from '../../src/domain/time/period';
import {
  isDateInTimetable,
  slotDates,
  slotInstants,
  slotOccursOn,
  timetableRange,
} from '../../src/domain/time/timetable-dates';

const iso = (dt: DateTime): string => toIsoInstant(dt);

describe('instants in UTC', () => {
  it('accepts DateTime, Date and ISO strings and always answers in UTC', () => {
    const expected = '2025-03-10T08:00:00.000Z';
    expect(toIsoInstant('2025-03-10T09:00:00+01:00')).toBe(expected);
    expect(toIsoInstant(new Date(expected))).toBe(expected);
    expect(toIsoInstant(DateTime.fromISO('2025-03-10T10:00:00', { zone: 'Europe/Paris' }))).toBe(
      '2025-03-10T09:00:00.000Z',
    );
    expect(toUtc(expected).zoneName).toBe('UTC');
  });

  it.each([
    ['2025-02-28', true],
    ['2025-02-29', false],
    ['2024-02-29', true],
    ['2025-13-01', false],
    ['2025-3-1', false],
    ['', false],
  ])('parseIsoDate(%s) valid=%s', (date, valid) => {
    expect(parseIsoDate(date) !== null).toBe(valid);
  });

  it('the UTC date of an instant late in the evening elsewhere', () => {
    expect(toIsoDate('2025-03-10T23:30:00-02:00')).toBe('2025-03-11');
  });

  it.each([
    ['8:00', 480],
    ['08:00', 480],
    ['0:00', 0],
    ['23:59', 1439],
    [' 9:05 ', 545],
    ['24:00', null],
    ['12:60', null],
    ['8h00', null],
    ['800', null],
    ['08:0', null],
    ['123:00', null],
  ])('parseClockTime(%s) = %s', (text, minutes) => {
    expect(parseClockTime(text)).toBe(minutes);
  });

  it.each([
    [0, '00:00'],
    [545, '09:05'],
    [1439, '23:59'],
  ])('formatClockTime(%i) = %s', (minutes, text) => {
    expect(formatClockTime(minutes)).toBe(text);
  });

  it.each([
    ['08:00', '10:30', 150],
    ['10:00', '10:00', 0],
    ['10:00', '09:00', 0],
    ['x', '09:00', 0],
  ])('clockRangeMinutes(%s, %s) = %i', (start, end, minutes) => {
    expect(clockRangeMinutes(start, end)).toBe(minutes);
  });

  it('instantOnDate combines a date and a clock time', () => {
    expect(iso(instantOnDate('2025-03-10', '8:30')!)).toBe('2025-03-10T08:30:00.000Z');
    expect(instantOnDate('2025-03-32', '8:30')).toBeNull();
  });
});

describe('weeks, ISO numbers and periods (spec part 2 point 9)', () => {
  it.each([
    ['2025-03-10T00:00:00Z', '2025-03-10'],
    ['2025-03-12T15:00:00Z', '2025-03-10'],
    ['2025-03-16T23:59:59.999Z', '2025-03-10'],
    ['2025-03-17T00:00:00Z', '2025-03-17'],
    ['2025-01-01T12:00:00Z', '2024-12-30'],
    ['2021-01-03T12:00:00Z', '2020-12-28'],
  ])('the week of %s starts on Monday %s', (instant, monday) => {
    expect(weekStartDateOf(instant)).toBe(monday);
  });

  it.each([
    ['2024-12-29', 2024, 52],
    ['2024-12-30', 2025, 1],
    ['2025-01-01', 2025, 1],
    ['2021-01-03', 2020, 53],
    ['2021-01-04', 2021, 1],
    ['2026-12-31', 2026, 53],
    ['2027-01-01', 2026, 53],
    ['2027-01-04', 2027, 1],
  ])('ISO week of %s is %i-W%i', (date, weekYear, weekNumber) => {
    expect(isoWeekOf(date)).toEqual({ weekYear, weekNumber });
  });

  it('day, week and month ranges are half-open UTC intervals', () => {
    const at = '2025-03-12T15:00:00Z';
    expect([iso(dayRange(at).start), iso(dayRange(at).end)]).toEqual([
      '2025-03-12T00:00:00.000Z',
      '2025-03-13T00:00:00.000Z',
    ]);
    expect([iso(weekRange(at).start), iso(weekRange(at).end)]).toEqual([
      '2025-03-10T00:00:00.000Z',
      '2025-03-17T00:00:00.000Z',
    ]);
    expect([iso(monthRange(at).start), iso(monthRange(at).end)]).toEqual([
      '2025-03-01T00:00:00.000Z',
      '2025-04-01T00:00:00.000Z',
    ]);
    const week = weekRange(at);
    expect(isInRange('2025-03-10T00:00:00Z', week)).toBe(true);
    expect(isInRange('2025-03-16T23:59:59.999Z', week)).toBe(true);
    expect(isInRange('2025-03-17T00:00:00Z', week)).toBe(false);
  });

  it.each([
    ['day', '2025-03-01', '2025-02-28', '2025-03-02'],
    ['week', '2025-01-01', '2024-12-23', '2025-01-06'],
    ['month', '2025-01-31', '2024-12-01', '2025-02-01'],
    ['month', '2024-03-31', '2024-02-01', '2024-04-01'],
  ] as const)('previous/next %s of %s', (kind, date, previous, next) => {
    expect(toIsoDate(previousPeriod(kind, date))).toBe(previous);
    expect(toIsoDate(nextPeriod(kind, date))).toBe(next);
    expect(toIsoDate(periodRange(kind, next).start)).toBe(next);
  });

  it.each([
    [2025, 3, ['2025-03-03', '2025-03-10', '2025-03-17', '2025-03-24', '2025-03-31']],
    [2025, 9, ['2025-09-01', '2025-09-08', '2025-09-15', '2025-09-22', '2025-09-29']],
    [2024, 2, ['2024-02-05', '2024-02-12', '2024-02-19', '2024-02-26']],
    [2024, 12, ['2024-12-02', '2024-12-09', '2024-12-16', '2024-12-23', '2024-12-30']],
  ])('Mondays of %i-%i for the import dialog', (year, month, mondays) => {
    expect(mondaysOfMonth(year, month)).toEqual(mondays);
  });

  it('import years are the previous, current and next', () => {
    expect(importYears('2025-06-01T00:00:00Z')).toEqual([2024, 2025, 2026]);
  });

  it('dates and overlaps of ranges', () => {
    expect(datesInRange(weekRange('2025-03-10'))).toHaveLength(7);
    expect(datesInRange(monthRange('2024-02-10'))).toHaveLength(29);
    expect(rangesOverlap(dayRange('2025-03-10'), dayRange('2025-03-11'))).toBe(false);
    expect(rangesOverlap(weekRange('2025-03-10'), dayRange('2025-03-16'))).toBe(true);
    expect(dayOfWeekOf('2025-03-16')).toBe(7);
    expect(dayOfWeekOf('nope')).toBeNull();
  });
});

describe('dates of a slot in a timetable', () => {
  const week = { periodicity: 'week' as const, year: 2025, weekStartDate: '2025-03-10', month: null };
  const month = { periodicity: 'month' as const, year: 2025, weekStartDate: null, month: 3 };

  it.each([
    [1, ['2025-03-10']],
    [3, ['2025-03-12']],
    [7, ['2025-03-16']],
  ])('week timetable, weekday %i', (dayOfWeek, dates) => {
    expect(slotDates(week, dayOfWeek)).toEqual(dates);
  });

  it.each([
    [1, ['2025-03-03', '2025-03-10', '2025-03-17', '2025-03-24', '2025-03-31']],
    [6, ['2025-03-01', '2025-03-08', '2025-03-15', '2025-03-22', '2025-03-29']],
    [2, ['2025-03-04', '2025-03-11', '2025-03-18', '2025-03-25']],
  ])('month timetable, weekday %i repeats every week of the month', (dayOfWeek, dates) => {
    expect(slotDates(month, dayOfWeek)).toEqual(dates);
  });

  it('a week crossing a month end keeps its own dates', () => {
    const crossing = { ...week, weekStartDate: '2025-03-31' };
    expect(slotDates(crossing, 2)).toEqual(['2025-04-01']);
    expect(isDateInTimetable(crossing, '2025-04-06')).toBe(true);
    expect(isDateInTimetable(crossing, '2025-04-07')).toBe(false);
  });

  it('ranges, occurrence checks and instants', () => {
    expect(toIsoDate(timetableRange(month)!.end)).toBe('2025-04-01');
    expect(timetableRange({ ...month, month: null })).toBeNull();
    expect(timetableRange({ ...week, weekStartDate: null })).toBeNull();
    expect(slotOccursOn(month, 1, '2025-03-17')).toBe(true);
    expect(slotOccursOn(month, 1, '2025-04-07')).toBe(false);
    expect(slotOccursOn(week, 2, '2025-03-10')).toBe(false);
    const instants = slotInstants('2025-03-10', { startTime: '8:00', endTime: '10:00' })!;
    expect([iso(instants.start), iso(instants.end)]).toEqual([
      '2025-03-10T08:00:00.000Z',
      '2025-03-10T10:00:00.000Z',
    ]);
  });
});
