/**
 * Shapes of the timetable reader (spec part 2, point 3 "Parsed file"), enriched with where each value came
 * from in the sheet so that the preview and the "pick by hand" fallback can point at the source cell.
 */

/** 1 = Monday ... 7 = Sunday (spec part 2, point 3 "Slot"). */
export type DayOfWeek = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export const DAYS_OF_WEEK: readonly DayOfWeek[] = [1, 2, 3, 4, 5, 6, 7];

/** A cell as the file readers hand it over: displayed text, or nothing. */
export type GridCell = string | null | undefined;

/** A sheet as rows of cells. Rows may be sparse, ragged or missing. */
export type Grid = readonly (readonly GridCell[] | null | undefined)[];

/** A merged area of a sheet, 0-based and inclusive. */
export interface GridMerge {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

export interface SheetGrid {
  sheetName: string;
  grid: Grid;
  /** Merged areas, when the file has them: a course merged over several rows lasts over all of them. */
  merges?: readonly GridMerge[];
}

export interface ParsedCell {
  moduleName: string;
  teacherName: string;
  /** A room read in the cell ("104", "B12", "Salle 12", "GYMNASE"), when there is one. */
  room?: string;
  /** 0-based column of the sheet the text came from. */
  sourceColumn: number;
}

export interface ParsedRow {
  /** 'HH:MM', zero-padded. */
  startTime: string;
  endTime: string;
  /** Every day 1..7 is present; a day without a course holds an empty list. */
  cells: Record<DayOfWeek, ParsedCell[]>;
  /** 0-based row of the sheet. */
  sourceRow: number;
}

/** Which rule of spec part 2 point 5 gave the class name. */
export type ClassNameSource =
  | 'label'
  | 'class-column'
  | 'text-column'
  | 'text-above'
  | 'sheet-name'
  | 'manual'
  /** Beyond the spec: a class written in the course cell (grid by teacher or room), a lane, a list line. */
  | 'cell'
  | 'lane'
  | 'list';

export interface ParsedTable {
  className: string;
  rows: ParsedRow[];
  sheetName: string;
  /** 0-based row holding the weekday names. */
  headerRow: number;
  /** 0-based column holding the time ranges. */
  timeColumn: number;
  classNameSource: ClassNameSource;
  /** Monday ('YYYY-MM-DD') of the dated week the table belongs to, when the file dates it. */
  weekStartDate?: string;
}

export interface ParsedFile {
  tables: ParsedTable[];
}

export interface TimeRange {
  startTime: string;
  endTime: string;
}
