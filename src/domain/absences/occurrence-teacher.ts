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

/** The last instants read (occurrenceDateOf), emptied when full. */
const datesOfInstants = new Map<string, string | null>();

/**
 * 'YYYY-MM-DD' of an ISO instant, or null. Remembered: the server asks it of each check log several times
 * (its occurrence's substitution, its month, its window), and Date.parse was 2 % of a batch's CPU (issue 31).
 */
export function occurrenceDateOf(instant: unknown): string | null {
  if (typeof instant !== 'string') return null;
  let date = datesOfInstants.get(instant);
  if (date === undefined) {
    const ms = Date.parse(instant);
    date = Number.isFinite(ms) ? new Date(ms).toISOString().slice(0, 10) : null;
    if (datesOfInstants.size >= 1024) datesOfInstants.clear();
    datesOfInstants.set(instant, date);
  }
  return date;
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

/** How one occurrence of a slot is given: its teacher (null: nobody) and its state. */
export interface OccurrenceGiven {
  teacherUserId: string | null;
  state: 'planned' | 'replaced' | 'canceled';
}

/**
 * Issue 35, item 4: the one reading of a course occurrence's cancellation and teacher, for every view and
 * for payroll (workload, statements and their exports, attendance, check-in rules, Module du jour). A course
 * is cancelled as the specification cancels it, by its slot (`canceled`, the « Annuler » of Gérer un cours,
 * which covers every occurrence of the slot in its week or month), or for one date when its teacher is
 * absent and nobody replaces her (a substitution naming nobody): the same behaviour either way (struck
 * through, no check-in, no hours for anyone). Under a substitution naming someone, she gives it.
 */
export function occurrenceGiven(
  slot: Pick<Slot, 'teacherUserId' | 'canceled'>,
  substitution: { substituteUserId: string | null } | null | undefined,
): OccurrenceGiven {
  if (slot.canceled) return { teacherUserId: null, state: 'canceled' };
  if (!substitution) return { teacherUserId: slot.teacherUserId, state: 'planned' };
  if (substitution.substituteUserId === null) return { teacherUserId: null, state: 'canceled' };
  return { teacherUserId: substitution.substituteUserId, state: 'replaced' };
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
  const given = occurrenceGiven(slot, substitution);
  if (given.state === 'canceled') return { ...slot, canceled: true };
  return { ...slot, teacherUserId: given.teacherUserId ?? slot.teacherUserId };
}
