import { looksLikeRoom, type CellCourse } from '../cell-text';
import { looksLikeClassName, trailingClassCode } from '../class-name';
import { blockAt, blockCourses } from '../course-block';
import { mondayOfDate, parseDayLabel } from '../dates';
import { countCourses, tablesFromCourses, type ReadContext, type TimeLabel } from '../grid-reader';
import { cellAt, cleanText, foldText } from '../text';
import type { DayOfWeek, ParsedTable } from '../types';
import { groupCourses, timeLabels, weekAbove, type PlacedCourse, type SheetInput } from './shared';

// ---------------------------------------------------------------------------------------------------------
// One sheet per day: the day in the sheet name, classes across and times down, or classes down and times
// across.

export function readSheetDay(sheet: SheetInput, context: ReadContext): ParsedTable[] {
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
  const courses: PlacedCourse[] = [];
  for (const label of axis) {
    for (const lane of lanes) {
      const r = label.position;
      const block = blockAt(rows, context.merges, r, lane.column, 'down', axis, label.end);
      if (block === null) continue;
      const place = { day, start: label.start, sourceRow: r, sourceColumn: lane.column };
      for (const course of blockCourses(block, place, { known: context.known, readClass: false })) {
        courses.push({ ...course, className: lane.title, source: 'lane', week });
      }
    }
  }
  return tablesFromCourses(groupCourses(courses, header, timeColumn), '');
}

// A master timetable of one day with one row per room (family: faculty timetables by room and period —
// fast-nuces "E-1 CS (50)", "CS LAB-1 (56)"): the row names a room when its label column is titled as rooms
// ("Venues", "Salles", "Rooms") or the label looks like a room (a room code, a capacity in brackets). The
// class is then in the cell: a line of its own, or the section code that ends the course line ("DAA
// BCS-5C").
const ROOMS_TITLE = /\b(?:venues?|rooms?|salles?|locaux|local|lieux?|classrooms?)\b/;
const CAPACITY = /\(\s*\d{1,4}\s*\)\s*$/;

function isRoomRow(label: string, columnTitle: string, known: ReadContext['known']): boolean {
  return ROOMS_TITLE.test(foldText(columnTitle)) || CAPACITY.test(label) || looksLikeRoom(label, known);
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
  const courses: PlacedCourse[] = [];
  for (let r = header + 1; r < rows.length; r += 1) {
    const before = (rows[r] ?? []).slice(0, firstTimeColumn);
    const labelColumn = before.findLastIndex((cell) => looksLikeClassName(cell));
    if (labelColumn < 0) continue;
    const label = cleanText(before[labelColumn] ?? '');
    const byRoom = isRoomRow(label, cellAt(rows, header, labelColumn), context.known);
    for (const time of axis) {
      const block = blockAt(rows, context.merges, r, time.position, 'across', axis, time.end);
      if (block === null) continue;
      const place = { day, start: time.start, sourceRow: r, sourceColumn: time.position };
      for (const course of blockCourses(block, place, { known: context.known, readClass: byRoom })) {
        const inCell = byRoom ? classInCourse(course) : null;
        courses.push({
          ...course,
          ...(inCell?.moduleName !== undefined ? { moduleName: inCell.moduleName } : {}),
          ...(inCell?.teacherName !== undefined ? { teacherName: inCell.teacherName } : {}),
          ...(byRoom && course.room === undefined ? { room: label } : {}),
          className: inCell?.className ?? label,
          source: inCell === null ? 'lane' : 'cell',
          week,
        });
      }
    }
  }
  return tablesFromCourses(groupCourses(courses, header, -1), '');
}

/** The class of a course read in a grid by room: its own line, else the section code ending the module. */
function classInCourse(
  course: CellCourse,
): { className: string; moduleName?: string; teacherName?: string } | null {
  if (course.className !== undefined && course.className !== '')
    return { className: cleanText(course.className) };
  const split = trailingClassCode(course.moduleName);
  if (split === null) return null;
  return {
    className: split.classCode,
    moduleName: split.rest,
    ...(course.teacherName === '' && split.after !== '' ? { teacherName: split.after } : {}),
  };
}
