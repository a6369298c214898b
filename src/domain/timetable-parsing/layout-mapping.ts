import { z } from 'zod';
import { NO_KNOWN_NAMES, type KnownNames } from './cell-text';
import { mondayOfDate, parseDayLabel, parseWeekTitle, schoolYearOf, type DayLabel } from './dates';
import {
  findDayColumn,
  groupCourses,
  listRoleOf,
  nameAbove,
  readListRows,
  weekAbove,
  type ListColumns,
  type ListRole,
  type SheetInput,
} from './detect-layout';
import {
  coursesInCell,
  MergeIndex,
  periodKey,
  readTimeLabel,
  resolveTimeAxis,
  tablesFromCourses,
  type Course,
  type MinuteRange,
  type ReadContext,
  type TimeLabel,
} from './grid-reader';
import { cellAt, cleanText, foldText } from './text';
import { isHeaderRow } from './sheet-layout';
import { findTimeRanges, minutesOf } from './time-range';
import type { ClassNameSource, ParsedTable } from './types';

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

// ---------------------------------------------------------------------------------------------------------
// Schemas: the saved mappings arrive from the synced settings record, written by any device or version.

const MAX_INDEX = 20_000;
const index = z.number().int().min(0).max(MAX_INDEX);
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
const sheetLineSchema = z.object({ axis: z.enum(['row', 'column']), index });
const classNamingSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('auto') }),
  z.object({ kind: z.literal('typed'), name: z.string().trim().min(1).max(120) }),
  z.object({ kind: z.literal('cell'), row: index, column: index }),
]);
export const MAX_BELL_PERIODS = 16;
const bellPeriodSchema = z
  .object({ label: z.string().max(12), start: hhmm, end: hhmm })
  .refine((p) => p.start < p.end);

export const layoutMappingSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('grid'),
    days: sheetLineSchema,
    times: sheetLineSchema.nullable(),
    bell: z.array(bellPeriodSchema).max(MAX_BELL_PERIODS),
    firstCourse: z.object({ row: index, column: index }).nullable(),
    className: classNamingSchema,
  }),
  z.object({
    kind: z.literal('list'),
    headerRow: index,
    columns: z.partialRecord(z.enum(LIST_MAPPING_ROLES), index),
    className: classNamingSchema,
  }),
]);

export const savedMappingSchema = z.object({
  fingerprint: z.string().min(1).max(64),
  mapping: layoutMappingSchema,
  savedAt: z.string().max(40),
});

/** The organisation keeps the most recent mappings only (the settings record has a size limit). */
export const MAX_SAVED_MAPPINGS = 12;

/** The valid saved mappings of an unknown value, newest first; what cannot be read is left out. */
export function parseSavedMappings(value: unknown): SavedMapping[] {
  if (!Array.isArray(value)) return [];
  const mappings: SavedMapping[] = [];
  for (const item of value.slice(0, 100)) {
    const parsed = savedMappingSchema.safeParse(item);
    if (parsed.success) mappings.push(parsed.data);
  }
  return mappings.sort((a, b) => b.savedAt.localeCompare(a.savedAt)).slice(0, MAX_SAVED_MAPPINGS);
}

/** The saved list with a new mapping first; an older one of the same shape is replaced. */
export function rememberMapping(saved: readonly SavedMapping[], entry: SavedMapping): SavedMapping[] {
  return [entry, ...parseSavedMappings(saved).filter((s) => s.fingerprint !== entry.fingerprint)].slice(
    0,
    MAX_SAVED_MAPPINGS,
  );
}

// ---------------------------------------------------------------------------------------------------------
// Bell schedule typed once: one period a line, "1 08:00-09:00", "M2 : 9h-10h", or only the times.

export type BellLineProblem = 'no-times' | 'too-many';

export interface BellSchedule {
  periods: BellPeriod[];
  /** 1-based lines that could not be read, and why. */
  problems: { line: number; problem: BellLineProblem }[];
}

export function parseBellSchedule(text: string): BellSchedule {
  const periods: BellPeriod[] = [];
  const problems: BellSchedule['problems'] = [];
  const lines = typeof text === 'string' ? text.slice(0, 2_000).split(/\r?\n/) : [];
  lines.forEach((raw, i) => {
    const line = raw.trim();
    if (line === '') return;
    const range = findTimeRanges(line)[0];
    if (range === undefined) {
      problems.push({ line: i + 1, problem: 'no-times' });
      return;
    }
    if (periods.length >= MAX_BELL_PERIODS) {
      problems.push({ line: i + 1, problem: 'too-many' });
      return;
    }
    const label = cleanText(line.slice(0, range.index).replace(/[\s:=>\u2192\-\u2013]+$/u, '')).slice(0, 12);
    periods.push({
      label: label === '' ? String(periods.length + 1) : label,
      start: range.startTime,
      end: range.endTime,
    });
  });
  return { periods, problems };
}

/** The bell schedule back to its text ("1 08:00-09:00" a line), to show a saved mapping. */
export function formatBellSchedule(periods: readonly BellPeriod[]): string {
  return periods.map((p) => `${p.label} ${p.start}-${p.end}`).join('\n');
}

function bellMap(periods: readonly BellPeriod[]): Map<string, MinuteRange> {
  const map = new Map<string, MinuteRange>();
  for (const period of periods) {
    const key = periodKey(period.label);
    if (key !== null && !map.has(key))
      map.set(key, { start: minutesOf(period.start), end: minutesOf(period.end) });
  }
  return map;
}

// ---------------------------------------------------------------------------------------------------------
// Applying a grid mapping.

/** The course area of a grid mapping: its top-left cell, from the mapping or after the labels. */
export function courseAreaOf(rows: readonly string[][], mapping: GridMapping): CellPosition {
  if (mapping.firstCourse !== null) return mapping.firstCourse;
  const { days, times } = mapping;
  if (days.axis === 'row') {
    const row = rows[days.index] ?? [];
    const firstDay = row.findIndex((cell) => parseDayLabel(cell) !== null);
    const afterTimes = times?.axis === 'column' ? times.index + 1 : 0;
    return { row: days.index + 1, column: Math.max(firstDay < 0 ? 0 : firstDay, afterTimes) };
  }
  const firstDay = rows.findIndex((row) => parseDayLabel(row[days.index] ?? '') !== null);
  const below = times?.axis === 'row' ? times.index + 1 : 0;
  const right = times?.axis === 'column' ? Math.max(days.index, times.index) : days.index;
  return { row: Math.max(firstDay < 0 ? 0 : firstDay, below), column: right + 1 };
}

interface Slot {
  position: number;
  start: number;
  end: number;
}

function axisSlots(
  cells: readonly { position: number; text: string }[],
  bell: ReadonlyMap<string, MinuteRange>,
): Slot[] {
  const labels: TimeLabel[] = [];
  for (const { position, text } of cells) {
    const label = readTimeLabel(text, bell);
    if (label !== null) labels.push({ ...label, position });
  }
  return resolveTimeAxis(labels);
}

type MappedCourse = Course & { className: string; source: ClassNameSource; week: string | null };

function applyGrid(sheet: SheetInput, mapping: GridMapping, context: ReadContext): ParsedTable[] {
  const { rows } = sheet;
  const height = rows.length;
  const width = Math.max(0, ...rows.map((row) => row.length));
  const area = courseAreaOf(rows, mapping);
  const { days, times } = mapping;
  // The typed bell first, then one printed elsewhere in the workbook.
  const bell = new Map([...context.bell, ...bellMap(mapping.bell)]);
  const daysAcross = days.axis === 'row';
  // Times run down the rows (one time per row) or across the columns (one per column).
  const timesByRow = times === null ? daysAcross : times.axis === 'column';
  // Days across with times across too leaves no cell both a day and a time.
  if (daysAcross && times?.axis === 'row') return [];

  // Day of each column (days across) or of each row (days down, a label holding over the rows below it).
  const dayOf = new Map<number, DayLabel>();
  if (daysAcross) {
    for (let c = area.column; c < width; c += 1) {
      const label = parseDayLabel(cellAt(rows, days.index, c));
      if (label !== null) dayOf.set(c, label);
    }
  } else {
    let current: DayLabel | null = null;
    for (let r = 0; r < height; r += 1) {
      current = parseDayLabel(cellAt(rows, r, days.index)) ?? current;
      if (current !== null && r >= area.row) dayOf.set(r, current);
    }
  }

  // Time of each row or column of the course area.
  let slots: Slot[];
  if (times !== null) {
    const cells =
      times.axis === 'column'
        ? rows.map((_, r) => ({ position: r, text: r >= area.row ? cellAt(rows, r, times.index) : '' }))
        : Array.from({ length: width }, (_, c) => ({
            position: c,
            text: c >= area.column ? cellAt(rows, times.index, c) : '',
          }));
    slots = axisSlots(cells, bell);
  } else {
    const from = timesByRow ? area.row : area.column;
    slots = mapping.bell.map((period, k) => ({
      position: from + k,
      start: minutesOf(period.start),
      end: minutesOf(period.end),
    }));
  }
  const slotAt = new Map(slots.map((slot) => [slot.position, slot]));

  const headerRow = daysAcross ? days.index : Math.max(0, area.row - 1);
  const naming = classNameOf(rows, mapping.className, headerRow, sheet.sheetName, context);
  const schoolYear = schoolYearOf(rows);
  const weekOfColumn = new Map<number, string>();
  for (let c = area.column; c < width; c += 1) {
    for (let r = area.row - 1; r >= Math.max(0, area.row - 4); r -= 1) {
      const monday = parseWeekTitle(cellAt(rows, r, c), schoolYear);
      if (monday !== null) {
        weekOfColumn.set(c, monday);
        break;
      }
    }
  }
  const weekOfSheet = weekAbove(rows, headerRow);
  const isLabelLine = (r: number, c: number) =>
    (daysAcross ? r === days.index : c === days.index) ||
    (times !== null && (times.axis === 'row' ? r === times.index : c === times.index));

  const courses: MappedCourse[] = [];
  for (let r = area.row; r < height; r += 1) {
    const row = rows[r] ?? [];
    for (let c = area.column; c < row.length; c += 1) {
      if (isLabelLine(r, c)) continue;
      const day = dayOf.get(daysAcross ? c : r);
      const slot = slotAt.get(timesByRow ? r : c);
      if (day === undefined || slot === undefined) continue;
      const text = row[c] ?? '';
      if (text === '' || parseDayLabel(text) !== null) continue;
      const merge = context.merges.at(r, c);
      if (merge !== undefined && (timesByRow ? merge.top < r : merge.left < c)) continue;
      let end = slot.end;
      const last = merge === undefined ? undefined : timesByRow ? merge.bottom : merge.right;
      if (last !== undefined && last > (timesByRow ? r : c)) {
        end = Math.max(end, slots.filter((s) => s.position <= last).at(-1)?.end ?? end);
      }
      for (const course of coursesInCell(
        text,
        { start: slot.start, end },
        { known: context.known, readClass: false },
      )) {
        courses.push({
          ...course,
          day: course.day ?? day.day,
          sourceRow: r,
          sourceColumn: c,
          className: naming.className,
          source: naming.source,
          week: day.date !== null ? mondayOfDate(day.date) : (weekOfColumn.get(c) ?? weekOfSheet),
        });
      }
    }
  }
  const timeColumn = times?.axis === 'column' ? times.index : -1;
  return tablesFromCourses(groupCourses(courses, headerRow, timeColumn), cleanText(sheet.sheetName));
}

function classNameOf(
  rows: readonly string[][],
  naming: ClassNaming,
  headerRow: number,
  sheetName: string,
  context: Pick<ReadContext, 'titles'>,
): { className: string; source: ClassNameSource } {
  if (naming.kind === 'typed' && cleanText(naming.name) !== '')
    return { className: cleanText(naming.name), source: 'manual' };
  if (naming.kind === 'cell') {
    const text = cleanText(cellAt(rows, naming.row, naming.column).split(/[\r\n]/)[0] ?? '');
    // "Classe : 4e A" pointed at: the name after the label.
    const named = text.replace(/^(?:classe|class)\s*[:\uff1a]\s*/i, '');
    if (named !== '') return { className: named, source: 'manual' };
  }
  return nameAbove(rows, headerRow, sheetName, context);
}

/** Reads one sheet with a mapping: the courses found, in tables by class (and dated week). */
export function applyMapping(
  sheet: SheetInput,
  mapping: LayoutMapping,
  options: {
    known?: KnownNames;
    titles?: ReadonlySet<string>;
    bell?: ReadonlyMap<string, MinuteRange>;
  } = {},
): ParsedTable[] {
  const context: ReadContext = {
    merges: new MergeIndex(sheet.merges),
    bell: options.bell ?? new Map(),
    titles: options.titles ?? new Set(),
    known: options.known ?? NO_KNOWN_NAMES,
  };
  if (mapping.kind === 'grid') return applyGrid(sheet, mapping, context);
  const columns: ListColumns = { ...mapping.columns };
  const tables = readListRows(sheet, mapping.headerRow, columns, context);
  if (mapping.columns.class !== undefined || mapping.className.kind === 'auto') return tables;
  const naming = classNameOf(sheet.rows, mapping.className, mapping.headerRow, sheet.sheetName, context);
  return tables.map((table) => ({ ...table, className: naming.className, classNameSource: naming.source }));
}

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

// ---------------------------------------------------------------------------------------------------------
// A first guess for the dialog, from what the sheet plainly shows.

const LIST_TITLE_ROLES: Partial<Record<ListRole, ListMappingRole>> = {
  date: 'date',
  day: 'day',
  start: 'start',
  // A column of ranges ("08:00-10:00") is read as the start column: the range gives the end too.
  time: 'start',
  end: 'end',
  class: 'class',
  module: 'module',
  teacher: 'teacher',
  room: 'room',
};

/** Columns of a list header row whose titles name a value ("Matière", "Début", "Salle"...). */
export function guessListColumns(row: readonly string[]): ListMapping['columns'] {
  const columns: ListMapping['columns'] = {};
  row.forEach((title, c) => {
    const listRole = listRoleOf(title);
    const role = listRole === null ? undefined : LIST_TITLE_ROLES[listRole];
    if (role !== undefined && columns[role] === undefined) columns[role] = c;
  });
  return columns;
}

const GUESS_ROWS = 50;

/**
 * What the sheet plainly shows, as the dialog's starting point: a row of list titles, a row of days (with
 * a time column left of it), a column of days, else nothing pointed at yet.
 */
export function suggestMapping(sheet: { rows: readonly string[][] }): LayoutMapping {
  const { rows } = sheet;
  const auto: ClassNaming = { kind: 'auto' };
  for (let r = 0; r < Math.min(rows.length, 15); r += 1) {
    const columns = guessListColumns(rows[r] ?? []);
    if (Object.keys(columns).length >= 3 && columns.module !== undefined)
      return { kind: 'list', headerRow: r, columns, className: auto };
  }
  for (let r = 0; r < Math.min(rows.length, GUESS_ROWS); r += 1) {
    if (!isHeaderRow(rows[r])) continue;
    const firstDay = (rows[r] ?? []).findIndex((cell) => parseDayLabel(cell) !== null);
    let times: SheetLine | null = null;
    let best = 1;
    for (let c = 0; c < firstDay; c += 1) {
      const count = rows
        .slice(r + 1, r + 1 + GUESS_ROWS)
        .filter((row) => readTimeLabel(row[c] ?? '', new Map()) !== null).length;
      if (count > best) {
        best = count;
        times = { axis: 'column', index: c };
      }
    }
    return {
      kind: 'grid',
      days: { axis: 'row', index: r },
      times,
      bell: [],
      firstCourse: null,
      className: auto,
    };
  }
  const dayColumn = findDayColumn(rows);
  if (dayColumn !== null)
    return {
      kind: 'grid',
      days: { axis: 'column', index: dayColumn.column },
      times: null,
      bell: [],
      firstCourse: null,
      className: auto,
    };
  return {
    kind: 'grid',
    days: { axis: 'row', index: 0 },
    times: null,
    bell: [],
    firstCourse: null,
    className: auto,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Pointing at the preview.

export type PointRole = 'days' | 'times' | 'first' | 'class';

/** Spreadsheet column letters: 0 -> A, 25 -> Z, 26 -> AA. */
export function columnLetter(column: number): string {
  let n = column + 1;
  let letters = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/** "B3" for row 2, column 1 (0-based). */
export function cellReference(position: CellPosition): string {
  return `${columnLetter(position.column)}${position.row + 1}`;
}

/** "B3", "b 3", "AA10" -> 0-based position; null for anything else. */
export function parseCellReference(text: string): CellPosition | null {
  const match = /^\s*([a-z]{1,2})\s*(\d{1,5})\s*$/i.exec(text);
  if (!match) return null;
  const letters = (match[1] ?? '').toUpperCase();
  let column = 0;
  for (const letter of letters) column = column * 26 + (letter.charCodeAt(0) - 64);
  const row = Number(match[2]);
  return row >= 1 && row <= MAX_INDEX ? { row: row - 1, column: column - 1 } : null;
}

function countInLine(rows: readonly string[][], line: SheetLine, test: (text: string) => boolean): number {
  if (line.axis === 'row') return (rows[line.index] ?? []).filter(test).length;
  return rows.filter((row) => test(row[line.index] ?? '')).length;
}

/**
 * The grid mapping once the user points at a cell for a role. Days: the row or the column of that cell,
 * whichever names more days. Times: across the days (a column when the days run across), or the row of the
 * cell when the days run down and that row holds several times. First course and class: that cell.
 */
export function pointAt(
  mapping: GridMapping,
  rows: readonly string[][],
  role: PointRole,
  cell: CellPosition,
): GridMapping {
  switch (role) {
    case 'days': {
      const isDay = (text: string) => parseDayLabel(text) !== null;
      const row: SheetLine = { axis: 'row', index: cell.row };
      const column: SheetLine = { axis: 'column', index: cell.column };
      const days = countInLine(rows, row, isDay) >= countInLine(rows, column, isDay) ? row : column;
      const times =
        mapping.times !== null && mapping.times.axis === days.axis && days.axis === 'row'
          ? null
          : mapping.times;
      return { ...mapping, days, times, firstCourse: null };
    }
    case 'times': {
      if (mapping.days.axis === 'row')
        return { ...mapping, times: { axis: 'column', index: cell.column }, firstCourse: null };
      const isTime = (text: string) => readTimeLabel(text, bellMap(mapping.bell)) !== null;
      const row: SheetLine = { axis: 'row', index: cell.row };
      const times: SheetLine =
        countInLine(rows, row, isTime) >= 2 ? row : { axis: 'column', index: cell.column };
      return { ...mapping, times, firstCourse: null };
    }
    case 'first':
      return { ...mapping, firstCourse: { row: cell.row, column: cell.column } };
    case 'class':
      return { ...mapping, className: { kind: 'cell', row: cell.row, column: cell.column } };
  }
}
