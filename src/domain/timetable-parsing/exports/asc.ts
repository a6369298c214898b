import type { MinuteRange } from '../grid-reader';
import { tablesOfCourses, type ListCourse } from '../lists/build-tables';
import { defaultPeriod } from '../lists/read-list';
import { parseClockCell } from '../lists/values';
import type { DayOfWeek, ParsedTable } from '../types';
import { descendants, type XmlElement } from './xml';

/**
 * aSc Timetables' XML export (public format of its "XML import/export": <timetable> with <periods>,
 * <subjects>, <teachers>, <classrooms>, <classes>, <lessons> and <cards>). A card places a lesson: its
 * `period` (the period's number, with the start and end times of <periods>) and its `days` as a mask
 * ("10000" = Monday, "00100" = Wednesday), or a `day` number in older exports; the lesson gives the subject,
 * the teachers, the classes and how many periods a card lasts (`periodspercard`). Each class of a lesson gets
 * the course; cards of one lesson on consecutive periods of a day are one course.
 */
export function isAscTimetable(root: XmlElement): boolean {
  return (
    root.name.toLowerCase() === 'timetable' &&
    descendants(root, 'cards').length > 0 &&
    descendants(root, 'lessons').length > 0
  );
}

function byId(root: XmlElement, name: string): Map<string, XmlElement> {
  return new Map(descendants(root, name).map((e) => [e.attributes.id ?? '', e]));
}

const ids = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');

function nameOf(element: XmlElement | undefined): string {
  if (element === undefined) return '';
  const { name, firstname, lastname, short } = element.attributes;
  if (name !== undefined && name.trim() !== '') return name.trim();
  const full = [firstname, lastname].filter((p) => p !== undefined && p.trim() !== '').join(' ');
  return full !== '' ? full.trim() : (short ?? '').trim();
}

function daysOf(card: XmlElement, zeroBased: boolean): DayOfWeek[] {
  const mask = card.attributes.days;
  if (mask !== undefined && /^[01]+$/.test(mask)) {
    const days: DayOfWeek[] = [];
    for (let i = 0; i < Math.min(mask.length, 7); i += 1)
      if (mask[i] === '1') days.push((i + 1) as DayOfWeek);
    return days;
  }
  const day = Number(card.attributes.day);
  if (!Number.isInteger(day)) return [];
  const n = zeroBased ? day + 1 : day;
  return n >= 1 && n <= 7 ? [n as DayOfWeek] : [];
}

export function readAscTimetable(root: XmlElement, bell: ReadonlyMap<string, MinuteRange>): ParsedTable[] {
  const periods = new Map<number, MinuteRange>();
  for (const period of descendants(root, 'period')) {
    const n = Number(period.attributes.period ?? period.attributes.name);
    const start = parseClockCell(period.attributes.starttime ?? '');
    const end = parseClockCell(period.attributes.endtime ?? '');
    if (Number.isInteger(n) && start !== null && end !== null && end > start) periods.set(n, { start, end });
  }
  const timesOf = (n: number) => periods.get(n) ?? bell.get(String(n)) ?? defaultPeriod(Math.max(1, n));
  const subjects = byId(root, 'subject');
  const teachers = byId(root, 'teacher');
  const rooms = byId(root, 'classroom');
  const classes = byId(root, 'class');
  const lessons = byId(root, 'lesson');
  const cards = descendants(root, 'card');
  const zeroBased = cards.some((card) => card.attributes.days === undefined && card.attributes.day === '0');

  // Placed periods per lesson and day, merged into runs of consecutive periods.
  const placed = new Map<
    string,
    { lesson: XmlElement; day: DayOfWeek; periods: Set<number>; room: string }
  >();
  for (const card of cards) {
    const lesson = lessons.get(card.attributes.lessonid ?? '');
    const first = Number(card.attributes.period);
    if (lesson === undefined || !Number.isInteger(first)) continue;
    const length = Math.max(1, Math.min(12, Number(lesson.attributes.periodspercard) || 1));
    const room = ids(card.attributes.classroomids ?? lesson.attributes.classroomids)
      .map((id) => nameOf(rooms.get(id)))
      .filter((r) => r !== '')
      .join(', ');
    for (const day of daysOf(card, zeroBased)) {
      const key = `${card.attributes.lessonid}|${day}`;
      const entry = placed.get(key) ?? { lesson, day, periods: new Set<number>(), room };
      for (let p = first; p < first + length; p += 1) entry.periods.add(p);
      placed.set(key, entry);
    }
  }
  const courses: ListCourse[] = [];
  let row = 0;
  for (const { lesson, day, periods: set, room } of placed.values()) {
    const moduleName = nameOf(subjects.get(lesson.attributes.subjectid ?? ''));
    const teacherName = ids(lesson.attributes.teacherids)
      .map((id) => nameOf(teachers.get(id)))
      .filter((t) => t !== '')[0];
    const classNames = ids(lesson.attributes.classids)
      .map((id) => nameOf(classes.get(id)))
      .filter((c) => c !== '');
    const sorted = [...set].sort((a, b) => a - b);
    const runs: number[][] = [];
    for (const p of sorted) {
      const last = runs.at(-1);
      if (last !== undefined && last.at(-1) === p - 1) last.push(p);
      else runs.push([p]);
    }
    for (const run of runs) {
      const start = timesOf(run[0] ?? 1).start;
      const end = timesOf(run.at(-1) ?? 1).end;
      for (const className of classNames.length > 0 ? classNames : ['']) {
        courses.push({
          className,
          moduleName,
          teacherName: teacherName ?? '',
          ...(room !== '' ? { room } : {}),
          day,
          start,
          end,
          week: null,
          sourceRow: (row += 1),
          sourceColumn: 0,
        });
      }
    }
  }
  return tablesOfCourses(courses, 'aSc Timetables', 'list');
}
