import type { AppDatabase } from '../../db/database';
import { writeBatch } from '../../db/repository';
import {
  CORRECTION_ACTION,
  correctionProblem,
  plannedWindowOn,
  type CorrectionRefusal,
  type EffectiveLog,
} from '../../domain/attendance/trust';
import { buildPlanningLog, type Actor } from '../../domain/planning/planning-log';
import type { PlanningLog, Slot } from '../../domain/store/schema';
import { occurrenceKey, occurrenceSlot, slotKey } from '../../domain/absences/occurrence-teacher';
import { parseClockTime, toIsoInstant, type InstantLike } from '../../domain/time/instant';
import { serverClock } from '../../sync/server-clock';
import { adjustmentMonthFor } from '../closing/month-closing';

/** A missing check-in or check-out an administrator records (issue 32): no log to name. */
export interface MissingCheck {
  record: 'planning-checkin' | 'planning-checkout';
  timetableId: string;
  slotIndex: number;
  /** 'YYYY-MM-DD' (UTC) of the course. */
  date: string;
  teacherUserId: string;
}

export interface CorrectionRequest {
  /** The check-in or check-out corrected (as the screen shows it, corrections applied), or a missing one. */
  target: EffectiveLog | MissingCheck;
  /** The corrected time, 'H:MM' or 'HH:MM', on the original's UTC day. */
  time: string;
  reason: string;
  /** Required when the time lies outside the slot's planned window (a second, written justification). */
  justification?: string;
  actor: Actor;
  /** By default the server's time as the device estimates it. */
  now?: InstantLike;
}

export type CorrectionResult =
  { ok: true; log: PlanningLog } | { ok: false; code: CorrectionRefusal | 'slot-not-found' };

const isMissing = (target: CorrectionRequest['target']): target is MissingCheck => 'record' in target;

/** Who a missing check is for: the substitute under a substitution, nobody when the course is cancelled. */
function effectiveTeacherOf(
  target: MissingCheck,
  slot: Slot,
  substitution: { id: string; substituteUserId: string | null } | undefined,
): string | null {
  if (!substitution) return target.teacherUserId;
  const given = occurrenceSlot(slot, substitution);
  return given.canceled ? null : given.teacherUserId;
}

/**
 * A reviewer corrects a check-in or check-out time (beyond the spec, with planning.consulter.actions): a new
 * append-only 'planning-correction' log keeps the original untouched, names it, and carries the corrected
 * time and the reason; screens and hours read the corrected time (domain/attendance/trust applyCorrections).
 * The same with no log to name records a missing check-in or check-out (`recordsAction`, dated at the time
 * it records). Four eyes: never one's own hours; outside the planned window only with a justification.
 */
export async function correctCheckTime(
  db: AppDatabase,
  request: CorrectionRequest,
): Promise<CorrectionResult> {
  const { target } = request;
  const minutes = parseClockTime(request.time);
  const day = isMissing(target) ? target.date : (target.originalTimestamp ?? target.timestamp).slice(0, 10);
  if (minutes === null) return { ok: false, code: 'invalid-time' };
  const corrected = toIsoInstant(new Date(Date.parse(`${day}T00:00:00.000Z`) + minutes * 60_000));
  const now = request.now ?? new Date(serverClock.serverNowMs());
  // A day of a closed month: a dated adjustment of the next open month (the server decides it again).
  const classId = (await db.timetables.get(target.timetableId))?.classId;
  const adjustment = await adjustmentMonthFor(db, classId, day);
  return writeBatch(db, async (w): Promise<CorrectionResult> => {
    const timetable = await w.get('timetables', target.timetableId);
    const slot = timetable?.slots[target.slotIndex];
    if (!timetable || !slot) return { ok: false, code: 'slot-not-found' };
    // Issue 35: a missing check is the occurrence's effective teacher's (the substitute's, never the absent
    // teacher's); a course cancelled for want of a substitute has none to record (the server says the same).
    const missingTeacher = isMissing(target)
      ? effectiveTeacherOf(
          target,
          slot,
          await w.get(
            'substitutions',
            occurrenceKey({
              timetableId: target.timetableId,
              slotKey: slotKey(slot, target.slotIndex),
              date: target.date,
            }),
          ),
        )
      : null;
    if (isMissing(target) && missingTeacher === null) return { ok: false, code: 'slot-not-found' };
    const checked = isMissing(target)
      ? { action: target.record, timestamp: corrected, teacherUserId: missingTeacher }
      : target;
    const problem = correctionProblem({
      target: checked,
      correctedTimestamp: corrected,
      reason: request.reason,
      now,
      actorUserId: request.actor.userId,
      plannedWindow: plannedWindowOn(corrected, slot),
      justification: request.justification ?? null,
    });
    if (problem) return { ok: false, code: problem };
    const base = buildPlanningLog({
      id: globalThis.crypto.randomUUID(),
      action: CORRECTION_ACTION,
      timetable,
      slotIndex: target.slotIndex,
      slot,
      actor: request.actor,
      now,
      note: request.reason.trim(),
    });
    const justification = request.justification?.trim()
      ? { justification: request.justification.trim() }
      : {};
    const log: PlanningLog = isMissing(target)
      ? {
          ...base,
          timestamp: corrected,
          madeAt: toIsoInstant(now),
          teacherUserId: missingTeacher,
          correctsLogId: null,
          recordsAction: target.record,
          correctedTimestamp: corrected,
          ...justification,
        }
      : {
          ...base,
          // The log's own context is the corrected log's (its teacher), not the slot's today.
          teacherUserId: target.teacherUserId ?? slot.teacherUserId,
          correctsLogId: target.id,
          correctedTimestamp: corrected,
          ...justification,
        };
    if (adjustment) log.adjustmentMonth = adjustment;
    await w.put('planningLogs', log);
    return { ok: true, log };
  });
}
