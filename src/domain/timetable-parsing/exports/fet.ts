import type { MinuteRange } from '../grid-reader';
import { tablesOfCourses, type ListCourse } from '../lists/build-tables';
import { defaultPeriod } from '../lists/read-list';
import { dayOfWord, parseClockCell } from '../lists/values';
import { minutesOf, parseTimeRange } from '../time-range';
import type { DayOfWeek, ParsedTable } from '../types';
import { childText, childTexts, descendants, type XmlElement } from './xml';

/**
 * FET's .fet file with its timetable (public format of FET, the free timetabling program: the
 * "…_data_and_timetable.fet" it writes, or any .fet whose activities are placed). <Days_List> and
 * <Hours_List> name the days and hours in order; each <Activity> has its <Teacher>s, <Subject>, <Students>
 * sets, <Duration> in hours and <Id>; a <ConstraintActivityPreferredStartingTime> at 100 % places it on a
 * <Preferred_Day> and <Preferred_Hour>, a <ConstraintActivityPreferredRoom> in a room. Hour names that are
 * times ("08:00", "08:00-08:45") give the times; other names ("1", "A") are periods of the bell schedule.
 */
export function isFetFile(root: XmlElement): boolean {
  return root.name.toLowerCase() === 'fet' && descendants(root, 'Activities_List').length > 0;
}

/** Times of each hour of the day, in order: from the hours' names, else the period's position. */
export function hourTimes(names: readonly string[], bell: ReadonlyMap<string, MinuteRange>): MinuteRange[] {
  const starts = names.map((name) => {
    const range = parseTimeRange(name);
    if (range !== null) return { start: minutesOf(range.startTime), end: minutesOf(range.endTime) };
    const start = parseClockCell(name);
    return start === null ? null : { start, end: null as number | null };
  });
  const timed = starts.filter((s) => s !== null).length;
  return names.map((name, i) => {
    const own = starts[i];
    if (timed * 2 >= names.length && own !== null && own !== undefined) {
      if (own.end !== null) return { start: own.start, end: own.end };
      const next = starts.slice(i + 1).find((s) => s !== null && s.start > own.start);
      return { start: own.start, end: next?.start ?? own.start + 60 };
    }
    const label = /^\(?(\d{1,2})\)?$/.exec(name.trim())?.[1];
    return (label !== undefined ? bell.get(String(Number(label))) : undefined) ?? defaultPeriod(i + 1);
  });
}

export function readFetFile(root: XmlElement, bell: ReadonlyMap<string, MinuteRange>): ParsedTable[] {
  const dayNames = descendants(root, 'Days_List').flatMap((list) =>
    descendants(list, 'Day').map((day) => childText(day, 'Name')),
  );
  const hourNames = descendants(root, 'Hours_List').flatMap((list) =>
    descendants(list, 'Hour').map((hour) => childText(hour, 'Name')),
  );
  const hours = hourTimes(hourNames, bell);
  const dayOf = (name: string): DayOfWeek | null => {
    const named = dayOfWord(name);
    if (named !== null) return named;
    const index = dayNames.indexOf(name);
    return index >= 0 && index < 7 ? ((index + 1) as DayOfWeek) : null;
  };
  const rooms = new Map<string, string>();
  for (const constraint of descendants(root, 'ConstraintActivityPreferredRoom')) {
    if (childText(constraint, 'Active') === 'false') continue;
    rooms.set(childText(constraint, 'Activity_Id'), childText(constraint, 'Room'));
  }
  const placed = new Map<string, { day: DayOfWeek; hour: number }>();
  for (const constraint of descendants(root, 'ConstraintActivityPreferredStartingTime')) {
    if (childText(constraint, 'Active') === 'false') continue;
    if (Number(childText(constraint, 'Weight_Percentage') || '100') < 100) continue;
    const day = dayOf(childText(constraint, 'Preferred_Day'));
    const hour = hourNames.indexOf(childText(constraint, 'Preferred_Hour'));
    if (day !== null && hour >= 0) placed.set(childText(constraint, 'Activity_Id'), { day, hour });
  }
  const courses: ListCourse[] = [];
  descendants(root, 'Activity').forEach((activity, row) => {
    if (childText(activity, 'Active') === 'false') return;
    const id = childText(activity, 'Id');
    const place = placed.get(id);
    if (place === undefined) return;
    const duration = Math.max(1, Number(childText(activity, 'Duration')) || 1);
    const first = hours[place.hour];
    const last = hours[Math.min(hours.length - 1, place.hour + duration - 1)];
    if (first === undefined || last === undefined) return;
    const room = rooms.get(id) ?? '';
    for (const className of childTexts(activity, 'Students')) {
      courses.push({
        className,
        moduleName: childText(activity, 'Subject'),
        teacherName: childTexts(activity, 'Teacher')[0] ?? '',
        ...(room !== '' ? { room } : {}),
        day: place.day,
        start: first.start,
        end: last.end,
        week: null,
        sourceRow: row,
        sourceColumn: 0,
      });
    }
  });
  return tablesOfCourses(courses, 'FET', 'list');
}
