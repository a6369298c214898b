import { buildPlanningLog, slotTimeRange, type Actor } from '../planning/planning-log';
import type { PlanningLog, Slot, Timetable } from '../store/schema';
import type { InstantLike } from '../time/instant';
import type { SubstitutionRecord } from './records';
import { namedSubstitute, RESTORE_ACTION, restoreLogId } from './substitution-notice-rules';

/**
 * Issue 35 leftover: removing a substitution (« Retirer le remplacement ») leaves its trace in the planning log,
 * as giving a course to nobody does (« planning-cancel » of that date, services/absences): a « planning-restore »
 * entry of the slot (Historique du créneau, journal), in the administrator's name, for that date. It names the
 * substitution, the removed assignment (`removedAssignedAt`, which makes its id: the same removal told again
 * writes the same entry) and the substitute it named (`formerSubstituteUserId`, null when nobody: the course
 * was cancelled). The server accepts it only as the stored substitution says (restoreLogRefusal), and checks
 * the removal's notices against it.
 */
export function restoreLog(input: {
  removed: Pick<SubstitutionRecord, 'id' | 'date' | 'absentUserId' | 'substituteUserId' | 'assignedAt'>;
  timetable: Pick<Timetable, 'id' | 'classId'>;
  slotIndex: number;
  slot: Pick<Slot, 'moduleId' | 'teacherUserId' | 'dayOfWeek' | 'startTime' | 'endTime'>;
  actor: Actor;
  now: InstantLike;
  note: string;
}): PlanningLog {
  const { removed } = input;
  const range = slotTimeRange(input.slot);
  return {
    ...buildPlanningLog({
      id: restoreLogId(removed.id, removed.assignedAt),
      action: RESTORE_ACTION,
      timetable: input.timetable,
      slotIndex: input.slotIndex,
      slot: input.slot,
      actor: input.actor,
      now: input.now,
      before: range,
      after: range,
      note: input.note,
    }),
    substitutionId: removed.id,
    removedAssignedAt: removed.assignedAt,
    formerSubstituteUserId: namedSubstitute(removed),
  };
}
