import type { MinuteRange } from '../grid-reader';
import { tablesOfCourses, type ListCourse } from '../lists/build-tables';
import { readEdtCourses } from './edt';
import { defaultPeriod } from '../lists/read-list';
import { dayOfWord } from '../lists/values';
import { foldText } from '../text';
import type { DayOfWeek, ParsedTable } from '../types';
import { hourTimes } from './fet';

/** A sheet read from a CSV or text file, as the program wrote it. */
interface ProgramSheet {
  sheetName: string;
  rows: string[][];
}

/** Consecutive periods of one course on one day: one course from the first period's start to the last's end. */
function runsOf(periods: readonly number[]): number[][] {
  const runs: number[][] = [];
  for (const p of [...new Set(periods)].sort((a, b) => a - b)) {
    const last = runs.at(-1);
    if (last !== undefined && last.at(-1) === p - 1) last.push(p);
    else runs.push([p]);
  }
  return runs;
}

// ---------------------------------------------------------------------------------------------------------

const FET_COLUMNS = ['activity id', 'day', 'hour', 'students sets', 'subject', 'teachers', 'room'] as const;

/**
 * FET's timetable CSV ("…_timetable.csv": "Activity Id","Day","Hour","Students Sets","Subject","Teachers",
 * "Activity Tags","Room","Comments"), one line per hour of each activity, teachers and student sets joined
 * with "+". The hours of one activity on one day are one course.
 */
export function readFetCsv(
  sheet: ProgramSheet,
  bell: ReadonlyMap<string, MinuteRange>,
): ParsedTable[] | null {
  const header = (sheet.rows[0] ?? []).map((cell) => foldText(cell));
  const at = Object.fromEntries(FET_COLUMNS.map((name) => [name, header.indexOf(name)])) as Record<
    (typeof FET_COLUMNS)[number],
    number
  >;
  if (FET_COLUMNS.some((name) => name !== 'room' && at[name] < 0)) return null;
  const cell = (row: readonly string[], name: (typeof FET_COLUMNS)[number]) =>
    at[name] < 0 ? '' : (row[at[name]] ?? '');
  const rows = sheet.rows.slice(1).filter((row) => cell(row, 'activity id') !== '');
  const hourNames = [...new Set(rows.map((row) => cell(row, 'hour')))];
  const dayNames = [...new Set(rows.map((row) => cell(row, 'day')))];
  // Hours in the order of the day: by their times when they are times, else as they first appear.
  const times = hourTimes(hourNames, bell);
  const order = hourNames
    .map((name, i) => ({ name, time: times[i] ?? defaultPeriod(i + 1) }))
    .sort((a, b) => a.time.start - b.time.start);
  const hourIndex = new Map(order.map((h, i) => [h.name, i]));
  const groups = new Map<string, { row: string[]; day: DayOfWeek; hours: number[]; line: number }>();
  rows.forEach((row, line) => {
    const dayName = cell(row, 'day');
    const day = dayOfWord(dayName) ?? (((dayNames.indexOf(dayName) % 7) + 1) as DayOfWeek);
    const hour = hourIndex.get(cell(row, 'hour'));
    if (hour === undefined) return;
    const key = `${cell(row, 'activity id')}|${day}`;
    const group = groups.get(key) ?? { row, day, hours: [], line: line + 1 };
    group.hours.push(hour);
    groups.set(key, group);
  });
  const courses: ListCourse[] = [];
  for (const { row, day, hours, line } of groups.values()) {
    for (const run of runsOf(hours)) {
      const first = order[run[0] ?? 0]?.time;
      const last = order[run.at(-1) ?? 0]?.time;
      if (first === undefined || last === undefined) continue;
      const room = cell(row, 'room');
      for (const className of cell(row, 'students sets')
        .split('+')
        .map((s) => s.trim())
        .filter(Boolean)) {
        courses.push({
          className,
          moduleName: cell(row, 'subject'),
          teacherName: cell(row, 'teachers').split('+')[0]?.trim() ?? '',
          ...(room !== '' ? { room } : {}),
          day,
          start: first.start,
          end: last.end,
          week: null,
          sourceRow: line,
          sourceColumn: at.subject,
        });
      }
    }
  }
  const tables = tablesOfCourses(courses, sheet.sheetName, 'list');
  return tables.length > 0 ? tables : null;
}

// ---------------------------------------------------------------------------------------------------------

const INTEGER = /^\d{1,6}$/;

/**
 * Untis' GPU001.TXT (the lessons of the timetable, per Untis' documented interface files): no header, one
 * line per lesson period, fields lesson number, class, teacher, subject, room, day (1 = Monday) and period,
 * separated by ";" or ",", texts in quotes. Untis writes no times there: the periods take the school's bell
 * schedule (the one printed in the workbook, or the one saved for the organisation), else the n-th hour from
 * 8:00. Consecutive periods of one lesson on one day are one course.
 */
export function looksLikeUntisGpu001(rows: readonly string[][]): boolean {
  const filled = rows.filter((row) => row.some((c) => c !== ''));
  if (filled.length < 2) return false;
  const fits = filled.filter((row) => {
    const day = Number(row[5]);
    const period = Number(row[6]);
    return (
      row.length >= 7 &&
      INTEGER.test(row[0] ?? '') &&
      Number.isInteger(day) &&
      day >= 1 &&
      day <= 7 &&
      INTEGER.test(row[6] ?? '') &&
      period >= 1 &&
      period <= 24 &&
      (row[3] ?? '') !== ''
    );
  });
  return fits.length >= filled.length * 0.8;
}

export function readUntisGpu001(
  sheet: ProgramSheet,
  bell: ReadonlyMap<string, MinuteRange>,
): ParsedTable[] | null {
  if (!looksLikeUntisGpu001(sheet.rows)) return null;
  const groups = new Map<string, { row: string[]; periods: number[]; line: number }>();
  sheet.rows.forEach((row, line) => {
    if (!INTEGER.test(row[0] ?? '') || !INTEGER.test(row[6] ?? '')) return;
    const key = row.slice(0, 6).join('|');
    const group = groups.get(key) ?? { row, periods: [], line };
    group.periods.push(Number(row[6]));
    groups.set(key, group);
  });
  const timeOf = (period: number) => bell.get(String(period)) ?? defaultPeriod(period);
  const courses: ListCourse[] = [];
  for (const { row, periods, line } of groups.values()) {
    const day = Number(row[5]) as DayOfWeek;
    for (const run of runsOf(periods)) {
      const room = row[4] ?? '';
      courses.push({
        className: row[1] ?? '',
        moduleName: row[3] ?? '',
        teacherName: row[2] ?? '',
        ...(room !== '' ? { room } : {}),
        day,
        start: timeOf(run[0] ?? 1).start,
        end: timeOf(run.at(-1) ?? 1).end,
        week: null,
        sourceRow: line,
        sourceColumn: 3,
      });
    }
  }
  const tables = tablesOfCourses(courses, sheet.sheetName, 'list');
  return tables.length > 0 ? tables : null;
}

/** A sheet written by a timetabling program (FET's CSV, Untis' GPU001, EDT's courses), read by its own reader. */
export function readProgramSheet(
  sheet: ProgramSheet,
  bell: ReadonlyMap<string, MinuteRange>,
): ParsedTable[] | null {
  return readFetCsv(sheet, bell) ?? readUntisGpu001(sheet, bell) ?? readEdtCourses(sheet);
}
