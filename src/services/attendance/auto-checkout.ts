import { appDb, type AppDatabase } from '../../db/database';
import { writeBatch } from '../../db/repository';
import { AUTO_CHECKOUT_POLL_MS, pendingAutoCheckoutRecords } from '../../domain/attendance/auto-checkout';
import { toIsoInstant, toUtc, type InstantLike } from '../../domain/time/instant';
import { dayRange } from '../../domain/time/period';
import { serverClock } from '../../sync/server-clock';

/**
 * spec part 2 point 4, automatic check-out: closes today's check-ins whose planned duration has passed.
 * The records carry ids derived from the check-in (`auto-<checkinId>`), so running it twice, on two
 * devices, or on a device that was offline, ends with one check-out per check-in once synced. Returns the
 * number of check-outs written.
 */
export async function runAutoCheckouts(db: AppDatabase, now: InstantLike): Promise<number> {
  const today = dayRange(now);
  return writeBatch(db, async (w) => {
    const logs = await db.planningLogs
      .where('timestamp')
      .between(toIsoInstant(today.start), toIsoInstant(today.end), true, false)
      .toArray();
    if (!logs.some((log) => log.action === 'planning-checkin')) return 0;
    const timetableIds = [...new Set(logs.map((log) => log.timetableId))];
    const timetables = (await db.timetables.bulkGet(timetableIds)).filter((t) => t !== undefined);
    let written = 0;
    for (const { log, notification } of pendingAutoCheckoutRecords({ timetables, logs, now })) {
      // Another device's copy may have arrived through sync since the read: never overwrite it.
      if (await w.get('planningLogs', log.id)) continue;
      await w.put('planningLogs', log);
      if (!(await w.get('notifications', notification.id))) await w.put('notifications', notification);
      written += 1;
    }
    return written;
  });
}

export interface AutoCheckoutLoopOptions {
  db?: AppDatabase;
  intervalMs?: number;
  now?: () => InstantLike;
}

/**
 * Runs runAutoCheckouts at once and then every 15 seconds (spec part 2 point 9). A run that has not finished
 * is not overlapped. Returns the function that stops the loop (the app shell calls it when signed out).
 */
export function startAutoCheckoutLoop(options: AutoCheckoutLoopOptions = {}): () => void {
  const db = options.db ?? appDb();
  // The server's time as the device estimates it: a device clock set hours off neither closes a course early
  // nor leaves it open (the server accepts the check-out only at its computed instant anyway).
  const now = options.now ?? (() => new Date(serverClock.serverNowMs()));
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    runAutoCheckouts(db, toUtc(now()))
      .catch(() => 0) // a failed run (closed db, quota) is retried at the next tick
      .finally(() => {
        running = false;
      });
  };
  tick();
  const timer = setInterval(tick, options.intervalMs ?? AUTO_CHECKOUT_POLL_MS);
  return () => clearInterval(timer);
}
