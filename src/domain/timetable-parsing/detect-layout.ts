import { parseCellText, stripTeacherTitle, type KnownNames } from './cell-text';
import { mondayOfDate, parseDayLabel, weekdayOfDate } from './dates';
import {
  countCourses,
  MergeIndex,
  periodKey,
  readTimeLabel,
  tablesFromCourses,
  type Course,
  type MinuteRange,
  type ReadContext,
} from './grid-reader';
import { readDaysDown } from './grids/days-down';
import { groupCourses, nameAbove, type SheetInput } from './grids/shared';
import { readSheetDay } from './grids/sheet-day';
import { parseSheet } from './parse-sheet';
import { dateOrderOf, parseDateCell, type DateOrder } from './lists/values';
import { cellAt, cleanText, foldText } from './text';
import { minutesOf, parseTimeOfDay, parseTimeRange } from './time-range';
import type { ClassNameSource, ParsedTable } from './types';

export type { SheetInput } from './grids/shared';
export { findDayColumn } from './grids/days-down';
export { groupCourses, nameAbove, weekAbove } from './grids/shared';

/** The layouts the reader tries on every sheet (spec part 2 point 5 is 'days-across'). */
export type LayoutKind = 'list' | 'days-across' | 'days-down' | 'sheet-day';

export interface WorkbookContext {
  bell: ReadonlyMap<string, MinuteRange>;
  titles: ReadonlySet<string>;
  known: KnownNames;
}

const BELL_MIN_ENTRIES = 3;
const TITLE_ROWS = 3;

/**
 * What the whole workbook says beyond each sheet: a bell schedule printed anywhere (a period label followed
 * by its range, or by its start and end), and the texts repeated at the top of several sheets (titles such
 * as "Emploi du temps": never a class name).
 */
export function workbookContext(sheets: readonly SheetInput[], known: KnownNames): WorkbookContext {
  const bell = new Map<string, MinuteRange>();
  for (const sheet of sheets) {
    for (const row of sheet.rows.slice(0, 200)) {
      for (let c = 0; c < Math.min(row.length, 40); c += 1) {
        const key = periodKey(row[c] ?? '');
        if (key === null || bell.has(key)) continue;
        const next = row[c + 1] ?? '';
        const range = parseTimeRange(next);
        if (range !== null) {
          bell.set(key, { start: minutesOf(range.startTime), end: minutesOf(range.endTime) });
          continue;
        }
        const start = parseTimeOfDay(next);
        const end = parseTimeOfDay(row[c + 2] ?? '');
        if (start !== null && end !== null && end > start) bell.set(key, { start, end });
      }
    }
  }
  const titles = new Set<string>();
  if (sheets.length > 1) {
    const seen = new Map<string, number>();
    for (const sheet of sheets) {
      const top = new Set(
        sheet.rows
          .filter((row) => row.some((cell) => cell !== ''))
          .slice(0, TITLE_ROWS)
          .flatMap((row) => row.filter((cell) => cell !== '').map((cell) => foldText(cell))),
      );
      for (const text of top) seen.set(text, (seen.get(text) ?? 0) + 1);
    }
    for (const [text, count] of seen) if (count > 1) titles.add(text);
  }
  return { bell: bell.size >= BELL_MIN_ENTRIES ? bell : new Map(), titles, known };
}

interface LayoutResult {
  kind: LayoutKind;
  tables: ParsedTable[];
}

/**
 * Reads one sheet with every layout and keeps the one that finds the most courses (ties keep the order
 * below, the specification's header-row layout first). A sheet with a list header is read as a list.
 */
export function readSheetLayouts(sheet: SheetInput, workbook: WorkbookContext): LayoutResult {
  const context: ReadContext = { ...workbook, merges: new MergeIndex(sheet.merges) };
  const list = readList(sheet, context);
  if (list !== null) return { kind: 'list', tables: list };
  const candidates: LayoutResult[] = [
    { kind: 'days-across', tables: parseSheet(sheet.rows, sheet.sheetName, {}, context).tables },
    { kind: 'days-down', tables: readDaysDown(sheet, context) },
    { kind: 'sheet-day', tables: readSheetDay(sheet, context) },
  ];
  let best = candidates[0] ?? { kind: 'days-across' as const, tables: [] };
  let bestScore = countCourses(best.tables);
  for (const candidate of candidates.slice(1)) {
    const score = countCourses(candidate.tables);
    if (score > bestScore) {
      best = candidate;
      bestScore = score;
    }
  }
  return best;
}

// ---------------------------------------------------------------------------------------------------------
// Lists: one course per line, as Pronote, EDT, aSc or a hand-made export write them.

export type ListRole =
  'day' | 'date' | 'start' | 'end' | 'duration' | 'period' | 'time' | 'class' | 'module' | 'teacher' | 'room';

const LIST_ROLES: readonly [ListRole, RegExp][] = [
  ['date', /^(?:date|le)$/],
  ['day', /^(?:jour|jours|day|journee)$/],
  ['start', /^(?:debut|heure debut|heure de debut|h debut|start|start time|de|heure)$/],
  ['end', /^(?:fin|heure fin|heure de fin|h fin|end|end time|a|jusqu'a)$/],
  ['duration', /^(?:duree|duration|length|nb heures|nombre d'heures)$/],
  ['period', /^(?:periode|period|seance|creneau|cours n°|n° cours)$/],
  ['time', /^(?:horaire|horaires|plage horaire|time|heures)$/],
  ['class', /^(?:classe|classes|class|groupe|groupes|group|promo|promotion|section|division|divisions)$/],
  ['module', /^(?:matiere|matieres|module|modules|cours|enseignement|subject|discipline|intitule|ue)$/],
  [
    'teacher',
    /^(?:professeur|professeurs|prof|profs|enseignant|enseignants|intervenant|intervenants|teacher|teachers|formateur|formatrice)$/,
  ],
  ['room', /^(?:salle|salles|room|rooms|classroom|local|lieu)$/],
];

export function listRoleOf(title: string): ListRole | null {
  const folded = foldText(title).replace(/[.:]$/, '');
  for (const [role, pattern] of LIST_ROLES) if (pattern.test(folded)) return role;
  return null;
}

export type ListColumns = Partial<Record<ListRole, number>>;

/** The header of a list: a row naming a module column, a day or date column and a time column. */
export function findListHeader(rows: readonly string[][]): { row: number; columns: ListColumns } | null {
  for (let r = 0; r < Math.min(rows.length, 15); r += 1) {
    const columns: ListColumns = {};
    (rows[r] ?? []).forEach((cell, c) => {
      const role = listRoleOf(cell);
      if (role !== null && columns[role] === undefined) columns[role] = c;
    });
    const hasTime = columns.start !== undefined || columns.period !== undefined || columns.time !== undefined;
    const hasDay = columns.day !== undefined || columns.date !== undefined;
    if (columns.module !== undefined && hasTime && hasDay) return { row: r, columns };
  }
  return null;
}

/** "2h00", "1h30", "0h55", "1:30", "55 min", "90" (minutes) -> minutes. */
export function parseDuration(text: string): number | null {
  const folded = foldText(text);
  const hm = /^(\d{1,2})\s*(?:h|:)\s*(\d{2})?$/.exec(folded);
  if (hm) return Number(hm[1]) * 60 + Number(hm[2] ?? 0);
  const minutes = /^(\d{1,3})\s*(?:min|mn|minutes?)?$/.exec(folded);
  return minutes ? Number(minutes[1]) : null;
}

/**
 * A list mapped by hand is read more widely than one found by its titles: date-times in the date, start or
 * end column, a row without a start time as a whole-day session, a start without an end lasting `step`.
 */
export interface LenientList {
  wholeDay: MinuteRange;
  step: number;
}

function listDateOrder(rows: readonly string[][], headerRow: number, columns: ListColumns): DateOrder {
  const values: string[] = [];
  for (const role of ['date', 'start', 'end'] as const) {
    const c = columns[role];
    if (c === undefined) continue;
    for (let r = headerRow + 1; r < rows.length && r <= headerRow + 200; r += 1)
      values.push(cellAt(rows, r, c));
  }
  return dateOrderOf(values);
}

/** Reads the courses of a list sheet, with the columns found in its header or given by hand. */
export function readListRows(
  sheet: SheetInput,
  headerRow: number,
  columns: ListColumns,
  context: Pick<ReadContext, 'bell'>,
  options: { lenient?: LenientList } = {},
): ParsedTable[] {
  const { rows } = sheet;
  const at = (r: number, role: ListRole) => {
    const c = columns[role];
    return c === undefined ? '' : cellAt(rows, r, c);
  };
  const { lenient } = options;
  const order = lenient === undefined ? 'dmy' : listDateOrder(rows, headerRow, columns);
  const courses: (Course & { className: string; source: ClassNameSource; week: string | null })[] = [];
  const naming =
    columns.class === undefined ? nameAbove(rows, headerRow, sheet.sheetName, { titles: new Set() }) : null;
  for (let r = headerRow + 1; r < rows.length; r += 1) {
    // A course column may hold the whole cell ("Droit fiscal\nM. Sy\n204") when there is no teacher column.
    const cell = parseCellText(at(r, 'module'))[0];
    const module = cleanText(columns.teacher === undefined ? (cell?.moduleName ?? '') : at(r, 'module'));
    if (module === '') continue;
    // Mapped by hand: ISO and US date-times in the date, start or end column (calendar exports).
    const dated =
      lenient === undefined
        ? null
        : (['date', 'start', 'end'] as const).map((role) => parseDateCell(at(r, role), order));
    const date = parseDayLabel(at(r, 'date'))?.date ?? dated?.find((d) => d !== null)?.date ?? null;
    const day = parseDayLabel(at(r, 'day'))?.day ?? (date !== null ? weekdayOfDate(date) : null);
    if (day === null) continue;
    let start: number | null;
    let end: number | null;
    const time = parseTimeRange(at(r, 'time')) ?? parseTimeRange(at(r, 'start'));
    if (time !== null) {
      start = minutesOf(time.startTime);
      end = minutesOf(time.endTime);
    } else {
      start = parseTimeOfDay(at(r, 'start'));
      end = parseTimeOfDay(at(r, 'end'));
    }
    const period = readTimeLabel(at(r, 'period'), context.bell);
    if (start === null && period !== null && period.kind === 'period') {
      start = period.start;
      end = period.end;
    }
    if (dated !== null) {
      // A date-time is read as one (UTC converted), not as a clock time inside it.
      start = dated[1]?.minutes ?? start ?? dated[0]?.minutes ?? null;
      end = dated[2]?.minutes ?? end;
    }
    // Mapped by hand, a row with no start time at all is a whole-day session at the default hours.
    const noStart = at(r, 'start') === '' && at(r, 'time') === '' && at(r, 'period') === '';
    if (start === null && lenient !== undefined && noStart && dated?.[0]?.minutes == null) {
      start = lenient.wholeDay.start;
      end = lenient.wholeDay.end;
    }
    if (start === null) continue;
    if (end === null) {
      const duration = parseDuration(at(r, 'duration'));
      if (duration !== null && duration > 0) end = start + duration;
      else if (lenient !== undefined) end = Math.min(start + lenient.step, 24 * 60 - 1);
    }
    if (end === null || end <= start) continue;
    const className = cleanText(at(r, 'class')) || naming?.className || cleanText(sheet.sheetName);
    const room = cleanText(at(r, 'room')) || (columns.room === undefined ? (cell?.room ?? '') : '');
    const teacher =
      columns.teacher === undefined ? (cell?.teacherName ?? '') : stripTeacherTitle(at(r, 'teacher'));
    courses.push({
      moduleName: module,
      teacherName: teacher,
      ...(room !== '' ? { room } : {}),
      day,
      start,
      end,
      sourceRow: r,
      sourceColumn: columns.module ?? 0,
      className,
      source: naming?.source ?? 'list',
      week: date !== null ? mondayOfDate(date) : null,
    });
  }
  return tablesFromCourses(
    groupCourses(courses, headerRow, columns.start ?? columns.time ?? -1),
    cleanText(sheet.sheetName),
  );
}

function readList(sheet: SheetInput, context: ReadContext): ParsedTable[] | null {
  const header = findListHeader(sheet.rows);
  if (header === null) return null;
  const tables = readListRows(sheet, header.row, header.columns, context);
  return tables.length > 0 ? tables : null;
}
