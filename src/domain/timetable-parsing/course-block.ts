import type { KnownNames } from './cell-text';
import { coursesInCell, type Course, type MergeIndex, type TimeLabel } from './grid-reader';
import { cellAt } from './text';
import type { DayOfWeek } from './types';

/** A label of a time axis with its end resolved (see resolveTimeAxis). */
export type AxisLabel = TimeLabel & { end: number };

/** Which way the time axis runs: down the rows (times in a column) or across the columns (times in a row). */
export type AxisDirection = 'down' | 'across';

export interface CourseBlock {
  text: string;
  /** End of the block: the label's end, or the end of the last label its merged area covers. */
  end: number;
}

/**
 * The one "merged cell -> end time" rule every layout shares: the course block whose first cell along the
 * time axis is (row, column). Null for an empty cell, and for a cell inside a merged block that started
 * earlier along the axis (the same course, already read). A block merged over several labels lasts until
 * the end of the last label it covers.
 */
export function blockAt(
  rows: readonly string[][],
  merges: MergeIndex,
  row: number,
  column: number,
  direction: AxisDirection,
  axis: readonly AxisLabel[],
  labelEnd: number,
): CourseBlock | null {
  const text = cellAt(rows, row, column);
  if (text === '') return null;
  const merge = merges.at(row, column);
  if (merge === undefined) return { text, end: labelEnd };
  const here = direction === 'down' ? row : column;
  const first = direction === 'down' ? merge.top : merge.left;
  if (first < here && cellAt(rows, merge.top, merge.left) === text) return null;
  const last = direction === 'down' ? merge.bottom : merge.right;
  let end = labelEnd;
  if (last > here) end = Math.max(end, axis.filter((l) => l.position <= last).at(-1)?.end ?? end);
  return { text, end };
}

export interface BlockPlace {
  day: DayOfWeek;
  start: number;
  sourceRow: number;
  sourceColumn: number;
}

/**
 * The other shared step, "courses in cell -> course records": the courses of a block's text at its place,
 * a day written inside the cell ("Mar 09h00–12h30") taking precedence over the place's day.
 */
export function blockCourses(
  block: CourseBlock,
  place: BlockPlace,
  options: { known: KnownNames; readClass: boolean },
): Course[] {
  return coursesInCell(block.text, { start: place.start, end: block.end }, options).map((course) => ({
    ...course,
    day: course.day ?? place.day,
    sourceRow: place.sourceRow,
    sourceColumn: place.sourceColumn,
  }));
}
