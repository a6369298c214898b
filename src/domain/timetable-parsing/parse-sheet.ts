import { looksLikeClass, stripTeacherTitle } from './cell-text';
import { blockAt, type AxisLabel } from './course-block';
import {
  CLASS_LABEL_ROWS_ABOVE,
  findClassColumn,
  findClassLabel,
  findTextAbove,
  findTextColumn,
  looksLikeClassName,
} from './class-name';
import {
  datedDayLabel,
  monthAbove,
  mondayOfDate,
  parseDayLabel,
  parseWeekTitle,
  schoolYearOf,
} from './dates';
import {
  bareHourLabels,
  coursesInCell,
  EMPTY_CONTEXT,
  readTimeLabel,
  resolveTimeAxis,
  tablesFromCourses,
  type Course,
  type ReadContext,
  type TimeLabel,
} from './grid-reader';
import {
  findHeaderRows,
  findTimeColumn,
  TIME_COLUMN_SEARCH_COLUMNS,
  TIME_COLUMN_SEARCH_ROWS,
  weekdayColumns,
} from './sheet-layout';
import { cellAt, cleanText, foldText, normalizeGrid } from './text';
import { minutesOf, parseTimeRange } from './time-range';
import type {
  ClassNameSource,
  DayOfWeek,
  Grid,
  ParsedCell,
  ParsedFile,
  ParsedRow,
  ParsedTable,
} from './types';

/**
 * Choices made by hand when detection finds nothing (beyond the spec's fixed layout): the header row, the time
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

/** Rows and columns the reader takes as the time axis of one table, or null when the times are in the cells. */
interface TimeAxis {
  column: number;
  labels: (TimeLabel & { end: number })[];
}

/**
 * The time column of a table: spec part 2, point 5 first (the column with most time ranges); when no column
 * holds a range, the column with most start times ("8h00", "7:45") or period numbers of the bell schedule.
 */
function findTimeAxis(
  rows: readonly string[][],
  headerRow: number,
  regionEnd: number,
  excluded: ReadonlySet<number>,
  manualColumn: number | null,
  context: ReadContext,
): TimeAxis | null {
  const searchEnd = Math.min(regionEnd, headerRow + 1 + TIME_COLUMN_SEARCH_ROWS);
  let column =
    manualColumn ??
    findTimeColumn(rows, headerRow + 1, searchEnd, excluded) ??
    findTimeColumn(rows, 0, TIME_COLUMN_SEARCH_ROWS, excluded);
  let rangesOnly = column !== null;
  if (column === null) {
    let best = 0;
    for (let c = 0; c < TIME_COLUMN_SEARCH_COLUMNS; c += 1) {
      if (excluded.has(c)) continue;
      let count = 0;
      for (let r = headerRow + 1; r < searchEnd; r += 1) {
        if (readTimeLabel(cellAt(rows, r, c), context.bell) !== null) count += 1;
      }
      if (count > best && count >= 2) {
        best = count;
        column = c;
      }
    }
    rangesOnly = false;
  }
  if (column === null) {
    let best: TimeLabel[] = [];
    for (let c = 0; c < TIME_COLUMN_SEARCH_COLUMNS; c += 1) {
      if (excluded.has(c)) continue;
      const cells = [];
      for (let r = headerRow + 1; r < regionEnd; r += 1)
        cells.push({ position: r, text: cellAt(rows, r, c) });
      const bare = bareHourLabels(cells);
      if (bare.length > best.length) {
        best = bare;
        column = c;
      }
    }
    return column === null ? null : { column, labels: resolveTimeAxis(best) };
  }
  const labels: TimeLabel[] = [];
  for (let r = headerRow + 1; r < regionEnd; r += 1) {
    const text = cellAt(rows, r, column);
    const label = rangesOnly
      ? (() => {
          const range = parseTimeRange(text);
          return range === null
            ? null
            : { start: minutesOf(range.startTime), end: minutesOf(range.endTime), kind: 'range' as const };
        })()
      : readTimeLabel(text, context.bell);
    if (label !== null) labels.push({ ...label, position: r });
  }
  return { column, labels: resolveTimeAxis(labels) };
}

/** "Enseignant : M. Diallo" or "Salle : B12" above a table: a grid by teacher or by room. */
const OWNER_LABEL =
  /^(enseignant|enseignante|professeur|prof|intervenant|formateur|teacher|salle|room)\s*[:\uff1a]\s*(.+)$/;

function findOwner(rows: readonly string[][], fromRow: number, toRow: number) {
  for (let r = toRow - 1; r >= Math.max(0, fromRow); r -= 1) {
    for (const cell of rows[r] ?? []) {
      const match = OWNER_LABEL.exec(foldText(cell));
      if (!match) continue;
      const colon = cell.search(/[:\uff1a]/);
      const value = cleanText(cell.slice(colon + 1));
      const isRoom = match[1] === 'salle' || match[1] === 'room';
      return isRoom ? { teacher: null, room: value } : { teacher: stripTeacherTitle(value), room: null };
    }
  }
  return null;
}

/**
 * The Monday of the region: from dated day headers ("lundi 12/09/2022", or "Lun 31" under a month title
 * such as "Novembre 2022"), else from a "Semaine du ..." title above.
 */
function regionWeek(
  rows: readonly string[][],
  headerRow: number,
  floor: number,
  dayColumns: ReadonlyMap<number, DayOfWeek>,
): string | null {
  const labels = [...dayColumns.keys()].map((column) => cellAt(rows, headerRow, column).slice(0, 40));
  for (const label of labels) {
    const date = parseDayLabel(label)?.date ?? null;
    if (date !== null) return mondayOfDate(date);
  }
  // Day numbers without their year: the month title or the school year tells it (looked for only then).
  if (labels.some((label) => /\d/.test(label))) {
    const context = { month: monthAbove(rows, headerRow), schoolYear: schoolYearOf(rows) };
    for (const label of labels) {
      const date = datedDayLabel(label, context);
      if (date !== null) return mondayOfDate(date);
    }
  }
  for (let r = headerRow - 1; r >= floor; r -= 1) {
    for (const cell of rows[r] ?? []) {
      const monday = parseWeekTitle(cell);
      if (monday !== null) return monday;
    }
  }
  return null;
}

/**
 * Reads the class tables of one sheet (spec part 2, point 5): every header row naming at least 3 weekdays
 * opens a table that runs to the next header; its rows are those with a valid time range in the time column
 * and at least one course; its class name comes from, in order, a "Classe :" label within 5 rows above, a
 * class/promo/section/niveau/parcours column, the leftmost text column, the text above, the sheet name.
 * Beyond the spec, as real files are written: a time column of start times or period numbers (a course
 * lasts to the next row, or over the rows its merged cell spans: one course), times inside the cells, dated
 * day headers or a "Semaine du" title giving the week, a class inside the cells of a grid by teacher or by
 * room. Anything unreadable yields `{ tables: [] }`.
 */
export function parseSheet(
  grid: Grid,
  sheetName: string,
  options: ParseSheetOptions = {},
  context: ReadContext = EMPTY_CONTEXT,
): ParsedFile {
  const rows = normalizeGrid(grid);
  const sheetTitle = typeof sheetName === 'string' ? cleanText(sheetName) : '';
  const manualClassName = typeof options.className === 'string' ? cleanText(options.className) : '';
  const scan = isValidIndex(options.headerRow, rows.length)
    ? { headerRows: [options.headerRow], endRow: rows.length }
    : findHeaderRows(rows);

  const tables: ParsedTable[] = [];
  // Rows above this one belong to the previous table: its labels are not this table's.
  let searchFloor = 0;
  let previousWeekClass: { className: string; source: ClassNameSource } | null = null;
  scan.headerRows.forEach((headerRow, index) => {
    const regionEnd = scan.headerRows[index + 1] ?? scan.endRow;
    const dayColumns = weekdayColumns(rows[headerRow]);
    const manualTimeColumn = isValidIndex(options.timeColumn, Number.MAX_SAFE_INTEGER)
      ? options.timeColumn
      : null;
    if (manualTimeColumn !== null) dayColumns.delete(manualTimeColumn);
    const dayColumnSet = new Set(dayColumns.keys());
    const labelFloor = Math.max(searchFloor, headerRow - CLASS_LABEL_ROWS_ABOVE);
    if (dayColumns.size === 0) {
      searchFloor = headerRow + 1;
      return;
    }
    const axis = findTimeAxis(rows, headerRow, regionEnd, dayColumnSet, manualTimeColumn, context);
    const owner = findOwner(rows, labelFloor, headerRow);
    const byDay = columnsByDay(dayColumns);
    const courses = readRegion(rows, headerRow, regionEnd, axis, byDay, context, owner !== null);
    searchFloor =
      Math.max(
        headerRow,
        ...courses.map((c) => c.sourceRow),
        ...(axis?.labels.map((l) => l.position) ?? []),
      ) + 1;
    if (courses.length === 0) return;
    const weekStartDate = regionWeek(rows, headerRow, Math.max(0, labelFloor - 2), dayColumns);
    const timeColumn = axis?.column ?? -1;

    // A grid by teacher or by room: the class is in the cells, the teacher or room of the grid fills in.
    const inCells =
      owner !== null || courses.filter((c) => c.className !== undefined).length * 2 > courses.length;
    const withOwner = courses.map((course) => ({
      ...course,
      teacherName: course.teacherName === '' && owner?.teacher ? owner.teacher : course.teacherName,
      ...(course.room === undefined && owner?.room ? { room: owner.room } : {}),
    }));
    // The class naming rules look at the source rows only.
    const parsedRows: ParsedRow[] = [...new Set(withOwner.map((c) => c.sourceRow))].map((sourceRow) => ({
      startTime: '',
      endTime: '',
      cells: emptyDayCells(),
      sourceRow,
    }));
    const detected = nameRows(rows, parsedRows, {
      headerRow,
      regionEnd,
      labelFloor,
      taken: new Set([...dayColumnSet, ...(axis ? [axis.column] : [])]),
      firstDayColumn: Math.min(...dayColumnSet),
      timeRows: parsedRows.map((row) => row.sourceRow),
      sheetTitle,
      manualClassName,
      titles: context.titles,
    });
    // A dated week block under the previous one ("Semaine du 19/09") belongs to the same class.
    const inherited = weekStartDate !== null && detected.length === 1 && detected[0]?.source === 'sheet-name';
    const named =
      inherited && previousWeekClass !== null
        ? detected.map((group) => ({ ...group, ...previousWeekClass }))
        : detected;
    const first = named[0];
    previousWeekClass =
      weekStartDate !== null && named.length === 1 && first !== undefined && first.source !== 'sheet-name'
        ? { className: first.className, source: first.source }
        : previousWeekClass;
    const groups = named.flatMap((group) => {
      const rowSet = new Set(group.rows.map((row) => row.sourceRow));
      const own = withOwner.filter((course) => rowSet.has(course.sourceRow));
      if (!inCells) {
        return [
          {
            key: { className: group.className, source: group.source, weekStartDate, headerRow, timeColumn },
            courses: own,
          },
        ];
      }
      const byClass = new Map<string, Course[]>();
      for (const course of own) {
        const name = course.className !== undefined ? cleanText(course.className) : group.className;
        byClass.set(name, [...(byClass.get(name) ?? []), course]);
      }
      return [...byClass].map(([className, list]) => ({
        key: {
          className,
          source: className === group.className ? group.source : 'cell',
          weekStartDate,
          headerRow,
          timeColumn,
        },
        courses: list,
      }));
    });
    tables.push(...tablesFromCourses(groups, sheetTitle));
  });
  return { tables };
}

/**
 * Rows below a time label that carry no label of their own continue its cells (family: a course written
 * over two rows, its teacher on the row below — ulbu; a period listing one course per row — androide):
 * up to the next label, the last label over the usual spacing of the labels, while the time cell is empty.
 */
function continuationRows(
  rows: readonly string[][],
  axis: TimeAxis,
  regionEnd: number,
): Map<number, number[]> {
  const labels = axis.labels;
  const gaps = labels
    .slice(1)
    .map((label, i) => label.position - (labels[i]?.position ?? 0))
    .sort((a, b) => a - b);
  const usual = gaps[Math.floor((gaps.length - 1) / 2)] ?? 1;
  const result = new Map<number, number[]>();
  labels.forEach((label, i) => {
    const next = labels[i + 1]?.position ?? Math.min(regionEnd, label.position + usual);
    const extra: number[] = [];
    // A row whose time cell holds anything ("Pause", a range the reader cannot take) is not a continuation.
    for (let r = label.position + 1; r < next && cellAt(rows, r, axis.column) === ''; r += 1) extra.push(r);
    result.set(label.position, extra);
  });
  return result;
}

/** "BD L04" -> "A A0": the shape of a cell's first line, to tell parallel courses from a course and its teacher. */
function shapeOf(text: string): string {
  return (text.split(/\r?\n/)[0] ?? '')
    .trim()
    .replace(/\p{Lu}+/gu, 'A')
    .replace(/\p{Ll}+/gu, 'a')
    .replace(/\d+/g, '0')
    .replace(/(Aa|a)+/g, 'w')
    .replace(/\s+/g, ' ');
}

/**
 * Several columns under one day are parallel lanes (family: shifts or groups side by side under a day merged
 * over them — ist "Segunda" over 3-5 columns) when the cells met side by side are of one shape ("BD L04",
 * "OC L04"); otherwise they are parts of one course (module | teacher | room columns) and are joined.
 */
function parallelDayColumns(
  rows: readonly string[][],
  positions: readonly number[],
  byDay: ReadonlyMap<DayOfWeek, number[]>,
): boolean {
  let sideBySide = 0;
  let alike = 0;
  for (const r of positions) {
    for (const columns of byDay.values()) {
      if (columns.length < 2) continue;
      const texts = [...new Set(columns.map((c) => cellAt(rows, r, c)).filter((t) => t !== ''))];
      if (texts.length < 2) continue;
      sideBySide += 1;
      if (new Set(texts.map(shapeOf)).size === 1) alike += 1;
    }
  }
  return sideBySide >= 2 && alike * 3 >= sideBySide * 2;
}

const NO_ROWS: readonly number[] = [];
const NO_LABELS: readonly AxisLabel[] = [];

/** The courses of one table region: each time row (or every row, when the times are in the cells). */
function readRegion(
  rows: readonly string[][],
  headerRow: number,
  regionEnd: number,
  axis: TimeAxis | null,
  byDay: ReadonlyMap<DayOfWeek, number[]>,
  context: ReadContext,
  hasOwner: boolean,
): Course[] {
  const lines =
    axis !== null
      ? axis.labels
      : Array.from({ length: Math.max(0, regionEnd - headerRow - 1) }, (_, i) => ({
          position: headerRow + 1 + i,
          start: -1,
          end: -1,
          kind: 'range' as const,
        }));
  const continues = axis !== null && context.merges.size === 0 && axis.labels.some((l) => l.kind !== 'range');
  const readClass =
    hasOwner ||
    looksLikeClassGrid(
      rows,
      lines.map((l) => l.position),
      byDay,
      context,
    );
  const below = axis !== null ? continuationRows(rows, axis, regionEnd) : new Map<number, number[]>();
  const lanes = parallelDayColumns(
    rows,
    lines.map((l) => l.position),
    byDay,
  );
  const labels = axis?.labels ?? NO_LABELS;
  const courses: Course[] = [];
  // Last course read per column, to carry a course repeated in the next start-time rows (unmerged copy).
  const previous = new Map<number, { text: string; courses: Course[] }>();
  lines.forEach((line) => {
    const r = line.position;
    for (const [day, columns] of byDay) {
      const cells: { column: number; text: string; end: number }[] = [];
      for (const column of columns) {
        const block = blockAt(rows, context.merges, r, column, 'down', labels, line.end);
        let text = block?.text ?? '';
        for (const row of below.get(r) ?? NO_ROWS) {
          const extra = blockAt(rows, context.merges, row, column, 'down', NO_LABELS, 0)?.text ?? '';
          if (extra !== '') text = text === '' ? extra : `${text}\n${extra}`;
        }
        if (text === '' || cells.some((c) => c.text === text)) continue;
        cells.push({ column, text, end: block?.end ?? line.end });
      }
      if (cells.length === 0) continue;
      const groups = lanes
        ? cells
        : [
            {
              column: cells[0]?.column ?? -1,
              text: cells.map((c) => c.text).join('\n'),
              end: Math.max(...cells.map((c) => c.end)),
            },
          ];
      for (const { column: sourceColumn, text, end } of groups) {
        const carried = continues ? previous.get(sourceColumn) : undefined;
        if (
          carried !== undefined &&
          carried.text === text &&
          carried.courses.every((c) => c.end === line.start)
        ) {
          for (const course of carried.courses) course.end = end;
          continue;
        }
        const base = axis !== null ? { start: line.start, end } : null;
        const found = coursesInCell(text, base, { known: context.known, readClass }).map((course) => ({
          ...course,
          day: axis === null && course.day !== null ? course.day : day,
          sourceRow: r,
          sourceColumn,
        }));
        courses.push(...found);
        previous.set(sourceColumn, { text, courses: found });
      }
    }
  });
  return courses;
}

const CLASS_GRID_SAMPLE = 40;

/** More than half of the filled course cells start with a class ("L1 Info\nAlgorithmique"). */
function looksLikeClassGrid(
  rows: readonly string[][],
  positions: readonly number[],
  byDay: ReadonlyMap<DayOfWeek, number[]>,
  context: ReadContext,
): boolean {
  let filled = 0;
  let classFirst = 0;
  // A sample of the filled cells is enough to tell a grid by teacher or room.
  for (const r of positions) {
    if (filled >= CLASS_GRID_SAMPLE) break;
    for (const columns of byDay.values()) {
      for (const column of columns) {
        const text = cellAt(rows, r, column);
        if (text === '') continue;
        filled += 1;
        const first = text.split(/\r?\n| [-\u2013] /)[0] ?? '';
        if (looksLikeClass(first, context.known)) classFirst += 1;
      }
    }
  }
  return filled >= 2 && classFirst * 2 > filled;
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
    titles: ReadonlySet<string>;
  },
): NamedRows[] {
  const { headerRow, regionEnd, labelFloor, taken } = context;
  if (context.manualClassName !== '') {
    return [{ className: context.manualClassName, source: 'manual', rows: parsedRows }];
  }
  const label = findClassLabel(rows, labelFloor, headerRow);
  if (label !== null) return [{ className: label, source: 'label', rows: parsedRows }];

  const textAbove = findTextAbove(rows, labelFloor, headerRow, context.titles);
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
