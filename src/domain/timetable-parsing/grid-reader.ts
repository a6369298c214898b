import { NO_KNOWN_NAMES, parseCellText, type CellCourse, type KnownNames } from './cell-text';
import { findTimeRanges, formatHhMm, minutesOf, parseTimeOfDay, parseTimeRange } from './time-range';
import { foldText } from './text';
import type { DayOfWeek, GridMerge, ParsedCell, ParsedRow, ParsedTable, ClassNameSource } from './types';
import { parseWeekday } from './weekday';

/** Merged areas by cell, so that a reader knows where a merged course starts and ends. */
export class MergeIndex {
  private readonly byCell = new Map<number, GridMerge>();
  readonly size: number;

  constructor(merges: readonly GridMerge[] | undefined) {
    let count = 0;
    for (const merge of Array.isArray(merges) ? merges : []) {
      if (!isMerge(merge)) continue;
      const area = (merge.bottom - merge.top + 1) * (merge.right - merge.left + 1);
      // A merge over a whole sheet (a background) says nothing about courses and would cost memory.
      if (area > 2_000) continue;
      count += 1;
      for (let r = merge.top; r <= merge.bottom; r += 1) {
        for (let c = merge.left; c <= merge.right; c += 1) this.byCell.set(r * 4096 + c, merge);
      }
    }
    this.size = count;
  }

  at(row: number, column: number): GridMerge | undefined {
    return this.byCell.get(row * 4096 + column);
  }
}

function isMerge(value: unknown): value is GridMerge {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Record<string, unknown>;
  return (
    [m.top, m.left, m.bottom, m.right].every((n) => Number.isInteger(n) && (n as number) >= 0) &&
    (m.bottom as number) >= (m.top as number) &&
    (m.right as number) >= (m.left as number) &&
    (m.right as number) < 4096
  );
}

export const NO_MERGES = new MergeIndex(undefined);

/** What the reader knows beyond one sheet: bell schedule, titles shared by every sheet, known names. */
export interface ReadContext {
  merges: MergeIndex;
  /** Period label (see periodKey) -> its times, from a bell schedule printed anywhere in the workbook. */
  bell: ReadonlyMap<string, MinuteRange>;
  /** Folded texts that are titles (repeated on several sheets), never a class name. */
  titles: ReadonlySet<string>;
  known: KnownNames;
}

export const EMPTY_CONTEXT: ReadContext = {
  merges: NO_MERGES,
  bell: new Map(),
  titles: new Set(),
  known: NO_KNOWN_NAMES,
};

export interface MinuteRange {
  start: number;
  end: number;
}

export type TimeLabelKind = 'range' | 'start' | 'period';

export interface TimeLabel {
  /** Row (or column, for times across the top) of the label. */
  position: number;
  start: number;
  end: number | null;
  kind: TimeLabelKind;
}

const PERIOD = /^(?:p|m|s|h|c|seance|periode|creneau)?\s*(\d{1,2})\s*(?:e|er|ere|eme|h)?$/;

/** "P1", "M1", "1", "1ère" -> a key of the bell schedule ("p1", "m1", "1"); null for anything else. */
export function periodKey(text: string): string | null {
  const folded = foldText(text);
  if (folded.length === 0 || folded.length > 12) return null;
  const match = PERIOD.exec(folded);
  if (!match) return null;
  const prefix = /^[a-z]+/.exec(folded)?.[0] ?? '';
  const letter = ['p', 'm', 's', 'h', 'c'].includes(prefix) ? prefix : '';
  return `${letter}${Number(match[1])}`;
}

/** A bell label typed as the cells write it ("Cours A", "1ère heure"): its folded text, as a key. */
export function bellTextKey(text: string): string | null {
  const folded = foldText(text);
  return folded === '' || folded.length > 40 ? null : `text:${folded}`;
}

/** A cell of a time axis: a range, a start time alone, or a period number of the bell schedule. */
export function readTimeLabel(
  text: string,
  bell: ReadonlyMap<string, MinuteRange>,
): Omit<TimeLabel, 'position'> | null {
  if (text === '') return null;
  const range = parseTimeRange(text);
  if (range !== null)
    return { start: minutesOf(range.startTime), end: minutesOf(range.endTime), kind: 'range' };
  const start = parseTimeOfDay(text);
  if (start !== null) return { start, end: null, kind: 'start' };
  const key = periodKey(text) ?? bellTextKey(text);
  const period = key === null ? undefined : (bell.get(key) ?? bell.get(bellTextKey(text) ?? ''));
  return period === undefined ? null : { start: period.start, end: period.end, kind: 'period' };
}

// Hours written bare on a time axis (family: class timetables exported by school management apps, "8-9" ..
// "18-19" — eetfp; grids typed by students with period starts "8", "10", "13" — androide). A bare number is
// a period or a group anywhere else, so a column (or row) is read so only as a whole: at least 3 such
// labels, every bare number in it an hour of the school day (6 to 22, a range within 6 hours), ascending.
const BARE_RANGE = /^(\d{1,2})\s*[-\u2013]\s*(\d{1,2})$/;
const BARE_HOUR = /^(\d{1,2})$/;
const BARE_MIN_LABELS = 3;
const FIRST_SCHOOL_HOUR = 6;
const LAST_SCHOOL_HOUR = 22;

export function bareHourLabels(cells: readonly { position: number; text: string }[]): TimeLabel[] {
  const labels: TimeLabel[] = [];
  for (const { position, text } of cells) {
    const value = text.trim();
    const range = BARE_RANGE.exec(value);
    const hour = BARE_HOUR.exec(value);
    if (range === null && hour === null) continue;
    const from = Number(range?.[1] ?? hour?.[1]);
    const to = range === null ? null : Number(range[2]);
    if (from < FIRST_SCHOOL_HOUR || from > LAST_SCHOOL_HOUR) return [];
    if (to !== null && (to <= from || to - from > 6 || to > 24)) return [];
    const previous = labels.at(-1);
    if (previous !== undefined && from * 60 <= previous.start) return [];
    labels.push({
      position,
      start: from * 60,
      end: to === null ? null : to * 60,
      kind: to === null ? 'start' : 'range',
    });
  }
  return labels.length >= BARE_MIN_LABELS ? labels : [];
}

/** The time labels of an axis: ranges, start times and bell periods, else bare hours read as a whole. */
export function axisLabels(
  cells: readonly { position: number; text: string }[],
  bell: ReadonlyMap<string, MinuteRange>,
): TimeLabel[] {
  const labels: TimeLabel[] = [];
  for (const { position, text } of cells) {
    const label = readTimeLabel(text, bell);
    if (label !== null) labels.push({ ...label, position });
  }
  if (labels.length >= 2) return labels;
  const bare = bareHourLabels(cells);
  return bare.length > labels.length ? bare : labels;
}

const NOON = 12 * 60;
const DEFAULT_STEP = 60;

/**
 * Gives every label of an axis its end: a range keeps its own, a start time ends where the next label starts
 * (the last one after the usual step). A 12-hour clock read after later times ("1:20" after "10:15") is
 * taken in the afternoon.
 */
export function resolveTimeAxis(labels: readonly TimeLabel[]): (TimeLabel & { end: number })[] {
  const fixed: TimeLabel[] = [];
  let latest = -1;
  for (const label of labels) {
    let { start, end } = label;
    if (latest >= 0 && start < latest && start < NOON && start + NOON >= latest && start < 8 * 60) {
      start += NOON;
      if (end !== null) end += NOON;
    }
    latest = Math.max(latest, start);
    fixed.push({ ...label, start, end });
  }
  const steps = fixed
    .slice(1)
    .map((label, i) => label.start - (fixed[i]?.start ?? 0))
    .filter((step) => step > 0)
    .sort((a, b) => a - b);
  const step = steps[Math.floor((steps.length - 1) / 2)] ?? DEFAULT_STEP;
  return fixed.map((label, i) => {
    if (label.end !== null) return { ...label, end: label.end };
    const next = fixed.slice(i + 1).find((other) => other.start > label.start);
    return { ...label, end: next !== undefined ? next.start : Math.min(label.start + step, 24 * 60) };
  });
}

/** One course read anywhere, with its source cell; tables are built from these. */
export interface Course extends CellCourse {
  day: DayOfWeek;
  start: number;
  end: number;
  sourceRow: number;
  sourceColumn: number;
}

export interface TimedCourse extends CellCourse {
  /** The day written before the times in the cell ("Mar 09h00–12h30"), if any. */
  day: DayOfWeek | null;
  start: number;
  end: number;
}

/**
 * The courses of one cell. Times written inside the cell ("Mar 09h00–12h30 …", "de 10h à 18h") come first;
 * several of them split the cell into one course each. Without them the course takes the row's times;
 * without either, the cell gives nothing.
 */
export function coursesInCell(
  text: string,
  base: MinuteRange | null,
  options: { known: KnownNames; readClass: boolean },
): TimedCourse[] {
  const ranges = findTimeRanges(text);
  if (ranges.length === 0) {
    if (base === null) return [];
    return parseCellText(text, options).map((course) => ({ ...course, day: null, ...base }));
  }
  // The cell holds its own times: one segment per time, the lines before the first time belong to it.
  const bounds = ranges.map((range, i) => {
    if (i === 0) return 0;
    const lineStart = text.lastIndexOf('\n', range.index - 1) + 1;
    const previous = ranges[i - 1];
    return previous !== undefined && lineStart < previous.index + previous.length ? range.index : lineStart;
  });
  return ranges.flatMap((range, i) => {
    const from = bounds[i] ?? 0;
    const to = bounds[i + 1] ?? text.length;
    const lineStart = Math.max(from, text.lastIndexOf('\n', range.index - 1) + 1);
    const before = text.slice(lineStart, range.index);
    const day = before.trim() === '' ? null : parseWeekday(before.trim());
    const isDayOnly = day !== null && /^[\p{L}.]+$/u.test(before.trim());
    const segment =
      text.slice(from, isDayOnly ? lineStart : range.index) +
      '\n' +
      text.slice(range.index + range.length, to);
    const start = minutesOf(range.startTime);
    const end = minutesOf(range.endTime);
    return parseCellText(segment.replace(/^\s*[:\-\u2013]\s*/gm, ''), options).map((course) => ({
      ...course,
      day: isDayOnly ? day : null,
      start,
      end,
    }));
  });
}

// Two blocks of the same course that follow each other on one day are one course, as a person counts them
// (family: the same course written in two consecutive hour columns or periods without a merge — gyft,
// androide "TD then TME", fast-nuces; two drawn blocks with no break between them — diu-bordeaux). The
// passing time between periods (8:55 -> 9:00) is no break; a pause of a quarter of an hour is.
const PASSING_MINUTES = 10;

function joinFollowingBlocks(courses: readonly Course[]): Course[] {
  const joined: Course[] = [];
  const byIdentity = new Map<string, number[]>();
  const ordered = [...courses].sort((a, b) => a.start - b.start);
  for (const course of ordered) {
    const id = [course.day, course.moduleName, course.teacherName, course.className ?? ''].join('\u0000');
    const indexes = byIdentity.get(id) ?? [];
    const into = indexes.find((i) => {
      const last = joined[i];
      return (
        last !== undefined &&
        (last.room === undefined || course.room === undefined || last.room === course.room) &&
        course.start >= last.start &&
        course.start - last.end <= PASSING_MINUTES &&
        course.start >= last.end - PASSING_MINUTES
      );
    });
    const last = into === undefined ? undefined : joined[into];
    if (into !== undefined && last !== undefined) {
      joined[into] = {
        ...last,
        end: Math.max(last.end, course.end),
        ...(last.room === undefined && course.room !== undefined ? { room: course.room } : {}),
      };
      continue;
    }
    indexes.push(joined.length);
    byIdentity.set(id, indexes);
    joined.push(course);
  }
  return joined;
}

interface TableKey {
  className: string;
  source: ClassNameSource;
  weekStartDate: string | null;
  headerRow: number;
  timeColumn: number;
}

/** Builds parsed tables from courses: one table per class (and dated week), rows per source row and times. */
export function tablesFromCourses(
  groups: readonly { key: TableKey; courses: readonly Course[] }[],
  sheetName: string,
): ParsedTable[] {
  const tables: ParsedTable[] = [];
  const byKey = new Map<string, ParsedTable>();
  const rowsByTable = new Map<ParsedTable, Map<string, ParsedRow>>();
  for (const { key, courses } of groups) {
    const id = [foldText(key.className), key.weekStartDate ?? '', key.headerRow].join('|');
    let table = byKey.get(id);
    if (table === undefined) {
      table = {
        className: key.className,
        rows: [],
        sheetName,
        headerRow: key.headerRow,
        timeColumn: key.timeColumn,
        classNameSource: key.source,
      };
      if (key.weekStartDate !== null) table.weekStartDate = key.weekStartDate;
      byKey.set(id, table);
      tables.push(table);
      rowsByTable.set(table, new Map());
    }
    const rows = rowsByTable.get(table) ?? new Map<string, ParsedRow>();
    const sorted = [...joinFollowingBlocks(courses)].sort(
      (a, b) => a.sourceRow - b.sourceRow || a.start - b.start || a.end - b.end,
    );
    for (const course of sorted) {
      const rowKey = `${course.sourceRow}|${course.start}|${course.end}`;
      let row = rows.get(rowKey);
      if (row === undefined) {
        row = {
          startTime: formatHhMm(course.start),
          endTime: formatHhMm(course.end),
          cells: { 1: [], 2: [], 3: [], 4: [], 5: [], 6: [], 7: [] },
          sourceRow: course.sourceRow,
        };
        rows.set(rowKey, row);
        table.rows.push(row);
      }
      const cell: ParsedCell = {
        moduleName: course.moduleName,
        teacherName: course.teacherName,
        sourceColumn: course.sourceColumn,
      };
      if (course.room !== undefined) cell.room = course.room;
      const list = row.cells[course.day];
      // A course merged across columns of one day, or read twice, is one course.
      if (!list.some((c) => c.moduleName === cell.moduleName && c.teacherName === cell.teacherName))
        list.push(cell);
    }
  }
  return tables.filter((table) => table.className !== '' && table.rows.length > 0);
}

/** Number of courses of parsed tables (the score of a layout). */
export function countCourses(tables: readonly ParsedTable[]): number {
  return tables.reduce(
    (sum, table) =>
      sum +
      table.rows.reduce(
        (n, row) => n + Object.values(row.cells).reduce((k, cells: ParsedCell[]) => k + cells.length, 0),
        0,
      ),
    0,
  );
}
