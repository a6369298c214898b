import { parseClockTime } from '../time/instant';

// Beyond two side-by-side columns a day column of the week grid (about 110 px on a desktop) cuts titles to
// unreadable slivers ('Gesti de proje'): the second column then holds a count of the others instead.
export const OVERLAP_MAX_COLUMNS = 2;

export interface OverlapColumn {
  /** 0-based column of the slot inside its group of overlapping slots. */
  column: number;
  /** How many columns the group takes on screen (at most maxColumns); the slot's width is 1 / columnCount. */
  columnCount: number;
  /** True when the slot is not drawn: it sits behind its group's overflow count. */
  isHidden: boolean;
}

/** The count drawn in the last column of a group that needs more columns than allowed. */
export interface OverlapOverflow {
  /** Indexes (into the input) of the hidden slots, in time order. */
  indexes: number[];
  /** Minutes since midnight spanned by the hidden slots. */
  startMin: number;
  endMin: number;
  /** The column the count takes (maxColumns - 1) and the group's column count on screen. */
  column: number;
  columnCount: number;
}

/**
 * spec part 2 point 9: overlapping slots of a day are placed in side-by-side columns. Slots that overlap
 * directly or through a chain form one group; each takes the first column free at its start. A group that
 * needs more than `maxColumns` columns keeps its first maxColumns - 1 columns and shows the other slots
 * behind one count (`overflows`). `columns` is aligned with the input. Slots with unreadable or empty
 * times stand alone in one column.
 */
export function overlapLayout(
  slots: readonly { startTime: string; endTime: string }[],
  maxColumns = OVERLAP_MAX_COLUMNS,
): { columns: OverlapColumn[]; overflows: OverlapOverflow[] } {
  const columns: OverlapColumn[] = slots.map(() => ({ column: 0, columnCount: 1, isHidden: false }));
  const overflows: OverlapOverflow[] = [];
  const timed = slots
    .map((slot, index) => ({
      index,
      start: parseClockTime(slot.startTime),
      end: parseClockTime(slot.endTime),
    }))
    .filter((s): s is { index: number; start: number; end: number } => s.start !== null && s.end !== null)
    .filter((s) => s.end > s.start)
    .sort((a, b) => a.start - b.start || a.end - b.end || a.index - b.index);

  let group: { index: number; start: number; end: number }[] = [];
  let columnEnds: number[] = [];
  let groupEnd = Number.NEGATIVE_INFINITY;
  const closeGroup = (): void => {
    const needed = columnEnds.length;
    const shown = Math.max(1, Math.min(needed, maxColumns));
    const hidden = needed > shown ? group.filter((s) => (columns[s.index]?.column ?? 0) >= shown - 1) : [];
    for (const slot of group) {
      const entry = columns[slot.index];
      if (!entry) continue;
      entry.columnCount = shown;
      entry.isHidden = hidden.includes(slot);
    }
    if (hidden.length > 0) {
      overflows.push({
        indexes: hidden.map((s) => s.index),
        startMin: Math.min(...hidden.map((s) => s.start)),
        endMin: Math.max(...hidden.map((s) => s.end)),
        column: shown - 1,
        columnCount: shown,
      });
    }
    group = [];
    columnEnds = [];
  };

  for (const slot of timed) {
    if (slot.start >= groupEnd) closeGroup();
    let column = columnEnds.findIndex((end) => end <= slot.start);
    if (column === -1) {
      column = columnEnds.length;
      columnEnds.push(slot.end);
    } else {
      columnEnds[column] = slot.end;
    }
    const entry = columns[slot.index];
    if (entry) entry.column = column;
    group.push(slot);
    groupEnd = Math.max(groupEnd, slot.end);
  }
  closeGroup();
  return { columns, overflows };
}

/** The column of each slot (see overlapLayout), by default with as many columns as the day needs. */
export function overlapColumns(
  slots: readonly { startTime: string; endTime: string }[],
  maxColumns = Number.POSITIVE_INFINITY,
): OverlapColumn[] {
  return overlapLayout(slots, maxColumns).columns;
}
