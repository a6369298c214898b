import { mayBulkAssign, newlyAssignedTeachers, teacherRefusal } from '../planning/bulk-assign';
import { ALLOWED, refuse, type UserWrite, type WriteDecision } from './write-context';
import { authorizeTimetableWrite } from './write-planning';

/**
 * Issue 30 item 5: a course "à affecter" (imported without a teacher) gets one only from a holder of the
 * planning admin actions or of the import (domain/planning/bulk-assign mayBulkAssign), and only a person who
 * may teach: an existing user of the organisation, active, of a teacher-type profile ('teacher-not-found',
 * 'teacher-inactive', 'not-a-teacher'). Checked after the timetable's own rule (authorizeTimetableWrite); a
 * slot in a closed month is refused before both (server/closing-guard.ts). The screens decide with the same
 * rules (planBulkAssignment); this is for a device that does not.
 */
export function authorizeTimetableAssignment(write: UserWrite): WriteDecision {
  const decision = authorizeTimetableWrite(write);
  if (!decision.ok || write.op !== 'update') return decision;
  const teachers = newlyAssignedTeachers(write.before, write.after);
  if (teachers.length === 0) return ALLOWED;
  if (!mayBulkAssign(write.modules)) return refuse('not-permitted');
  for (const id of teachers) {
    const refusal = teacherRefusal(write.lookup.user(id), write.lookup.profiles);
    if (refusal) return refuse(refusal);
  }
  return ALLOWED;
}
