import { describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../src/db/database';
import {
  substitutionNotificationId,
  substitutionNotificationRefusal,
  substitutionRemovalNoticeId,
  restoreLogId,
} from '../../src/domain/absences/substitution-notice-rules';
import {
  removalMessages,
  substitutionRemovalNotifications,
} from '../../src/domain/absences/substitution-notifications';
import { notificationSchema } from '../../src/domain/store/schema';
import { removeSubstitution } from '../../src/services/absences/absences';
import { absenceDevice, saveAwaSubstitution } from './absence-device';

/**
 * Issue 35, leftover of « Limites connues »: removing a substitution (« Retirer le remplacement ») tells both
 * teachers, like an assignment: the substitute it named no longer replaces, the absent teacher gives her course
 * again. The server accepts those notices only once the substitution is gone and as the slot says.
 */
describe('removalMessages: who is told of a removal', () => {
  const removed = (substituteUserId: string | null) => ({ absentUserId: 'awa', substituteUserId });
  it.each([
    [
      'a substitute was named',
      removed('ibou'),
      [
        ['substitution-restored', 'awa', 'ibou'],
        ['substitution-withdrawn', 'ibou', 'awa'],
      ],
    ],
    ['the course was cancelled (nobody)', removed(null), [['substitution-restored', 'awa', null]]],
    ['she was named herself', removed('awa'), [['substitution-restored', 'awa', null]]],
  ] as const)('%s', (_name, r, expected) => {
    expect(removalMessages(r).map((m) => [m.kind, m.recipientUserId, m.otherUserId])).toEqual(expected);
  });
});

describe('substitutionNotificationRefusal: a removal notice', () => {
  const subId = 'sub:tt:s1:2026-11-16';
  const course = { substitutionId: subId, teacherUserId: 'awa' };
  const AT = '2026-11-15T09:00:00.000Z';
  const notice = (kind: string, teacherUserId: string, extra: Record<string, unknown> = {}) => ({
    id: substitutionRemovalNoticeId(subId, kind as never, teacherUserId, AT),
    kind,
    teacherUserId,
    substitutionId: subId,
    substitutionRemoved: true,
    removedAssignedAt: AT,
    ...extra,
  });
  const stillStored = { id: subId, absentUserId: 'awa', substituteUserId: 'ibou' };
  // The removal's planning log (domain/absences/substitution-restore), as the server reads it.
  const log = {
    id: restoreLogId(subId, AT),
    action: 'planning-restore',
    substitutionId: subId,
    removedAssignedAt: AT,
    formerSubstituteUserId: 'ibou',
  };
  it.each([
    ['restored to the absent teacher', notice('substitution-restored', 'awa'), null, course, null],
    ['withdrawn to the former substitute', notice('substitution-withdrawn', 'ibou'), null, course, null],
    ['restored to someone else', notice('substitution-restored', 'ibou'), null, course, 'teacher-mismatch'],
    [
      'withdrawn to the absent teacher',
      notice('substitution-withdrawn', 'awa'),
      null,
      course,
      'teacher-mismatch',
    ],
    [
      'assigned, told as a removal',
      notice('substitution-assigned', 'ibou'),
      null,
      course,
      'teacher-mismatch',
    ],
    [
      'the substitution is still stored',
      notice('substitution-restored', 'awa'),
      stillStored,
      course,
      'substitution-not-removed',
    ],
    [
      'another course',
      notice('substitution-restored', 'awa'),
      null,
      { ...course, substitutionId: 'sub:tt:s2:2026-11-16' },
      'substitution-not-found',
    ],
    ['no such slot', notice('substitution-restored', 'awa'), null, null, 'substitution-not-found'],
    [
      'an id that is not the removal’s',
      notice('substitution-restored', 'awa', {
        id: substitutionNotificationId(subId, 'substitution-restored', 'awa', null, AT),
      }),
      null,
      course,
      'notification-id',
    ],
    [
      'no removed assignment date',
      notice('substitution-restored', 'awa', { removedAssignedAt: '' }),
      null,
      course,
      'notification-id',
    ],
  ] as const)('%s', (_name, n, stored, c, expected) => {
    expect(substitutionNotificationRefusal(n, stored, c, log)).toBe(expected);
  });

  it('« restored » without the removal flag is refused, even with a substitution stored', () => {
    const { substitutionRemoved: _flag, ...plain } = notice('substitution-restored', 'awa');
    expect(substitutionNotificationRefusal(plain, stillStored, course)).toBe('teacher-mismatch');
  });

  it('the notices are valid store records', () => {
    const notices = substitutionRemovalNotifications({
      removed: {
        id: subId,
        timetableId: 'tt',
        date: '2026-11-16',
        startTime: '10:00',
        endTime: '11:00',
        classId: 'class-1',
        moduleId: 'mod-math',
        absentUserId: 'awa',
        substituteUserId: 'ibou',
        assignedAt: AT,
      },
      slotIndex: 0,
      now: '2026-11-15T10:00:00.000Z',
    });
    for (const n of notices) {
      expect(notificationSchema.safeParse(n).success).toBe(true);
      expect(substitutionNotificationRefusal(n, null, course, log)).toBeNull();
    }
  });
});

describe('removeSubstitution on the device', () => {
  const seeded = absenceDevice('substitution-removal');
  const save = saveAwaSubstitution;
  const removals = async (db: AppDatabase) =>
    (await db.notifications.toArray())
      .filter((n) => n.substitutionRemoved === true)
      .map((n) => [n.kind, n.teacherUserId])
      .sort();

  it('logs the removal, deletes the substitution and tells both teachers in one batch, in that order', async () => {
    const db = await seeded();
    const saved = await save(db, 'ibou', '2026-11-15T09:00:00.000Z');
    const before = await db.outbox.count();
    expect(
      await removeSubstitution(db, {
        substitutionId: saved.id,
        actorUserId: 'u-admin',
        now: new Date('2026-11-15T11:00:00Z'),
      }),
    ).toBe(true);
    expect(await db.substitutions.count()).toBe(0);
    expect(await removals(db)).toEqual([
      ['substitution-restored', 'awa'],
      ['substitution-withdrawn', 'ibou'],
    ]);
    const sent = (await db.outbox.toArray()).slice(before);
    expect(sent.map((m) => [m.collection, m.op])).toEqual([
      ['planningLogs', 'put'],
      ['substitutions', 'delete'],
      ['notifications', 'put'],
      ['notifications', 'put'],
    ]);
    // Nothing left to remove: nothing written.
    expect(
      await removeSubstitution(db, { substitutionId: saved.id, actorUserId: 'u-admin', now: new Date() }),
    ).toBe(false);
    expect(await db.outbox.count()).toBe(before + 4);
  });

  it('a cancelled course restored tells the absent teacher only; assigned again then removed, told again', async () => {
    const db = await seeded();
    const canceled = await save(db, null, '2026-11-15T09:00:00.000Z');
    await removeSubstitution(db, {
      substitutionId: canceled.id,
      actorUserId: 'u-admin',
      now: new Date('2026-11-15T09:30:00Z'),
    });
    expect(await removals(db)).toEqual([['substitution-restored', 'awa']]);
    await save(db, 'ibou', '2026-11-15T10:00:00.000Z');
    await removeSubstitution(db, {
      substitutionId: canceled.id,
      actorUserId: 'u-admin',
      now: new Date('2026-11-15T10:30:00Z'),
    });
    expect(await removals(db)).toEqual([
      ['substitution-restored', 'awa'],
      ['substitution-restored', 'awa'],
      ['substitution-withdrawn', 'ibou'],
    ]);
  });
});
