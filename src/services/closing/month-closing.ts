import type { AppDatabase } from '../../db/database';
import { writeBatch } from '../../db/repository';
import {
  adjustmentMonth,
  closedRecord,
  closeProblem,
  closureId,
  reopenedRecord,
  reopenProblem,
  type CloseRefusal,
  type MonthClosure,
  type MonthKey,
  type ReopenRefusal,
} from '../../domain/payroll/closing';
import type { Actor } from '../../domain/planning/planning-log';
import { isAdjustment } from '../../domain/attendance/trust';
import { monthAdjustments, type MonthAdjustment } from '../../domain/payroll/adjustments';
import type { PlanningLog, Timetable } from '../../domain/store/schema';
import { toIsoInstant, type InstantLike } from '../../domain/time/instant';
import { serverClock } from '../../sync/server-clock';

/**
 * Closing and reopening a month (issue 32, domain/payroll/closing.ts) on this device; the change travels
 * like any other and the server stamps its own time and person on it (server/closing-guard.ts), or refuses
 * it (the device then gets the record back as the server holds it).
 */

export async function readClosures(db: AppDatabase): Promise<MonthClosure[]> {
  return (await db.monthClosures.toArray()) as unknown as MonthClosure[];
}

export async function closeMonth(
  db: AppDatabase,
  request: {
    month: MonthKey;
    instituteId: string | null;
    actor: Actor;
    isFullAdministrator: boolean;
    now?: InstantLike;
  },
): Promise<{ ok: true } | { ok: false; code: CloseRefusal }> {
  const now = toIsoInstant(request.now ?? new Date(serverClock.serverNowMs()));
  const closures = await readClosures(db);
  const instituteIds = (await db.institutes.toArray()).map((i) => i.id);
  const problem = closeProblem({
    closures,
    month: request.month,
    instituteId: request.instituteId,
    now,
    isFullAdministrator: request.isFullAdministrator,
    instituteIds,
  });
  if (problem) return { ok: false, code: problem };
  const id = closureId(request.month, request.instituteId);
  const previous = closures.find((c) => c.id === id) ?? null;
  await writeBatch(db, async (w) => {
    const record = closedRecord({
      previous,
      month: request.month,
      instituteId: request.instituteId,
      at: now,
      byUserId: request.actor.userId ?? '',
      byUserName: request.actor.userName,
    });
    await w.put('monthClosures', record as never);
  });
  return { ok: true };
}

export async function reopenMonth(
  db: AppDatabase,
  request: {
    closureId: string;
    reason: string;
    actor: Actor;
    isFullAdministrator: boolean;
    now?: InstantLike;
  },
): Promise<{ ok: true } | { ok: false; code: ReopenRefusal }> {
  const now = toIsoInstant(request.now ?? new Date(serverClock.serverNowMs()));
  const closure = (await readClosures(db)).find((c) => c.id === request.closureId) ?? null;
  const problem = reopenProblem({
    closure,
    isFullAdministrator: request.isFullAdministrator,
    reason: request.reason,
  });
  if (problem || !closure) return { ok: false, code: problem ?? 'not-closed' };
  await writeBatch(db, async (w) => {
    const record = reopenedRecord(closure, {
      at: now,
      byUserId: request.actor.userId ?? '',
      byUserName: request.actor.userName,
      reason: request.reason,
    });
    await w.put('monthClosures', record as never);
  });
  return { ok: true };
}

/** Where a correction of a course of this class on `date` would count: null (in place) or an open month. */
export async function adjustmentMonthFor(
  db: AppDatabase,
  classId: string | null | undefined,
  date: string,
): Promise<MonthKey | null> {
  const closures = await readClosures(db);
  if (closures.length === 0) return null;
  const schoolClass = classId ? await db.classes.get(classId) : undefined;
  return adjustmentMonth(closures, schoolClass?.instituteId ?? null, date);
}

/**
 * The logs monthAdjustments needs for `month` (domain/payroll/adjustments.ts): every adjustment counted in it
 * and, for the sessions they correct (slot of a timetable), all of that slot's logs (the closed days' check
 * logs and the earlier adjustments). Adjustments are dated in their own day, often months before: found by
 * a scan of the logs (once, when a statement is built), then by the timetable index.
 */
export async function readMonthAdjustmentLogs(db: AppDatabase, month: MonthKey): Promise<PlanningLog[]> {
  const adjustments = await db.planningLogs
    .filter((log) => isAdjustment(log) && log.adjustmentMonth === month)
    .toArray();
  if (adjustments.length === 0) return [];
  const sessions = new Set(adjustments.map((a) => `${a.timetableId}\u0000${a.slotIndex}`));
  return db.planningLogs
    .where('timetableId')
    .anyOf([...new Set(adjustments.map((a) => a.timetableId))])
    .filter((log) => sessions.has(`${log.timetableId}\u0000${log.slotIndex}`))
    .toArray();
}

/** The adjustments counted in `month` (optionally one teacher's), read from this device's store. */
export async function readMonthAdjustments(
  db: AppDatabase,
  month: MonthKey,
  now: InstantLike,
  teacherUserId?: string,
): Promise<MonthAdjustment[]> {
  const logs = await readMonthAdjustmentLogs(db, month);
  if (logs.length === 0) return [];
  const timetables = await db.timetables.bulkGet([...new Set(logs.map((l) => l.timetableId))]);
  return monthAdjustments({
    logs,
    timetables: timetables.filter((t): t is Timetable => t !== undefined),
    month,
    now,
    ...(teacherUserId !== undefined ? { teacherUserId } : {}),
  });
}
