import type { PlanningLog, Timetable } from '../store/schema';
import { realSessions, reviewMinutes, sessionsMinutes, type RealSession } from '../attendance/real-time';
import { slotOccurrences } from '../planning/occurrences';
import { clockRangeMinutes, toIsoDate, toUtc, type InstantLike } from '../time/instant';
import { slotInstants } from '../time/timetable-dates';
import { occurrenceGiven, occurrenceKey, slotKey } from '../absences/occurrence-teacher';
import type { UtcRange } from '../time/period';

// spec part 2 point 2 and 9: real time shows red when above planned by more than 1 minute.
export const REAL_ABOVE_PLANNED_TOLERANCE_MIN = 1;

export function isRealAbovePlanned(realMin: number, plannedMin: number): boolean {
  return realMin - plannedMin > REAL_ABOVE_PLANNED_TOLERANCE_MIN;
}

export interface WorkloadDetailRow {
  moduleId: string;
  classId: string;
  plannedMin: number;
  realMin: number;
  isRealAbovePlanned: boolean;
  /** Minutes whose check-in or check-out is "À vérifier" (flagged, not accepted): not in realMin. */
  reviewMin: number;
  /** Held courses (ended by now) with no check-in: "Non émargé" (issue 32). */
  absences: number;
}

export interface WorkloadTeacherRow {
  teacherUserId: string;
  plannedMin: number;
  realMin: number;
  isRealAbovePlanned: boolean;
  /** Counted apart, not paid: real minutes of flagged entries nobody accepted yet (trusted time, beyond the spec). */
  reviewMin: number;
  /** Ended courses with no check-in ("Non émargé"). */
  absences: number;
  /** Per module and class; the teacher's totals are the sums of these rounded rows. */
  details: WorkloadDetailRow[];
}

export interface WorkloadInput {
  timetables: readonly Timetable[];
  logs: readonly PlanningLog[];
  /** A day, week or month from time/period (periodRange). */
  range: UtcRange;
  now: InstantLike;
  /**
   * Real time counts "À vérifier" sessions too (the export's "as recorded" column). By default they are not
   * paid: counted in reviewMin only, until an administrator accepts or corrects them (issue 32).
   */
  countToReview?: boolean;
  /**
   * Issue 35: substitutions in force. A course given by a substitute is planned for her, not for the absent
   * teacher; one cancelled for want of a substitute is planned for nobody. (Real time follows the check logs,
   * which name the substitute.)
   */
  substitutions?: readonly { id: string; substituteUserId: string | null }[];
}

interface Totals {
  plannedMin: number;
  sessions: RealSession[];
  absences: number;
}

/**
 * spec part 2 point 2, workload: planned time (non-canceled slot occurrences in the range) against real time
 * (check-in to check-out sessions starting in the range), per teacher and per module and class. Reviewers'
 * corrections apply when their logs are among `logs`; flagged, uncorrected time is also counted apart.
 * Teachers with only real time or only planned time are listed too. Sorted by teacher id; details by planned,
 * then real, descending.
 */
export function workloadByTeacher(input: WorkloadInput): WorkloadTeacherRow[] {
  const teachers = new Map<string, Map<string, Totals & { moduleId: string; classId: string }>>();
  const entry = (teacherUserId: string, moduleId: string, classId: string) => {
    let pairs = teachers.get(teacherUserId);
    if (!pairs) {
      pairs = new Map();
      teachers.set(teacherUserId, pairs);
    }
    const key = `${moduleId}\u0000${classId}`;
    let totals = pairs.get(key);
    if (!totals) {
      totals = { moduleId, classId, plannedMin: 0, sessions: [], absences: 0 };
      pairs.set(key, totals);
    }
    return totals;
  };

  const substitutions = new Map((input.substitutions ?? []).map((s) => [s.id, s]));
  const sessions = realSessions(input);
  const held = new Set(
    sessions.map((s) => `${s.timetableId}\u0000${s.slotIndex}\u0000${toIsoDate(s.checkin.timestamp)}`),
  );
  const nowMs = toUtc(input.now).toMillis();
  for (const occurrence of slotOccurrences(input.timetables, input.range)) {
    const { slot, timetable, slotIndex, date } = occurrence;
    const substitution = substitutions.get(
      occurrenceKey({ timetableId: timetable.id, slotKey: slotKey(slot, slotIndex), date }),
    );
    const { teacherUserId } = occurrenceGiven(slot, substitution);
    if (!teacherUserId) continue;
    const totals = entry(teacherUserId, slot.moduleId, timetable.classId);
    totals.plannedMin += clockRangeMinutes(slot.startTime, slot.endTime);
    const end = slotInstants(date, slot)?.end.toMillis();
    if (end !== undefined && end <= nowMs && !held.has(`${timetable.id}\u0000${slotIndex}\u0000${date}`))
      totals.absences += 1;
  }
  for (const session of sessions) {
    if (!session.teacherUserId) continue;
    entry(session.teacherUserId, session.moduleId ?? '', session.classId ?? '').sessions.push(session);
  }

  return [...teachers.entries()]
    .map(([teacherUserId, pairs]) => {
      const details = [...pairs.values()]
        .map(({ moduleId, classId, plannedMin, sessions, absences }) => {
          const paid = input.countToReview ? sessions : sessions.filter((s) => !s.toReview);
          const realMin = sessionsMinutes(paid);
          return {
            moduleId,
            classId,
            plannedMin,
            realMin,
            isRealAbovePlanned: isRealAbovePlanned(realMin, plannedMin),
            reviewMin: reviewMinutes(sessions),
            absences,
          };
        })
        .sort(
          (a, b) =>
            b.plannedMin - a.plannedMin ||
            b.realMin - a.realMin ||
            a.moduleId.localeCompare(b.moduleId) ||
            a.classId.localeCompare(b.classId),
        );
      const plannedMin = details.reduce((sum, d) => sum + d.plannedMin, 0);
      const realMin = details.reduce((sum, d) => sum + d.realMin, 0);
      return {
        teacherUserId,
        plannedMin,
        realMin,
        isRealAbovePlanned: isRealAbovePlanned(realMin, plannedMin),
        reviewMin: details.reduce((sum, d) => sum + d.reviewMin, 0),
        absences: details.reduce((sum, d) => sum + d.absences, 0),
        details,
      };
    })
    .sort((a, b) => a.teacherUserId.localeCompare(b.teacherUserId));
}

/** The detail dialog of one teacher ("Aucun détail" when empty). */
export function workloadDetail(input: WorkloadInput & { teacherUserId: string }): WorkloadDetailRow[] {
  return workloadByTeacher(input).find((row) => row.teacherUserId === input.teacherUserId)?.details ?? [];
}
