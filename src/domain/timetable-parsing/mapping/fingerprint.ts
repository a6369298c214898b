import { cellAt, foldText } from '../text';
import { courseAreaOf } from './course-area';
import type { LayoutMapping, SavedMapping } from './types';

// ---------------------------------------------------------------------------------------------------------
// Shape fingerprint: what stays the same from one week's file to the next.

const FINGERPRINT_CELLS = 80;

/** A label as its shape: folded, every number one '#' ("Semaine du 02/09" and "Semaine du 09/09" agree). */
function shapeOf(text: string): string {
  return foldText(text.split(/[\r\n]/)[0] ?? '')
    .replace(/\d+/g, '#')
    .slice(0, 40);
}

function rowShape(rows: readonly string[][], r: number, fromColumn = 0): string[] {
  const cells = (rows[r] ?? []).slice(fromColumn, fromColumn + FINGERPRINT_CELLS).map(shapeOf);
  while (cells.length > 0 && cells.at(-1) === '') cells.pop();
  return cells;
}

/** The labels of a column from a row down, repeats in a row and blanks left out (row counts vary). */
function columnShape(rows: readonly string[][], c: number, fromRow: number): string[] {
  const labels: string[] = [];
  for (let r = fromRow; r < rows.length && labels.length < FINGERPRINT_CELLS; r += 1) {
    const shape = shapeOf(cellAt(rows, r, c));
    if (shape !== '' && labels.at(-1) !== shape) labels.push(shape);
  }
  return labels;
}

function hash(text: string): string {
  // Two 32-bit FNV-1a passes with different offsets: 16 hex characters, plenty for a dozen shapes.
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193) >>> 0;
    b = Math.imul(b ^ code, 0x5bd1e995) >>> 0;
  }
  return a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0');
}

/**
 * The shape of a sheet as a mapping sees it: the texts of the lines it points at (days, times, list
 * titles) and of the labels beside the course area, numbers aside. The course texts, which change every
 * week, are not part of it.
 */
export function shapeFingerprint(sheet: { rows: readonly string[][] }, mapping: LayoutMapping): string {
  const { rows } = sheet;
  const parts: unknown[] = [];
  if (mapping.kind === 'list') {
    parts.push('list', mapping.headerRow, rowShape(rows, mapping.headerRow), mapping.columns);
  } else {
    const area = courseAreaOf(rows, mapping);
    const { days, times } = mapping;
    parts.push('grid', days, times, area, mapping.bell.length, mapping.className.kind);
    if (days.axis === 'row') {
      parts.push(rowShape(rows, days.index));
      // The labels left of the course area: a time column, or nothing (bell typed by hand).
      for (let c = 0; c < Math.min(area.column, 12); c += 1) parts.push(columnShape(rows, c, area.row));
      if (times?.axis === 'column' && times.index >= area.column)
        parts.push(columnShape(rows, times.index, area.row));
    } else {
      parts.push(columnShape(rows, days.index, area.row));
      for (let c = 0; c < Math.min(area.column, 12); c += 1)
        if (c !== days.index) parts.push(columnShape(rows, c, area.row));
      // The header rows just above the course area: times across, week titles.
      for (let r = Math.max(0, area.row - 3); r < area.row; r += 1)
        parts.push(rowShape(rows, r, area.column));
    }
  }
  return hash(JSON.stringify(parts));
}

/** The newest saved mapping whose shape is this sheet's, if any. */
export function findSavedMapping(
  sheet: { rows: readonly string[][] },
  saved: readonly SavedMapping[],
): SavedMapping | null {
  for (const entry of saved) {
    if (shapeFingerprint(sheet, entry.mapping) === entry.fingerprint) return entry;
  }
  return null;
}
