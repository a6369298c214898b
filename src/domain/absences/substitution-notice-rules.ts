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
 * The server's check of a substitution notification against the stored substitution (null: none): its id is
 * the outcome's, and what it tells its recipient is what the substitution says now. A withdrawn substitute
 * is any teacher but the one now named and the absent one. Null: accepted.
 */
export function substitutionNotificationRefusal(
  notification: Record<string, unknown>,
  substitution: { id: string; substituteUserId: string | null; absentUserId?: unknown } | null,
): string | null {
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
