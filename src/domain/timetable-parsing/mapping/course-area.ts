import { parseDayLabel } from '../dates';
import type { CellPosition, GridMapping } from './types';

/** The course area of a grid mapping: its top-left cell, from the mapping or after the labels. */
export function courseAreaOf(rows: readonly string[][], mapping: GridMapping): CellPosition {
  if (mapping.firstCourse !== null) return mapping.firstCourse;
  const { days, times } = mapping;
  if (days.axis === 'row') {
    const row = rows[days.index] ?? [];
    const firstDay = row.findIndex((cell) => parseDayLabel(cell) !== null);
    const afterTimes = times?.axis === 'column' ? times.index + 1 : 0;
    return { row: days.index + 1, column: Math.max(firstDay < 0 ? 0 : firstDay, afterTimes) };
  }
  const firstDay = rows.findIndex((row) => parseDayLabel(row[days.index] ?? '') !== null);
  const below = times?.axis === 'row' ? times.index + 1 : 0;
  const right = times?.axis === 'column' ? Math.max(days.index, times.index) : days.index;
  return { row: Math.max(firstDay < 0 ? 0 : firstDay, below), column: right + 1 };
}
