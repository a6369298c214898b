import type { PlanningLog, Timetable } from '../store/schema';
import { MS_PER_MINUTE, toIsoDate, toUtc, type InstantLike } from '../time/instant';
import type { UtcRange } from '../time/period';
import { autoCheckoutAtMs, isCheckLog } from './status';
import { applyCorrections, needsReview, slotWindowMs, utcDayStartMs, type EffectiveLog } from './trust';

/** One check-in paired with its next check-out, or open until now / the period end. */
export interface RealSession {
  checkin: EffectiveLog;
  checkout: EffectiveLog | null;
  timetableId: string;
  slotIndex: number;
  classId: string | null;
  moduleId: string | null;
  teacherUserId: string | null;
  /** Exact length in milliseconds; minutes are rounded only on totals. */
  durationMs: number;
  /** Its check-in or check-out is flagged (clock, late receipt) and not corrected: counted apart. */
  toReview: boolean;
}

export interface RealTimeRow {
  moduleId: string;
  classId: string;
  minutes: number;
}

/** Log context, falling back to the timetable when an older log lacks class, module or teacher. */
function contextOf(log: PlanningLog, timetables: ReadonlyMap<string, Timetable>) {
  const timetable = timetables.get(log.timetableId);
  const slot = timetable?.slots[log.slotIndex];
  return {
    classId: log.classId ?? timetable?.classId ?? null,
    moduleId: log.moduleId ?? slot?.moduleId ?? null,
    teacherUserId: log.teacherUserId ?? slot?.teacherUserId ?? null,
  };
}

/**
 * spec part 2 point 9: real time is the time from each check-in to its next check-out; an open check-in
 * counts until now or the period end, whichever comes first. Beyond the spec (no course is paid beyond what
 * was planned): a session never counts beyond the instant the automatic check-out would close it
 * (status.autoCheckoutAtMs: min(check-in + planned duration, planned end), when the timetable is known),
 * whatever its check-out says (a late manual check-out, a forged or legacy one). A reviewer's correction applies
 * as written, beyond that instant too: the reviewer decided (a course that ran over), and the row then shows
 * real above planned in red as the spec says. Logs pair per slot and UTC day; a second check-in while one is open (a double tap on two
 * devices) does not start a second session. Only sessions whose check-in lies in the range count.
 */
export function realSessions(input: {
  logs: readonly PlanningLog[];
  range: UtcRange;
  now: InstantLike;
  timetables?: readonly Timetable[];
}): RealSession[] {
  const timetables = new Map((input.timetables ?? []).map((t) => [t.id, t]));
  const openUntil = Math.min(toUtc(input.now).toMillis(), input.range.end.toMillis());
  const groups = new Map<string, EffectiveLog[]>();
  for (const log of applyCorrections(input.logs)) {
    if (!isCheckLog(log)) continue;
    const key = `${log.timetableId}\u0000${log.slotIndex}\u0000${toIsoDate(log.timestamp)}`;
    const list = groups.get(key);
    if (list) list.push(log);
    else groups.set(key, [log]);
  }

  /** Where a session of this check-in ends at the latest (no cap without the timetable's slot). */
  const closesAtMs = (checkin: EffectiveLog): number =>
    autoCheckoutAtMs(checkin, timetables.get(checkin.timetableId)?.slots[checkin.slotIndex]) ?? Infinity;
  const sessions: RealSession[] = [];
  /** Issue 32: time counts from max(check-in, planned start), unless a reviewer set the check-in. */
  const countsFromMs = (checkin: EffectiveLog, checkinMs: number): number => {
    if (checkin.correction) return checkinMs;
    const slot = timetables.get(checkin.timetableId)?.slots[checkin.slotIndex];
    const window = slot ? slotWindowMs(utcDayStartMs(checkinMs), slot) : null;
    return window ? Math.max(checkinMs, window.start) : checkinMs;
  };
  const push = (checkin: EffectiveLog, checkout: EffectiveLog | null, endMs: number): void => {
    const checkinMs = toUtc(checkin.timestamp).toMillis();
    if (checkinMs < input.range.start.toMillis() || checkinMs >= input.range.end.toMillis()) return;
    const startMs = countsFromMs(checkin, checkinMs);
    sessions.push({
      checkin,
      checkout,
      timetableId: checkin.timetableId,
      slotIndex: checkin.slotIndex,
      ...contextOf(checkin, timetables),
      durationMs: Math.max(0, endMs - startMs),
      toReview: needsReview(checkin) || (!!checkout && needsReview(checkout)),
    });
  };
  for (const group of groups.values()) {
    const sorted = [...group].sort(
      (a, b) =>
        toUtc(a.timestamp).toMillis() - toUtc(b.timestamp).toMillis() ||
        // at the same instant a check-out closes the earlier session before a new check-in opens
        (a.action === b.action ? a.id.localeCompare(b.id) : a.action === 'planning-checkout' ? -1 : 1),
    );
    let open: EffectiveLog | null = null;
    for (const log of sorted) {
      if (log.action === 'planning-checkin') {
        open ??= log;
      } else if (open) {
        // A reviewer's correction of the check-out is a decision (a course that ran over): it is not capped.
        const checkoutMs = toUtc(log.timestamp).toMillis();
        const reviewed = log.correction !== undefined;
        push(open, log, reviewed ? checkoutMs : Math.min(checkoutMs, closesAtMs(open)));
        open = null;
      }
    }
    if (open) push(open, null, Math.min(openUntil, closesAtMs(open)));
  }
  return sessions.sort(
    (a, b) => toUtc(a.checkin.timestamp).toMillis() - toUtc(b.checkin.timestamp).toMillis(),
  );
}

export function sessionsMinutes(sessions: readonly RealSession[]): number {
  return Math.round(sessions.reduce((sum, s) => sum + s.durationMs, 0) / MS_PER_MINUTE);
}

/** The part of the real time whose entries are "À vérifier" (flagged, not corrected), counted apart. */
export function reviewMinutes(sessions: readonly RealSession[]): number {
  return sessionsMinutes(sessions.filter((s) => s.toReview));
}

/**
 * spec part 2 point 9: real time summed per module and class, rounded to the minute, sorted descending
 * (ties by module then class, so the order is stable). Optionally for one teacher ("Mes heures (réel)").
 */
export function realTimeByModuleAndClass(input: {
  logs: readonly PlanningLog[];
  range: UtcRange;
  now: InstantLike;
  timetables?: readonly Timetable[];
  teacherUserId?: string;
}): RealTimeRow[] {
  const byPair = new Map<string, { moduleId: string; classId: string; sessions: RealSession[] }>();
  for (const session of realSessions(input)) {
    if (input.teacherUserId !== undefined && session.teacherUserId !== input.teacherUserId) continue;
    const moduleId = session.moduleId ?? '';
    const classId = session.classId ?? '';
    const key = `${moduleId}\u0000${classId}`;
    const entry = byPair.get(key);
    if (entry) entry.sessions.push(session);
    else byPair.set(key, { moduleId, classId, sessions: [session] });
  }
  return [...byPair.values()]
    .map(({ moduleId, classId, sessions }) => ({ moduleId, classId, minutes: sessionsMinutes(sessions) }))
    .sort(
      (a, b) =>
        b.minutes - a.minutes || a.moduleId.localeCompare(b.moduleId) || a.classId.localeCompare(b.classId),
    );
}

/** The Total line: the sum of the rounded rows, so the table adds up. */
export function totalMinutes(rows: readonly { minutes: number }[]): number {
  return rows.reduce((sum, row) => sum + row.minutes, 0);
}
