import { parseClockTime } from '../time/instant';

export interface OverlapColumn {
  /** 0-based column of the slot inside its group of overlapping slots. */
  column: number;
  /** How many columns the group needs; the slot's width is 1 / columnCount. */
  columnCount: number;
}

/**
 * spec part 2 point 9: overlapping slots of a day are placed in side-by-side columns. Slots that overlap
 * directly or through a chain form one group; each takes the first column free at its start. The result
 * is aligned with the input. Slots with unreadable or empty times stand alone in one column.
 */
export function overlapColumns(slots: readonly { startTime: string; endTime: string }[]): OverlapColumn[] {
  const result: OverlapColumn[] = slots.map(() => ({ column: 0, columnCount: 1 }));
  const timed = slots
    .map((slot, index) => ({
      index,
      start: parseClockTime(slot.startTime),
      end: parseClockTime(slot.endTime),
    }))
    .filter((s): s is { index: number; start: number; end: number } => s.start !== null && s.end !== null)
    .filter((s) => s.end > s.start)
    .sort((a, b) => a.start - b.start || a.end - b.end || a.index - b.index);

  let group: number[] = [];
  let columnEnds: number[] = [];
  let groupEnd = Number.NEGATIVE_INFINITY;
  const closeGroup = (): void => {
    for (const index of group) {
      const entry = result[index];
      if (entry) entry.columnCount = columnEnds.length;
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
    const entry = result[slot.index];
    if (entry) entry.column = column;
    group.push(slot.index);
    groupEnd = Math.max(groupEnd, slot.end);
  }
  closeGroup();
  return result;
}
