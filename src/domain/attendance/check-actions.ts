import type { AppNotification, PlanningLog } from '../store/schema';
import { toIsoInstant, type InstantLike } from '../time/instant';
import { buildPlanningLog, type Actor, type GeoPosition } from '../planning/planning-log';
import { checkInGate, checkOutGate, type CheckInRefusal, type CheckOutRefusal, type SlotDay } from './status';

export type CheckKind = 'checkin' | 'checkout';

export interface CheckActionInput extends SlotDay {
  kind: CheckKind;
  logs: readonly PlanningLog[];
  /** The server's time as the device estimates it (src/sync/server-clock.ts): gates and `timestamp` use it. */
  now: InstantLike;
  /** The device's own clock at the same moment, kept on the log for review (domain/attendance/trust). */
  deviceNow?: InstantLike;
  actor: Actor;
  /** Null when the position was refused or unavailable: the action proceeds without it (spec part 2 point 5). */
  position: GeoPosition | null;
  logId: string;
  notificationId: string;
}

export type CheckActionResult =
  | { ok: true; value: { log: PlanningLog; notification: AppNotification } }
  | { ok: false; code: CheckInRefusal | CheckOutRefusal };

/** spec part 2 point 4: each check-in or check-out log adds an unread notification. */
export function notificationForLog(log: PlanningLog, id: string): AppNotification | null {
  if (log.action !== 'planning-checkin' && log.action !== 'planning-checkout') return null;
  return {
    id,
    kind: log.action === 'planning-checkin' ? 'checkin' : 'checkout',
    createdAt: log.timestamp,
    timetableId: log.timetableId,
    slotIndex: log.slotIndex,
    classId: log.classId ?? null,
    moduleId: log.moduleId ?? null,
    teacherUserId: log.teacherUserId ?? null,
    read: false,
  };
}

/**
 * The records a check-in or check-out writes (log with position, and its notification), after the gate of
 * spec part 2 point 4. The gate reads the logs already stored, so a second tap on Arrivée is refused with
 * 'in-progress' instead of writing a second check-in.
 */
export function recordCheck(input: CheckActionInput): CheckActionResult {
  const gate = input.kind === 'checkin' ? checkInGate(input) : checkOutGate(input);
  if (!gate.ok) return gate;
  const slot = input.timetable.slots[input.slotIndex];
  if (!slot) return { ok: false, code: 'slot-not-found' };
  const log = buildPlanningLog({
    id: input.logId,
    action: input.kind === 'checkin' ? 'planning-checkin' : 'planning-checkout',
    timetable: input.timetable,
    slotIndex: input.slotIndex,
    slot,
    actor: input.actor,
    now: input.now,
    position: input.position,
  });
  if (input.deviceNow !== undefined) log.deviceTimestamp = toIsoInstant(input.deviceNow);
  // The check-in a check-out closes: the server lets a kiosk close only a check-in a kiosk recorded.
  if (input.kind === 'checkout' && gate.attendance.lastCheckin)
    log.checkinLogId = gate.attendance.lastCheckin.id;
  const notification = notificationForLog(log, input.notificationId);
  if (!notification) return { ok: false, code: 'slot-not-found' };
  return { ok: true, value: { log, notification } };
}
