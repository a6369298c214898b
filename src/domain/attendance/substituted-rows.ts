import { occurrenceKey, occurrenceSlot, slotKey } from '../absences/occurrence-teacher';
import type { AttendanceCounters, AttendanceRow } from './overview';

/**
 * Issue 35, item 1, on "Suivi des émargements": how one course occurrence stands under a substitution.
 * - 'substitute': `substituteUserId` gives it in place of `absentUserId` (the row's slot names the substitute,
 *   so that her check-in, the actions and the corrections are hers, as the server requires);
 * - 'canceled': nobody was found, the course is cancelled (no check-in, not counted).
 */
export type RowSubstitution =
  | { kind: 'substitute'; absentUserId: string; substituteUserId: string }
  | { kind: 'canceled'; absentUserId: string };

export interface SubstitutedRow extends AttendanceRow {
  substitution: RowSubstitution | null;
}

interface SubstitutionLike {
  id: string;
  substituteUserId: string | null;
}

/**
 * The overview's rows as their occurrences are given (domain/absences/occurrence-teacher occurrenceSlot):
 * the substitute as the teacher, or the course cancelled for want of one. The counters leave the cancelled
 * courses out (a cancelled course is neither late nor missed). A substitution naming the slot's own teacher
 * changes nothing.
 */
export function withSubstitutions(
  rows: readonly AttendanceRow[],
  substitutions: readonly SubstitutionLike[],
): { rows: SubstitutedRow[]; counters: AttendanceCounters } {
  const byId = new Map(substitutions.map((s) => [s.id, s]));
  const result: SubstitutedRow[] = rows.map((row) => {
    const id = occurrenceKey({
      timetableId: row.timetable.id,
      slotKey: slotKey(row.slot, row.slotIndex),
      date: row.date,
    });
    const found = byId.get(id);
    const absentUserId = row.slot.teacherUserId;
    if (!found || found.substituteUserId === absentUserId) return { ...row, substitution: null };
    const slot = occurrenceSlot(row.slot, found);
    const substitution: RowSubstitution =
      found.substituteUserId === null
        ? { kind: 'canceled', absentUserId }
        : { kind: 'substitute', absentUserId, substituteUserId: found.substituteUserId };
    return { ...row, slot, substitution };
  });
  const counters: AttendanceCounters = {
    'not-started': 0,
    late: 0,
    'in-progress': 0,
    finished: 0,
    missed: 0,
  };
  for (const row of result) if (row.substitution?.kind !== 'canceled') counters[row.status] += 1;
  return { rows: result, counters };
}
