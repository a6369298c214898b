import type { Slot, Timetable } from '../store/schema';

/**
 * Issue 35, item 1: who checks in and out of one occurrence of a slot. The effective teacher of that
 * occurrence (records.ts effectiveTeacherOf): the slot's own teacher, or the substitute while a substitution
 * is in force (never the absent teacher then); nobody when the course was cancelled for want of one.
 *
 * The occurrence is the slot on a date: the UTC date of the check log's time (the app's dates are UTC
 * dates), or of the notification's creation.
 */

/**
 * Copies of records.ts substitutionId and calendar/feed-events slotKeyOf, so that the access rules do not pull
 * the date library into the login bundle (scripts/check-budgets.mjs); tests/unit/occurrence-teacher.test.ts
 * checks they agree.
 */
export function occurrenceKey(course: { timetableId: string; slotKey: string; date: string }): string {
  return `sub:${course.timetableId}:${course.slotKey}:${course.date}`;
}

export function slotKey(slot: Pick<Slot, 'id'>, slotIndex: number): string {
  const id = slot.id;
  return id && id !== '' ? id : `i${slotIndex}`;
}

/** 'YYYY-MM-DD' of an ISO instant, or null. */
export function occurrenceDateOf(instant: unknown): string | null {
  if (typeof instant !== 'string') return null;
  const ms = Date.parse(instant);
  return Number.isFinite(ms) ? new Date(ms).toISOString().slice(0, 10) : null;
}

/** The substitution record's id for a check log or a check notification (timetableId + slotIndex + time). */
export function occurrenceSubstitutionId(
  timetable: Pick<Timetable, 'id' | 'slots'> | null,
  record: { slotIndex?: unknown; timestamp?: unknown; createdAt?: unknown },
): string | null {
  if (!timetable || typeof record.slotIndex !== 'number') return null;
  const slot = timetable.slots[record.slotIndex];
  const date = occurrenceDateOf(record.timestamp ?? record.createdAt);
  if (!slot || !date) return null;
  return occurrenceKey({ timetableId: timetable.id, slotKey: slotKey(slot, record.slotIndex), date });
}

/**
 * The slot as its occurrence is given: its teacher replaced by the substitute, or cancelled when the
 * substitution names nobody. Without a substitution (or none known), the slot itself.
 */
export function occurrenceSlot(
  slot: Slot,
  substitution: { id: string; substituteUserId: string | null } | null,
): Slot {
  if (!substitution) return slot;
  // effectiveTeacherOf's rule, with the substitution already found by its id.
  if (substitution.substituteUserId === null) return { ...slot, canceled: true };
  return { ...slot, teacherUserId: substitution.substituteUserId };
}
