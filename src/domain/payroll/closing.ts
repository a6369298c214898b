/**
 * Month closing (« clôture », issue 32, beyond the specification). An administrator closes a month for the
 * whole organisation or for one institute: from then on that month's attendance (check logs, corrections)
 * and slots are read-only on every device and refused by the server. A correction made afterwards is not
 * lost and does not change the closed month either: it becomes a dated adjustment of the first month after
 * it that is still open (`adjustmentMonth`). Reopening is a journaled action of a full administrator only
 * (domain/users/administrator.ts).
 *
 * Months are calendar months in the organisation's time zone. The application computes every date in UTC
 * (spec part 2 point 9), so the organisation's zone is UTC (ORG_TIME_ZONE) and the screens, the server and
 * the payroll statement pass nothing; the `timeZone` parameters exist so that the thresholds are tested and
 * the rules stay right the day an organisation gets a zone of its own.
 *
 * Pure, and without the date library: the server runs these checks for every mutation of a batch, and the
 * access rules that call them are part of the login bundle (scripts/check-budgets.mjs).
 */

/** 'YYYY-MM'. */
export type MonthKey = string;

/** The zone the application's calendar dates are computed in (spec part 2 point 9: dates in UTC). */
export const ORG_TIME_ZONE = 'UTC';

/** One entry of a closure's own journal: who closed or reopened the month, when, and why (reopening). */
export interface ClosureEvent {
  action: 'close' | 'reopen';
  /** Server time. */
  at: string;
  byUserId: string;
  byUserName: string | null;
  /** Required for a reopening. */
  reason?: string | null;
}

/**
 * A closure record (collection `monthClosures`), one per month and scope: its id is closureId(month,
 * instituteId), so two administrators closing the same month on two devices write the same record. A
 * reopened month keeps its record (status 'reopened') and its history; closing it again sets 'closed'.
 */
export interface MonthClosure {
  id: string;
  month: MonthKey;
  /** null: the whole organisation; else the institute whose classes it closes. */
  instituteId: string | null;
  status: 'closed' | 'reopened';
  /** The latest closing (server time and actor). */
  closedAt: string;
  closedByUserId: string;
  closedByUserName?: string | null;
  /** The latest reopening, when there was one. */
  reopenedAt?: string | null;
  reopenedByUserId?: string | null;
  reopenedByUserName?: string | null;
  reopenReason?: string | null;
  /** Every closing and reopening, oldest first (only ever appended to). */
  history: ClosureEvent[];
}

/** A closure as the rules read it: stored records may lack optional fields. */
export type ClosureLike = Pick<MonthClosure, 'month' | 'instituteId' | 'status'>;

/** Longest reason kept for a reopening (a sentence). */
export const REOPEN_REASON_MAX = 500;

const MONTH_RE = /^(\d{4})-(0[1-9]|1[0-2])$/;
const DATE_RE = /^(\d{4})-(0[1-9]|1[0-2])-(\d{2})$/;

export function isMonthKey(value: unknown): value is MonthKey {
  return typeof value === 'string' && MONTH_RE.test(value);
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** 'YYYY-MM' of a year and a month 1-12. */
export function monthKey(year: number, month: number): MonthKey {
  return `${pad(year, 4)}-${pad(month)}`;
}

function partsOf(month: MonthKey): { year: number; month: number } | null {
  const match = MONTH_RE.exec(month);
  return match ? { year: Number(match[1]), month: Number(match[2]) } : null;
}

/** The month after (December -> January of the next year); '' for an unreadable key. */
export function nextMonthKey(month: MonthKey): MonthKey {
  const p = partsOf(month);
  if (!p) return '';
  return p.month === 12 ? monthKey(p.year + 1, 1) : monthKey(p.year, p.month + 1);
}

/** The month before; '' for an unreadable key. */
export function previousMonthKey(month: MonthKey): MonthKey {
  const p = partsOf(month);
  if (!p) return '';
  return p.month === 1 ? monthKey(p.year - 1, 12) : monthKey(p.year, p.month - 1);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Wall-clock year, month, day, hour, minute, second of an instant in a zone. */
function wallClock(ms: number, timeZone: string): number[] {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, format);
  }
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(new Date(ms))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return [
    parts.year ?? 0,
    parts.month ?? 0,
    parts.day ?? 0,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  ];
}

function isUtc(timeZone: string): boolean {
  return timeZone === 'UTC' || timeZone === 'utc' || timeZone === 'Etc/UTC';
}

/** Milliseconds of an instant given as ms, a Date or an ISO text with its time; null when unreadable. */
export function instantMs(value: number | Date | string): number | null {
  const ms = typeof value === 'number' ? value : value instanceof Date ? value.getTime() : Date.parse(value);
  return Number.isFinite(ms) ? ms : null;
}

/** The month holding an instant, in the organisation's zone; null when unreadable. */
export function monthKeyOf(
  instant: number | Date | string,
  timeZone: string = ORG_TIME_ZONE,
): MonthKey | null {
  const ms = instantMs(instant);
  if (ms === null) return null;
  if (isUtc(timeZone)) {
    const d = new Date(ms);
    return monthKey(d.getUTCFullYear(), d.getUTCMonth() + 1);
  }
  const [year, month] = wallClock(ms, timeZone);
  return monthKey(year as number, month as number);
}

/**
 * The month of what a caller names: a month 'YYYY-MM' as is, a calendar date 'YYYY-MM-DD' (already a date of
 * the organisation's calendar) by its first seven characters, anything else as an instant in the zone.
 */
export function monthOf(at: number | Date | string, timeZone: string = ORG_TIME_ZONE): MonthKey | null {
  if (typeof at === 'string') {
    if (MONTH_RE.test(at)) return at;
    const date = DATE_RE.exec(at);
    if (date) return `${date[1]}-${date[2]}`;
  }
  return monthKeyOf(at, timeZone);
}

/** The UTC instant of a wall-clock midnight on the first of a month in a zone. */
function monthStartMs(year: number, month: number, timeZone: string): number {
  const wall = Date.UTC(year, month - 1, 1);
  if (isUtc(timeZone)) return wall;
  // The zone's offset at that instant, found by comparing wall clocks (twice: the offset may change there).
  let guess = wall;
  for (let i = 0; i < 2; i += 1) {
    const [y, mo, d, h, mi, s] = wallClock(guess, timeZone) as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    const offset = Date.UTC(y, mo - 1, d, h, mi, s) - guess;
    guess = wall - offset;
  }
  return guess;
}

/** The month as a half-open interval of instants [startMs, endMs) in the zone; null for an unreadable key. */
export function monthRangeMs(
  month: MonthKey,
  timeZone: string = ORG_TIME_ZONE,
): { startMs: number; endMs: number } | null {
  const p = partsOf(month);
  const next = partsOf(nextMonthKey(month));
  if (!p || !next) return null;
  return {
    startMs: monthStartMs(p.year, p.month, timeZone),
    endMs: monthStartMs(next.year, next.month, timeZone),
  };
}

/** Whether every instant of the month has passed at `now` (its last millisecond included). */
export function isMonthOver(
  month: MonthKey,
  now: number | Date | string,
  timeZone: string = ORG_TIME_ZONE,
): boolean {
  const range = monthRangeMs(month, timeZone);
  const nowMs = instantMs(now);
  return range !== null && nowMs !== null && nowMs >= range.endMs;
}

/** The record id of a month's closure for the organisation (instituteId null) or one institute. */
export function closureId(month: MonthKey, instituteId: string | null | undefined): string {
  return instituteId ? `closure-${month}-institute-${instituteId}` : `closure-${month}-org`;
}

export function isClosureInForce(closure: Pick<ClosureLike, 'status'> | null | undefined): boolean {
  return closure?.status === 'closed';
}

/**
 * The closure in force that covers a month for a class of this institute: the organisation's first (it
 * covers every institute, and classes without one), else the institute's own. Null: the month is open.
 */
export function closureCovering<C extends ClosureLike>(
  closures: readonly C[],
  instituteId: string | null | undefined,
  month: MonthKey,
): C | null {
  let own: C | null = null;
  for (const closure of closures) {
    if (closure.month !== month || !isClosureInForce(closure)) continue;
    if (!closure.instituteId) return closure;
    if (instituteId && closure.instituteId === instituteId) own = closure;
  }
  return own;
}

/**
 * Whether the month of `at` (an instant, a calendar date 'YYYY-MM-DD' or a month 'YYYY-MM') is closed for a
 * class of this institute (null: a class without institute, which only an organisation closure covers). An
 * unreadable `at` is not closed (the other rules refuse an unreadable time).
 */
export function isMonthClosed(
  closures: readonly ClosureLike[],
  instituteId: string | null | undefined,
  at: number | Date | string,
  timeZone: string = ORG_TIME_ZONE,
): boolean {
  const month = monthOf(at, timeZone);
  return month !== null && closureCovering(closures, instituteId, month) !== null;
}

/**
 * Where a correction of something dated `at` goes: null when its month is open (it corrects in place),
 * else the first month after it that is open for that institute (a dated adjustment, never the closed
 * month). Months closed one after another are skipped.
 */
export function adjustmentMonth(
  closures: readonly ClosureLike[],
  instituteId: string | null | undefined,
  at: number | Date | string,
  timeZone: string = ORG_TIME_ZONE,
): MonthKey | null {
  const month = monthOf(at, timeZone);
  if (month === null || closureCovering(closures, instituteId, month) === null) return null;
  let candidate = nextMonthKey(month);
  // At most one step per closure: the loop always ends.
  for (let i = 0; i <= closures.length; i += 1) {
    if (closureCovering(closures, instituteId, candidate) === null) return candidate;
    candidate = nextMonthKey(candidate);
  }
  return candidate;
}

export type CloseRefusal =
  'not-administrator' | 'invalid-month' | 'month-not-over' | 'already-closed' | 'unknown-institute';

/**
 * Whether an administrator may close a month (for the organisation, or one institute): only a full
 * administrator; only a month whose every instant has passed (closing the current month would lock the rest
 * of its courses); not one already closed for that scope (the organisation's closure covers the institutes).
 */
export function closeProblem(input: {
  closures: readonly ClosureLike[];
  month: string;
  instituteId: string | null;
  now: number | Date | string;
  isFullAdministrator: boolean;
  /** The institutes of the organisation (an institute closure names one of them). */
  instituteIds?: readonly string[];
  timeZone?: string;
}): CloseRefusal | null {
  if (!input.isFullAdministrator) return 'not-administrator';
  if (!isMonthKey(input.month)) return 'invalid-month';
  if (input.instituteId && input.instituteIds && !input.instituteIds.includes(input.instituteId))
    return 'unknown-institute';
  if (!isMonthOver(input.month, input.now, input.timeZone)) return 'month-not-over';
  const covering = closureCovering(input.closures, input.instituteId, input.month);
  if (covering && (!covering.instituteId || covering.instituteId === input.instituteId))
    return 'already-closed';
  return null;
}

export type ReopenRefusal = 'not-administrator' | 'not-closed' | 'reason-required';

/** Reopening: a full administrator only, a closure in force, with a written reason (journaled). */
export function reopenProblem(input: {
  closure: Pick<ClosureLike, 'status'> | null | undefined;
  isFullAdministrator: boolean;
  reason: string | null | undefined;
}): ReopenRefusal | null {
  if (!input.isFullAdministrator) return 'not-administrator';
  if (!isClosureInForce(input.closure)) return 'not-closed';
  const reason = (input.reason ?? '').trim();
  if (reason === '' || reason.length > REOPEN_REASON_MAX) return 'reason-required';
  return null;
}

/** A new closure record (or the next state of a reopened one) as a device writes it; the server stamps time and actor. */
export function closedRecord(input: {
  previous?: MonthClosure | null;
  month: MonthKey;
  instituteId: string | null;
  at: string;
  byUserId: string;
  byUserName: string | null;
}): MonthClosure {
  const event: ClosureEvent = {
    action: 'close',
    at: input.at,
    byUserId: input.byUserId,
    byUserName: input.byUserName,
  };
  return {
    ...(input.previous ?? {}),
    id: closureId(input.month, input.instituteId),
    month: input.month,
    instituteId: input.instituteId,
    status: 'closed',
    closedAt: input.at,
    closedByUserId: input.byUserId,
    closedByUserName: input.byUserName,
    history: [...(input.previous?.history ?? []), event],
  };
}

/** The reopened state of a closure, its reason kept in the record and its history. */
export function reopenedRecord(
  closure: MonthClosure,
  input: { at: string; byUserId: string; byUserName: string | null; reason: string },
): MonthClosure {
  const reason = input.reason.trim();
  return {
    ...closure,
    status: 'reopened',
    reopenedAt: input.at,
    reopenedByUserId: input.byUserId,
    reopenedByUserName: input.byUserName,
    reopenReason: reason,
    history: [
      ...(closure.history ?? []),
      { action: 'reopen', at: input.at, byUserId: input.byUserId, byUserName: input.byUserName, reason },
    ],
  };
}

const DAY_MS = 86_400_000;

/** 1 = Monday ... 7 = Sunday of the UTC day holding `ms`. */
function isoWeekday(ms: number): number {
  return ((new Date(ms).getUTCDay() + 6) % 7) + 1;
}

function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** What a timetable's dates depend on (schema Timetable). */
export interface TimetablePeriod {
  periodicity: 'week' | 'month';
  year: number;
  weekStartDate?: string | null;
  month?: number | null;
}

/**
 * The calendar dates 'YYYY-MM-DD' on which a slot of this weekday takes place in a timetable's week or
 * month (domain/time/timetable-dates, without the date library).
 */
export function slotDates(timetable: TimetablePeriod, dayOfWeek: number): string[] {
  const dates: string[] = [];
  if (timetable.periodicity === 'week') {
    const given = Date.parse(`${timetable.weekStartDate ?? ''}T00:00:00.000Z`);
    if (!Number.isFinite(given)) return dates;
    const monday = given - (isoWeekday(given) - 1) * DAY_MS;
    if (dayOfWeek >= 1 && dayOfWeek <= 7) dates.push(isoDate(monday + (dayOfWeek - 1) * DAY_MS));
    return dates;
  }
  const month = timetable.month;
  if (!month || month < 1 || month > 12) return dates;
  const end = Date.UTC(timetable.year, month, 1);
  for (let day = Date.UTC(timetable.year, month - 1, 1); day < end; day += DAY_MS)
    if (isoWeekday(day) === dayOfWeek) dates.push(isoDate(day));
  return dates;
}

/** The months a timetable's days fall in (a week across two months touches both). */
export function timetableMonths(timetable: TimetablePeriod): MonthKey[] {
  const months = new Set<MonthKey>();
  for (let day = 1; day <= 7; day += 1)
    for (const date of slotDates(timetable, day)) months.add(date.slice(0, 7));
  return [...months].sort();
}

/** A slot as the closing rules compare it (schema Slot). */
export interface SlotLike {
  id?: string;
  dayOfWeek: number;
  [field: string]: unknown;
}

function sameSlot(a: SlotLike, b: SlotLike): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) if (JSON.stringify(a[key] ?? null) !== JSON.stringify(b[key] ?? null)) return false;
  return true;
}

/**
 * The dates touched by a timetable write: every date of a slot added, removed or changed (before and after
 * the change: a slot moved out of a closed month changes that month too), every date of the timetable when
 * it is created or deleted, or when its period changes. Slots are matched by id, else by position.
 */
export function timetableWriteDates(
  before: (TimetablePeriod & { slots?: readonly SlotLike[] }) | null,
  after: (TimetablePeriod & { slots?: readonly SlotLike[] }) | null,
): string[] {
  const dates = new Set<string>();
  const all = (t: TimetablePeriod & { slots?: readonly SlotLike[] }) => {
    for (const slot of t.slots ?? []) for (const date of slotDates(t, slot.dayOfWeek)) dates.add(date);
  };
  const samePeriod =
    before &&
    after &&
    before.periodicity === after.periodicity &&
    before.year === after.year &&
    (before.weekStartDate ?? null) === (after.weekStartDate ?? null) &&
    (before.month ?? null) === (after.month ?? null);
  if (!before || !after || !samePeriod) {
    if (before) all(before);
    if (after) all(after);
    return [...dates].sort();
  }
  const keyOf = (slot: SlotLike, i: number) =>
    typeof slot.id === 'string' && slot.id ? `id:${slot.id}` : `at:${i}`;
  const was = new Map((before.slots ?? []).map((s, i) => [keyOf(s, i), s]));
  const now = new Map((after.slots ?? []).map((s, i) => [keyOf(s, i), s]));
  for (const [key, slot] of was) {
    const next = now.get(key);
    if (next && sameSlot(slot, next)) continue;
    for (const date of slotDates(before, slot.dayOfWeek)) dates.add(date);
    if (next) for (const date of slotDates(after, next.dayOfWeek)) dates.add(date);
  }
  for (const [key, slot] of now)
    if (!was.has(key)) for (const date of slotDates(after, slot.dayOfWeek)) dates.add(date);
  return [...dates].sort();
}
