import { occurrenceKey } from './occurrence-teacher';

/**
 * Issue 35, item 5: the kinds and ids of a substitution's notifications and the server's check of them
 * (domain/absences/substitution-notifications.ts writes them). Without the date library: the access rules
 * use it (login bundle budget, scripts/check-budgets.mjs).
 */
export const SUBSTITUTION_NOTIFICATION_KINDS = [
  'substitution-assigned',
  'substitution-replaced',
  'substitution-canceled',
  'substitution-withdrawn',
  'substitution-restored',
] as const;

export type SubstitutionNotificationKind = (typeof SUBSTITUTION_NOTIFICATION_KINDS)[number];

export function isSubstitutionNotification(record: { kind?: unknown }): boolean {
  return (SUBSTITUTION_NOTIFICATION_KINDS as readonly unknown[]).includes(record.kind);
}

/**
 * The state a change of substitute starts from, which names its notices (the substitution record keeps it as
 * `changeKey`): the assignment it replaces (its `assignedAt`); without one, the last removal of that course
 * known here (`removed-<removed assignment's date>`), or 'new' for a course never given. So one change is told
 * once (written or pushed again, or made the same by a second administrator offline from the same state, it
 * keeps the same ids) and each change is told again, even to someone told before: B → C → B tells B (and the
 * absent teacher) anew, and so does a course removed then given again to the same person.
 */
export function changeKeyOf(
  previous: { assignedAt: string } | undefined,
  lastRemovedAssignedAt: string | null,
): string {
  if (previous) return previous.assignedAt;
  return lastRemovedAssignedAt ? `removed-${lastRemovedAssignedAt}` : NEW_CHANGE;
}

/** The change key of a course never given (and of a record written before change keys). */
export const NEW_CHANGE = 'new';

/**
 * The id of an assignment's notice: the course, the kind, the recipient, the substitute now named, the change
 * (null: the id an earlier version of the app wrote, without change, still accepted for a record it wrote).
 */
export function substitutionNotificationId(
  substitutionId: string,
  kind: SubstitutionNotificationKind,
  recipientUserId: string,
  substituteUserId: string | null,
  changeKey: string | null,
): string {
  const id = `${substitutionId}:${kind}:${recipientUserId}:${substituteUserId ?? '-'}`;
  return changeKey === null ? id : `${id}:${changeKey}`;
}

/**
 * The id of a notice telling a substitution's removal (the record deleted: « Retirer le remplacement »). It
 * names the removed assignment (its `assignedAt`): the same removal told again, on this device or by a second
 * administrator offline, writes the same record; a later assignment removed again is told again.
 */
export function substitutionRemovalNoticeId(
  substitutionId: string,
  kind: SubstitutionNotificationKind,
  recipientUserId: string,
  removedAssignedAt: string,
): string {
  return `${substitutionId}:${kind}:${recipientUserId}:removed:${removedAssignedAt}`;
}

/** The planning log of a substitution's removal (beyond the spec's actions, like planning-correction). */
export const RESTORE_ACTION = 'planning-restore';

/**
 * The id of the planning log of a removal: the removed assignment's, so the same removal told again writes the
 * same log, and its notices name it (the server reads it to know whom the removed assignment named).
 */
export function restoreLogId(substitutionId: string, removedAssignedAt: string): string {
  return `${substitutionId}:restore:${removedAssignedAt}`;
}

/** The substitute an assignment names (null: nobody, or the absent teacher herself). */
export function namedSubstitute(s: {
  substituteUserId: string | null;
  absentUserId?: unknown;
}): string | null {
  return s.substituteUserId === null || s.substituteUserId === s.absentUserId ? null : s.substituteUserId;
}

/**
 * The server's check of a removal's planning log (RESTORE_ACTION), written before the deletion in the same
 * push: the substitution is still stored, the log is of its occurrence (`slot`: the log's slot on the server's
 * timetable, its key and teacher), of the assignment in force (its id and `removedAssignedAt`), and names the
 * substitute that assignment names (`formerSubstituteUserId`, null when nobody). Null: accepted.
 */
export function restoreLogRefusal(
  log: Record<string, unknown>,
  substitution: {
    id: string;
    substituteUserId: string | null;
    absentUserId?: unknown;
    assignedAt?: unknown;
    date?: unknown;
  } | null,
  slot: { slotKey: string; teacherUserId: string | null } | null,
): string | null {
  if (!substitution || !slot || log.substitutionId !== substitution.id) return 'substitution-not-found';
  const date = typeof substitution.date === 'string' ? substitution.date : '';
  const timetableId = typeof log.timetableId === 'string' ? log.timetableId : '';
  if (occurrenceKey({ timetableId, slotKey: slot.slotKey, date }) !== substitution.id)
    return 'substitution-not-found';
  const at = typeof substitution.assignedAt === 'string' ? substitution.assignedAt : '';
  if (at === '' || log.removedAssignedAt !== at || log.id !== restoreLogId(substitution.id, at))
    return 'log-id';
  if ((log.teacherUserId ?? null) !== slot.teacherUserId) return 'teacher-mismatch';
  if ((log.formerSubstituteUserId ?? null) !== namedSubstitute(substitution)) return 'teacher-mismatch';
  return null;
}

/** A notice of a substitution's removal carries this flag (and the removed assignment's date). */
export function isRemovalNotice(notification: Record<string, unknown>): boolean {
  return notification.substitutionRemoved === true;
}

/**
 * The server's check of a removal notice: the substitution is no longer stored, the notice's course is the
 * slot it names (its occurrence key, computed by the caller from the stored timetable: `course`), the removal
 * is logged (`log`: the stored planning log restoreLogId names, checked when written against the substitution
 * then stored), and it tells « n’est plus remplacé » to that slot's own teacher (the absent one), « vous ne
 * remplacez plus » to the substitute the removed assignment named, as its log says: to nobody else.
 */
function removalRefusal(
  notification: Record<string, unknown>,
  substitution: { id: string } | null,
  course: { substitutionId: string; teacherUserId: string | null } | null,
  log: Record<string, unknown> | null,
): string | null {
  if (substitution) return 'substitution-not-removed';
  if (!course || notification.substitutionId !== course.substitutionId) return 'substitution-not-found';
  const kind = notification.kind as SubstitutionNotificationKind;
  const recipient = typeof notification.teacherUserId === 'string' ? notification.teacherUserId : '';
  const at = typeof notification.removedAssignedAt === 'string' ? notification.removedAssignedAt : '';
  if (
    at === '' ||
    notification.id !== substitutionRemovalNoticeId(course.substitutionId, kind, recipient, at)
  )
    return 'notification-id';
  if (
    !log ||
    log.action !== RESTORE_ACTION ||
    log.substitutionId !== course.substitutionId ||
    log.removedAssignedAt !== at
  )
    return 'removal-not-logged';
  const absent = course.teacherUserId ?? '';
  const former = typeof log.formerSubstituteUserId === 'string' ? log.formerSubstituteUserId : '';
  const fits =
    kind === 'substitution-restored'
      ? recipient !== '' && recipient === absent
      : kind === 'substitution-withdrawn' && recipient !== '' && recipient !== absent && recipient === former;
  return fits ? null : 'teacher-mismatch';
}

/**
 * The server's check of a substitution notification against the stored substitution (null: none): its id is
 * the outcome's, and what it tells its recipient is what the substitution says now. A withdrawn substitute
 * is any teacher but the one now named and the absent one. A removal notice (isRemovalNotice) is checked
 * against the course instead, the substitution being gone. Null: accepted.
 */
export function substitutionNotificationRefusal(
  notification: Record<string, unknown>,
  substitution: {
    id: string;
    substituteUserId: string | null;
    absentUserId?: unknown;
    changeKey?: unknown;
  } | null,
  course: { substitutionId: string; teacherUserId: string | null } | null = null,
  removalLog: Record<string, unknown> | null = null,
): string | null {
  if (isRemovalNotice(notification)) return removalRefusal(notification, substitution, course, removalLog);
  if (notification.kind === 'substitution-restored') return 'teacher-mismatch';
  if (!substitution || notification.substitutionId !== substitution.id) return 'substitution-not-found';
  const kind = notification.kind as SubstitutionNotificationKind;
  const recipient = typeof notification.teacherUserId === 'string' ? notification.teacherUserId : '';
  const absent = typeof substitution.absentUserId === 'string' ? substitution.absentUserId : '';
  const current = substitution.substituteUserId;
  // The notice of the change in force, not of an earlier one (nor of a change made up). A record without change
  // key (written by an earlier version of the app, still offline when this one came) takes its notices' ids too.
  const changes = typeof substitution.changeKey === 'string' ? [substitution.changeKey] : [NEW_CHANGE, null];
  if (
    !changes.some(
      (c) => notification.id === substitutionNotificationId(substitution.id, kind, recipient, current, c),
    )
  )
    return 'notification-id';
  const fits =
    kind === 'substitution-assigned'
      ? current !== null && recipient === current && recipient !== absent
      : kind === 'substitution-replaced'
        ? current !== null && recipient === absent && current !== absent
        : kind === 'substitution-canceled'
          ? current === null && recipient === absent
          : recipient !== '' && recipient !== current && recipient !== absent;
  return fits ? null : 'teacher-mismatch';
}
