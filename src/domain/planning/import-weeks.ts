import type { ParsedFile, ParsedTable } from '../timetable-parsing';
import type { ImportPeriod } from './import-form';

function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

export function inPeriod(
  table: ParsedTable,
  period: Pick<ImportPeriod, 'periodicity' | 'year' | 'month' | 'weekStartDate'>,
) {
  const monday = table.weekStartDate;
  if (monday === undefined) return true;
  if (period.periodicity === 'week') return monday === period.weekStartDate;
  const month = `${period.year}-${String(period.month).padStart(2, '0')}`;
  return monday.slice(0, 7) === month || addDays(monday, 6).slice(0, 7) === month;
}

/**
 * The part of a read file that belongs to the period chosen in "Nouvel import" (issue 30): a file that dates
 * its courses over several weeks (a calendar export, a planning with one line per day, weekly sheets) gives
 * the chosen week's courses (or, in month mode, those of the weeks of that month); undated tables are kept
 * whole. When no dated table falls in the period, the file is kept as read (the verification shows its weeks).
 */
export function tablesOfPeriod(
  parsed: ParsedFile,
  period: Pick<ImportPeriod, 'periodicity' | 'year' | 'month' | 'weekStartDate'>,
): ParsedFile {
  const dated = parsed.tables.filter((table) => table.weekStartDate !== undefined);
  if (dated.length === 0 || !dated.some((table) => inPeriod(table, period))) return parsed;
  return { ...parsed, tables: parsed.tables.filter((table) => inPeriod(table, period)) };
}
