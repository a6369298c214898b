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
