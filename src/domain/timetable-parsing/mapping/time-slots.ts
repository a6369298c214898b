import type { AxisLabel } from '../course-block';
import { axisLabels, resolveTimeAxis, type MinuteRange } from '../grid-reader';
import { cellAt } from '../text';
import { minutesOf } from '../time-range';
import type { CellPosition, GridMapping } from './types';

/**
 * The times of a grid mapping's course area: the labels of its time line (ranges, start times, bare hours
 * "8-9" read as a whole, bell periods by number or by the cell's own text), else the typed bell taken in
 * order, one period per row (or column) — or per `periodRows` rows.
 *
 * A period may span several rows (family: student grids with one row per group under a start hour
 * "8", "10", "13" — androide; a course name with its teacher and room on the rows below): a line of the
 * area whose time cell is empty belongs to the period above it, up to the next label or a cell of other
 * text ("Pause"); after the last label, for as many lines as the usual gap between labels.
 */
export interface MappedSlots {
  /** The labels, ends resolved (what a merged course block is measured against). */
  axis: AxisLabel[];
  /** The period of each row (times down) or column (times across) of the area. */
  slotAt: Map<number, AxisLabel>;
  /** The time line read nothing by itself (its cells are not times and the bell does not name them). */
  unread: boolean;
}

export const MAX_PERIOD_ROWS = 12;

function timeCells(rows: readonly string[][], mapping: GridMapping, area: CellPosition, width: number) {
  const { times } = mapping;
  if (times === null) return [];
  return times.axis === 'column'
    ? rows.map((_, r) => ({ position: r, text: r >= area.row ? cellAt(rows, r, times.index) : '' }))
    : Array.from({ length: width }, (_, c) => ({
        position: c,
        text: c >= area.column ? cellAt(rows, times.index, c) : '',
      }));
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 1;
}

export function mappedSlots(
  rows: readonly string[][],
  mapping: GridMapping,
  area: CellPosition,
  bell: ReadonlyMap<string, MinuteRange>,
): MappedSlots {
  const width = Math.max(0, ...rows.map((row) => row.length));
  const daysAcross = mapping.days.axis === 'row';
  const timesByRow = mapping.times === null ? daysAcross : mapping.times.axis === 'column';
  const end = timesByRow ? rows.length : width;
  const slotAt = new Map<number, AxisLabel>();
  if (mapping.times === null) {
    const span = Math.min(MAX_PERIOD_ROWS, Math.max(1, Math.floor(mapping.periodRows ?? 1)));
    const from = timesByRow ? area.row : area.column;
    const axis = mapping.bell.map((period, k): AxisLabel => ({
      position: from + k * span,
      start: minutesOf(period.start),
      end: minutesOf(period.end),
      kind: 'period',
    }));
    for (const slot of axis) for (let i = 0; i < span; i += 1) slotAt.set(slot.position + i, slot);
    return { axis, slotAt, unread: false };
  }
  const cells = timeCells(rows, mapping, area, width);
  let axis: AxisLabel[] = resolveTimeAxis(axisLabels(cells, bell));
  let unread = false;
  if (axis.length === 0) {
    unread = cells.some((cell) => cell.text !== '');
    // Labels nobody can read ("Cours A", "1ère heure") with a bell typed: its periods in order.
    const labelled = cells.filter((cell) => cell.text !== '');
    axis = mapping.bell.slice(0, labelled.length).map((period, k) => ({
      position: labelled[k]?.position ?? 0,
      start: minutesOf(period.start),
      end: minutesOf(period.end),
      kind: 'period',
    }));
  }
  const positions = axis.map((slot) => slot.position);
  const gaps = positions.slice(1).map((p, i) => p - (positions[i] ?? p));
  const tail = Math.max(1, median(gaps));
  const textAt = new Map(cells.map((cell) => [cell.position, cell.text]));
  axis.forEach((slot, k) => {
    slotAt.set(slot.position, slot);
    const next = axis[k + 1]?.position ?? Math.min(end, slot.position + tail);
    for (let p = slot.position + 1; p < next; p += 1) {
      if ((textAt.get(p) ?? '') !== '') break;
      slotAt.set(p, slot);
    }
  });
  return { axis, slotAt, unread };
}
