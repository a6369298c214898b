import type { DateTime } from 'luxon';
import type { Timetable } from '../store/schema';
import { instantOnDate, parseIsoDate } from './instant';
import { datesInRange, monthRangeOf, type UtcRange } from './period';

/** The part of a timetable that fixes its period (spec part 2 point 3). */
export type TimetablePeriod = Pick<Timetable, 'periodicity' | 'year' | 'weekStartDate' | 'month'>;

/**
 * The [start, end) range a timetable covers: its week (from weekStartDate) or its calendar month.
 * Null when the period fields are missing or unreadable.
 */
export function timetableRange(timetable: TimetablePeriod): UtcRange | null {
  if (timetable.periodicity === 'week') {
    const monday = parseIsoDate(timetable.weekStartDate);
    if (!monday) return null;
    // weekStartDate is documented as a Monday; a stray mid-week date still yields its own Monday-first week.
    const start = monday.startOf('week');
    return { start, end: start.plus({ weeks: 1 }) };
  }
  const month = timetable.month;
  if (month === null || month === undefined || month < 1 || month > 12) return null;
  return monthRangeOf(timetable.year, month);
}

/**
 * The calendar dates on which a slot of this weekday happens: one date for a week timetable, every
 * such weekday of the month for a month timetable (a month timetable repeats its week pattern).
 */
export function slotDates(timetable: TimetablePeriod, dayOfWeek: number): string[] {
  return [...(datesByWeekday(timetable).get(dayOfWeek) ?? [])];
}

/**
 * A timetable's dates by weekday (1 = Monday), computed once per timetable object and period: the planning
 * screens ask it for every slot (a group's 480 timetables of 30 slots).
 */
const datesCache = new WeakMap<TimetablePeriod, { key: string; byWeekday: Map<number, string[]> }>();

function datesByWeekday(timetable: TimetablePeriod): Map<number, string[]> {
  const key = `${timetable.periodicity}|${timetable.year}|${timetable.weekStartDate ?? ''}|${timetable.month ?? ''}`;
  const cached = datesCache.get(timetable);
  if (cached && cached.key === key) return cached.byWeekday;
  const byWeekday = new Map<number, string[]>();
  const range = timetableRange(timetable);
  for (const date of range ? datesInRange(range) : []) {
    const weekday = ((new Date(`${date}T00:00:00.000Z`).getUTCDay() + 6) % 7) + 1;
    byWeekday.set(weekday, [...(byWeekday.get(weekday) ?? []), date]);
  }
  datesCache.set(timetable, { key, byWeekday });
  return byWeekday;
}

/** Whether a slot of this weekday happens on the given calendar date in this timetable. */
export function slotOccursOn(timetable: TimetablePeriod, dayOfWeek: number, date: string): boolean {
  const day = parseIsoDate(date);
  const range = timetableRange(timetable);
  if (!day || !range || day.weekday !== dayOfWeek) return false;
  return day >= range.start && day < range.end;
}

/** Whether a calendar date lies inside the timetable's period. */
export function isDateInTimetable(timetable: TimetablePeriod, date: string): boolean {
  const day = parseIsoDate(date);
  const range = timetableRange(timetable);
  return !!day && !!range && day >= range.start && day < range.end;
}

/** Start and end instants of a slot on a given date, or null when a time is unreadable. */
export function slotInstants(
  date: string,
  slot: { startTime: string; endTime: string },
): { start: DateTime; end: DateTime } | null {
  const start = instantOnDate(date, slot.startTime);
  const end = instantOnDate(date, slot.endTime);
  if (!start || !end) return null;
  return { start, end };
}
