import { tablesOfCourses, type ListCourse } from '../lists/build-tables';
import { foldText } from '../text';
import type { DayOfWeek, ParsedTable } from '../types';
import {
  EDT_DURATION,
  edtDay,
  edtDuration,
  edtStart,
  edtTeachers,
  findEdtHeader,
  isEdtWeekPattern,
  splitList,
  type EdtColumns,
  type EdtField,
  type EdtHeader,
} from './edt-columns';
import { parseXml, type XmlElement } from './xml';

/**
 * EDT/PRONOTE course exports (Index Éducation; issue 30 item 3), read by their own module from the course
 * export's description given in edt-columns.ts: one course per record, its day, its start ("09h00") and its
 * duration ("1h30") rather than an end, several teachers or classes of a shared course in one cell, a week
 * pattern ("H", "Q1", "Q2"). Three carriers of the same records: the XML file (<TABLE nom="Cours"> with one
 * <Cours> per course), the ";" text file and the spreadsheet, whose header row names the fields.
 *
 * Rule added (family: EDT's course exports, EXP_COURS.xml/.csv/.txt/.xlsx, and EDT's course list copied to a
 * spreadsheet): a sheet is EDT's when its header names a subject, a day, a start and a duration (no end) and
 * either has two of EDT's own column names (MAT_CODE, PROF_NOM, H.DEBUT, CO-ENS., …), or has a week-pattern
 * column and writes its durations and starts EDT's way ("1h30", "08h00"). An ordinary list ("Jour",
 * "Début", "Fin", "Matière") is never taken: it goes on to the list reader as before.
 *
 * Not kept: the week pattern. A course of "Q1" or "Q2" (one week in two) is imported as a weekly slot, as the
 * application has no A/B weeks (said in README). Courses not placed (no day or start, "DISPOS" hours without a
 * class) are skipped, as EDT itself leaves them out of the timetable.
 */

/** A sheet as the program wrote it (rows of trimmed texts). */
export interface EdtSheet {
  sheetName: string;
  rows: string[][];
}

export type EdtProblem = 'edt-empty' | 'edt-truncated';

export type EdtReading = { kind: 'read'; tables: ParsedTable[] } | { kind: 'problem'; reason: EdtProblem };

const SHARE = 0.8;

function cellOf(row: readonly string[], columns: EdtColumns, field: EdtField): string {
  const at = columns[field];
  return at === undefined ? '' : (row[at] ?? '').trim();
}

function share(values: readonly string[], test: (value: string) => boolean): number {
  return values.length === 0 ? 0 : values.filter(test).length / values.length;
}

/**
 * Whether a sheet whose header names a course's fields is EDT's (the rule in the module comment): two of
 * EDT's own names, or a week-pattern column with durations and starts written EDT's way.
 */
function isEdtSheet(header: EdtHeader, data: readonly (readonly string[])[]): boolean {
  if (header.ownNames >= 2) return true;
  if (header.columns.frequency === undefined) return false;
  const filled = (field: EdtField) =>
    data.map((row) => cellOf(row, header.columns, field)).filter((v) => v !== '');
  const durations = filled('duration');
  const starts = filled('start');
  const weeks = filled('frequency');
  return (
    durations.length > 0 &&
    share(durations, (v) => EDT_DURATION.test(foldText(v))) >= SHARE &&
    share(starts, (v) => /^\d{1,2}h\d{2}$/.test(foldText(v))) >= SHARE &&
    share(weeks, isEdtWeekPattern) >= SHARE
  );
}

/**
 * A file cut short (a download or a copy stopped midway): its last line has fewer fields than the header
 * while every other line has them all (EDT writes every field of every course), and what is missing is part
 * of the course (a field of the course lies beyond the cut, or the line no longer reads as a placed course).
 * A last line that only lacks trailing optional fields (EFFECTIF) is a whole course.
 */
function isCutShort(header: EdtHeader, headerLength: number, data: readonly (readonly string[])[]): boolean {
  const last = data.at(-1);
  if (last === undefined || last.length >= headerLength) return false;
  if (!data.slice(0, -1).every((row) => row.length >= headerLength)) return false;
  const courseFields: EdtField[] = ['subjectCode', 'subjectName', 'classes', 'day', 'start', 'duration'];
  const beyond = courseFields.some((field) => (header.columns[field] ?? -1) >= last.length);
  return beyond || placedCourse(last, header.columns) === null;
}

/** Day, start and duration of a line placed in the timetable; null for a course not placed. */
function placedCourse(
  row: readonly string[],
  columns: EdtColumns,
): { day: DayOfWeek; start: number; duration: number } | null {
  const day = edtDay(cellOf(row, columns, 'day'));
  const start = edtStart(cellOf(row, columns, 'start'));
  const duration = edtDuration(cellOf(row, columns, 'duration'));
  return day === null || start === null || duration === null ? null : { day, start, duration };
}

function isBlank(row: readonly string[]): boolean {
  return row.every((cell) => cell.trim() === '');
}

/** A line of ";" or tab text split into fields, quotes removed; an unclosed quote runs to the end (a cut). */
function splitLine(line: string, separator: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const ch = line[i] ?? '';
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field.trim() === '') quoted = true;
    else if (ch === separator) {
      fields.push(field.trim());
      field = '';
    } else field += ch;
  }
  fields.push(field.trim());
  return fields;
}

/**
 * The rows of a ";" or tab EDT text file that the CSV reader split at its commas (it guesses the separator, and
 * a line cut inside a quoted "LEROY, PETIT" misleads it): each row joined back and split at EDT's separator.
 * The rows as they are when their header is already EDT's or when no separator gives an EDT header.
 */
function withEdtSeparator(rows: readonly string[][]): readonly string[][] {
  if (findEdtHeader(rows) !== null) return rows;
  for (const separator of [';', '\t']) {
    const split = rows.slice(0, 10).map((row) => splitLine(row.join(','), separator));
    if (findEdtHeader(split) !== null) return rows.map((row) => splitLine(row.join(','), separator));
  }
  return rows;
}

/** The courses of one EDT sheet, or its problem; null when the sheet is not an EDT export. */
export function readEdtSheet(input: EdtSheet): EdtReading | null {
  const sheet = { sheetName: input.sheetName, rows: withEdtSeparator(input.rows) };
  const header = findEdtHeader(sheet.rows);
  if (header === null) return null;
  const data = sheet.rows.slice(header.row + 1).filter((row) => !isBlank(row));
  if (!isEdtSheet(header, data)) return null;
  const headerLength = (sheet.rows[header.row] ?? []).length;
  if (isCutShort(header, headerLength, data)) return { kind: 'problem', reason: 'edt-truncated' };
  const { columns } = header;
  const subjectColumn = columns.subjectName ?? columns.subjectCode ?? 0;
  const courses: ListCourse[] = [];
  sheet.rows.forEach((row, index) => {
    if (index <= header.row || isBlank(row)) return;
    // Not placed in the timetable: no day, no start or no duration.
    const placed = placedCourse(row, columns);
    if (placed === null) return;
    const { day, start, duration } = placed;
    const moduleName = cellOf(row, columns, 'subjectName') || cellOf(row, columns, 'subjectCode');
    const classes = splitList(cellOf(row, columns, 'classes'));
    const teachers = edtTeachers(
      cellOf(row, columns, 'teacherLast'),
      cellOf(row, columns, 'teacherFirst'),
      cellOf(row, columns, 'teachers'),
    );
    const room = cellOf(row, columns, 'room');
    classes.forEach((className, i) => {
      // Classes and teachers of a merged course go together in order; else the first teacher teaches all.
      const teacherName = (teachers.length === classes.length ? teachers[i] : teachers[0]) ?? '';
      courses.push({
        className,
        moduleName,
        teacherName,
        ...(room !== '' ? { room } : {}),
        day,
        start,
        end: Math.min(start + duration, 24 * 60 - 1),
        week: null,
        sourceRow: index,
        sourceColumn: subjectColumn,
      });
    });
  });
  const tables = tablesOfCourses(courses, sheet.sheetName, 'list', header.row, columns.start ?? -1);
  return tables.length > 0 ? { kind: 'read', tables } : { kind: 'problem', reason: 'edt-empty' };
}

/** The tables of an EDT sheet, for the program readers; null for any other sheet or a sheet with a problem. */
export function readEdtCourses(sheet: EdtSheet): ParsedTable[] | null {
  const reading = readEdtSheet(sheet);
  return reading?.kind === 'read' ? reading.tables : null;
}

/**
 * Why a workbook's EDT export gives nothing the school can import: cut short (whatever the other sheets
 * hold: part of a timetable must not pass for all of it), or no placed course; null otherwise.
 */
export function edtSheetsProblem(sheets: readonly EdtSheet[]): EdtProblem | null {
  let problem: EdtProblem | null = null;
  for (const sheet of sheets) {
    const reading = readEdtSheet(sheet);
    if (reading?.kind !== 'problem') continue;
    if (reading.reason === 'edt-truncated') return reading.reason;
    problem = reading.reason;
  }
  return problem;
}

// ---------------------------------------------------------------------------------------------------------
// The XML carrier: <TABLE nom="Cours"><Cours numero="24"><NUMERO>24</NUMERO><DUREE>1h00</DUREE>…</Cours>…

const EDT_XML_HEAD = /<table\b[^>]*\bnom\s*=\s*["']cours["']|<cours[\s>]/;

/** Whether the beginning of an XML text (folded to lower case) is EDT's course export. */
export function mayBeEdtXml(head: string): boolean {
  return EDT_XML_HEAD.test(head);
}

function isEdtXmlRoot(root: XmlElement): boolean {
  return (
    root.name.toLowerCase() === 'table' &&
    (foldText(root.attributes.nom ?? '') === 'cours' ||
      root.children.some((child) => child.name.toLowerCase() === 'cours'))
  );
}

/** The records of the XML as a sheet: one column per field name, in the order they first appear. */
function sheetOfXml(root: XmlElement): EdtSheet {
  const records = root.children.filter((child) => child.name.toLowerCase() === 'cours');
  const names: string[] = [];
  for (const record of records) {
    for (const field of record.children) if (!names.includes(field.name)) names.push(field.name);
  }
  const rows = records.map((record) =>
    names.map((name) => record.children.find((field) => field.name === name)?.text.trim() ?? ''),
  );
  return { sheetName: 'EDT', rows: [names, ...rows] };
}

/**
 * EDT's course export in XML: the courses, the problem (cut short: not closed by </TABLE> or broken inside a
 * tag; no placed course), or null when the text is not EDT's.
 */
export function readEdtXml(text: string): EdtReading | null {
  const clean = text.replace(/^\uFEFF/, '');
  const head = clean.trimStart().slice(0, 4000).toLowerCase();
  if (!mayBeEdtXml(head)) return null;
  const root = parseXml(clean);
  if (root === null) return { kind: 'problem', reason: 'edt-truncated' };
  if (!isEdtXmlRoot(root)) return null;
  if (!/<\/table\s*>\s*$/i.test(clean)) return { kind: 'problem', reason: 'edt-truncated' };
  const sheet = sheetOfXml(root);
  if (sheet.rows.length <= 1) return { kind: 'problem', reason: 'edt-empty' };
  return readEdtSheet(sheet) ?? { kind: 'problem', reason: 'edt-empty' };
}
