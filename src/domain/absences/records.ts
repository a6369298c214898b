import type { CourseReplacement } from '../calendar/feed-events';
import { PLANNING_ACTIONS_MODULE_ID } from '../planning/permissions';
import { parseIsoDate, toIsoInstant, type InstantLike } from '../time/instant';
import { absenceMinutes } from './affected-courses';
import { occurrenceGiven } from './occurrence-teacher';
import type { CourseToCover } from './substitute-ranking';

/**
 * Issue 35, item 1: the records of an absence and of a course's substitution, as the store would sync them,
 * and the rules they follow. Not yet collections of the store (see README, "Absences et remplacements").
 *
 * One substitution per course: its id is the course's identity (timetable, slot, date), so two
 * administrators assigning the same course offline write the same record. The sync's merge then keeps one
 * value of `substituteUserId` (the later edit by its device's clock) and records the other as a conflict
 * (GET /api/conflicts), as for any concurrent edit of one field.
 */
export interface AbsenceRecord {
  id: string;
  teacherUserId: string;
  /** 'YYYY-MM-DD'. */
  date: string;
  /** 'HH:MM'; both null: the whole day. */
  startTime: string | null;
  endTime: string | null;
  reason: string;
  declaredAt: string;
  declaredByUserId: string;
}

export interface SubstitutionRecord {
  /** substitutionId(course): one record per course occurrence. */
  id: string;
  timetableId: string;
  slotKey: string;
  date: string;
  startTime: string;
  endTime: string;
  classId: string;
  moduleId: string;
  absentUserId: string;
  absenceId: string;
  /** null: nobody found, the course is cancelled. */
  substituteUserId: string | null;
  assignedAt: string;
  assignedByUserId: string;
}

export const ABSENCE_REASON_MAX_CHARS = 500;

export function substitutionId(course: Pick<CourseToCover, 'timetableId' | 'slotKey' | 'date'>): string {
  return `sub:${course.timetableId}:${course.slotKey}:${course.date}`;
}

export type AbsenceError = 'invalid-date' | 'invalid-range' | 'reason-required' | 'reason-too-long';

export type AbsenceResult = { ok: true; value: AbsenceRecord } | { ok: false; code: AbsenceError };

/** A declared absence: a real date, a whole day or a valid range, a reason. */
export function declareAbsence(input: {
  id: string;
  teacherUserId: string;
  date: string;
  startTime: string | null;
  endTime: string | null;
  reason: string;
  actorUserId: string;
  now: InstantLike;
}): AbsenceResult {
  if (!parseIsoDate(input.date)) return { ok: false, code: 'invalid-date' };
  if (!absenceMinutes(input)) return { ok: false, code: 'invalid-range' };
  const reason = input.reason.trim();
  if (reason === '') return { ok: false, code: 'reason-required' };
  if (reason.length > ABSENCE_REASON_MAX_CHARS) return { ok: false, code: 'reason-too-long' };
  return {
    ok: true,
    value: {
      id: input.id,
      teacherUserId: input.teacherUserId,
      date: input.date,
      startTime: input.startTime,
      endTime: input.endTime,
      reason,
      declaredAt: toIsoInstant(input.now),
      declaredByUserId: input.actorUserId,
    },
  };
}

/** The substitution of one affected course: a substitute, or null to cancel it. */
export function assignSubstitute(input: {
  course: CourseToCover;
  absence: Pick<AbsenceRecord, 'id' | 'teacherUserId'>;
  substituteUserId: string | null;
  actorUserId: string;
  now: InstantLike;
}): SubstitutionRecord {
  const { course } = input;
  return {
    id: substitutionId(course),
    timetableId: course.timetableId,
    slotKey: course.slotKey,
    date: course.date,
    startTime: course.startTime,
    endTime: course.endTime,
    classId: course.classId,
    moduleId: course.moduleId,
    absentUserId: input.absence.teacherUserId,
    absenceId: input.absence.id,
    substituteUserId: input.substituteUserId,
    assignedAt: toIsoInstant(input.now),
    assignedByUserId: input.actorUserId,
  };
}

/**
 * Who gives a course occurrence, for attendance, workload, statements and exports: the substitute when one
 * is assigned (her hours, not the absent teacher's), nobody when the course was cancelled for want of one.
 */
export function effectiveTeacherOf(
  course: { timetableId: string; slotKey: string; date: string; plannedTeacherUserId: string },
  substitutions: readonly Pick<SubstitutionRecord, 'id' | 'substituteUserId'>[],
): { teacherUserId: string | null; state: 'planned' | 'replaced' | 'canceled' } {
  const id = substitutionId(course);
  return occurrenceGiven(
    { teacherUserId: course.plannedTeacherUserId, canceled: false },
    substitutions.find((s) => s.id === id),
  );
}

/** The calendar feeds' view of the substitutions (domain/calendar/feed-events). */
export function replacementsOf(substitutions: readonly SubstitutionRecord[]): CourseReplacement[] {
  return substitutions.map((s) => ({
    timetableId: s.timetableId,
    slotKey: s.slotKey,
    date: s.date,
    substituteUserId: s.substituteUserId,
  }));
}

export type AbsenceWriteRefusal = 'not-own' | 'not-admin';

/**
 * Who writes what: a teacher declares (or withdraws) her own absences; an administrator of the plannings
 * (planning.consulter.actions) records anyone's and alone assigns substitutes.
 */
export function absenceWriteRefusal(
  actor: { userId: string; granted: ReadonlySet<string> },
  record: Pick<AbsenceRecord, 'teacherUserId'>,
): AbsenceWriteRefusal | null {
  if (actor.granted.has(PLANNING_ACTIONS_MODULE_ID)) return null;
  return record.teacherUserId === actor.userId ? null : 'not-own';
}

export function substitutionWriteRefusal(actor: {
  granted: ReadonlySet<string>;
}): AbsenceWriteRefusal | null {
  return actor.granted.has(PLANNING_ACTIONS_MODULE_ID) ? null : 'not-admin';
}
