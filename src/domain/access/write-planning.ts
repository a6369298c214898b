import { autoCheckoutAtMs, AUTO_ACTOR_NAME, CHECKIN_OPENS_BEFORE_MIN } from '../attendance/status';
import {
  checkTimeProblem,
  contactVerdict,
  correctionProblem,
  CORRECTION_ACTION,
  occursOnDay,
  plannedWindowOn,
  slotWindowMs,
  utcDayStartMs,
} from '../attendance/trust';
import { occurrenceKey, slotKey } from '../absences/occurrence-teacher';
import {
  isSubstitutionNotification,
  RESTORE_ACTION,
  restoreLogId,
  restoreLogRefusal,
  substitutionNotificationRefusal,
} from '../absences/substitution-notice-rules';
import type { PlanningLog, Slot, Timetable } from '../store/schema';
import type { AccessLookup } from './lookup';
import { deepEqual, type RecordData } from './record';
import { mayRecordAttendance, readsAllPlanningLogs, seesAllNotifications } from './rules';
import {
  ALLOWED,
  AUTO_ID_PREFIX,
  isAutoCheckout,
  isCheckAction,
  isCheckNotification,
  occurrenceSlotOf,
  onlyChanged,
  PROPOSAL_NOTE,
  refuse,
  slotOf,
  textOf,
  type UserWrite,
  type WriteDecision,
  type WriteEnv,
} from './write-context';

/**
 * Writes of the planning side by a signed-in user, as the screens make them (src/services/planning,
 * planning-import, reschedule, attendance, notifications).
 */

function holdsAny(write: UserWrite, moduleIds: readonly string[]): boolean {
  return moduleIds.some((id) => write.modules.has(id));
}

/** Arrivée / Départ on a slot: refused with the reason the UI would have hidden the button for. */
function attendanceDecision(write: UserWrite, slot: Slot): WriteDecision {
  if (mayRecordAttendance(write.viewer, slot)) return ALLOWED;
  return refuse(slot.teacherUserId === write.viewer.userId ? 'slot-canceled' : 'not-own-slot');
}

/** An automatic check-out may be written by any device that received the check-in it closes. */
function autoCheckoutDecision(write: UserWrite, slot: Slot): WriteDecision {
  if (readsAllPlanningLogs(write.modules) || slot.teacherUserId === write.viewer.userId) return ALLOWED;
  return refuse('not-own-slot');
}

function timetableOf(lookup: AccessLookup, record: RecordData): Timetable | null {
  return typeof record.timetableId === 'string' ? lookup.timetable(record.timetableId) : null;
}

function msOf(value: unknown): number | null {
  const ms = typeof value === 'string' ? Date.parse(value) : NaN;
  return Number.isFinite(ms) ? ms : null;
}

/** The stored check log another log points at, when the server supplied the planning-log lookup. */
function storedLog(lookup: AccessLookup, id: unknown): RecordData | null | undefined {
  if (!lookup.planningLog) return undefined; // the UI deciding for itself: no stored logs to consult
  return typeof id === 'string' && id !== '' ? lookup.planningLog(id) : null;
}

function sameSlot(a: RecordData, b: RecordData): boolean {
  return (
    a.timetableId === b.timetableId &&
    a.slotIndex === b.slotIndex &&
    (a.teacherUserId ?? null) === (b.teacherUserId ?? null)
  );
}

/**
 * What the server checks about the time and the chain of a check log, whoever writes it (spec part 2 points
 * 4 and 9, and the trusted time beyond the spec). With the server's clock (`env.now`) only: the UI leaves it
 * out. Refusals:
 * - 'future-time': more than 2 minutes ahead of the server; 'too-early' / 'ended': a check-in outside
 *   [start − 30 min, end); 'not-scheduled': the slot does not take place on the log's date;
 * - an automatic check-out: only `auto-<check-in id>` of a stored check-in of the same slot, by AUTO, dated
 *   exactly where autoCheckoutAtMs puts it ('auto-time-mismatch'), so it never credits more than planned;
 * - a manual check-out: it names a stored check-in of the same slot (`checkinLogId`, else
 *   'checkin-not-found') and lies within that check-in's open time ('not-in-progress'): after the check-in,
 *   and not after min(check-in + planned duration, planned end);
 * - a manual check claiming a time before its session's last contact ('before-last-contact', trust.ts).
 * Exported for the kiosk rule (write.ts), which applies the same checks.
 */
export function checkLogDecision(
  log: RecordData,
  slot: Slot,
  lookup: AccessLookup,
  env: WriteEnv | undefined,
): WriteDecision {
  const timetable = timetableOf(lookup, log);
  const timestamp = typeof log.timestamp === 'string' ? log.timestamp : '';
  if (msOf(timestamp) === null) return refuse('invalid-time');
  if (env?.now) {
    const problem = checkTimeProblem({
      log: log as Pick<PlanningLog, 'action' | 'timestamp'>,
      slot,
      receivedAt: env.now,
      opensBeforeMin: CHECKIN_OPENS_BEFORE_MIN,
    });
    if (problem === 'future-time') return refuse(problem);
    const day = utcDayStartMs(msOf(timestamp) ?? 0);
    if (timetable && !occursOnDay(timetable, slot.dayOfWeek, day)) return refuse('not-scheduled');
    if (problem) return refuse(problem);
  }
  if (isAutoCheckout(log)) {
    if (log.actorUserName !== AUTO_ACTOR_NAME) return refuse('actor-mismatch');
    const checkin = storedLog(lookup, String(log.id).slice(AUTO_ID_PREFIX.length));
    if (checkin === undefined) return ALLOWED;
    if (!checkin || checkin.action !== 'planning-checkin' || !sameSlot(checkin, log))
      return refuse('checkin-not-found');
    const due = autoCheckoutAtMs(checkin as Pick<PlanningLog, 'timestamp'>, slot);
    return due !== null && msOf(timestamp) === due ? ALLOWED : refuse('auto-time-mismatch');
  }
  if (log.actorUserName === AUTO_ACTOR_NAME) return refuse('actor-mismatch');
  if (log.action === 'planning-checkout') {
    // A manual check-out names the check-in it closes (recordCheck always does): without it, or naming a
    // check-in the server does not hold, it could close nothing or credit time that never started.
    const checkin = storedLog(lookup, log.checkinLogId);
    if (checkin === undefined) return ALLOWED;
    if (!checkin || checkin.action !== 'planning-checkin' || !sameSlot(checkin, log))
      return refuse('checkin-not-found');
    const from = msOf(checkin.timestamp) ?? 0;
    const until = autoCheckoutAtMs(checkin as Pick<PlanningLog, 'timestamp'>, slot) ?? from;
    const at = msOf(timestamp) ?? 0;
    // After the check-in (at the same instant it would close nothing: real-time sorts it first).
    if (at <= from || at > until) return refuse('not-in-progress');
    // Issue 32: no Départ before the planned start (checkOutGate refuses it on the device).
    const window = slotWindowMs(utcDayStartMs(at), slot);
    if (window && at < window.start) return refuse('before-start');
  }
  // Last: a device that talked to the server after the time it claims would have sent the log then.
  if (env?.contacts && contactVerdict(msOf(timestamp) ?? 0, env.contacts) === 'refuse')
    return refuse('before-last-contact');
  return ALLOWED;
}

/**
 * A kiosk writes check logs for the teacher of the slot (write.ts checks the actor and the PIN teacher); a
 * kiosk's manual check-out closes only a check-in a kiosk recorded (the server stamps `recordedVia` on
 * receipt), so a classroom tablet cannot cut short a course a teacher checked into on their own phone.
 */
export function kioskCheckLogDecision(
  log: RecordData,
  slot: Slot,
  lookup: AccessLookup,
  env: WriteEnv | undefined,
): WriteDecision {
  const decision = checkLogDecision(log, slot, lookup, env);
  if (!decision.ok || isAutoCheckout(log)) return decision;
  // The PIN session acts as the teacher of the slot: their name or none.
  const name = log.actorUserName ?? null;
  const teacher = lookup.user(slot.teacherUserId);
  if (name !== null && (!teacher || teacher.name !== name)) return refuse('actor-mismatch');
  if (log.action !== 'planning-checkout') return decision;
  const checkin = storedLog(lookup, log.checkinLogId);
  if (checkin === undefined) return ALLOWED;
  if (!checkin) return refuse('checkin-not-found');
  return checkin.recordedVia === 'kiosk' ? ALLOWED : refuse('not-kiosk-checkin');
}

/** The actor name a user writes is their own (or left out); AUTO is the automatic check-out's alone. */
function actorNameDecision(write: UserWrite, log: RecordData): WriteDecision {
  const name = log.actorUserName ?? null;
  if (name === null) return ALLOWED;
  if (name === AUTO_ACTOR_NAME) return refuse('actor-mismatch');
  const user = write.lookup.user(write.viewer.userId);
  return !user || user.name === name ? ALLOWED : refuse('actor-mismatch');
}

/**
 * A reviewer's correction of a check-in or check-out time (beyond the spec): planning.consulter.actions only,
 * about a stored check log of the same slot, with a reason, on the same day, not in the future.
 */
function correctionDecision(write: UserWrite, log: RecordData): WriteDecision {
  if (!write.modules.has('planning.consulter.actions')) return refuse('not-permitted');
  if (!log.correctsLogId && log.recordsAction) return recordDecision(write, log);
  const target = storedLog(write.lookup, log.correctsLogId);
  if (target === null) return refuse('checkin-not-found');
  if (target && !sameSlot(target, log)) return refuse('teacher-mismatch');
  const checked = (target ?? {
    action: 'planning-checkin',
    timestamp: log.correctedTimestamp,
    teacherUserId: log.teacherUserId,
  }) as Pick<PlanningLog, 'action' | 'timestamp' | 'teacherUserId'>;
  const slot = slotOf(write.lookup, log);
  const problem = correctionProblem({
    target: checked,
    correctedTimestamp: typeof log.correctedTimestamp === 'string' ? log.correctedTimestamp : '',
    reason: typeof log.note === 'string' ? log.note : '',
    now: write.env?.now ?? new Date(8.64e15),
    actorUserId: write.viewer.userId,
    plannedWindow:
      slot && typeof checked.timestamp === 'string' ? plannedWindowOn(checked.timestamp, slot) : null,
    justification: typeof log.justification === 'string' ? log.justification : null,
  });
  return problem ? refuse(`correction-${problem}`) : ALLOWED;
}

/**
 * An administrator records a missing check-in or check-out (issue 32): a correction naming no log, for a
 * slot that takes place on that day, for its teacher, dated at the time it records; the same rules as a
 * correction (never one's own hours, a reason, within the planned window or justified, not in the future
 * beyond the planned end).
 */
function recordDecision(write: UserWrite, log: RecordData): WriteDecision {
  // Issue 35: for the occurrence's effective teacher, the substitute under a substitution (never the absent
  // teacher); a course cancelled for want of a substitute is not scheduled.
  const slot = occurrenceSlotOf(write.lookup, log);
  if (!slot) return refuse('slot-not-found');
  if ((log.teacherUserId ?? null) !== slot.teacherUserId) return refuse('teacher-mismatch');
  const at = typeof log.correctedTimestamp === 'string' ? log.correctedTimestamp : '';
  const atMs = msOf(at);
  if (atMs === null || log.timestamp !== at) return refuse('correction-invalid-time');
  const timetable = timetableOf(write.lookup, log);
  if (slot.canceled || (timetable && !occursOnDay(timetable, slot.dayOfWeek, utcDayStartMs(atMs))))
    return refuse('not-scheduled');
  const problem = correctionProblem({
    target: {
      action: log.recordsAction as PlanningLog['action'],
      timestamp: at,
      teacherUserId: slot.teacherUserId,
    },
    correctedTimestamp: at,
    reason: typeof log.note === 'string' ? log.note : '',
    now: write.env?.now ?? new Date(8.64e15),
    actorUserId: write.viewer.userId,
    plannedWindow: plannedWindowOn(at, slot),
    justification: typeof log.justification === 'string' ? log.justification : null,
  });
  return problem ? refuse(`correction-${problem}`) : ALLOWED;
}

/**
 * Import (planning.importer: the import and its timetables), validation of a reschedule request
 * (planning.reprogrammation: moves the slot, may create the target week's timetable), slot actions
 * (planning.consulter.actions: cancel, reschedule, change type), import deletion (planning.historique).
 * A teacher's reschedule request cancels their own slot and nothing else (spec part 2 point 4).
 */
export function authorizeTimetableWrite(write: UserWrite): WriteDecision {
  if (write.op === 'create') {
    if (!holdsAny(write, ['planning.importer', 'planning.reprogrammation'])) return refuse('not-permitted');
    return ownStartedSlot(write) ? refuse('own-slot-started') : ALLOWED;
  }
  if (write.op === 'delete')
    return holdsAny(write, ['planning.historique']) ? ALLOWED : refuse('not-permitted');
  if (holdsAny(write, ['planning.importer', 'planning.consulter.actions', 'planning.reprogrammation']))
    return ownStartedSlot(write) ? refuse('own-slot-started') : ALLOWED;
  if (!write.modules.has('teacher.planning')) return refuse('not-permitted');
  return ownSlotCancellation(write);
}

function slotsOf(record: RecordData): RecordData[] | null {
  return Array.isArray(record.slots) ? (record.slots as RecordData[]) : null;
}

const DAY_MS = 86_400_000;

/** Whether some occurrence of the slot in the timetable's week or month began at or before `nowMs`. */
function hasStartedOccurrence(timetable: Timetable, slot: Slot, nowMs: number): boolean {
  const first =
    timetable.periodicity === 'week'
      ? Date.parse(`${timetable.weekStartDate ?? ''}T00:00:00.000Z`)
      : Date.UTC(timetable.year, (timetable.month ?? 1) - 1, 1);
  if (!Number.isFinite(first)) return false;
  const days = timetable.periodicity === 'week' ? 7 : 31;
  for (let day = first; day < first + days * DAY_MS && day <= nowMs; day += DAY_MS) {
    if (!occursOnDay(timetable, slot.dayOfWeek, day)) continue;
    const window = slotWindowMs(day, slot);
    if (window && window.start <= nowMs) return true;
  }
  return false;
}

/**
 * Four eyes (issue 32): nobody adds or moves a slot of their own onto a time that has already begun (or
 * ended): they could then check in, or have it credited, for a course nobody planned. Another person with
 * the right may. Checked with the server's clock only (the UI leaves env.now out).
 */
function ownStartedSlot(write: UserWrite): boolean {
  const nowMs = write.env?.now?.getTime();
  if (nowMs === undefined || !write.after || write.env?.restore) return false;
  const after = slotsOf(write.after) ?? [];
  const before = write.before ? (slotsOf(write.before) ?? []) : [];
  const timetable = write.after as unknown as Timetable;
  return after.some((raw, i) => {
    const slot = raw as unknown as Slot;
    if (slot.teacherUserId !== write.viewer.userId || slot.canceled === true) return false;
    const was = before[i] as unknown as Slot | undefined;
    const unchanged =
      was &&
      was.teacherUserId === slot.teacherUserId &&
      was.dayOfWeek === slot.dayOfWeek &&
      was.startTime === slot.startTime &&
      was.endTime === slot.endTime &&
      was.canceled !== true;
    return !unchanged && hasStartedOccurrence(timetable, slot, nowMs);
  });
}

/** Only slots of this teacher go from not canceled to canceled; every other field stays as it was. */
function ownSlotCancellation(write: UserWrite & { op: 'update' }): WriteDecision {
  const b = slotsOf(write.before);
  const a = slotsOf(write.after);
  if (!onlyChanged(write, ['slots']) || !a || !b || a.length !== b.length)
    return refuse('field-not-permitted');
  for (let i = 0; i < a.length; i += 1) {
    const was = b[i];
    const now = a[i];
    if (deepEqual(was, now)) continue;
    if (!was || !now || was.teacherUserId !== write.viewer.userId) return refuse('not-own-slot');
    if (was.canceled === true) return refuse('slot-canceled');
    if (!deepEqual({ ...was, canceled: true }, now)) return refuse('field-not-permitted');
  }
  return ALLOWED;
}

export function authorizePlanningImportWrite(write: UserWrite): WriteDecision {
  const needed = write.op === 'delete' ? 'planning.historique' : 'planning.importer';
  return write.modules.has(needed) ? ALLOWED : refuse('not-permitted');
}

const REFERENCE_MODULE = {
  institutes: 'settings.instituts',
  levels: 'settings.niveaux',
  classes: 'settings.classes',
  courseModules: 'settings.modules',
} as const;

export type ReferenceCollection = keyof typeof REFERENCE_MODULE;

/**
 * Settings screens edit their own reference; the import creates the missing classes and modules stamped
 * with createdByImportId, and its deletion removes those it created (spec part 2 point 4).
 */
export function authorizeReferenceWrite(
  write: UserWrite & { collection: ReferenceCollection },
): WriteDecision {
  if (write.modules.has(REFERENCE_MODULE[write.collection])) return ALLOWED;
  if (write.collection !== 'classes' && write.collection !== 'courseModules') return refuse('not-permitted');
  if (
    write.op === 'create' &&
    write.modules.has('planning.importer') &&
    textOf(write.after.createdByImportId)
  )
    return ALLOWED;
  if (
    write.op === 'update' &&
    write.modules.has('planning.importer') &&
    textOf(write.before.createdByImportId) &&
    textOf(write.after.createdByImportId) &&
    onlyChanged(write, ['createdByImportId'])
  )
    return ALLOWED;
  if (
    write.op === 'delete' &&
    write.modules.has('planning.historique') &&
    textOf(write.before.createdByImportId)
  )
    return ALLOWED;
  return refuse('not-permitted');
}

/** Slot changes logged by a teacher's reschedule request: the cancel and the proposal. */
function isRequestLog(log: RecordData): boolean {
  return (
    log.action === 'planning-cancel' || (log.action === 'planning-reschedule' && log.note === PROPOSAL_NOTE)
  );
}

/**
 * Planning logs are append-only; each is written with the action it records (spec part 2 point 4). The actor
 * is the session's person (id and name), AUTO only for the automatic check-out; check logs pass
 * checkLogDecision (server time, windows, the automatic check-out's exact instant).
 */
export function authorizePlanningLogWrite(write: UserWrite): WriteDecision {
  if (write.op !== 'create') return refuse('append-only');
  const log = write.after;
  const userId = write.viewer.userId;
  const isAuto = isCheckAction(log) && isAutoCheckout(log);
  if (!isAuto && log.actorUserId !== userId) return refuse('actor-mismatch');
  if (!isAuto) {
    const name = actorNameDecision(write, log);
    if (!name.ok) return name;
  }
  if (log.action === CORRECTION_ACTION) return correctionDecision(write, log);
  if (log.action === RESTORE_ACTION) return restoreLogDecision(write, log);
  // Admin slot actions and request validation may target a slot created in the same push: no slot lookup.
  if (!isCheckAction(log) && holdsAny(write, ['planning.consulter.actions', 'planning.reprogrammation']))
    return ALLOWED;
  // A check log is the effective teacher's of its occurrence: the substitute's under a substitution (issue 35).
  const slot = isCheckAction(log) ? occurrenceSlotOf(write.lookup, log) : slotOf(write.lookup, log);
  if (!slot) return refuse('slot-not-found');
  if ((log.teacherUserId ?? null) !== slot.teacherUserId) return refuse('teacher-mismatch');
  if (isCheckAction(log)) {
    const who = isAuto ? autoCheckoutDecision(write, slot) : attendanceDecision(write, slot);
    return who.ok ? checkLogDecision(log, slot, write.lookup, write.env) : who;
  }
  if (slot.teacherUserId !== userId) return refuse('not-own-slot');
  // The slot is canceled by the same request, possibly before this log is checked: canceled is not refused.
  return write.modules.has('teacher.planning') && isRequestLog(log) ? ALLOWED : refuse('not-permitted');
}

/**
 * A substitution's notification (issue 35): written by an administrator of the plannings with the
 * substitution, as the stored substitution says (substitutionNotificationRefusal). The same notification
 * written again by a second administrator's device (same id) changes nothing but its date: accepted, so the
 * teacher keeps one.
 */
function substitutionNotificationDecision(write: UserWrite): WriteDecision {
  if (!write.modules.has('planning.consulter.actions')) return refuse('not-permitted');
  if (write.op === 'update') return onlyChanged(write, ['createdAt']) ? ALLOWED : refuse('append-only');
  if (write.op !== 'create') return refuse('append-only');
  const id = textOf(write.after.substitutionId);
  // The UI deciding for itself has no stored substitutions: the server checks.
  if (!write.lookup.substitution) return ALLOWED;
  const at = textOf(write.after.removedAssignedAt);
  const refused = substitutionNotificationRefusal(
    write.after,
    id ? write.lookup.substitution(id) : null,
    noticeCourse(write),
    id && at ? (write.lookup.planningLog?.(restoreLogId(id, at)) ?? null) : null,
  );
  return refused ? refuse(refused) : ALLOWED;
}

/**
 * The planning log of a substitution's removal (issue 35): by an administrator of the plannings, written
 * before the deletion while the substitution is stored, as it says (restoreLogRefusal). The removal's notices
 * are then checked against it: its former substitute is the only one told « Vous ne remplacez plus … ».
 */
function restoreLogDecision(write: UserWrite, log: RecordData): WriteDecision {
  if (!write.modules.has('planning.consulter.actions')) return refuse('not-permitted');
  // The UI deciding for itself has no stored substitutions: the server checks.
  if (!write.lookup.substitution) return ALLOWED;
  const id = textOf(log.substitutionId);
  const slot = slotOf(write.lookup, log);
  const refused = restoreLogRefusal(
    log,
    id ? write.lookup.substitution(id) : null,
    slot && typeof log.slotIndex === 'number'
      ? { slotKey: slotKey(slot, log.slotIndex), teacherUserId: slot.teacherUserId }
      : null,
  );
  return refused ? refuse(refused) : ALLOWED;
}

/**
 * The course a removal notice names, on the server's timetable: its occurrence key (the substitution it
 * removed) and the slot's own teacher (the absent one).
 */
function noticeCourse(write: UserWrite): { substitutionId: string; teacherUserId: string | null } | null {
  const notice = write.after;
  const slot = notice ? slotOf(write.lookup, notice) : null;
  const timetableId = textOf(notice?.timetableId);
  const date = textOf(notice?.date);
  if (!slot || !timetableId || !date || typeof notice?.slotIndex !== 'number') return null;
  const key = occurrenceKey({ timetableId, slotKey: slotKey(slot, notice.slotIndex), date });
  return { substitutionId: key, teacherUserId: slot.teacherUserId };
}

/** A notification accompanies each check-in or check-out; the bell only marks them read. */
export function authorizeNotificationWrite(write: UserWrite): WriteDecision {
  if (write.op === 'delete') return refuse('append-only');
  const substitutionNotice =
    write.op === 'create'
      ? isSubstitutionNotification(write.after)
      : isSubstitutionNotification(write.before) && !write.changed.includes('read');
  if (substitutionNotice) return substitutionNotificationDecision(write);
  if (write.op === 'update') {
    if (!onlyChanged(write, ['read']) || write.after.read !== true) return refuse('append-only');
    const visible = seesAllNotifications(write.modules) || write.before.teacherUserId === write.viewer.userId;
    return visible ? ALLOWED : refuse('not-permitted');
  }
  const notification = write.after;
  if (!isCheckNotification(notification)) return refuse('not-permitted');
  const slot = occurrenceSlotOf(write.lookup, notification);
  if (!slot) return refuse('slot-not-found');
  if ((notification.teacherUserId ?? null) !== slot.teacherUserId) return refuse('teacher-mismatch');
  return isAutoCheckout(notification) ? autoCheckoutDecision(write, slot) : attendanceDecision(write, slot);
}

const APPROVAL_FIELDS = ['approvedAt', 'approvedByUserId', 'approvedByUserName'] as const;

/**
 * A teacher creates a pending request for their own slot (teacher space, "Mon planning"); the
 * reprogrammation screen edits and validates them.
 */
export function authorizeRescheduleRequestWrite(write: UserWrite): WriteDecision {
  if (write.op !== 'delete' && write.modules.has('planning.reprogrammation')) return ALLOWED;
  if (write.op !== 'create' || !write.modules.has('teacher.planning')) return refuse('not-permitted');
  const request = write.after;
  const userId = write.viewer.userId;
  if (request.teacherUserId !== userId) return refuse('not-own-slot');
  const slot = slotOf(write.lookup, request);
  if (!slot) return refuse('slot-not-found');
  if (slot.teacherUserId !== userId) return refuse('not-own-slot');
  if (request.status !== 'pending') return refuse('status-not-permitted');
  if (APPROVAL_FIELDS.some((field) => (request[field] ?? null) !== null))
    return refuse('field-not-permitted');
  return futureOccurrenceDecision(write, slot, request);
}

/**
 * Issue 33: a request is about an occurrence that has not started, by the server's clock (the UI leaves
 * env.now out and applies the 24-hour rule itself). A request pushed late from an offline phone is refused
 * once every occurrence of the slot in its timetable has started.
 */
function futureOccurrenceDecision(write: UserWrite, slot: Slot, request: RecordData): WriteDecision {
  const now = write.env?.now;
  if (!now) return ALLOWED;
  const timetable = timetableOf(write.lookup, request);
  if (!timetable) return refuse('slot-not-found');
  return hasUnstartedOccurrence(timetable, slot, now.getTime()) ? ALLOWED : refuse('occurrence-started');
}

/**
 * Whether some occurrence of the slot in its timetable starts after `nowMs` (the date library-free twin of
 * domain/reschedule/occurrence requestedOccurrence, kept out of the login bundle like hasStartedOccurrence).
 */
function hasUnstartedOccurrence(timetable: Timetable, slot: Slot, nowMs: number): boolean {
  const first =
    timetable.periodicity === 'week'
      ? Date.parse(`${timetable.weekStartDate ?? ''}T00:00:00.000Z`)
      : Date.UTC(timetable.year, (timetable.month ?? 1) - 1, 1);
  if (!Number.isFinite(first)) return false;
  const days = timetable.periodicity === 'week' ? 7 : 31;
  for (let day = first; day < first + days * DAY_MS; day += DAY_MS) {
    if (!occursOnDay(timetable, slot.dayOfWeek, day)) continue;
    const window = slotWindowMs(day, slot);
    if (window && window.start > nowMs) return true;
  }
  return false;
}
