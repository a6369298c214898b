import {
  countCourses,
  coursesInCell,
  tablesFromCourses,
  type Course,
  type ReadContext,
  type TimeLabel,
} from '../grid-reader';
import { looksLikeClassName } from '../class-name';
import { mondayOfDate, parseDayLabel } from '../dates';
import { cellAt, cleanText } from '../text';
import type { ClassNameSource, DayOfWeek, ParsedTable } from '../types';
import { groupCourses, timeLabels, weekAbove, type SheetInput } from './shared';

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
