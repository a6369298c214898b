import { realSessions, sessionsMinutes } from '../attendance/real-time';
import { isAdjustment } from '../attendance/trust';
import type { PlanningLog, Timetable } from '../store/schema';
import { toIsoDate, type InstantLike } from '../time/instant';
import { dayRange } from '../time/period';
import type { MonthKey } from './closing';

/**
 * Adjustments (issue 32): a correction of a day in a closed month is stamped by the server with the open
 * month it counts in (`adjustmentMonth`, domain/payroll/closing.ts adjustmentMonth). It never changes the
 * closed month (domain/attendance/trust applyCorrections skips it); the month it names receives the
 * difference it makes to its session: the worked minutes of that slot on that day with it, minus without it
 * (earlier adjustments of the same session applied in both). The original log and the correction's author
 * and reason are kept; a dated line of the statement.
 */
export interface MonthAdjustment {
  /** The correction log (action 'planning-correction' with adjustmentMonth). */
  correction: PlanningLog;
  month: MonthKey;
  /** The corrected session's day 'YYYY-MM-DD' (in the closed month). */
  date: string;
  timetableId: string;
  slotIndex: number;
  teacherUserId: string | null;
  classId: string | null;
  moduleId: string | null;
  /** Worked minutes of that slot on that day before and after this adjustment. */
  minutesBefore: number;
  minutesAfter: number;
  deltaMinutes: number;
  /** Who made it, why, and when (the server's receipt when known). */
  actorUserName: string | null;
  reason: string | null;
  madeAt: string;
}

function madeAtOf(log: PlanningLog): string {
  return log.receivedAt ?? log.madeAt ?? log.timestamp;
}

/** Adjustments in the order they were made: by month, then receipt, then id. */
function byOrder(a: PlanningLog, b: PlanningLog): number {
  const ma = String(a.adjustmentMonth ?? '');
  const mb = String(b.adjustmentMonth ?? '');
  if (ma !== mb) return ma < mb ? -1 : 1;
  const ta = madeAtOf(a);
  const tb = madeAtOf(b);
  if (ta !== tb) return ta < tb ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** An adjustment read as the ordinary correction it is once its own month counts it. */
function asCorrection(log: PlanningLog): PlanningLog {
  return { ...log, adjustmentMonth: null };
}

/**
 * The adjustments counted in `month` (optionally one teacher's), each with the minutes it adds (or removes).
 * `logs` must hold the corrected sessions' logs (the closed month's check logs of those slots).
 */
export function monthAdjustments(input: {
  logs: readonly PlanningLog[];
  timetables: readonly Timetable[];
  month: MonthKey;
  now: InstantLike;
  teacherUserId?: string;
}): MonthAdjustment[] {
  const adjustments = input.logs.filter(isAdjustment).sort(byOrder);
  const out: MonthAdjustment[] = [];
  for (const [index, adjustment] of adjustments.entries()) {
    if (adjustment.adjustmentMonth !== input.month) continue;
    const date = toIsoDate(adjustment.correctedTimestamp ?? adjustment.timestamp);
    if (!date) continue;
    const sameSession = (log: PlanningLog) =>
      log.timetableId === adjustment.timetableId && log.slotIndex === adjustment.slotIndex;
    const earlier = new Set(adjustments.slice(0, index).map((a) => a.id));
    const base = input.logs
      .filter((log) => sameSession(log) && (!isAdjustment(log) || earlier.has(log.id)))
      .map((log) => (isAdjustment(log) ? asCorrection(log) : log));
    const range = dayRange(date);
    const minutes = (logs: readonly PlanningLog[]) =>
      sessionsMinutes(realSessions({ logs, range, now: input.now, timetables: input.timetables }));
    const minutesBefore = minutes(base);
    const minutesAfter = minutes([...base, asCorrection(adjustment)]);
    const timetable = input.timetables.find((t) => t.id === adjustment.timetableId);
    const slot = timetable?.slots[adjustment.slotIndex];
    const teacherUserId = adjustment.teacherUserId ?? slot?.teacherUserId ?? null;
    if (input.teacherUserId !== undefined && teacherUserId !== input.teacherUserId) continue;
    out.push({
      correction: adjustment,
      month: input.month,
      date,
      timetableId: adjustment.timetableId,
      slotIndex: adjustment.slotIndex,
      teacherUserId,
      classId: adjustment.classId ?? timetable?.classId ?? null,
      moduleId: adjustment.moduleId ?? slot?.moduleId ?? null,
      minutesBefore,
      minutesAfter,
      deltaMinutes: minutesAfter - minutesBefore,
      actorUserName: adjustment.actorUserName ?? null,
      reason: adjustment.note ?? null,
      madeAt: madeAtOf(adjustment),
    });
  }
  return out;
}
