import type { PlanningLog, Slot, Timetable } from '../store/schema';
import { clockRangeMinutes, MS_PER_MINUTE, toIsoDate, toUtc, type InstantLike } from '../time/instant';
import { slotInstants, slotOccursOn } from '../time/timetable-dates';
import { applyCorrections, slotWindowMs, utcDayStartMs, type EffectiveLog } from './trust';

// spec part 2 point 4 and 9: late more than 10 minutes after the start; check-in opens 30 minutes before it.
export const LATE_AFTER_MIN = 10;
export const CHECKIN_OPENS_BEFORE_MIN = 30;
// spec part 2 point 3: automatic actions carry the actor name AUTO and this note.
export const AUTO_ACTOR_NAME = 'AUTO';
export const AUTO_CHECKOUT_NOTE = 'départ automatique';

/**
 * Non démarré (À venir) / En retard / En cours / Terminé, and beyond the spec (issue 32) Non émargé: the
 * course ended with no check-in ('missed'), instead of staying "En retard" forever.
 */
export type AttendanceStatus = 'not-started' | 'late' | 'in-progress' | 'finished' | 'missed';

/** Why a slot is finished: a manual check-out, an automatic one, or the planned duration elapsed. */
export type FinishedBy = 'checkout' | 'auto-checkout' | 'duration-elapsed';

export interface SlotDay {
  timetable: Timetable;
  slotIndex: number;
  /** 'YYYY-MM-DD' (UTC) of the occurrence. */
  date: string;
}

export interface SlotAttendance {
  status: AttendanceStatus;
  finishedBy: FinishedBy | null;
  lastCheckin: EffectiveLog | null;
  lastCheckout: EffectiveLog | null;
}

/**
 * When an open check-in is closed automatically (spec part 2 point 4, with the rule above it that no course
 * is paid that never happened): the slot's planned duration after max(check-in, planned start), which is the
 * planned end on that day (issue 32: worked time runs from max(check-in, start) to min(check-out, end), so an
 * early arrival neither earns nor shortens the course). A check-in at 09:50 on 08:00-10:00 is closed at
 * 10:00; so is one at 07:40. Without the day's window: check-in + duration. Null without a readable slot time.
 */
export function autoCheckoutAtMs(
  checkin: Pick<PlanningLog, 'timestamp'>,
  slot: Slot | undefined,
): number | null {
  if (!slot) return null;
  const durationMin = clockRangeMinutes(slot.startTime, slot.endTime);
  if (durationMin <= 0) return null;
  // Plain arithmetic: the server runs this for every check-out of a batch.
  const checkinMs = Date.parse(checkin.timestamp);
  if (!Number.isFinite(checkinMs)) return null;
  const end = slotWindowMs(utcDayStartMs(checkinMs), slot)?.end;
  const byDuration = checkinMs + durationMin * MS_PER_MINUTE;
  return end === undefined ? byDuration : Math.max(checkinMs, end);
}

export function isCheckLog(log: PlanningLog): boolean {
  return log.action === 'planning-checkin' || log.action === 'planning-checkout';
}

export function isAutoLog(log: PlanningLog | null): boolean {
  return !!log && log.actorUserName === AUTO_ACTOR_NAME;
}

function ms(log: PlanningLog): number {
  return toUtc(log.timestamp).toMillis();
}

/** The check-in and check-out logs of one slot on one UTC date, oldest first, reviewers' corrections applied. */
export function logsForSlotDay(
  logs: readonly PlanningLog[],
  timetableId: string,
  slotIndex: number,
  date: string,
): EffectiveLog[] {
  return [...(slotDayIndex(logs).get(slotDayKey(timetableId, slotIndex, date)) ?? [])];
}

const slotDayKey = (timetableId: string, slotIndex: number, date: string) =>
  `${timetableId}\n${slotIndex}\n${date}`;

/**
 * The check logs grouped by slot and day, corrections applied and sorted, built once per logs array (and
 * length): a planning screen asks for every occurrence it draws, and reading all the logs for each one made
 * /planning/consulter's render grow with courses × logs. The arrays come from queries and are never
 * changed in place; the length guards against a caller that appends.
 */
const indexCache = new WeakMap<
  readonly PlanningLog[],
  { length: number; index: Map<string, EffectiveLog[]> }
>();

function slotDayIndex(logs: readonly PlanningLog[]): Map<string, EffectiveLog[]> {
  const cached = indexCache.get(logs);
  if (cached && cached.length === logs.length) return cached.index;
  const index = new Map<string, EffectiveLog[]>();
  for (const log of applyCorrections(logs)) {
    if (!isCheckLog(log)) continue;
    const key = slotDayKey(log.timetableId, log.slotIndex, toIsoDate(log.timestamp));
    const list = index.get(key);
    if (list) list.push(log);
    else index.set(key, [log]);
  }
  for (const list of index.values()) list.sort((a, b) => ms(a) - ms(b) || a.id.localeCompare(b.id));
  indexCache.set(logs, { length: logs.length, index });
  return index;
}

function latest(logs: readonly EffectiveLog[], action: PlanningLog['action']): EffectiveLog | null {
  let found: EffectiveLog | null = null;
  for (const log of logs) if (log.action === action && (!found || ms(log) >= ms(found))) found = log;
  return found;
}

/**
 * spec part 2 point 4, status of a slot for a day from that day's logs:
 * - finished when the latest check-out is at or after the latest check-in, or the slot's planned duration
 *   has elapsed since the latest check-in;
 * - in progress when a check-in has no later check-out;
 * - late when nothing started and now is more than 10 minutes after the start;
 * - not started otherwise.
 * A check-in after a check-out opens the slot again (a second device may have written it).
 */
export function slotAttendance(
  input: SlotDay & { logs: readonly PlanningLog[]; now: InstantLike },
): SlotAttendance {
  const slot = input.timetable.slots[input.slotIndex];
  const dayLogs = logsForSlotDay(input.logs, input.timetable.id, input.slotIndex, input.date);
  const lastCheckin = latest(dayLogs, 'planning-checkin');
  const lastCheckout = latest(dayLogs, 'planning-checkout');
  const now = toUtc(input.now).toMillis();
  if (lastCheckin) {
    if (lastCheckout && ms(lastCheckout) >= ms(lastCheckin)) {
      return {
        status: 'finished',
        finishedBy: isAutoLog(lastCheckout) ? 'auto-checkout' : 'checkout',
        lastCheckin,
        lastCheckout,
      };
    }
    const closesAt = autoCheckoutAtMs(lastCheckin, slot) ?? ms(lastCheckin);
    if (now >= closesAt) {
      return { status: 'finished', finishedBy: 'duration-elapsed', lastCheckin, lastCheckout };
    }
    return { status: 'in-progress', finishedBy: null, lastCheckin, lastCheckout };
  }
  const instants = slot ? slotInstants(input.date, slot) : undefined;
  const start = instants?.start;
  if (instants?.end && now >= instants.end.toMillis())
    return { status: 'missed', finishedBy: null, lastCheckin: null, lastCheckout };
  const isLate = !!start && now > start.toMillis() + LATE_AFTER_MIN * MS_PER_MINUTE;
  return { status: isLate ? 'late' : 'not-started', finishedBy: null, lastCheckin: null, lastCheckout };
}

export type CheckInRefusal =
  | 'slot-not-found'
  | 'canceled'
  | 'not-scheduled'
  | 'not-today'
  | 'finished'
  | 'in-progress'
  | 'too-early'
  | 'ended';
export type CheckOutRefusal =
  'slot-not-found' | 'canceled' | 'not-scheduled' | 'not-today' | 'finished' | 'not-started' | 'before-start';
export type CheckGate<C> = { ok: true; attendance: SlotAttendance } | { ok: false; code: C };

type BaseRefusal = 'slot-not-found' | 'canceled' | 'not-scheduled' | 'not-today';

function baseGate(input: SlotDay & { now: InstantLike }): { slot: Slot } | { code: BaseRefusal } {
  const slot = input.timetable.slots[input.slotIndex];
  if (!slot) return { code: 'slot-not-found' };
  if (slot.canceled) return { code: 'canceled' };
  if (!slotOccursOn(input.timetable, slot.dayOfWeek, input.date)) return { code: 'not-scheduled' };
  if (toIsoDate(input.now) !== input.date) return { code: 'not-today' };
  return { slot };
}

/**
 * spec part 2 point 4: Arrivée only for a course today, from 30 minutes before the start (exactly 30 minutes
 * before is allowed), and only if not in progress or finished. Finished comes first: once finished, no action
 * is possible on the slot for the day, including a new check-in.
 * Beyond the spec (which only says when check-in opens): it closes at the planned end, end excluded
 * ('ended', shown with the spec's message for a finished course), so a course that never took place cannot
 * be checked into afterwards and paid. The server applies the same gate with its own clock.
 */
export function checkInGate(
  input: SlotDay & { logs: readonly PlanningLog[]; now: InstantLike },
): CheckGate<CheckInRefusal> {
  const base = baseGate(input);
  if ('code' in base) return { ok: false, code: base.code };
  const attendance = slotAttendance(input);
  if (attendance.status === 'finished') return { ok: false, code: 'finished' };
  if (attendance.status === 'in-progress') return { ok: false, code: 'in-progress' };
  if (attendance.status === 'missed') return { ok: false, code: 'ended' };
  const start = slotInstants(input.date, base.slot)?.start;
  if (!start) return { ok: false, code: 'slot-not-found' };
  const opensAt = start.toMillis() - CHECKIN_OPENS_BEFORE_MIN * MS_PER_MINUTE;
  const nowMs = toUtc(input.now).toMillis();
  if (nowMs < opensAt) return { ok: false, code: 'too-early' };
  const end = slotInstants(input.date, base.slot)?.end;
  if (end && nowMs >= end.toMillis()) return { ok: false, code: 'ended' };
  return { ok: true, attendance };
}

/** spec part 2 point 4: Départ only while in progress. */
export function checkOutGate(
  input: SlotDay & { logs: readonly PlanningLog[]; now: InstantLike },
): CheckGate<CheckOutRefusal> {
  const base = baseGate(input);
  if ('code' in base) return { ok: false, code: base.code };
  const attendance = slotAttendance(input);
  if (attendance.status === 'finished') return { ok: false, code: 'finished' };
  if (attendance.status !== 'in-progress') return { ok: false, code: 'not-started' };
  // Issue 32: no Départ before the planned start (a check-in at 12:31 for 13:00 left at 12:33 earned 0h02
  // and locked the course).
  const start = slotInstants(input.date, base.slot)?.start;
  if (start && toUtc(input.now).toMillis() < start.toMillis()) return { ok: false, code: 'before-start' };
  return { ok: true, attendance };
}
