import { parseCellText, stripTeacherTitle, type KnownNames } from './cell-text';
import { findClassLabel, findTextAbove, isTitle, looksLikeClassName } from './class-name';
import {
  datedDayLabel,
  monthAbove,
  mondayOfDate,
  parseDayLabel,
  parseWeekTitle,
  schoolYearOf,
  weekdayOfDate,
  type DayLabel,
} from './dates';
import {
  axisLabels,
  countCourses,
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
import { parseSheet } from './parse-sheet';
import { cellAt, cleanText, foldText } from './text';
import { minutesOf, parseTimeOfDay, parseTimeRange } from './time-range';
import type { ClassNameSource, DayOfWeek, GridMerge, ParsedTable } from './types';

/** The layouts the reader tries on every sheet (spec part 2 point 5 is 'days-across'). */
export type LayoutKind = 'list' | 'days-across' | 'days-down' | 'sheet-day';

export interface SheetInput {
  sheetName: string;
  rows: string[][];
  merges?: readonly GridMerge[] | undefined;
}

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
// Class name of layouts other than the specification's: a "Classe :" label, the text above, the sheet name.

export function nameAbove(
  rows: readonly string[][],
  headerRow: number,
  sheetName: string,
  context: Pick<ReadContext, 'titles'>,
): { className: string; source: ClassNameSource } {
  const floor = Math.max(0, headerRow - 5);
  const label = findClassLabel(rows, floor, headerRow + 1);
  if (label !== null) return { className: label, source: 'label' };
  const above = findTextAbove(rows, floor, headerRow, context.titles);
  if (above !== null && parseWeekTitle(above) === null) return { className: above, source: 'text-above' };
  return { className: cleanText(sheetName), source: 'sheet-name' };
}

export function weekAbove(rows: readonly string[][], headerRow: number): string | null {
  for (let r = headerRow; r >= Math.max(0, headerRow - 6); r -= 1) {
    for (const cell of rows[r] ?? []) {
      const monday = parseWeekTitle(cell);
      if (monday !== null) return monday;
    }
  }
  return null;
}

function timeLabels(
  cells: readonly { position: number; text: string }[],
  bell: ReadonlyMap<string, MinuteRange>,
): (TimeLabel & { end: number })[] {
  return resolveTimeAxis(axisLabels(cells, bell));
}

export function groupCourses(
  courses: readonly (Course & { className: string; source: ClassNameSource; week: string | null })[],
  headerRow: number,
  timeColumn: number,
) {
  const groups = new Map<
    string,
    { key: Parameters<typeof tablesFromCourses>[0][number]['key']; courses: Course[] }
  >();
  for (const course of courses) {
    const id = `${foldText(course.className)}|${course.week ?? ''}`;
    const group = groups.get(id) ?? {
      key: {
        className: course.className,
        source: course.source,
        weekStartDate: course.week,
        headerRow,
        timeColumn,
      },
      courses: [],
    };
    group.courses.push(course);
    groups.set(id, group);
  }
  return [...groups.values()];
}

// ---------------------------------------------------------------------------------------------------------
// Days down the sheet: a column of day labels (weekdays or dates), times across the top or in a column.

const DAY_COLUMN_SEARCH = 6;

export function findDayColumn(
  rows: readonly string[][],
): { column: number; labels: Map<number, DayLabel> } | null {
  for (let c = 0; c < DAY_COLUMN_SEARCH; c += 1) {
    const labels = new Map<number, DayLabel>();
    rows.forEach((row, r) => {
      const label = parseDayLabel(row[c] ?? '');
      if (label !== null) labels.set(r, label);
    });
    if (new Set([...labels.values()].map((l) => l.day)).size >= 3) return { column: c, labels };
  }
  return null;
}

/** Day labels written with their day number only ("Lundi 31"), dated by the month title above them. */
function dateDayNumbers(
  rows: readonly string[][],
  column: number,
  labels: ReadonlyMap<number, DayLabel>,
): Map<number, DayLabel> {
  const dated = new Map(labels);
  const undated = [...labels].filter(
    ([r, label]) => label.date === null && /\d/.test(cellAt(rows, r, column)),
  );
  if (undated.length === 0) return dated;
  const schoolYear = schoolYearOf(rows);
  for (const [r, label] of undated) {
    const date = datedDayLabel(cellAt(rows, r, column), { month: monthAbove(rows, r), schoolYear });
    if (date !== null) dated.set(r, { ...label, date });
  }
  return dated;
}

function readDaysDown(sheet: SheetInput, context: ReadContext): ParsedTable[] {
  const { rows } = sheet;
  const found = findDayColumn(rows);
  if (found === null) return [];
  const dayColumn = found.column;
  const labels = dateDayNumbers(rows, dayColumn, found.labels);
  const firstDayRow = Math.min(...labels.keys());
  // Day of each row: from its label down to the next label (a day merged over its rows, or left blank).
  const dayOfRow = new Map<number, DayLabel>();
  // Rows of one day in a row (a day written on each of its rows, or merged down over them) form a band.
  const bandOfRow = new Map<number, number>();
  let current: DayLabel | null = null;
  let band = 0;
  for (let r = firstDayRow; r < rows.length; r += 1) {
    const label = labels.get(r);
    if (label !== undefined && (current === null || label.day !== current.day || label.date !== current.date))
      band += 1;
    current = label ?? current;
    if (current !== null) {
      dayOfRow.set(r, current);
      bandOfRow.set(r, band);
    }
  }
  const bandRows = [...dayOfRow.keys()];

  // Times across the top: the nearest row above the first day with at least two time labels.
  let headerRow = -1;
  let across: (TimeLabel & { end: number })[] = [];
  for (let r = firstDayRow - 1; r >= Math.max(0, firstDayRow - 10); r -= 1) {
    const cells = (rows[r] ?? [])
      .map((text, position) => ({ position, text }))
      .filter((c) => c.position > dayColumn);
    const axis = timeLabels(cells, context.bell);
    if (axis.length >= 2) {
      headerRow = r;
      across = axis;
      break;
    }
  }
  const naming = nameAbove(
    rows,
    Math.max(0, headerRow >= 0 ? headerRow : firstDayRow - 1),
    sheet.sheetName,
    context,
  );
  const week = weekAbove(rows, Math.max(0, firstDayRow - 1));
  const courses: (Course & { className: string; source: ClassNameSource; week: string | null })[] = [];
  const push = (
    found: Course,
    day: DayLabel,
    className = naming.className,
    source = naming.source,
    laneWeek: string | null = null,
  ) =>
    courses.push({
      ...found,
      className,
      source,
      week: day.date !== null ? mondayOfDate(day.date) : (laneWeek ?? week),
    });

  if (across.length >= 2) {
    for (const r of bandRows) {
      const day = dayOfRow.get(r);
      if (day === undefined) continue;
      for (const label of across) {
        const merge = context.merges.at(r, label.position);
        if (merge !== undefined && merge.left < label.position) continue;
        const text = cellAt(rows, r, label.position);
        if (text === '' || parseDayLabel(text) !== null) continue;
        let end = label.end;
        if (merge !== undefined && merge.right > label.position) {
          end = Math.max(end, across.filter((l) => l.position <= merge.right).at(-1)?.end ?? end);
        }
        for (const course of coursesInCell(
          text,
          { start: label.start, end },
          { known: context.known, readClass: false },
        )) {
          push({ ...course, day: course.day ?? day.day, sourceRow: r, sourceColumn: label.position }, day);
        }
      }
    }
    return tablesFromCourses(groupCourses(courses, headerRow, -1), cleanText(sheet.sheetName));
  }

  // Times in a column beside the days, the courses to their right.
  let timeColumn = -1;
  let down: (TimeLabel & { end: number })[] = [];
  for (let c = 0; c < 12; c += 1) {
    if (c === dayColumn) continue;
    const axis = timeLabels(
      bandRows.map((r) => ({ position: r, text: cellAt(rows, r, c) })),
      context.bell,
    );
    if (axis.length > down.length) {
      down = axis;
      timeColumn = c;
    }
  }
  if (down.length < 2) return [];
  down = endsWithinBands(down, bandOfRow);
  const width = Math.max(...bandRows.map((r) => rows[r]?.length ?? 0));
  const courseColumns = Array.from({ length: width }, (_, c) => c).filter(
    (c) => c !== dayColumn && c !== timeColumn && c > Math.min(dayColumn, timeColumn),
  );
  const header = firstDayRow - 1;
  const lanes = courseColumns.filter((c) => bandRows.some((r) => cellAt(rows, r, c) !== ''));
  // One column per week ("Semaine du 02/09"): each lane is a week of the same class.
  const schoolYear = schoolYearOf(rows);
  const weekOfLane = new Map<number, string>();
  for (const c of lanes) {
    const monday = parseWeekTitle(cellAt(rows, header, c), schoolYear);
    if (monday !== null) weekOfLane.set(c, monday);
  }
  const weekLanes = lanes.length > 1 && weekOfLane.size === lanes.length;
  const classLanes =
    !weekLanes &&
    lanes.length > 1 &&
    lanes.every((c) => {
      const title = cellAt(rows, header, c);
      return (
        title !== '' &&
        looksLikeClassName(title) &&
        !isTitle(title, context.titles) &&
        !GENERIC_COLUMN.test(foldText(title))
      );
    });
  // Each day has its own time rows: a day's time range runs within its band (the labels are per row).
  const endOf = new Map(down.map((label) => [label.position, label]));
  for (const r of bandRows) {
    const day = dayOfRow.get(r);
    const label = endOf.get(r);
    if (day === undefined || label === undefined) continue;
    const texts: { column: number; text: string; end: number }[] = [];
    for (const c of lanes) {
      const merge = context.merges.at(r, c);
      if (merge !== undefined && merge.top < r) continue;
      const text = cellAt(rows, r, c);
      if (text === '') continue;
      let end = label.end;
      if (merge !== undefined && merge.bottom > r) {
        end = Math.max(end, down.filter((l) => l.position <= merge.bottom).at(-1)?.end ?? end);
      }
      texts.push({ column: c, text, end });
    }
    const cells =
      classLanes || weekLanes
        ? texts
        : texts.length === 0
          ? []
          : [
              {
                column: texts[0]?.column ?? 0,
                text: texts.map((t) => t.text).join('\n'),
                end: Math.max(...texts.map((t) => t.end)),
              },
            ];
    for (const cell of cells) {
      const className = classLanes ? cleanText(cellAt(rows, header, cell.column)) : naming.className;
      for (const course of coursesInCell(
        cell.text,
        { start: label.start, end: cell.end },
        { known: context.known, readClass: false },
      )) {
        push(
          { ...course, day: course.day ?? day.day, sourceRow: r, sourceColumn: cell.column },
          day,
          className,
          classLanes ? 'lane' : naming.source,
          weekOfLane.get(cell.column) ?? null,
        );
      }
    }
  }
  return tablesFromCourses(
    groupCourses(courses, Math.max(0, header), timeColumn),
    cleanText(sheet.sheetName),
  );
}

const GENERIC_COLUMN =
  /^(?:cours|matiere|module|enseignement|observations?|remarques?|salle|enseignant|professeur|horaires?|heures?|jour|date)\b/;

// ---------------------------------------------------------------------------------------------------------
// One sheet per day: the day in the sheet name, classes across and times down, or classes down and times
// across.

function readSheetDay(sheet: SheetInput, context: ReadContext): ParsedTable[] {
  const day = parseDayLabel(sheet.sheetName);
  if (day === null) return [];
  const { rows } = sheet;
  const week = day.date !== null ? mondayOfDate(day.date) : weekAbove(rows, 3);
  const across = readSheetDayClassesAcross(rows, day.day, week, context);
  const down = readSheetDayClassesDown(rows, day.day, week, context);
  const best = countCourses(down) > countCourses(across) ? down : across;
  return best.map((table) => ({ ...table, sheetName: cleanText(sheet.sheetName) }));
}

function readSheetDayClassesAcross(
  rows: readonly string[][],
  day: DayOfWeek,
  week: string | null,
  context: ReadContext,
): ParsedTable[] {
  let timeColumn = -1;
  let axis: (TimeLabel & { end: number })[] = [];
  for (let c = 0; c < 4; c += 1) {
    const labels = timeLabels(
      rows.map((row, r) => ({ position: r, text: row[c] ?? '' })),
      context.bell,
    );
    if (labels.length > axis.length) {
      axis = labels;
      timeColumn = c;
    }
  }
  if (axis.length < 2) return [];
  const firstLabelRow = axis[0]?.position ?? 0;
  let header = firstLabelRow - 1;
  while (header > 0 && (rows[header] ?? []).every((cell) => cell === '')) header -= 1;
  const headerCells = rows[header] ?? [];
  const lanes = headerCells
    .map((title, column) => ({ title: cleanText(title.split(/[\r\n]/)[0] ?? ''), column }))
    .filter(({ title, column }) => column > timeColumn && title !== '' && looksLikeClassName(title));
  const courses: (Course & { className: string; source: ClassNameSource; week: string | null })[] = [];
  for (const label of axis) {
    for (const lane of lanes) {
      const r = label.position;
      const merge = context.merges.at(r, lane.column);
      if (merge !== undefined && merge.top < r) continue;
      const text = cellAt(rows, r, lane.column);
      if (text === '') continue;
      let end = label.end;
      if (merge !== undefined && merge.bottom > r)
        end = Math.max(end, axis.filter((l) => l.position <= merge.bottom).at(-1)?.end ?? end);
      for (const course of coursesInCell(
        text,
        { start: label.start, end },
        { known: context.known, readClass: false },
      )) {
        courses.push({
          ...course,
          day: course.day ?? day,
          sourceRow: r,
          sourceColumn: lane.column,
          className: lane.title,
          source: 'lane',
          week,
        });
      }
    }
  }
  return tablesFromCourses(groupCourses(courses, header, timeColumn), '');
}

function readSheetDayClassesDown(
  rows: readonly string[][],
  day: DayOfWeek,
  week: string | null,
  context: ReadContext,
): ParsedTable[] {
  let header = -1;
  let axis: (TimeLabel & { end: number })[] = [];
  for (let r = 0; r < Math.min(rows.length, 10); r += 1) {
    const labels = timeLabels(
      (rows[r] ?? []).map((text, position) => ({ position, text })),
      context.bell,
    );
    if (labels.length >= 2) {
      header = r;
      axis = labels;
      break;
    }
  }
  if (header < 0) return [];
  const firstTimeColumn = axis[0]?.position ?? 1;
  const courses: (Course & { className: string; source: ClassNameSource; week: string | null })[] = [];
  for (let r = header + 1; r < rows.length; r += 1) {
    const className = cleanText(
      [...(rows[r] ?? []).slice(0, firstTimeColumn)].reverse().find((cell) => looksLikeClassName(cell)) ?? '',
    );
    if (className === '') continue;
    for (const label of axis) {
      const merge = context.merges.at(r, label.position);
      if (merge !== undefined && merge.left < label.position) continue;
      const text = cellAt(rows, r, label.position);
      if (text === '') continue;
      let end = label.end;
      if (merge !== undefined && merge.right > label.position)
        end = Math.max(end, axis.filter((l) => l.position <= merge.right).at(-1)?.end ?? end);
      for (const course of coursesInCell(
        text,
        { start: label.start, end },
        { known: context.known, readClass: false },
      )) {
        courses.push({
          ...course,
          day: course.day ?? day,
          sourceRow: r,
          sourceColumn: label.position,
          className,
          source: 'lane',
          week,
        });
      }
    }
  }
  return tablesFromCourses(groupCourses(courses, header, -1), '');
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

/** Reads the courses of a list sheet, with the columns found in its header or given by hand. */
export function readListRows(
  sheet: SheetInput,
  headerRow: number,
  columns: ListColumns,
  context: Pick<ReadContext, 'bell'>,
): ParsedTable[] {
  const { rows } = sheet;
  const at = (r: number, role: ListRole) => {
    const c = columns[role];
    return c === undefined ? '' : cellAt(rows, r, c);
  };
  const courses: (Course & { className: string; source: ClassNameSource; week: string | null })[] = [];
  const naming =
    columns.class === undefined ? nameAbove(rows, headerRow, sheet.sheetName, { titles: new Set() }) : null;
  for (let r = headerRow + 1; r < rows.length; r += 1) {
    // A course column may hold the whole cell ("Droit fiscal\nM. Sy\n204") when there is no teacher column.
    const cell = parseCellText(at(r, 'module'))[0];
    const module = cleanText(columns.teacher === undefined ? (cell?.moduleName ?? '') : at(r, 'module'));
    if (module === '') continue;
    const date = parseDayLabel(at(r, 'date'))?.date ?? null;
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
    if (start === null) continue;
    if (end === null) {
      const duration = parseDuration(at(r, 'duration'));
      if (duration !== null && duration > 0) end = start + duration;
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

/**
 * Start times down a column of day bands: a course lasts until the next start of its own day; the last one
 * of a day for the usual step of that day (a time written again for each day must not run into the next).
 */
function endsWithinBands(
  axis: readonly (TimeLabel & { end: number })[],
  bandOfRow: ReadonlyMap<number, number>,
): (TimeLabel & { end: number })[] {
  const bands = new Map<number, (TimeLabel & { end: number })[]>();
  for (const label of axis) {
    const band = bandOfRow.get(label.position) ?? -1;
    bands.set(band, [...(bands.get(band) ?? []), label]);
  }
  if (bands.size < 2) return [...axis];
  const ends = new Map<number, number>();
  for (const labels of bands.values()) {
    if (labels.length < 2) continue;
    const resolved = resolveTimeAxis(labels.map((l) => ({ ...l, end: l.kind === 'start' ? null : l.end })));
    for (const label of resolved) ends.set(label.position, label.end);
  }
  return axis.map((label) => ({ ...label, end: ends.get(label.position) ?? label.end }));
}
