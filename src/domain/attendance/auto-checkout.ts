import type { AppNotification, PlanningLog, Timetable } from '../store/schema';
import { notificationForLog } from './check-actions';
import { buildPlanningLog } from '../planning/planning-log';
import { toIsoDate, toUtc, type InstantLike } from '../time/instant';
import { AUTO_ACTOR_NAME, AUTO_CHECKOUT_NOTE, autoCheckoutAtMs, isCheckLog } from './status';

// spec part 2 point 9: the automatic check-out runs every 15 seconds.
export const AUTO_CHECKOUT_POLL_MS = 15_000;
const AUTO_CHECKOUT_ID_PREFIX = 'auto-';

/**
 * The id of the automatic check-out closing a check-in. It depends only on the check-in, so two devices
 * (or one that was offline) write the same record, and the append-only merge keeps a single copy.
 */
export function autoCheckoutId(checkinLogId: string): string {
  return `${AUTO_CHECKOUT_ID_PREFIX}${checkinLogId}`;
}

/**
 * spec part 2 point 4, automatic check-out: a check-in without a later check-out is closed once the slot's
 * planned duration has passed since the check-in (exactly at the duration counts), and never later than the
 * slot's planned end (autoCheckoutAtMs: nothing is credited after the course). The check-out is dated at that
 * instant, not now, so the real time does not depend on when the poll ran; the server accepts an automatic
 * check-out only at exactly that instant.
 * Only the latest check-in of a slot and day is closed: an earlier one is already followed by it.
 * Slots that no longer exist, or have no readable duration, are left alone.
 */
export function pendingAutoCheckouts(input: {
  timetables: readonly Timetable[];
  logs: readonly PlanningLog[];
  now: InstantLike;
}): PlanningLog[] {
  const now = toUtc(input.now).toMillis();
  const timetables = new Map(input.timetables.map((t) => [t.id, t]));
  const ids = new Set(input.logs.map((log) => log.id));
  const groups = new Map<string, PlanningLog[]>();
  for (const log of input.logs) {
    if (!isCheckLog(log)) continue;
    const key = `${log.timetableId}\u0000${log.slotIndex}\u0000${toIsoDate(log.timestamp)}`;
    const list = groups.get(key);
    if (list) list.push(log);
    else groups.set(key, [log]);
  }

  const checkouts: PlanningLog[] = [];
  for (const group of groups.values()) {
    const sorted = [...group].sort(
      (a, b) => toUtc(a.timestamp).toMillis() - toUtc(b.timestamp).toMillis() || a.id.localeCompare(b.id),
    );
    const checkins = sorted.filter((log) => log.action === 'planning-checkin');
    const lastCheckin = checkins[checkins.length - 1];
    if (!lastCheckin) continue;
    const checkinMs = toUtc(lastCheckin.timestamp).toMillis();
    const isClosed = sorted.some(
      (log) => log.action === 'planning-checkout' && toUtc(log.timestamp).toMillis() >= checkinMs,
    );
    if (isClosed || ids.has(autoCheckoutId(lastCheckin.id))) continue;
    const timetable = timetables.get(lastCheckin.timetableId);
    const slot = timetable?.slots[lastCheckin.slotIndex];
    if (!timetable || !slot) continue;
    const closesAt = autoCheckoutAtMs(lastCheckin, slot);
    if (closesAt === null || now < closesAt) continue;
    checkouts.push(
      buildPlanningLog({
        id: autoCheckoutId(lastCheckin.id),
        action: 'planning-checkout',
        timetable,
        slotIndex: lastCheckin.slotIndex,
        slot,
        actor: { userId: null, userName: AUTO_ACTOR_NAME },
        now: new Date(closesAt),
        note: AUTO_CHECKOUT_NOTE,
      }),
    );
  }
  return checkouts.sort((a, b) => a.id.localeCompare(b.id));
}

/**
 * The automatic check-outs with their notifications (spec part 2 point 4: each check-out adds an unread
 * notification). The notification takes the log's id, deterministic too, so two devices write one record.
 */
export function pendingAutoCheckoutRecords(input: {
  timetables: readonly Timetable[];
  logs: readonly PlanningLog[];
  now: InstantLike;
}): { log: PlanningLog; notification: AppNotification }[] {
  return pendingAutoCheckouts(input).flatMap((log) => {
    const notification = notificationForLog(log, log.id);
    return notification ? [{ log, notification }] : [];
  });
}
