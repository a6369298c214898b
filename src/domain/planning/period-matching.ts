import type { Timetable } from '../store/schema';
import { parseIsoDate, toUtc, type InstantLike } from '../time/instant';
import { monthRangeOf, weekRange, weekStartDateOf, type UtcRange } from '../time/period';

/** The period chosen on the consultation screen: an ISO week (by its Monday) or a calendar month. */
export type PlanningPeriod =
  { kind: 'week'; weekStartDate: string } | { kind: 'month'; year: number; month: number };

/** The week or month containing a reference date. */
export function planningPeriodOf(kind: PlanningPeriod['kind'], reference: InstantLike): PlanningPeriod {
  if (kind === 'week') return { kind, weekStartDate: weekStartDateOf(reference) };
  const dt = toUtc(reference);
  return { kind, year: dt.year, month: dt.month };
}

export function planningPeriodRange(period: PlanningPeriod): UtcRange | null {
  if (period.kind === 'month') return monthRangeOf(period.year, period.month);
  const monday = parseIsoDate(period.weekStartDate);
  return monday ? weekRange(monday) : null;
}

/**
 * Years under which a week may have been stored. The import writes the year picked in its dialog, which for
 * a week straddling 1 January is the Monday's calendar year, while an ISO reading gives the week-year
 * (2024-12-30 is week 1 of 2025). Both name the same week, so both match.
 */
function acceptedWeekYears(weekStartDate: string): Set<number> {
  const monday = parseIsoDate(weekStartDate);
  if (!monday) return new Set();
  return new Set([monday.year, monday.weekYear]);
}

/**
 * spec part 2 point 9: a week's timetable matches by year and weekStartDate; a month's by year and month,
 * and weekly timetables whose start date falls in the month also count. So does a week that starts in the
 * previous month and ends in this one: its days in this month are shown (occurrences are clipped to the
 * month), as Workload already counts them.
 */
export function timetableMatchesPeriod(timetable: Timetable, period: PlanningPeriod): boolean {
  if (period.kind === 'week') {
    return (
      timetable.periodicity === 'week' &&
      timetable.weekStartDate === period.weekStartDate &&
      acceptedWeekYears(period.weekStartDate).has(timetable.year)
    );
  }
  if (timetable.periodicity === 'month') {
    return timetable.year === period.year && timetable.month === period.month;
  }
  const monday = parseIsoDate(timetable.weekStartDate);
  if (!monday) return false;
  const sunday = monday.plus({ days: 6 });
  return (
    (monday.year === period.year && monday.month === period.month) ||
    (sunday.year === period.year && sunday.month === period.month)
  );
}

export function timetablesForPeriod(timetables: readonly Timetable[], period: PlanningPeriod): Timetable[] {
  return timetables.filter((timetable) => timetableMatchesPeriod(timetable, period));
}
