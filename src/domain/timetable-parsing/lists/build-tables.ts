import { cleanText, foldText } from '../text';
import { formatHhMm } from '../time-range';
import type { ClassNameSource, DayOfWeek, ParsedCell, ParsedRow, ParsedTable } from '../types';

/** One course read from a list line or a program export, before it is put into tables. */
export interface ListCourse {
  className: string;
  moduleName: string;
  /** '' when the file names no teacher: the course is imported "à affecter". */
  teacherName: string;
  room?: string;
  day: DayOfWeek;
  /** Minutes after midnight. */
  start: number;
  end: number;
  /** Monday ('YYYY-MM-DD') of the dated week, when the file dates the course. */
  week: string | null;
  sourceRow: number;
  sourceColumn: number;
}

/**
 * Parsed tables from courses: one table per class and dated week, one row per start and end time. The same
 * course written on several lines (one per instructor of a section, as ERP exports write it; the same
 * section repeated) is one course, with the first teacher named.
 */
export function tablesOfCourses(
  courses: readonly ListCourse[],
  sheetName: string,
  source: ClassNameSource,
  headerRow = 0,
  timeColumn = -1,
): ParsedTable[] {
  const tables = new Map<string, { table: ParsedTable; rows: Map<string, ParsedRow>; seen: Set<string> }>();
  for (const course of courses) {
    const className = cleanText(course.className);
    const moduleName = cleanText(course.moduleName);
    if (className === '' || moduleName === '' || course.end <= course.start) continue;
    const tableKey = `${foldText(className)}|${course.week ?? ''}`;
    let entry = tables.get(tableKey);
    if (entry === undefined) {
      const table: ParsedTable = {
        className,
        rows: [],
        sheetName,
        headerRow,
        timeColumn,
        classNameSource: source,
      };
      if (course.week !== null) table.weekStartDate = course.week;
      entry = { table, rows: new Map(), seen: new Set() };
      tables.set(tableKey, entry);
    }
    const courseKey = [course.day, course.start, course.end, foldText(moduleName)].join('|');
    if (entry.seen.has(courseKey)) continue;
    entry.seen.add(courseKey);
    const rowKey = `${course.start}|${course.end}`;
    let row = entry.rows.get(rowKey);
    if (row === undefined) {
      row = {
        startTime: formatHhMm(course.start),
        endTime: formatHhMm(course.end),
        cells: { 1: [], 2: [], 3: [], 4: [], 5: [], 6: [], 7: [] },
        sourceRow: course.sourceRow,
      };
      entry.rows.set(rowKey, row);
      entry.table.rows.push(row);
    }
    const cell: ParsedCell = {
      moduleName,
      teacherName: cleanText(course.teacherName),
      sourceColumn: course.sourceColumn,
    };
    const room = cleanText(course.room ?? '');
    if (room !== '') cell.room = room;
    row.cells[course.day].push(cell);
  }
  return [...tables.values()].map(({ table }) => ({
    ...table,
    rows: [...table.rows].sort(
      (a, b) => a.startTime.localeCompare(b.startTime) || a.endTime.localeCompare(b.endTime),
    ),
  }));
}
