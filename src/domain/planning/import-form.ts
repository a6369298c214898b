import type { Periodicity, PlanningImport, Timetable } from '../store/schema';
import { parseIsoDate } from '../time/instant';
import { isoWeekOf, mondaysOfMonth, type UtcRange } from '../time/period';
import { timetableRange } from '../time/timetable-dates';

/** What the "Nouvel import" dialog holds (spec part 2 point 2). */
export interface ImportFormDraft {
  periodicity: Periodicity;
  year: number;
  /** 1-12, or null while not chosen. */
  month: number | null;
  /** A Monday of the chosen month ('YYYY-MM-DD'), week mode only. */
  weekStartDate: string | null;
  hasFile: boolean;
}

/** spec part 2 point 5, the three import validation messages, in the order the dialog shows them. */
export type ImportFormIssue = 'week-required' | 'month-invalid' | 'file-required';

/** The period an import covers, with the fields of a planning import record (spec part 2 point 3). */
export interface ImportPeriod {
  periodicity: Periodicity;
  year: number;
  /** ISO week number of the Monday, week mode only. */
  week: number | null;
  month: number;
  weekStartDate: string | null;
}

function isMonth(month: number | null): month is number {
  return month !== null && Number.isInteger(month) && month >= 1 && month <= 12;
}

export function validateImportForm(draft: ImportFormDraft): ImportFormIssue[] {
  const issues: ImportFormIssue[] = [];
  if (draft.periodicity === 'week') {
    // The week must be one of the Mondays offered for the chosen month (spec part 2 point 9).
    const isOffered =
      isMonth(draft.month) &&
      draft.weekStartDate !== null &&
      mondaysOfMonth(draft.year, draft.month).includes(draft.weekStartDate);
    if (!isOffered) issues.push('week-required');
  } else if (!isMonth(draft.month)) {
    issues.push('month-invalid');
  }
  if (!draft.hasFile) issues.push('file-required');
  return issues;
}

/** The period of a valid draft, or null when the draft has a period issue. */
export function importPeriodOf(draft: ImportFormDraft): ImportPeriod | null {
  const issues = validateImportForm({ ...draft, hasFile: true });
  if (issues.length > 0 || !isMonth(draft.month)) return null;
  if (draft.periodicity === 'month') {
    return { periodicity: 'month', year: draft.year, week: null, month: draft.month, weekStartDate: null };
  }
  const monday = draft.weekStartDate ?? '';
  return {
    periodicity: 'week',
    year: draft.year,
    week: isoWeekOf(monday).weekNumber,
    month: draft.month,
    weekStartDate: monday,
  };
}

/** The period fields a timetable of this import carries (a week timetable has no month, spec point 3). */
export function timetablePeriodFields(
  period: ImportPeriod,
): Pick<Timetable, 'periodicity' | 'year' | 'weekStartDate' | 'month'> {
  return period.periodicity === 'week'
    ? { periodicity: 'week', year: period.year, weekStartDate: period.weekStartDate, month: null }
    : { periodicity: 'month', year: period.year, weekStartDate: null, month: period.month };
}

export function importPeriodRange(period: ImportPeriod): UtcRange | null {
  return timetableRange(timetablePeriodFields(period));
}

/** The period of a stored planning import (older records may lack week or month). */
export function periodOfImport(record: PlanningImport): ImportPeriod {
  const monday = parseIsoDate(record.weekStartDate);
  return {
    periodicity: record.periodicity,
    year: record.year,
    week: record.week ?? (monday ? monday.weekNumber : null),
    month: record.month ?? (monday ? monday.month : 1),
    weekStartDate: record.weekStartDate ?? null,
  };
}

/**
 * Whether a timetable is stored for exactly this period: same periodicity, and the same Monday (week) or the
 * same year and month (month). Used to find the "same-period legacy timetables" of an import (spec point 4).
 */
export function timetableHasPeriod(timetable: Timetable, period: ImportPeriod): boolean {
  if (timetable.periodicity !== period.periodicity) return false;
  if (period.periodicity === 'week') return timetable.weekStartDate === period.weekStartDate;
  return timetable.year === period.year && timetable.month === period.month;
}
