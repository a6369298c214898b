import { parseCellText } from './cell-text';
import {
  CLASS_LABEL_ROWS_ABOVE,
  findClassColumn,
  findClassLabel,
  findTextAbove,
  findTextColumn,
  looksLikeClassName,
} from './class-name';
import { findHeaderRows, findTimeColumn, TIME_COLUMN_SEARCH_ROWS, weekdayColumns } from './sheet-layout';
import { cellAt, cleanText, foldText, normalizeGrid } from './text';
import { parseTimeRange } from './time-range';
import type {
  ClassNameSource,
  DayOfWeek,
  Grid,
  ParsedCell,
  ParsedFile,
  ParsedRow,
  ParsedTable,
  TimeRange,
} from './types';

/**
 * Choices made by hand when detection finds nothing (issue 6, "beyond the spec"): the header row, the time
 * column and the class name. Each one given replaces the matching detection rule.
 */
export interface ParseSheetOptions {
  headerRow?: number;
  timeColumn?: number;
  className?: string;
}

export function emptyDayCells(): Record<DayOfWeek, ParsedCell[]> {
  return { 1: [], 2: [], 3: [], 4: [], 5: [], 6: [], 7: [] };
}

interface TimeRow {
  row: number;
  time: TimeRange;
}

function isValidIndex(value: number | undefined, length: number): value is number {
  return value !== undefined && Number.isInteger(value) && value >= 0 && value < length;
}

function columnsByDay(dayColumns: ReadonlyMap<number, DayOfWeek>): Map<DayOfWeek, number[]> {
  const byDay = new Map<DayOfWeek, number[]>();
  [...dayColumns.entries()]
    .sort(([a], [b]) => a - b)
    .forEach(([column, day]) => byDay.set(day, [...(byDay.get(day) ?? []), column]));
  return byDay;
}

/** The courses of one timetable row, or null when the row holds none (spec: empty rows are skipped). */
function readRow(
  rows: readonly string[][],
  { row, time }: TimeRow,
  byDay: ReadonlyMap<DayOfWeek, number[]>,
): ParsedRow | null {
  const cells = emptyDayCells();
  let hasCourse = false;
  for (const [day, columns] of byDay) {
    // A weekday spread over several columns (merged header, or module and teacher side by side) is read as
    // one cell whose lines come from each column; a merged course repeated in each column counts once.
    const texts: string[] = [];
    let sourceColumn = -1;
    for (const column of columns) {
      const text = cellAt(rows, row, column);
      if (text === '' || texts.includes(text)) continue;
      if (sourceColumn < 0) sourceColumn = column;
      texts.push(text);
    }
    if (texts.length === 0) continue;
    const courses = parseCellText(texts.join('\n'));
    if (courses.length === 0) continue;
    cells[day] = courses.map((course) => ({ ...course, sourceColumn }));
    hasCourse = true;
  }
  return hasCourse ? { startTime: time.startTime, endTime: time.endTime, cells, sourceRow: row } : null;
}

interface NamedRows {
  className: string;
  source: ClassNameSource;
  rows: ParsedRow[];
}

/** Groups rows by the class read in a column, carrying a name down over the blank (or merged) cells below it. */
function groupByColumn(
  rows: readonly string[][],
  parsedRows: readonly ParsedRow[],
  regionStart: number,
  regionEnd: number,
  column: number,
  source: ClassNameSource,
  accepts: (text: string) => boolean,
  fallback: { className: string; source: ClassNameSource },
): NamedRows[] {
  const classByRow = new Map<number, string>();
  let current: string | null = null;
  for (let r = regionStart; r < regionEnd; r += 1) {
    const text = cellAt(rows, r, column);
    if (text !== '' && accepts(text)) current = cleanText(text.split(/[\r\n]/)[0] ?? '');
    if (current !== null) classByRow.set(r, current);
  }
  const groups = new Map<string, NamedRows>();
  for (const row of parsedRows) {
    const named = classByRow.get(row.sourceRow);
    const className = named ?? fallback.className;
    const key = foldText(className);
    const group = groups.get(key) ?? {
      className,
      source: named === undefined ? fallback.source : source,
      rows: [],
    };
    group.rows.push(row);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/**
 * Reads the class tables of one sheet (spec part 2, point 5): every header row naming at least 3 weekdays
 * opens a table that runs to the next header; its rows are those with a valid time range in the time column
 * and at least one course; its class name comes from, in order, a "Classe :" label within 5 rows above, a
 * class/promo/section/niveau/parcours column, the leftmost text column, the text above, the sheet name.
 * Anything unreadable yields `{ tables: [] }`.
 */
export function parseSheet(grid: Grid, sheetName: string, options: ParseSheetOptions = {}): ParsedFile {
  const rows = normalizeGrid(grid);
  const sheetTitle = typeof sheetName === 'string' ? cleanText(sheetName) : '';
  const manualClassName = typeof options.className === 'string' ? cleanText(options.className) : '';
  const scan = isValidIndex(options.headerRow, rows.length)
    ? { headerRows: [options.headerRow], endRow: rows.length }
    : findHeaderRows(rows);

  const tables: ParsedTable[] = [];
  // Rows above this one belong to the previous table: its labels are not this table's.
  let searchFloor = 0;
  scan.headerRows.forEach((headerRow, index) => {
    const regionEnd = scan.headerRows[index + 1] ?? scan.endRow;
    const dayColumns = weekdayColumns(rows[headerRow]);
    const manualTimeColumn = isValidIndex(options.timeColumn, Number.MAX_SAFE_INTEGER)
      ? options.timeColumn
      : null;
    if (manualTimeColumn !== null) dayColumns.delete(manualTimeColumn);
    const dayColumnSet = new Set(dayColumns.keys());
    const timeColumn =
      manualTimeColumn ??
      findTimeColumn(
        rows,
        headerRow + 1,
        Math.min(regionEnd, headerRow + 1 + TIME_COLUMN_SEARCH_ROWS),
        dayColumnSet,
      ) ??
      findTimeColumn(rows, 0, TIME_COLUMN_SEARCH_ROWS, dayColumnSet);
    const labelFloor = Math.max(searchFloor, headerRow - CLASS_LABEL_ROWS_ABOVE);
    if (dayColumns.size === 0 || timeColumn === null) {
      searchFloor = headerRow + 1;
      return;
    }

    const timeRows: TimeRow[] = [];
    for (let r = headerRow + 1; r < regionEnd; r += 1) {
      const time = parseTimeRange(cellAt(rows, r, timeColumn));
      if (time !== null) timeRows.push({ row: r, time });
    }
    searchFloor = (timeRows.at(-1)?.row ?? headerRow) + 1;
    const byDay = columnsByDay(dayColumns);
    const parsedRows = timeRows
      .map((timeRow) => readRow(rows, timeRow, byDay))
      .filter((row): row is ParsedRow => row !== null);
    if (parsedRows.length === 0) return;

    const taken = new Set([...dayColumnSet, timeColumn]);
    const named = nameRows(rows, parsedRows, {
      headerRow,
      regionEnd,
      labelFloor,
      taken,
      firstDayColumn: Math.min(...dayColumnSet),
      timeRows: timeRows.map((t) => t.row),
      sheetTitle,
      manualClassName,
    });
    for (const group of named) {
      if (group.className === '' || group.rows.length === 0) continue;
      tables.push({
        className: group.className,
        rows: group.rows,
        sheetName: sheetTitle,
        headerRow,
        timeColumn,
        classNameSource: group.source,
      });
    }
  });
  return { tables };
}

function nameRows(
  rows: readonly string[][],
  parsedRows: ParsedRow[],
  context: {
    headerRow: number;
    regionEnd: number;
    labelFloor: number;
    taken: ReadonlySet<number>;
    firstDayColumn: number;
    timeRows: readonly number[];
    sheetTitle: string;
    manualClassName: string;
  },
): NamedRows[] {
  const { headerRow, regionEnd, labelFloor, taken } = context;
  if (context.manualClassName !== '') {
    return [{ className: context.manualClassName, source: 'manual', rows: parsedRows }];
  }
  const label = findClassLabel(rows, labelFloor, headerRow);
  if (label !== null) return [{ className: label, source: 'label', rows: parsedRows }];

  const textAbove = findTextAbove(rows, labelFloor, headerRow);
  const fallback: { className: string; source: ClassNameSource } =
    textAbove !== null
      ? { className: textAbove, source: 'text-above' }
      : { className: context.sheetTitle, source: 'sheet-name' };

  const classColumn = findClassColumn(rows[headerRow] ?? [], taken);
  if (classColumn !== null) {
    return groupByColumn(
      rows,
      parsedRows,
      headerRow + 1,
      regionEnd,
      classColumn,
      'class-column',
      () => true,
      fallback,
    );
  }
  const textColumn = findTextColumn(rows, headerRow, context.timeRows, context.firstDayColumn, taken);
  if (textColumn !== null) {
    return groupByColumn(
      rows,
      parsedRows,
      headerRow + 1,
      regionEnd,
      textColumn,
      'text-column',
      looksLikeClassName,
      fallback,
    );
  }
  return [{ ...fallback, rows: parsedRows }];
}
