import type { AppDatabase } from '../../db/database';
import { writeBatch } from '../../db/repository';
import {
  CORRECTION_ACTION,
  correctionProblem,
  type CorrectionRefusal,
  type EffectiveLog,
} from '../../domain/attendance/trust';
import { buildPlanningLog, type Actor } from '../../domain/planning/planning-log';
import type { PlanningLog } from '../../domain/store/schema';
import { parseClockTime, toIsoInstant, type InstantLike } from '../../domain/time/instant';
import { serverClock } from '../../sync/server-clock';

export interface CorrectionRequest {
  /** The check-in or check-out corrected (as the screen shows it, corrections applied). */
  target: EffectiveLog;
  /** The corrected time, 'H:MM' or 'HH:MM', on the original's UTC day. */
  time: string;
  reason: string;
  actor: Actor;
  /** By default the server's time as the device estimates it. */
  now?: InstantLike;
}

export type CorrectionResult =
  { ok: true; log: PlanningLog } | { ok: false; code: CorrectionRefusal | 'slot-not-found' };

/**
 * A reviewer corrects a check-in or check-out time (beyond the spec, with planning.consulter.actions): a new
 * append-only 'planning-correction' log keeps the original untouched, names it, and carries the corrected
 * time and the reason; screens and hours read the corrected time (domain/attendance/trust applyCorrections).
 */
export async function correctCheckTime(
  db: AppDatabase,
  request: CorrectionRequest,
): Promise<CorrectionResult> {
  const { target } = request;
  const minutes = parseClockTime(request.time);
  const original = target.originalTimestamp ?? target.timestamp;
  if (minutes === null) return { ok: false, code: 'invalid-time' };
  const corrected = new Date(Date.parse(`${original.slice(0, 10)}T00:00:00.000Z`) + minutes * 60_000);
  const now = request.now ?? new Date(serverClock.serverNowMs());
  const problem = correctionProblem({
    target,
    correctedTimestamp: toIsoInstant(corrected),
    reason: request.reason,
    now,
  });
  if (problem) return { ok: false, code: problem };
  return writeBatch(db, async (w): Promise<CorrectionResult> => {
    const timetable = await w.get('timetables', target.timetableId);
    const slot = timetable?.slots[target.slotIndex];
    if (!timetable || !slot) return { ok: false, code: 'slot-not-found' };
    const log: PlanningLog = {
      ...buildPlanningLog({
        id: globalThis.crypto.randomUUID(),
        action: CORRECTION_ACTION,
        timetable,
        slotIndex: target.slotIndex,
        slot,
        actor: request.actor,
        now,
        note: request.reason.trim(),
      }),
      // The log's own context is the corrected log's (its teacher), not the slot's today.
      teacherUserId: target.teacherUserId ?? slot.teacherUserId,
      correctsLogId: target.id,
      correctedTimestamp: toIsoInstant(corrected),
    };
    await w.put('planningLogs', log);
    return { ok: true, log };
  });
}
