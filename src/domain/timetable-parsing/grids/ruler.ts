import type { KnownNames } from '../cell-text';
import { coursesInCell, type MergeIndex, type TimedCourse } from '../grid-reader';
import { cellAt } from '../text';
import type { AxisLabel } from '../course-block';
import type { GridMerge } from '../types';

// A time ruler across the top whose labels each span two columns, the label standing on the line where its
// time begins, courses drawn as merged blocks between the lines, their teacher and room on the rows below
// (family: quarter-hour rulers of university timetables drawn in a spreadsheet — diu-bordeaux "9:00",
// "9:15" ... each over two columns). Such a ruler is recognised when most labels are merged over exactly
// two columns.

/** True when most labels of the ruler are merged over two columns. */
export function isTwoColumnRuler(
  labels: readonly AxisLabel[],
  headerRow: number,
  merges: MergeIndex,
): boolean {
  if (labels.length < 4) return false;
  const paired = labels.filter((label) => {
    const merge = merges.at(headerRow, label.position);
    return merge !== undefined && merge.left === label.position && merge.right === label.position + 1;
  });
  return paired.length * 2 > labels.length;
}

const ROUND_MINUTES = 5;

/** Minutes at the left edge of each column: a label's time is the line between its two columns. */
export function columnEdges(labels: readonly AxisLabel[]): (column: number) => number {
  const steps = labels
    .slice(1)
    .map((label, i) => {
      const previous = labels[i];
      return previous === undefined
        ? 0
        : (label.start - previous.start) / (label.position - previous.position);
    })
    .filter((unit) => unit > 0)
    .sort((a, b) => a - b);
  const unit = steps[Math.floor((steps.length - 1) / 2)] ?? 7.5;
  return (column: number) => {
    let anchor = labels[0];
    for (const label of labels) if (label.position + 1 <= column) anchor = label;
    if (anchor === undefined) return 0;
    const minutes = anchor.start + (column - (anchor.position + 1)) * unit;
    return Math.round(minutes / ROUND_MINUTES) * ROUND_MINUTES;
  };
}

interface Block {
  top: number;
  left: number;
  right: number;
  text: string;
}

/** The drawn blocks of some rows: each merged area once (from its top-left cell), or a run of equal cells. */
function blocksOf(
  rows: readonly string[][],
  merges: MergeIndex,
  rowNumbers: readonly number[],
  firstColumn: number,
): Block[] {
  const blocks: Block[] = [];
  for (const r of rowNumbers) {
    const row = rows[r] ?? [];
    for (let c = firstColumn; c < row.length; c += 1) {
      const text = cellAt(rows, r, c);
      if (text === '') continue;
      const merge: GridMerge | undefined = merges.at(r, c);
      if (merge !== undefined) {
        if (merge.top === r && merge.left === c && merge.left >= firstColumn)
          blocks.push({ top: r, left: c, right: merge.right, text });
        continue;
      }
      if (c > firstColumn && cellAt(rows, r, c - 1) === text && merges.at(r, c - 1) === undefined) continue;
      let right = c;
      while (cellAt(rows, r, right + 1) === text && merges.at(r, right + 1) === undefined) right += 1;
      blocks.push({ top: r, left: c, right, text });
    }
  }
  return blocks;
}

/**
 * The courses of one day band under a two-column ruler: each block with the blocks of the same columns
 * below it in the band (teacher, room), timed by the lines at its left and right edges.
 */
export function rulerBandCourses(
  rows: readonly string[][],
  merges: MergeIndex,
  bandRows: readonly number[],
  firstColumn: number,
  labels: readonly AxisLabel[],
  known: KnownNames,
): (TimedCourse & { sourceRow: number; sourceColumn: number })[] {
  const edge = columnEdges(labels);
  const blocks = blocksOf(rows, merges, bandRows, firstColumn).sort(
    (a, b) => a.top - b.top || a.left - b.left,
  );
  const used = new Set<Block>();
  const courses: (TimedCourse & { sourceRow: number; sourceColumn: number })[] = [];
  for (const block of blocks) {
    if (used.has(block)) continue;
    used.add(block);
    const below = blocks.filter(
      (other) =>
        !used.has(other) && other.top > block.top && other.left === block.left && other.right === block.right,
    );
    for (const other of below) used.add(other);
    const text = [block.text, ...below.map((other) => other.text)].join('\n');
    const range = { start: edge(block.left), end: edge(block.right + 1) };
    if (range.end <= range.start) continue;
    for (const course of coursesInCell(text, range, { known, readClass: false })) {
      courses.push({ ...course, sourceRow: block.top, sourceColumn: block.left });
    }
  }
  return courses;
}
