import type { DeliveryMode, PlanningLog, Slot, Timetable } from '../store/schema';
import type { InstantLike } from '../time/instant';
import { buildPlanningLog, slotTimeRange, type Actor, type PlanningLogInput } from './planning-log';
import { validateTimeRange, type TimeRangeError } from './time-input';

export type SlotOperationError = 'slot-not-found' | 'already-canceled' | 'invalid-day' | TimeRangeError;

export type SlotOperationResult =
  | { ok: true; value: { timetable: Timetable; slot: Slot; log: PlanningLog } }
  | { ok: false; code: SlotOperationError };

export interface SlotOperationInput {
  timetable: Timetable;
  slotIndex: number;
  actor: Actor;
  now: InstantLike;
  /** Id of the planning log to write (ids are made by the caller, so the function stays pure). */
  logId: string;
}

/** A copy of the timetable with one slot replaced; the input is never mutated. */
export function replaceSlot(timetable: Timetable, slotIndex: number, slot: Slot): Timetable {
  return { ...timetable, slots: timetable.slots.map((s, i) => (i === slotIndex ? slot : s)) };
}

/** spec part 2 point 4: normal -> canceled, with a planning-cancel log. */
export function cancelSlot(input: SlotOperationInput): SlotOperationResult {
  const slot = input.timetable.slots[input.slotIndex];
  if (!slot) return { ok: false, code: 'slot-not-found' };
  if (slot.canceled) return { ok: false, code: 'already-canceled' };
  const range = slotTimeRange(slot);
  return applied(
    input,
    slot,
    { ...slot, canceled: true },
    { action: 'planning-cancel', before: range, after: range },
  );
}

export interface RescheduleSlotInput extends SlotOperationInput {
  dayOfWeek: number;
  startTime: string;
  endTime: string;
}

/** spec part 2 point 4: reschedule sets the new day and times and clears canceled; the log keeps both. */
export function rescheduleSlot(input: RescheduleSlotInput): SlotOperationResult {
  const slot = input.timetable.slots[input.slotIndex];
  if (!slot) return { ok: false, code: 'slot-not-found' };
  if (!Number.isInteger(input.dayOfWeek) || input.dayOfWeek < 1 || input.dayOfWeek > 7) {
    return { ok: false, code: 'invalid-day' };
  }
  const times = validateTimeRange(input.startTime, input.endTime);
  if (!times.ok) return times;
  const next: Slot = { ...slot, dayOfWeek: input.dayOfWeek, ...times.value, canceled: false };
  return applied(input, slot, next, {
    action: 'planning-reschedule',
    before: slotTimeRange(slot),
    after: slotTimeRange(next),
  });
}

export function otherDeliveryMode(mode: DeliveryMode | undefined): DeliveryMode {
  return mode === 'en-ligne' ? 'presentiel' : 'en-ligne';
}

/** spec part 2 point 4: change-type toggles presentiel and en-ligne (missing mode reads as presentiel). */
export function toggleDeliveryMode(input: SlotOperationInput): SlotOperationResult {
  const slot = input.timetable.slots[input.slotIndex];
  if (!slot) return { ok: false, code: 'slot-not-found' };
  const modeBefore: DeliveryMode = slot.deliveryMode ?? 'presentiel';
  const modeAfter = otherDeliveryMode(modeBefore);
  const range = slotTimeRange(slot);
  return applied(
    input,
    slot,
    { ...slot, deliveryMode: modeAfter },
    {
      action: 'planning-change-mode',
      before: range,
      after: range,
      modeBefore,
      modeAfter,
    },
  );
}

/**
 * What every operation returns once `slot` became `next`: the timetable with `next` in its place (the input is
 * not mutated) and the planning log of the change, written in the actor's name at `now`.
 */
function applied(
  input: SlotOperationInput,
  slot: Slot,
  next: Slot,
  change: Pick<PlanningLogInput, 'action' | 'before' | 'after' | 'modeBefore' | 'modeAfter'>,
): SlotOperationResult {
  return {
    ok: true,
    value: {
      timetable: replaceSlot(input.timetable, input.slotIndex, next),
      slot: next,
      log: buildPlanningLog({
        id: input.logId,
        timetable: input.timetable,
        slotIndex: input.slotIndex,
        slot,
        actor: input.actor,
        now: input.now,
        ...change,
      }),
    },
  };
}
