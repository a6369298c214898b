import { occurrenceKey, occurrenceSlot, slotKey } from '../absences/occurrence-teacher';
import type { Slot } from '../store/schema';
import type { SlotOccurrence } from './occurrences';

export interface SubstitutionLike {
  id: string;
  substituteUserId: string | null;
}

/** An occurrence as it is given, and, when a substitution changed it, the teacher of the slot it replaces. */
export interface GivenOccurrence {
  occurrence: SlotOccurrence;
  /** The slot's own teacher when a substitute gives the course (null otherwise). */
  absentUserId: string | null;
}

/** The substitutions by their occurrence id (timetable, slot, date), read once for many occurrences. */
export type SubstitutionIndex = ReadonlyMap<string, SubstitutionLike>;

export function substitutionIndex(substitutions: readonly SubstitutionLike[]): SubstitutionIndex {
  return new Map(substitutions.map((s) => [s.id, s]));
}

/**
 * One occurrence of a slot (its timetable, place and date) as its substitution leaves it, through the one
 * rule of src/domain/absences (occurrenceSlot): the slot with the substitute as its teacher, or cancelled when
 * the substitution names nobody; `absentUserId` the slot's own teacher when a substitute gives it. A
 * substitution naming the slot's own teacher changes nothing.
 */
export function givenSlotOn(
  index: SubstitutionIndex,
  occurrence: { timetableId: string; slot: Slot; slotIndex: number; date: string },
): { slot: Slot; absentUserId: string | null } {
  const { slot } = occurrence;
  const found =
    index.size === 0
      ? undefined
      : index.get(
          occurrenceKey({
            timetableId: occurrence.timetableId,
            slotKey: slotKey(slot, occurrence.slotIndex),
            date: occurrence.date,
          }),
        );
  if (!found || found.substituteUserId === slot.teacherUserId) return { slot, absentUserId: null };
  return {
    slot: occurrenceSlot(slot, found),
    absentUserId: found.substituteUserId === null ? null : slot.teacherUserId,
  };
}

/**
 * Issue 35 on the planning views ("Consulter"), the contract warnings and the conflict check: each occurrence
 * as its substitution leaves it (givenSlotOn).
 */
export function givenOccurrences(
  occurrences: readonly SlotOccurrence[],
  substitutions: readonly SubstitutionLike[],
): GivenOccurrence[] {
  if (substitutions.length === 0)
    return occurrences.map((occurrence) => ({ occurrence, absentUserId: null }));
  const index = substitutionIndex(substitutions);
  return occurrences.map((occurrence) => {
    const given = givenSlotOn(index, { ...occurrence, timetableId: occurrence.timetable.id });
    if (given.slot === occurrence.slot) return { occurrence, absentUserId: null };
    return { occurrence: { ...occurrence, slot: given.slot }, absentUserId: given.absentUserId };
  });
}
