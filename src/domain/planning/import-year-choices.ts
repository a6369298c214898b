import type { ParsedFile } from '../timetable-parsing';
import type { InstantLike } from '../time/instant';
import { importYears } from '../time/period';
import type { ImportPeriod } from './import-form';
import { inPeriod } from './import-weeks';

type PeriodChoice = Pick<ImportPeriod, 'periodicity' | 'year' | 'month' | 'weekStartDate'>;

/**
 * The Mondays of a file's dated weeks when none of them falls in the chosen period (issue 30: a file dated
 * 2019 read with this week chosen); empty when the file dates nothing or one of its weeks is in the period.
 */
export function datedWeeksOutside(parsed: ParsedFile, period: PeriodChoice): string[] {
  const dated = parsed.tables.filter((table) => table.weekStartDate !== undefined);
  if (dated.length === 0 || dated.some((table) => inPeriod(table, period))) return [];
  return [...new Set(dated.map((table) => table.weekStartDate ?? ''))].sort();
}

/**
 * The years "Nouvel import" offers: last, this and next year (spec part 2 point 9), plus the years of the
 * file's own dated weeks once a reading found them outside those (issue 30), in order, each once.
 */
export function importYearChoices(now: InstantLike, fileWeeks: readonly string[]): number[] {
  const years = new Set(importYears(now));
  for (const monday of fileWeeks) {
    const year = Number(monday.slice(0, 4));
    if (Number.isInteger(year) && year >= 1900 && year <= 2200) years.add(year);
  }
  return [...years].sort((a, b) => a - b);
}
