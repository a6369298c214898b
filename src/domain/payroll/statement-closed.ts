import {
  closureCovering,
  isMonthKey,
  slotDates,
  type ClosureLike,
  type MonthKey,
  type TimetablePeriod,
} from './closing';

/**
 * When a teacher's payroll statement of a month is closed (issue 32): months are closed for the whole
 * organisation or per institute (domain/payroll/closing.ts), and a teacher may teach in classes of several
 * institutes. Her statement is final, and she may answer it, only when none of its hours can change any more:
 * - every course of hers in that month belongs to a class whose institute is covered by a closure in force
 *   (the organisation's, or that institute's own); a class without institute is covered by the organisation's
 *   closure only;
 * - a month with no course of hers is closed only by the organisation's closure (nothing says which
 *   institute's hours she might still be given).
 * Her courses are the slots of the stored timetables whose teacher she is, on a date of the month, canceled
 * ones included (a canceled course of an open institute may still be restored, and her hours change), and
 * the courses of the month she gives as a substitute (issue 35).
 * The device (« Mes heures », /workload, the PDF) and the server (server/statement-acks.ts) both call these
 * functions with what they store, so they agree; the server never takes the institutes from the device.
 *
 * Pure and without the date library (the server runs it on a push).
 */

/** A timetable as this rule reads it (schema Timetable). */
export interface TeacherTimetable extends TimetablePeriod {
  classId: string;
  slots: readonly { dayOfWeek: number; teacherUserId?: string | null }[];
}

/** A substitution as this rule reads it (schema Substitution, issue 35). */
export interface TeacherSubstitution {
  classId: string;
  /** 'YYYY-MM-DD' of the course. */
  date: string;
  substituteUserId: string | null;
}

/**
 * The classes in which the teacher has a course (a slot, canceled or not) on a date of the month, and those
 * in which she gives a course of the month as a substitute (issue 35: its hours are hers), sorted. The
 * absent teacher's own course stays hers here: the substitution may still be withdrawn.
 */
export function teacherMonthClassIds(
  timetables: readonly TeacherTimetable[],
  teacherUserId: string,
  month: MonthKey,
  substitutions: readonly TeacherSubstitution[] = [],
): string[] {
  const classes = new Set<string>();
  if (!isMonthKey(month)) return [];
  for (const s of substitutions)
    if (s.substituteUserId === teacherUserId && s.date.startsWith(`${month}-`) && s.classId)
      classes.add(s.classId);
  for (const timetable of timetables) {
    if (classes.has(timetable.classId)) continue;
    const hers = (timetable.slots ?? []).some(
      (slot) =>
        slot.teacherUserId === teacherUserId &&
        slotDates(timetable, slot.dayOfWeek).some((date) => date.startsWith(`${month}-`)),
    );
    if (hers) classes.add(timetable.classId);
  }
  return [...classes].sort();
}

/**
 * Whether a teacher's statement of `month` is closed, given the institutes of the classes of her courses in
 * that month (null or '' for a class without institute, or one unknown): every one covered by a closure in
 * force; none at all: the organisation's closure only.
 */
export function statementClosed(
  closures: readonly ClosureLike[],
  month: MonthKey,
  instituteIds: readonly (string | null | undefined)[],
): boolean {
  if (!isMonthKey(month)) return false;
  if (instituteIds.length === 0) return closureCovering(closures, null, month) !== null;
  return instituteIds.every((institute) => closureCovering(closures, institute || null, month) !== null);
}

/**
 * The same rule from the stored records: the teacher's courses of the month (teacherMonthClassIds), each
 * class's institute looked up (a class not found counts as a class without institute).
 */
export function teacherStatementClosed(input: {
  closures: readonly ClosureLike[];
  month: MonthKey;
  teacherUserId: string;
  timetables: readonly TeacherTimetable[];
  /** The substitutions in force (issue 35): the courses she gives as a substitute count as hers. */
  substitutions?: readonly TeacherSubstitution[];
  instituteOfClass: (classId: string) => string | null | undefined;
}): boolean {
  const institutes = teacherMonthClassIds(
    input.timetables,
    input.teacherUserId,
    input.month,
    input.substitutions,
  ).map((classId) => input.instituteOfClass(classId) ?? null);
  return statementClosed(input.closures, input.month, institutes);
}
