import type { PlanningLog, Slot, Timetable } from '../store/schema';
import type { GeoPosition } from '../planning/planning-log';
import { slotOccurrences } from '../planning/occurrences';
import { clockRangeMinutes, type InstantLike } from '../time/instant';
import { dayRange, type UtcRange } from '../time/period';
import { positionOfLog } from './location';
import { realSessions, sessionsMinutes } from './real-time';
import { slotAttendance, type AttendanceStatus, type FinishedBy } from './status';
import { needsReview, trustFlags, type EffectiveLog, type TrustFlag } from './trust';

export interface AttendanceRow {
  timetable: Timetable;
  slot: Slot;
  slotIndex: number;
  /** 'YYYY-MM-DD' (UTC). */
  date: string;
  status: AttendanceStatus;
  finishedBy: FinishedBy | null;
  /** The 'auto' badge: finished by an automatic check-out, or by the elapsed duration before it is written. */
  isAuto: boolean;
  plannedMin: number;
  realMin: number;
  checkinPosition: GeoPosition | null;
  checkoutPosition: GeoPosition | null;
  /** The latest check-in and check-out of the day, corrections applied (originals kept on them). */
  checkin: EffectiveLog | null;
  checkout: EffectiveLog | null;
  /** "horloge décalée" / "tardive" of the check-in or check-out, each once. */
  trustFlags: TrustFlag[];
  /** A time was corrected by a reviewer ("corrigé"). */
  corrected: boolean;
  /** "À vérifier": a flagged entry nobody corrected yet. */
  toReview: boolean;
}

export type AttendanceCounters = Record<AttendanceStatus, number>;

function reviewOf(checkin: EffectiveLog | null, checkout: EffectiveLog | null) {
  const logs = [checkin, checkout].filter((l): l is EffectiveLog => l !== null);
  const flags = new Set<TrustFlag>();
  for (const log of logs) for (const flag of trustFlags(log)) flags.add(flag);
  return {
    checkin,
    checkout,
    trustFlags: [...flags],
    corrected: logs.some((l) => !!l.correction),
    toReview: logs.some(needsReview),
  };
}

/**
 * "Suivi des émargements" (spec part 2 point 2 and 4): one row per non-canceled slot occurrence in the range,
 * with its status for that day, real/planned minutes and positions, plus the four counters. Slots with no
 * known teacher are ignored (an empty teacher id, or one missing from knownTeacherIds when given).
 */
export function attendanceOverview(input: {
  timetables: readonly Timetable[];
  logs: readonly PlanningLog[];
  range: UtcRange;
  now: InstantLike;
  classId?: string | null;
  knownTeacherIds?: ReadonlySet<string>;
}): { rows: AttendanceRow[]; counters: AttendanceCounters } {
  const timetables = input.classId
    ? input.timetables.filter((t) => t.classId === input.classId)
    : input.timetables;
  const rows: AttendanceRow[] = [];
  for (const occurrence of slotOccurrences(timetables, input.range)) {
    const { timetable, slot, slotIndex, date } = occurrence;
    if (!slot.teacherUserId || (input.knownTeacherIds && !input.knownTeacherIds.has(slot.teacherUserId)))
      continue;
    const attendance = slotAttendance({ timetable, slotIndex, date, logs: input.logs, now: input.now });
    const sessions = realSessions({
      logs: input.logs,
      range: dayRange(date),
      now: input.now,
      timetables: input.timetables,
    }).filter((s) => s.timetableId === timetable.id && s.slotIndex === slotIndex);
    rows.push({
      timetable,
      slot,
      slotIndex,
      date,
      status: attendance.status,
      finishedBy: attendance.finishedBy,
      isAuto: attendance.finishedBy === 'auto-checkout' || attendance.finishedBy === 'duration-elapsed',
      plannedMin: clockRangeMinutes(slot.startTime, slot.endTime),
      realMin: sessionsMinutes(sessions),
      checkinPosition: attendance.lastCheckin ? positionOfLog(attendance.lastCheckin) : null,
      checkoutPosition: attendance.lastCheckout ? positionOfLog(attendance.lastCheckout) : null,
      ...reviewOf(attendance.lastCheckin, attendance.lastCheckout),
    });
  }
  const counters: AttendanceCounters = {
    'not-started': 0,
    late: 0,
    'in-progress': 0,
    finished: 0,
    missed: 0,
  };
  for (const row of rows) counters[row.status] += 1;
  return { rows, counters };
}
