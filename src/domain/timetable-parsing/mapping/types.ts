/**
 * Guided mapping (beyond the spec: a file the reader cannot lay out by itself). The user points, on a
 * preview of the sheet, at the line of days, the line of times (or types the bell schedule once) and the
 * first course cell; for a list file (one course per line) at the column of each value. The mapping is
 * saved for the organisation with the shape fingerprint of the sheet, and the next sheet of the same shape
 * is read with it without a question.
 */

/** A row or a column of the sheet, 0-based. */
export interface SheetLine {
  axis: 'row' | 'column';
  index: number;
}

export interface CellPosition {
  row: number;
  column: number;
}

/** One period of a bell schedule typed by the user: its label ("1", "M1", "P2") and its times 'HH:MM'. */
export interface BellPeriod {
  label: string;
  start: string;
  end: string;
}

export type ClassNaming =
  { kind: 'auto' } | { kind: 'typed'; name: string } | { kind: 'cell'; row: number; column: number };

export interface GridMapping {
  kind: 'grid';
  /** The row naming the days across (one day per column) or the column naming them down (one per row). */
  days: SheetLine;
  /**
   * The line of time labels (ranges, start times, period numbers of the bell schedule); null when the sheet
   * has none: the rows (days across) or columns (days down) of the course area take the bell in order.
   */
  times: SheetLine | null;
  bell: BellPeriod[];
  /** The top-left course cell; null: the cell after the day and time labels. */
  firstCourse: CellPosition | null;
  className: ClassNaming;
  /** With a typed bell and no time line: how many rows (or columns) each period takes; 1 when absent. */
  periodRows?: number;
}

/** The values a list line holds, one column each (the day comes from the date when there is no day). */
export const LIST_MAPPING_ROLES = [
  'date',
  'day',
  'start',
  'end',
  'class',
  'module',
  'teacher',
  'room',
] as const;
export type ListMappingRole = (typeof LIST_MAPPING_ROLES)[number];

export interface ListMapping {
  kind: 'list';
  /** The row of column titles; every row below it is one course. */
  headerRow: number;
  columns: Partial<Record<ListMappingRole, number>>;
  className: ClassNaming;
}

export type LayoutMapping = GridMapping | ListMapping;

/** A mapping as the organisation keeps it: the shape it applies to, and when it was saved. */
export interface SavedMapping {
  fingerprint: string;
  mapping: LayoutMapping;
  savedAt: string;
}

/** The highest row or column index a mapping may name. */
export const MAX_INDEX = 20_000;
