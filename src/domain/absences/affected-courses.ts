import { slotOccurrences, type SlotOccurrence } from '../planning/occurrences';
import type { Timetable } from '../store/schema';
import { parseClockTime, parseIsoDate } from '../time/instant';

/**
 * Issue 35, item 1: a teacher's absence, for a whole day (no times) or a time range of one day, and the
 * courses it takes away from her.
 */
export interface AbsenceSpan {
  teacherUserId: string;
  /** 'YYYY-MM-DD'. */
  date: string;
  /** 'HH:MM'; both null: the whole day. */
  startTime: string | null;
  endTime: string | null;
}

const DAY_MIN = 24 * 60;

/** The absence's [start, end) in minutes of its day; null when a time is unreadable or the range empty. */
export function absenceMinutes(absence: Pick<AbsenceSpan, 'startTime' | 'endTime'>): [number, number] | null {
  if (absence.startTime === null && absence.endTime === null) return [0, DAY_MIN];
  const start = absence.startTime === null ? 0 : parseClockTime(absence.startTime);
  const end = absence.endTime === null ? DAY_MIN : parseClockTime(absence.endTime);
  if (start === null || end === null || end <= start) return null;
  return [start, end];
}

/** Two [start, end) ranges meet: a course ending at 10:00 and one starting at 10:00 do not. */
export function rangesOverlap(a: readonly [number, number], b: readonly [number, number]): boolean {
  return a[0] < b[1] && b[0] < a[1];
}

/** Whether the absence covers (even partly) the course of `date` from `startTime` to `endTime`. */
export function absenceCovers(
  absence: AbsenceSpan,
  date: string,
  startTime: string,
  endTime: string,
): boolean {
  if (absence.date !== date) return false;
  const span = absenceMinutes(absence);
  const start = parseClockTime(startTime);
  const end = parseClockTime(endTime);
  if (!span || start === null || end === null) return false;
  return rangesOverlap(span, [start, end]);
}

/** The teacher's courses (not cancelled) that the absence covers, in time order. */
export function affectedCourses(absence: AbsenceSpan, timetables: readonly Timetable[]): SlotOccurrence[] {
  const day = parseIsoDate(absence.date);
  if (!day) return [];
  return slotOccurrences(timetables, { start: day, end: day.plus({ days: 1 }) }).filter(
    (o) =>
      o.slot.teacherUserId === absence.teacherUserId &&
      absenceCovers(absence, o.date, o.slot.startTime, o.slot.endTime),
  );
}
