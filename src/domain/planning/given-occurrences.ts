import { occurrenceKey, occurrenceSlot, slotKey } from '../absences/occurrence-teacher';
import type { SlotOccurrence } from './occurrences';

interface SubstitutionLike {
  id: string;
  substituteUserId: string | null;
}

/** An occurrence as it is given, and, when a substitution changed it, the teacher of the slot it replaces. */
export interface GivenOccurrence {
  occurrence: SlotOccurrence;
  /** The slot's own teacher when a substitute gives the course (null otherwise). */
  absentUserId: string | null;
}

/**
 * Issue 35 on the planning views ("Consulter"): each occurrence as its substitution leaves it, through the
 * one rule of src/domain/absences (occurrenceSlot): the substitute as its teacher, or cancelled when the
 * substitution names nobody. A substitution naming the slot's own teacher changes nothing.
 */
export function givenOccurrences(
  occurrences: readonly SlotOccurrence[],
  substitutions: readonly SubstitutionLike[],
): GivenOccurrence[] {
  if (substitutions.length === 0)
    return occurrences.map((occurrence) => ({ occurrence, absentUserId: null }));
  const byId = new Map(substitutions.map((s) => [s.id, s]));
  return occurrences.map((occurrence) => {
    const found = byId.get(
      occurrenceKey({
        timetableId: occurrence.timetable.id,
        slotKey: slotKey(occurrence.slot, occurrence.slotIndex),
        date: occurrence.date,
      }),
    );
    if (!found || found.substituteUserId === occurrence.slot.teacherUserId)
      return { occurrence, absentUserId: null };
    const slot = occurrenceSlot(occurrence.slot, found);
    return {
      occurrence: { ...occurrence, slot },
      absentUserId: found.substituteUserId === null ? null : occurrence.slot.teacherUserId,
    };
  });
}
