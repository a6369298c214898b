import { findTimeRanges, parseTimeRange } from './time-range';
import { isRowEmpty } from './text';
import type { DayOfWeek } from './types';
import { parseWeekday } from './weekday';

// spec part 2, point 5 and point 9: the header row is searched within 50 rows.
export const HEADER_SEARCH_ROWS = 50;
// spec part 2, point 5: a header row names at least 3 weekdays.
export const HEADER_MIN_WEEKDAYS = 3;
// spec part 2, point 5: the time column is the one with most time ranges in the first 25 rows and 12 columns.
export const TIME_COLUMN_SEARCH_ROWS = 25;
export const TIME_COLUMN_SEARCH_COLUMNS = 12;

/** Column index -> weekday, for the cells of a row that name a weekday. */
export function weekdayColumns(row: readonly string[] | undefined): Map<number, DayOfWeek> {
  const columns = new Map<number, DayOfWeek>();
  if (row === undefined) return columns;
  row.forEach((cell, column) => {
    const day = parseWeekday(cell);
    // "Mar 09h00–12h30 Réseaux" starts with a weekday but is a course with its times, not a header.
    if (day !== null && findTimeRanges(cell).length === 0) columns.set(column, day);
  });
  return columns;
}

/** True when the row names at least 3 distinct weekdays (a merged "Lundi" over two columns counts once). */
export function isHeaderRow(row: readonly string[] | undefined): boolean {
  return new Set(weekdayColumns(row).values()).size >= HEADER_MIN_WEEKDAYS;
}

export interface HeaderScan {
  headerRows: number[];
  /** First row after the last table region (exclusive end of the last region). */
  endRow: number;
}

/**
 * Finds the header rows of a sheet. The first must lie within the first 50 rows (spec part 2, point 5); a
 * sheet stacking several class tables restarts that 50-row window after every row of content, so each
 * further header is found as long as no more than 50 rows separate it from the table above.
 */
export function findHeaderRows(rows: readonly string[][]): HeaderScan {
  const headerRows: number[] = [];
  let anchor = -1;
  let r = 0;
  for (; r < rows.length; r += 1) {
    if (r - anchor > HEADER_SEARCH_ROWS) break;
    const row = rows[r];
    if (isRowEmpty(row)) continue;
    if (isHeaderRow(row)) {
      headerRows.push(r);
      anchor = r;
    } else if (headerRows.length > 0) {
      anchor = r;
    }
  }
  return { headerRows, endRow: r };
}

/**
 * The column holding most time ranges among rows [fromRow, toRow) and the first 12 columns, skipping the
 * given columns (the weekday columns). Ties go to the leftmost column; null when no range is found.
 */
export function findTimeColumn(
  rows: readonly string[][],
  fromRow: number,
  toRow: number,
  excludedColumns: ReadonlySet<number>,
): number | null {
  const counts = new Array<number>(TIME_COLUMN_SEARCH_COLUMNS).fill(0);
  const end = Math.min(toRow, rows.length);
  for (let r = Math.max(0, fromRow); r < end; r += 1) {
    const row = rows[r] ?? [];
    const width = Math.min(row.length, TIME_COLUMN_SEARCH_COLUMNS);
    for (let c = 0; c < width; c += 1) {
      if (excludedColumns.has(c)) continue;
      if (parseTimeRange(row[c] ?? '') !== null) counts[c] = (counts[c] ?? 0) + 1;
    }
  }
  let best: number | null = null;
  let bestCount = 0;
  counts.forEach((count, column) => {
    if (count > bestCount) {
      best = column;
      bestCount = count;
    }
  });
  return best;
}
