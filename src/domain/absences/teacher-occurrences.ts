import type { Slot } from '../store/schema';
import type { SubstitutionRecord } from './records';
import { occurrenceKey, slotKey } from './occurrence-teacher';

/** How a teacher's course occurrence stands under a substitution (issue 35, item 1). */
export type OccurrenceSubstitution =
  /** She gives it in place of `otherUserId`, the absent teacher. */
  | { kind: 'substitute'; otherUserId: string }
  /** She is absent: `otherUserId` gives it. */
  | { kind: 'replaced'; otherUserId: string };

interface Occurrence {
  timetable: { id: string };
  slot: Slot;
  slotIndex: number;
  date: string;
}

/**
 * The occurrences of a teacher's "Module du jour" and "Mon planning": her own slots, and those she gives as a
 * substitute (their teacher then reads as her, so that her check-in names her, as the server requires). Her
 * own course under a substitution stays, marked replaced; cancelled for want of a substitute, it is cancelled
 * (the planning's cancellation behaviour hides it from a teacher). Other teachers' courses are left out.
 */
export function teacherOccurrences<O extends Occurrence>(
  occurrences: readonly O[],
  substitutions: readonly Pick<SubstitutionRecord, 'id' | 'substituteUserId' | 'absentUserId'>[],
  userId: string,
): { occurrence: O; substitution: OccurrenceSubstitution | null }[] {
  const byId = new Map(substitutions.map((s) => [s.id, s]));
  const result: { occurrence: O; substitution: OccurrenceSubstitution | null }[] = [];
  for (const o of occurrences) {
    const id = occurrenceKey({
      timetableId: o.timetable.id,
      slotKey: slotKey(o.slot, o.slotIndex),
      date: o.date,
    });
    const s = byId.get(id);
    const own = o.slot.teacherUserId === userId;
    if (!s) {
      if (own) result.push({ occurrence: o, substitution: null });
    } else if (s.substituteUserId === userId && !own) {
      result.push({
        occurrence: { ...o, slot: { ...o.slot, teacherUserId: userId } },
        substitution: { kind: 'substitute', otherUserId: o.slot.teacherUserId },
      });
    } else if (own && s.substituteUserId === null) {
      result.push({ occurrence: { ...o, slot: { ...o.slot, canceled: true } }, substitution: null });
    } else if (own && s.substituteUserId !== userId && s.substituteUserId !== null) {
      result.push({ occurrence: o, substitution: { kind: 'replaced', otherUserId: s.substituteUserId } });
    } else if (own) {
      // Named as her own substitute: she gives it as planned.
      result.push({ occurrence: o, substitution: null });
    }
  }
  return result;
}
