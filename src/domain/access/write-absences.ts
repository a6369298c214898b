import { absenceWriteRefusal, substitutionId, substitutionWriteRefusal } from '../absences/records';
import { absenceMinutes } from '../absences/affected-courses';
import type { RecordData } from './record';
import { ALLOWED, refuse, type UserWrite, type WriteDecision } from './write-context';

/**
 * Writes of absences and substitutions (issue 35, domain/absences/records.ts):
 * - an absence: a teacher declares, changes or withdraws her own; an administrator of the plannings
 *   (planning.consulter.actions) anyone's; its teacher never changes and its author is the session's person;
 * - a substitution: administrators of the plannings only, its id the course's (one per course), its
 *   course fields fixed once written.
 */

const text = (value: unknown) => (typeof value === 'string' ? value : '');

function teacherOf(record: RecordData | null): string {
  return record ? text(record.teacherUserId) : '';
}

export function authorizeAbsenceWrite(write: UserWrite): WriteDecision {
  const actor = { userId: write.viewer.userId, granted: write.modules };
  for (const record of [write.before, write.after])
    if (record) {
      const refused = absenceWriteRefusal(actor, { teacherUserId: teacherOf(record) });
      if (refused) return refuse(refused);
    }
  if (write.op === 'delete') return ALLOWED;
  const after = write.after;
  if (write.op === 'update' && teacherOf(write.before) !== teacherOf(after)) return refuse('absence-teacher');
  if (write.op === 'create' && text(after.declaredByUserId) !== write.viewer.userId)
    return refuse('actor-mismatch');
  if (write.op === 'update' && write.changed.includes('declaredByUserId')) return refuse('actor-mismatch');
  const range = absenceMinutes({
    startTime: (after.startTime as string | null | undefined) ?? null,
    endTime: (after.endTime as string | null | undefined) ?? null,
  });
  if (!range) return refuse('absence-range');
  if (text(after.reason).trim() === '') return refuse('absence-reason');
  return ALLOWED;
}

const FIXED_SUBSTITUTION_FIELDS = ['timetableId', 'slotKey', 'date', 'classId', 'moduleId', 'absentUserId'];

export function authorizeSubstitutionWrite(write: UserWrite): WriteDecision {
  const refused = substitutionWriteRefusal({ granted: write.modules });
  if (refused) return refuse(refused);
  if (write.op === 'delete') return ALLOWED;
  const after = write.after;
  const course = {
    timetableId: text(after.timetableId),
    slotKey: text(after.slotKey),
    date: text(after.date),
  };
  if (write.recordId !== substitutionId(course)) return refuse('substitution-id');
  if (write.op === 'update' && FIXED_SUBSTITUTION_FIELDS.some((f) => write.changed.includes(f)))
    return refuse('substitution-course');
  if (text(after.assignedByUserId) !== write.viewer.userId) return refuse('actor-mismatch');
  return ALLOWED;
}
