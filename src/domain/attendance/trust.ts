import type { PlanningLog, Slot, Timetable } from '../store/schema';
import {
  MS_PER_MINUTE,
  parseClockTime,
  toIsoDate,
  toIsoInstant,
  toUtc,
  type InstantLike,
} from '../time/instant';

/**
 * Trusted time of check-ins and check-outs (beyond the spec, which dates them with the device clock only).
 *
 * - `timestamp` is the best estimate of the server's time at the action: the device clock corrected by the
 *   offset learnt at its last sync exchange (src/sync/server-clock.ts), or the device clock when it never
 *   synced. `deviceTimestamp` keeps the device's own clock.
 * - The server stamps `receivedAt` (its own clock) on receipt, and `recordedVia` (kiosk or user session).
 * - The server refuses a time more than 2 minutes after its receipt, and the flags below tell a reviewer
 *   which entries to look at. Corrections ('planning-correction' logs) keep both values.
 * - Beyond `timestamp` (which the device writes), the server knows when each session and each device id last
 *   talked to it (server/auth/device-contacts.ts): a log claiming a time before its own session's last
 *   contact is refused (a really offline device would have sent it then), one before its device's last
 *   contact under another session, or before its session began, is flagged (the device changed hands).
 * - A log received after its course's planned end (a check-out: plus CHECKOUT_GRACE_MS) is flagged: it is
 *   "À vérifier" and not paid until an administrator accepts or corrects it.
 */

/** A log time may be ahead of the server's receipt by this much (clock jitter), not more. */
export const FUTURE_TOLERANCE_MS = 2 * MS_PER_MINUTE;
/** "horloge décalée": device clock and estimated server time disagree by more than this. */
export const CLOCK_SKEW_FLAG_MS = 5 * MS_PER_MINUTE;
/** A check-out may reach the server this long after the course's planned end and still be paid as is. */
export const CHECKOUT_GRACE_MS = 15 * MS_PER_MINUTE;
/**
 * The contact rule's tolerance: a log made while a push was on its way, or stamped by a device whose estimate
 * of the server time is a little off, is not "before the last contact".
 */
export const CONTACT_TOLERANCE_MS = 5 * MS_PER_MINUTE;

export const CORRECTION_ACTION = 'planning-correction';

/**
 * 'clock-skew': device clock and estimated server time disagree; 'late-receipt': received after the course's
 * planned end (+ grace for a check-out); 'device-handover': dated before its device's last contact under
 * another session, or before its own session began (stamped by the server on receipt).
 */
export type TrustFlag = 'clock-skew' | 'late-receipt' | 'device-handover' | 'kiosk-offline';
/** 'kiosk-offline' (« borne hors ligne »): a kiosk's check without a PIN proof of the server (issue 29). */
export const STAMPED_FLAGS = ['late-receipt', 'device-handover', 'kiosk-offline'] as const;
export type StampedFlag = (typeof STAMPED_FLAGS)[number];

function msOf(value: string | null | undefined): number | null {
  if (!value) return null;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : null;
}

/**
 * The flags of one check log: the clock skew from the two times the device wrote, the others as the server
 * stamped them on receipt (`reviewFlags`; a device cannot set them). Exactly at a threshold is not flagged.
 */
export function trustFlags(
  log: Pick<PlanningLog, 'timestamp' | 'deviceTimestamp'> & {
    originalTimestamp?: string;
    reviewFlags?: readonly string[] | null;
  },
): TrustFlag[] {
  const at = msOf(log.originalTimestamp ?? log.timestamp);
  if (at === null) return [];
  const flags: TrustFlag[] = [];
  const device = msOf(log.deviceTimestamp);
  if (device !== null && Math.abs(device - at) > CLOCK_SKEW_FLAG_MS) flags.push('clock-skew');
  for (const flag of STAMPED_FLAGS) if (log.reviewFlags?.includes(flag)) flags.push(flag);
  return flags;
}

/**
 * Whether a check log reached the server after its course: a check-in received after the planned end, a
 * check-out received more than CHECKOUT_GRACE_MS after it (the end itself and the grace's last instant are
 * in time). The planned end is the one of the day the log claims.
 */
export function isLateReceipt(input: {
  action: PlanningLog['action'];
  receivedMs: number;
  plannedEndMs: number;
}): boolean {
  const grace = input.action === 'planning-checkout' ? CHECKOUT_GRACE_MS : 0;
  return input.receivedMs > input.plannedEndMs + grace;
}

/** When a session and a device last talked to the server before this push (ms; null: never). */
export interface LastContacts {
  /** The pushing session's last contact. */
  sessionMs: number | null;
  /** When the pushing session began (sign-in, kiosk enrolment). */
  sessionCreatedMs: number | null;
  /** The device id's last contact, whichever session it came under. */
  deviceMs: number | null;
}

/**
 * The contact rule (trusted time, beyond the spec). An honest device pushes its whole outbox at every
 * exchange, so a log it made offline is dated after its last contact. Claimed earlier than its own
 * session's last contact (minus CONTACT_TOLERANCE_MS): impossible, 'refuse'. Earlier than its device's last
 * contact (another session on the same device) or than its session's start: the device may have changed
 * hands (a teacher's change waiting while a colleague used the tablet, a sign-in after the session ran out),
 * 'flag'. Exactly at the tolerance is accepted.
 */
export function contactVerdict(claimedMs: number, contacts: LastContacts): 'refuse' | 'flag' | null {
  const before = (ms: number | null) => ms !== null && claimedMs < ms - CONTACT_TOLERANCE_MS;
  if (before(contacts.sessionMs)) return 'refuse';
  if (before(contacts.deviceMs) || before(contacts.sessionCreatedMs)) return 'flag';
  return null;
}

/** A check log as the screens read it: the corrected time in `timestamp`, the original kept beside it. */
export type EffectiveLog = PlanningLog & {
  originalTimestamp?: string;
  correction?: { id: string; reason: string | null; actorUserName: string | null; at: string };
};

export function isCorrection(log: Pick<PlanningLog, 'action'>): boolean {
  return log.action === CORRECTION_ACTION;
}

/**
 * A correction made after its day's month was closed (issue 32): the server stamped the open month it counts
 * in (`adjustmentMonth`); it never applies in place.
 */
export function isAdjustment(log: Pick<PlanningLog, 'action'> & { adjustmentMonth?: unknown }): boolean {
  return (
    log.action === CORRECTION_ACTION && typeof log.adjustmentMonth === 'string' && log.adjustmentMonth !== ''
  );
}

/**
 * Applies reviewers' corrections: each corrected check-in or check-out takes the time of its latest
 * correction (by correction time, ties by id); `originalTimestamp` keeps what was recorded. Correction logs
 * pass through unchanged; a correction of an unknown log does nothing.
 */
export function applyCorrections<T extends PlanningLog>(logs: readonly T[]): (T & EffectiveLog)[] {
  const latest = new Map<string, PlanningLog>();
  const recorded: (T & EffectiveLog)[] = [];
  for (const log of logs) {
    if (!isCorrection(log) || msOf(log.correctedTimestamp) === null) continue;
    // A correction of a closed month is an adjustment of a later month (domain/payroll/adjustments.ts):
    // the closed month's figures never change.
    if (isAdjustment(log)) continue;
    if (!log.correctsLogId) {
      const made = recordedCheckOf(log);
      if (made) recorded.push(made as T & EffectiveLog);
      continue;
    }
    const seen = latest.get(log.correctsLogId);
    if (!seen || log.timestamp > seen.timestamp || (log.timestamp === seen.timestamp && log.id > seen.id))
      latest.set(log.correctsLogId, log);
  }
  if (latest.size === 0 && recorded.length === 0) return logs as (T & EffectiveLog)[];
  if (latest.size === 0) return [...logs, ...recorded] as (T & EffectiveLog)[];
  return [...logs, ...recorded].map((log) => {
    const correction = latest.get(log.id);
    if (!correction || isCorrection(log)) return log;
    return {
      ...log,
      timestamp: toIsoInstant(correction.correctedTimestamp as string),
      originalTimestamp: log.timestamp,
      correction: {
        id: correction.id,
        reason: correction.note ?? null,
        actorUserName: correction.actorUserName ?? null,
        at: correction.timestamp,
      },
    };
  });
}

/**
 * An administrator's record of a missing check-in or check-out (issue 32: a forgotten check-in credited, a
 * Départ tapped by mistake put back): a correction naming no log but the action it records
 * (`recordsAction`). Read as a check log of that action at the corrected time, already reviewed; its id is
 * the correction's. Its `timestamp` is the time it records (so a period reads it by its index like any
 * check log); when it was made is `madeAt` (and the server's `receivedAt`).
 */
export function recordedCheckOf(log: PlanningLog): EffectiveLog | null {
  const action = (log as { recordsAction?: unknown }).recordsAction;
  if (!isCorrection(log) || log.correctsLogId) return null;
  if (action !== 'planning-checkin' && action !== 'planning-checkout') return null;
  const at = log.correctedTimestamp;
  if (!at || msOf(at) === null) return null;
  return {
    ...log,
    action,
    timestamp: toIsoInstant(at),
    correction: {
      id: log.id,
      reason: log.note ?? null,
      actorUserName: log.actorUserName ?? null,
      at: typeof log.madeAt === 'string' ? log.madeAt : log.timestamp,
    },
  };
}

/**
 * The logs a period's figures read (/attendance, /workload, the payroll export): the logs stamped within the
 * period, plus every reviewer's correction of one of them whatever the correction's own time. A correction is
 * stamped when the reviewer makes it, usually after the period ends (when payroll is prepared), so reading by
 * timestamp alone would leave the entry "à vérifier" with its uncorrected time. `candidates` are other logs
 * read besides (the period's timetables' logs): only corrections of a log of the period are kept from them.
 */
export function withCorrectionsOf<T extends PlanningLog>(
  periodLogs: readonly T[],
  candidates: readonly T[],
): T[] {
  const ids = new Set(periodLogs.map((log) => log.id));
  const logs = [...periodLogs];
  for (const log of candidates) {
    if (!isCorrection(log) || ids.has(log.id) || !log.correctsLogId || !ids.has(log.correctsLogId)) continue;
    ids.add(log.id);
    logs.push(log);
  }
  return logs;
}

/** An entry "À vérifier": flagged and not yet corrected. */
export function needsReview(log: EffectiveLog): boolean {
  return !log.correction && trustFlags(log).length > 0;
}

export type CorrectionRefusal =
  | 'not-a-check'
  | 'own-hours'
  | 'reason-required'
  | 'justification-required'
  | 'other-day'
  | 'future'
  | 'invalid-time';

/** Longest reason kept: a sentence, not a document. */
export const CORRECTION_REASON_MAX = 500;

/**
 * A reviewer's correction of a check-in or check-out time (four eyes, issue 32):
 * - never of one's own hours ('own-hours': the corrected log's teacher is the reviewer);
 * - a reason is required; the time stays on the original's UTC day (a correction moves a time, it does not
 *   move a course);
 * - within the slot's planned window [start, end] of that day (bounds included), so that the session it
 *   makes never credits more than the planned duration; outside it only with a second, written
 *   justification ('justification-required');
 * - not in the future, except up to the planned end (a Départ tapped by mistake is put back to the end
 *   before the course is over).
 * Accepting a flagged entry is a correction to its own time.
 */
export function correctionProblem(input: {
  target: Pick<PlanningLog, 'action' | 'timestamp'> & {
    originalTimestamp?: string;
    teacherUserId?: string | null;
  };
  correctedTimestamp: string;
  reason: string;
  now: InstantLike;
  /** Who corrects: refused when it is the corrected log's teacher. */
  actorUserId?: string | null;
  /** The slot's planned start and end on the log's day (ms); absent: not checked (unknown slot). */
  plannedWindow?: { start: number; end: number } | null;
  justification?: string | null;
}): CorrectionRefusal | null {
  const { target } = input;
  if (target.action !== 'planning-checkin' && target.action !== 'planning-checkout') return 'not-a-check';
  if (input.actorUserId && target.teacherUserId && input.actorUserId === target.teacherUserId)
    return 'own-hours';
  const reason = input.reason.trim();
  if (reason === '' || reason.length > CORRECTION_REASON_MAX) return 'reason-required';
  const corrected = msOf(input.correctedTimestamp);
  if (corrected === null) return 'invalid-time';
  if (toIsoDate(input.correctedTimestamp) !== toIsoDate(target.originalTimestamp ?? target.timestamp))
    return 'other-day';
  const window = input.plannedWindow ?? null;
  const outside = window !== null && (corrected < window.start || corrected > window.end);
  const justification = (input.justification ?? '').trim();
  if (outside && (justification === '' || justification.length > CORRECTION_REASON_MAX))
    return 'justification-required';
  const nowMs = toUtc(input.now).toMillis();
  if (corrected > nowMs + FUTURE_TOLERANCE_MS && !(window !== null && corrected <= window.end))
    return 'future';
  return null;
}

/** The planned window of a slot on the UTC day of `iso` (ms), or null when unreadable. */
export function plannedWindowOn(iso: string, slot: Pick<Slot, 'startTime' | 'endTime'>) {
  const ms = msOf(iso);
  return ms === null ? null : slotWindowMs(utcDayStartMs(ms), slot);
}

/*
 * Plain UTC arithmetic for the server's per-mutation checks (a batch holds up to 5,000 check-ins): the same
 * results as domain/time's calendar functions, without building a date object per call.
 */
const DAY_MS = 86_400_000;

/** Milliseconds of an instant; Dates and ISO texts without the calendar library. */
function instantMs(value: InstantLike): number {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'string') return Date.parse(value);
  return toUtc(value).toMillis();
}

/** Midnight UTC of the day holding `ms`. */
export function utcDayStartMs(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS;
}

/** 1 = Monday ... 7 = Sunday, of the UTC day holding `ms`. */
function isoWeekday(ms: number): number {
  return ((new Date(ms).getUTCDay() + 6) % 7) + 1;
}

/** Start and end of a slot on the UTC day starting at `dayMs`; null when a time is unreadable. */
export function slotWindowMs(
  dayMs: number,
  slot: Pick<Slot, 'startTime' | 'endTime'>,
): { start: number; end: number } | null {
  const start = parseClockTime(slot.startTime);
  const end = parseClockTime(slot.endTime);
  if (start === null || end === null) return null;
  return { start: dayMs + start * MS_PER_MINUTE, end: dayMs + end * MS_PER_MINUTE };
}

/** Whether a slot of this weekday takes place on the UTC day starting at `dayMs` (timetable-dates.slotOccursOn). */
export function occursOnDay(
  timetable: Pick<Timetable, 'periodicity' | 'year' | 'weekStartDate' | 'month'>,
  dayOfWeek: number,
  dayMs: number,
): boolean {
  if (isoWeekday(dayMs) !== dayOfWeek) return false;
  if (timetable.periodicity === 'week') {
    const given = Date.parse(`${timetable.weekStartDate ?? ''}T00:00:00.000Z`);
    if (!Number.isFinite(given)) return false;
    const monday = given - (isoWeekday(given) - 1) * DAY_MS;
    return dayMs >= monday && dayMs < monday + 7 * DAY_MS;
  }
  const month = timetable.month;
  if (month === null || month === undefined || month < 1 || month > 12) return false;
  return dayMs >= Date.UTC(timetable.year, month - 1, 1) && dayMs < Date.UTC(timetable.year, month, 1);
}

export type CheckTimeRefusal = 'future-time' | 'too-early' | 'ended' | 'invalid-time';

/**
 * The server's gate on the time of a check log it receives, with its own clock (`receivedAt`): never more
 * than 2 minutes in the future; a check-in only from 30 minutes before the start until the planned end, end
 * excluded (the device's checkInGate, applied to the time the log claims).
 */
export function checkTimeProblem(input: {
  log: Pick<PlanningLog, 'action' | 'timestamp'>;
  slot: Pick<Slot, 'startTime' | 'endTime'>;
  receivedAt: InstantLike;
  opensBeforeMin: number;
}): CheckTimeRefusal | null {
  const at = msOf(input.log.timestamp);
  if (at === null) return 'invalid-time';
  if (at > instantMs(input.receivedAt) + FUTURE_TOLERANCE_MS) return 'future-time';
  if (input.log.action !== 'planning-checkin') return null;
  const window = slotWindowMs(utcDayStartMs(at), input.slot);
  if (!window) return 'invalid-time';
  if (at < window.start - input.opensBeforeMin * MS_PER_MINUTE) return 'too-early';
  if (at >= window.end) return 'ended';
  return null;
}

/**
 * What the server writes on a planning log it receives for the first time: its receipt time and whether a
 * kiosk wrote it. Whatever the device put in these fields is replaced.
 */
export function stampReceipt(
  log: Record<string, unknown>,
  receivedAt: InstantLike,
  via: 'kiosk' | 'user',
  reviewFlags: readonly StampedFlag[] = [],
): Record<string, unknown> {
  return { ...log, receivedAt: toIsoInstant(receivedAt), recordedVia: via, reviewFlags: [...reviewFlags] };
}
