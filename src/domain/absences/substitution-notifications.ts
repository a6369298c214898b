import type { AppNotification } from '../store/schema';
import { toIsoInstant, type InstantLike } from '../time/instant';
import type { SubstitutionRecord } from './records';
import {
  substitutionNotificationId,
  substitutionRemovalNoticeId,
  type SubstitutionNotificationKind,
} from './substitution-notice-rules';

/**
 * Issue 35, item 5: the notifications of a substitution, to both teachers. Like a check-in's notification
 * (domain/attendance/check-actions), they are written by the device that makes the change, in the same
 * transaction as the substitution, so offline too, and reach their teacher with the sync (her bell). Their id
 * is the outcome's (course, kind, recipient, substitute): the same assignment made again, on this device or
 * by a second administrator offline, writes the same record, never a second notification. The server
 * accepts them only from an administrator of the plannings and only as the stored substitution says
 * (substitutionNotificationRefusal).
 *
 * - a substitute named (or changed): « Vous remplacez … » to her, « … est assuré par … » to the absent teacher;
 * - nobody (the course is cancelled): « … est annulé : aucun remplaçant » to the absent teacher;
 * - a substitute no longer named (another one, or nobody): « Vous ne remplacez plus … » to her.
 */
type Course = Pick<
  SubstitutionRecord,
  'id' | 'timetableId' | 'date' | 'startTime' | 'endTime' | 'classId' | 'moduleId' | 'absentUserId'
>;

/** What each recipient is told: the kind, and the other teacher of the change. */
export function substitutionMessages(
  next: Pick<SubstitutionRecord, 'absentUserId' | 'substituteUserId'>,
  previousSubstituteUserId: string | null | undefined,
): { kind: SubstitutionNotificationKind; recipientUserId: string; otherUserId: string | null }[] {
  const absent = next.absentUserId;
  const now = next.substituteUserId === absent ? null : next.substituteUserId;
  const before =
    previousSubstituteUserId === undefined
      ? undefined
      : previousSubstituteUserId === absent
        ? null
        : previousSubstituteUserId;
  if (before !== undefined && before === now) return [];
  const messages: ReturnType<typeof substitutionMessages> = [];
  if (now !== null) {
    messages.push({ kind: 'substitution-assigned', recipientUserId: now, otherUserId: absent });
    messages.push({ kind: 'substitution-replaced', recipientUserId: absent, otherUserId: now });
  } else if (next.substituteUserId === null) {
    messages.push({ kind: 'substitution-canceled', recipientUserId: absent, otherUserId: null });
  }
  if (before) messages.push({ kind: 'substitution-withdrawn', recipientUserId: before, otherUserId: absent });
  return messages;
}

/**
 * The notifications of a substitution just written, given the substitute the previous record named (undefined:
 * no previous record). `slotIndex`: the slot's place in its timetable (the bell's records point at a slot).
 */
export function substitutionNotifications(input: {
  substitution: Course & Pick<SubstitutionRecord, 'substituteUserId'>;
  previousSubstituteUserId: string | null | undefined;
  slotIndex: number;
  now: InstantLike;
}): AppNotification[] {
  const s = input.substitution;
  return substitutionMessages(s, input.previousSubstituteUserId).map((m) =>
    notice(
      s,
      m,
      input.slotIndex,
      input.now,
      substitutionNotificationId(s.id, m.kind, m.recipientUserId, s.substituteUserId),
    ),
  );
}

/** One notice of a substitution's course to `m.recipientUserId` (assignment and removal notices alike). */
function notice(
  s: Course,
  m: { kind: SubstitutionNotificationKind; recipientUserId: string; otherUserId: string | null },
  slotIndex: number,
  now: InstantLike,
  id: string,
): AppNotification {
  return {
    id,
    kind: m.kind,
    createdAt: toIsoInstant(now),
    timetableId: s.timetableId,
    slotIndex,
    classId: s.classId,
    moduleId: s.moduleId,
    teacherUserId: m.recipientUserId,
    read: false,
    substitutionId: s.id,
    date: s.date,
    startTime: s.startTime,
    endTime: s.endTime,
    otherUserId: m.otherUserId,
  };
}

/**
 * Who is told of a substitution's removal (the record deleted, the course given by its own teacher again):
 * « Vous ne remplacez plus … » to the substitute it named, « … est rétabli » to the absent teacher (her course
 * is hers again, whether it had a substitute or was cancelled for want of one).
 */
export function removalMessages(
  removed: Pick<SubstitutionRecord, 'absentUserId' | 'substituteUserId'>,
): { kind: SubstitutionNotificationKind; recipientUserId: string; otherUserId: string | null }[] {
  const absent = removed.absentUserId;
  const former = removed.substituteUserId === absent ? null : removed.substituteUserId;
  const messages: ReturnType<typeof removalMessages> = [
    { kind: 'substitution-restored', recipientUserId: absent, otherUserId: former },
  ];
  if (former) messages.push({ kind: 'substitution-withdrawn', recipientUserId: former, otherUserId: absent });
  return messages;
}

/** The notifications of a substitution just removed, written with its deletion (offline too). */
export function substitutionRemovalNotifications(input: {
  removed: Course & Pick<SubstitutionRecord, 'substituteUserId' | 'assignedAt'>;
  slotIndex: number;
  now: InstantLike;
}): AppNotification[] {
  const s = input.removed;
  return removalMessages(s).map((m) => ({
    ...notice(
      s,
      m,
      input.slotIndex,
      input.now,
      substitutionRemovalNoticeId(s.id, m.kind, m.recipientUserId, s.assignedAt),
    ),
    substitutionRemoved: true,
    removedAssignedAt: s.assignedAt,
  }));
}
