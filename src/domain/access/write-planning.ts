import type { Slot } from '../store/schema';
import { deepEqual, type RecordData } from './record';
import { mayRecordAttendance, readsAllPlanningLogs, seesAllNotifications } from './rules';
import {
  ALLOWED,
  isAutoCheckout,
  isCheckAction,
  isCheckNotification,
  onlyChanged,
  PROPOSAL_NOTE,
  refuse,
  slotOf,
  textOf,
  type UserWrite,
  type WriteDecision,
} from './write-context';

/**
 * Writes of the planning side by a signed-in user, as the screens make them (src/services/planning,
 * planning-import, reschedule, attendance; app/shell/notification-bell).
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

/**
 * Import (planning.importer: the import and its timetables), validation of a reschedule request
 * (planning.reprogrammation: moves the slot, may create the target week's timetable), slot actions
 * (planning.consulter.actions: cancel, reschedule, change type), import deletion (planning.historique).
 * A teacher's reschedule request cancels their own slot and nothing else (spec part 2 point 4).
 */
export function authorizeTimetableWrite(write: UserWrite): WriteDecision {
  if (write.op === 'create')
    return holdsAny(write, ['planning.importer', 'planning.reprogrammation'])
      ? ALLOWED
      : refuse('not-permitted');
  if (write.op === 'delete')
    return holdsAny(write, ['planning.historique']) ? ALLOWED : refuse('not-permitted');
  if (holdsAny(write, ['planning.importer', 'planning.consulter.actions', 'planning.reprogrammation']))
    return ALLOWED;
  if (!write.modules.has('teacher.planning')) return refuse('not-permitted');
  return ownSlotCancellation(write);
}

function slotsOf(record: RecordData): RecordData[] | null {
  return Array.isArray(record.slots) ? (record.slots as RecordData[]) : null;
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

/** Planning logs are append-only; each is written with the action it records (spec part 2 point 4). */
export function authorizePlanningLogWrite(write: UserWrite): WriteDecision {
  if (write.op !== 'create') return refuse('append-only');
  const log = write.after;
  const userId = write.viewer.userId;
  const isAuto = isCheckAction(log) && isAutoCheckout(log);
  if (!isAuto && log.actorUserId !== userId) return refuse('actor-mismatch');
  // Admin slot actions and request validation may target a slot created in the same push: no slot lookup.
  if (!isCheckAction(log) && holdsAny(write, ['planning.consulter.actions', 'planning.reprogrammation']))
    return ALLOWED;
  const slot = slotOf(write.lookup, log);
  if (!slot) return refuse('slot-not-found');
  if ((log.teacherUserId ?? null) !== slot.teacherUserId) return refuse('teacher-mismatch');
  if (isAuto) return autoCheckoutDecision(write, slot);
  if (isCheckAction(log)) return attendanceDecision(write, slot);
  if (slot.teacherUserId !== userId) return refuse('not-own-slot');
  // The slot is canceled by the same request, possibly before this log is checked: canceled is not refused.
  return write.modules.has('teacher.planning') && isRequestLog(log) ? ALLOWED : refuse('not-permitted');
}

/** A notification accompanies each check-in or check-out; the bell only marks them read. */
export function authorizeNotificationWrite(write: UserWrite): WriteDecision {
  if (write.op === 'delete') return refuse('append-only');
  if (write.op === 'update') {
    if (!onlyChanged(write, ['read']) || write.after.read !== true) return refuse('append-only');
    const visible = seesAllNotifications(write.modules) || write.before.teacherUserId === write.viewer.userId;
    return visible ? ALLOWED : refuse('not-permitted');
  }
  const notification = write.after;
  if (!isCheckNotification(notification)) return refuse('not-permitted');
  const slot = slotOf(write.lookup, notification);
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
  return ALLOWED;
}
