import { parseDayLabel } from '../dates';
import { readTimeLabel } from '../grid-reader';
import { bellMap } from './bell-schedule';
import { MAX_INDEX, type CellPosition, type GridMapping, type SheetLine } from './types';

// ---------------------------------------------------------------------------------------------------------
// Pointing at the preview.

export type PointRole = 'days' | 'times' | 'first' | 'class';

/** Spreadsheet column letters: 0 -> A, 25 -> Z, 26 -> AA. */
export function columnLetter(column: number): string {
  let n = column + 1;
  let letters = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/** "B3" for row 2, column 1 (0-based). */
export function cellReference(position: CellPosition): string {
  return `${columnLetter(position.column)}${position.row + 1}`;
}

/** "B3", "b 3", "AA10" -> 0-based position; null for anything else. */
export function parseCellReference(text: string): CellPosition | null {
  const match = /^\s*([a-z]{1,2})\s*(\d{1,5})\s*$/i.exec(text);
  if (!match) return null;
  const letters = (match[1] ?? '').toUpperCase();
  let column = 0;
  for (const letter of letters) column = column * 26 + (letter.charCodeAt(0) - 64);
  const row = Number(match[2]);
  return row >= 1 && row <= MAX_INDEX ? { row: row - 1, column: column - 1 } : null;
}

function countInLine(rows: readonly string[][], line: SheetLine, test: (text: string) => boolean): number {
  if (line.axis === 'row') return (rows[line.index] ?? []).filter(test).length;
  return rows.filter((row) => test(row[line.index] ?? '')).length;
}

/**
 * The grid mapping once the user points at a cell for a role. Days: the row or the column of that cell,
 * whichever names more days. Times: across the days (a column when the days run across), or the row of the
 * cell when the days run down and that row holds several times. First course and class: that cell.
 */
export function pointAt(
  mapping: GridMapping,
  rows: readonly string[][],
  role: PointRole,
  cell: CellPosition,
): GridMapping {
  switch (role) {
    case 'days': {
      const isDay = (text: string) => parseDayLabel(text) !== null;
      const row: SheetLine = { axis: 'row', index: cell.row };
      const column: SheetLine = { axis: 'column', index: cell.column };
      const days = countInLine(rows, row, isDay) >= countInLine(rows, column, isDay) ? row : column;
      const times =
        mapping.times !== null && mapping.times.axis === days.axis && days.axis === 'row'
          ? null
          : mapping.times;
      return { ...mapping, days, times, firstCourse: null };
    }
    case 'times': {
      if (mapping.days.axis === 'row')
        return { ...mapping, times: { axis: 'column', index: cell.column }, firstCourse: null };
      const isTime = (text: string) => readTimeLabel(text, bellMap(mapping.bell)) !== null;
      const row: SheetLine = { axis: 'row', index: cell.row };
      const times: SheetLine =
        countInLine(rows, row, isTime) >= 2 ? row : { axis: 'column', index: cell.column };
      return { ...mapping, times, firstCourse: null };
    }
    case 'first':
      return { ...mapping, firstCourse: { row: cell.row, column: cell.column } };
    case 'class':
      return { ...mapping, className: { kind: 'cell', row: cell.row, column: cell.column } };
  }
}
