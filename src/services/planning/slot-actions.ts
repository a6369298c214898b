import type { AppDatabase } from '../../db/database';
import { writeBatch } from '../../db/repository';
import { conflictsOfSlot, type TeacherConflict } from '../../domain/planning/conflicts';
import type { Actor } from '../../domain/planning/planning-log';
import {
  cancelSlot,
  rescheduleSlot,
  toggleDeliveryMode,
  type SlotOperationError,
  type SlotOperationResult,
} from '../../domain/planning/slot-operations';
import type { PlanningLog, Slot, Timetable } from '../../domain/store/schema';
import type { InstantLike } from '../../domain/time/instant';
import { rangesOverlap } from '../../domain/time/period';
import { timetableRange } from '../../domain/time/timetable-dates';

export interface SlotTarget {
  timetableId: string;
  slotIndex: number;
}

export interface SlotActionInput extends SlotTarget {
  actor: Actor;
  /** The clock; the device's by default. */
  now?: InstantLike;
}

export interface NewSlotTimes {
  dayOfWeek: number;
  startTime: string;
  endTime: string;
}

export type SlotActionError = SlotOperationError | 'timetable-not-found';

export type SlotActionResult =
  | { ok: true; value: { timetable: Timetable; slot: Slot; log: PlanningLog } }
  | { ok: false; code: SlotActionError };

function newLogId(): string {
  return globalThis.crypto.randomUUID();
}

/**
 * Reads the timetable, applies a pure slot operation and writes the updated timetable with its planning log
 * in one transaction (spec part 2 point 4: each change writes a log entry): both or neither reach the outbox.
 */
async function applySlotOperation(
  db: AppDatabase,
  input: SlotActionInput,
  operation: (args: {
    timetable: Timetable;
    slotIndex: number;
    actor: Actor;
    now: InstantLike;
    logId: string;
  }) => SlotOperationResult,
): Promise<SlotActionResult> {
  const now = input.now ?? new Date();
  const logId = newLogId();
  return writeBatch(db, async (w): Promise<SlotActionResult> => {
    const timetable = await w.get('timetables', input.timetableId);
    if (!timetable) return { ok: false, code: 'timetable-not-found' };
    const result = operation({ timetable, slotIndex: input.slotIndex, actor: input.actor, now, logId });
    if (!result.ok) return result;
    await w.put('timetables', result.value.timetable);
    await w.put('planningLogs', result.value.log);
    return result;
  });
}

/** Cancel: the slot stays in the timetable, struck through (spec part 2 point 4). */
export function cancelTimetableSlot(db: AppDatabase, input: SlotActionInput): Promise<SlotActionResult> {
  return applySlotOperation(db, input, cancelSlot);
}

/** Reschedule: new day and times, canceled cleared; the log keeps before and after. */
export function rescheduleTimetableSlot(
  db: AppDatabase,
  input: SlotActionInput & NewSlotTimes,
): Promise<SlotActionResult> {
  return applySlotOperation(db, input, (args) => rescheduleSlot({ ...args, ...pickTimes(input) }));
}

/** Change type: presentiel <-> en-ligne; the log keeps modeBefore and modeAfter. */
export function changeSlotDeliveryMode(db: AppDatabase, input: SlotActionInput): Promise<SlotActionResult> {
  return applySlotOperation(db, input, toggleDeliveryMode);
}

function pickTimes(input: NewSlotTimes): NewSlotTimes {
  return { dayOfWeek: input.dayOfWeek, startTime: input.startTime, endTime: input.endTime };
}

export type RescheduleCheck =
  { ok: true; conflicts: TeacherConflict[] } | { ok: false; code: SlotActionError };

/**
 * spec part 2 point 5: the teacher conflicts the slot would have once moved, to ask for confirmation before
 * writing. Only timetables whose period overlaps the slot's timetable can meet it.
 */
export async function checkReschedule(
  db: AppDatabase,
  input: SlotTarget & NewSlotTimes,
): Promise<RescheduleCheck> {
  const timetable = await db.timetables.get(input.timetableId);
  if (!timetable) return { ok: false, code: 'timetable-not-found' };
  const moved = rescheduleSlot({
    timetable,
    slotIndex: input.slotIndex,
    ...pickTimes(input),
    actor: { userId: null, userName: null },
    now: new Date(0),
    logId: 'preview',
  });
  if (!moved.ok) return moved;
  const range = timetableRange(timetable);
  const all = await db.timetables.toArray();
  const nearby = all
    .filter((t) => t.id !== timetable.id)
    .filter((t) => {
      const other = timetableRange(t);
      return !!range && !!other && rangesOverlap(range, other);
    });
  // Issue 35: each date's course as it is given, a substitute's included (domain/planning/conflicts).
  const substitutions = await db.substitutions.toArray();
  const conflicts = conflictsOfSlot(
    [moved.value.timetable, ...nearby],
    { timetableId: timetable.id, slotIndex: input.slotIndex },
    substitutions,
  );
  return { ok: true, conflicts };
}
