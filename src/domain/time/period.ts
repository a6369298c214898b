import type { DateTime } from 'luxon';
import { parseIsoDate, toIsoDate, toUtc, type InstantLike } from './instant';

/** A half-open UTC interval [start, end). */
export interface UtcRange {
  start: DateTime;
  end: DateTime;
}

export type PeriodKind = 'day' | 'week' | 'month';

export interface IsoWeek {
  weekYear: number;
  weekNumber: number;
}

/** Monday 00:00 UTC of the week containing the instant (spec part 2 point 9: weeks start on Monday). */
export function startOfWeek(value: InstantLike): DateTime {
  // luxon's 'week' unit is the ISO week (Monday first) unless locale weeks are requested.
  return toUtc(value).startOf('week');
}

/** The Monday of the week containing the instant, as 'YYYY-MM-DD' (the timetable's weekStartDate). */
export function weekStartDateOf(value: InstantLike): string {
  return toIsoDate(startOfWeek(value));
}

/** ISO week number and its week-year: 2024-12-30 is week 1 of 2025, 2021-01-03 is week 53 of 2020. */
export function isoWeekOf(value: InstantLike): IsoWeek {
  const dt = toUtc(value);
  return { weekYear: dt.weekYear, weekNumber: dt.weekNumber };
}

export function dayRange(value: InstantLike): UtcRange {
  const start = toUtc(value).startOf('day');
  return { start, end: start.plus({ days: 1 }) };
}

export function weekRange(value: InstantLike): UtcRange {
  const start = startOfWeek(value);
  return { start, end: start.plus({ weeks: 1 }) };
}

export function monthRange(value: InstantLike): UtcRange {
  const start = toUtc(value).startOf('month');
  return { start, end: start.plus({ months: 1 }) };
}

/** Range of a month given by year and month number (1-12). */
export function monthRangeOf(year: number, month: number): UtcRange {
  return monthRange(`${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`);
}

export function periodRange(kind: PeriodKind, value: InstantLike): UtcRange {
  switch (kind) {
    case 'day':
      return dayRange(value);
    case 'week':
      return weekRange(value);
    case 'month':
      return monthRange(value);
  }
}

/**
 * Moves a reference date by whole periods (the previous/next arrows). The result is the start of the
 * target period, so one month after 31 January is 1 February rather than an overflow into March.
 */
export function shiftPeriod(kind: PeriodKind, value: InstantLike, delta: number): DateTime {
  const start = periodRange(kind, value).start;
  switch (kind) {
    case 'day':
      return start.plus({ days: delta });
    case 'week':
      return start.plus({ weeks: delta });
    case 'month':
      return start.plus({ months: delta });
  }
}

export function previousPeriod(kind: PeriodKind, value: InstantLike): DateTime {
  return shiftPeriod(kind, value, -1);
}

export function nextPeriod(kind: PeriodKind, value: InstantLike): DateTime {
  return shiftPeriod(kind, value, 1);
}

/** Whether an instant lies in [start, end). */
export function isInRange(value: InstantLike, range: UtcRange): boolean {
  const ms = toUtc(value).toMillis();
  return ms >= range.start.toMillis() && ms < range.end.toMillis();
}

/** Whether two half-open ranges share at least one instant. */
export function rangesOverlap(a: UtcRange, b: UtcRange): boolean {
  return a.start.toMillis() < b.end.toMillis() && b.start.toMillis() < a.end.toMillis();
}

const MS_PER_DAY = 86_400_000;

/**
 * The UTC calendar dates of a range, 'YYYY-MM-DD', start included, end excluded. UTC days have no daylight
 * saving: plain millisecond steps (luxon's date arithmetic per day was most of a planning screen's render).
 */
export function datesInRange(range: UtcRange): string[] {
  const dates: string[] = [];
  const end = range.end.toMillis();
  for (let day = range.start.startOf('day').toMillis(); day < end; day += MS_PER_DAY) {
    dates.push(new Date(day).toISOString().slice(0, 10));
  }
  return dates;
}

/** spec part 2 point 2 and 9: in week mode the import dialog offers the Mondays of the chosen month. */
export function mondaysOfMonth(year: number, month: number): string[] {
  const range = monthRangeOf(year, month);
  return datesInRange(range).filter((date) => parseIsoDate(date)?.weekday === 1);
}

/** spec part 2 point 9: import years are the current one, the previous and the next. */
export function importYears(now: InstantLike): number[] {
  const year = toUtc(now).year;
  return [year - 1, year, year + 1];
}

/** ISO weekday of a calendar date (1 = Monday ... 7 = Sunday), or null for an unreadable date. */
export function dayOfWeekOf(date: string): number | null {
  return parseIsoDate(date)?.weekday ?? null;
}
