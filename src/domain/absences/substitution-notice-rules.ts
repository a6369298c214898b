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

export function substitutionNotificationId(
  substitutionId: string,
  kind: SubstitutionNotificationKind,
  recipientUserId: string,
  substituteUserId: string | null,
): string {
  return `${substitutionId}:${kind}:${recipientUserId}:${substituteUserId ?? '-'}`;
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

/** A notice of a substitution's removal carries this flag (and the removed assignment's date). */
export function isRemovalNotice(notification: Record<string, unknown>): boolean {
  return notification.substitutionRemoved === true;
}

/**
 * The server's check of a removal notice: the substitution is no longer stored, the notice's course is the
 * slot it names (its occurrence key, computed by the caller from the stored timetable: `course`), and it
 * tells « rétabli » to that slot's own teacher (the absent one), « vous ne remplacez plus » to anyone else.
 */
function removalRefusal(
  notification: Record<string, unknown>,
  substitution: { id: string } | null,
  course: { substitutionId: string; teacherUserId: string | null } | null,
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
  const absent = course.teacherUserId ?? '';
  const fits =
    kind === 'substitution-restored'
      ? recipient !== '' && recipient === absent
      : kind === 'substitution-withdrawn' && recipient !== '' && recipient !== absent;
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
  substitution: { id: string; substituteUserId: string | null; absentUserId?: unknown } | null,
  course: { substitutionId: string; teacherUserId: string | null } | null = null,
): string | null {
  if (isRemovalNotice(notification)) return removalRefusal(notification, substitution, course);
  if (notification.kind === 'substitution-restored') return 'teacher-mismatch';
  if (!substitution || notification.substitutionId !== substitution.id) return 'substitution-not-found';
  const kind = notification.kind as SubstitutionNotificationKind;
  const recipient = typeof notification.teacherUserId === 'string' ? notification.teacherUserId : '';
  const absent = typeof substitution.absentUserId === 'string' ? substitution.absentUserId : '';
  const current = substitution.substituteUserId;
  if (notification.id !== substitutionNotificationId(substitution.id, kind, recipient, current))
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
