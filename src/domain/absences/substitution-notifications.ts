import type { AppNotification } from '../store/schema';
import { toIsoInstant, type InstantLike } from '../time/instant';
import type { SubstitutionRecord } from './records';
import {
  NEW_CHANGE,
  substitutionNotificationId,
  substitutionRemovalNoticeId,
  type SubstitutionNotificationKind,
} from './substitution-notice-rules';

/**
 * Issue 35, item 5: the notifications of a substitution, to both teachers. Like a check-in's notification
 * (domain/attendance/check-actions), they are written by the device that makes the change, in the same
 * transaction as the substitution, so offline too, and reach their teacher with the sync (her bell). Their id
 * is the change's (course, kind, recipient, substitute, and the state it starts from: changeKeyOf, kept by the
 * record as `changeKey`): the same change written or pushed again, or made by a second administrator offline
 * from the same state, keeps one notification, and every change is told anew, even to someone told before
 * (B → C → B tells B again that she replaces; removed then given again to B, the same). Saving the substitute
 * already named is no change: nothing is written nor told. The server accepts them only from an administrator
 * of the plannings and only as the stored substitution says, for the change in force
 * (substitutionNotificationRefusal).
 *
 * Who is told what at each change (previous state → new state; A absent, B and C substitutes):
 * - nothing → B, nobody → B: « Vous remplacez A » to B, « … est assuré par B » to A;
 * - B → C: the same to C and A, « Vous ne remplacez plus A » to B;
 * - nothing → nobody: « … est annulé : aucun remplaçant » to A; B → nobody: the same, and « Vous ne
 *   remplacez plus A » to B;
 * - B → B, nobody → nobody: nothing;
 * - removed (substitutionRemovalNotifications): « … n’est plus remplacé » to A, « Vous ne remplacez plus A »
 *   to the substitute the removed assignment named (none when it named nobody).
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
  substitution: Course & Pick<SubstitutionRecord, 'substituteUserId'> & { changeKey?: string };
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
      substitutionNotificationId(
        s.id,
        m.kind,
        m.recipientUserId,
        s.substituteUserId,
        s.changeKey ?? NEW_CHANGE,
      ),
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
