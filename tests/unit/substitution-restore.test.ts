import { describe, expect, it } from 'vitest';
import { writeBatch } from '../../src/db/repository';
import {
  restoreLogId,
  restoreLogRefusal,
  substitutionNotificationRefusal,
  substitutionRemovalNoticeId,
} from '../../src/domain/absences/substitution-notice-rules';
import { planningLogKeys, substitutionKeys } from '../../src/domain/access/lookup';
import { isJournalPlanningLog } from '../../src/domain/journal/journal-items';
import { planningLogSchema } from '../../src/domain/store/schema';
import { removeSubstitution } from '../../src/services/absences/absences';
import { absenceDevice, awaTimetable, saveAwaSubstitution } from './absence-device';

/**
 * Issue 35 leftovers: a removal (« Retirer le remplacement ») leaves a « planning-restore » entry in the slot's
 * history, as giving the course to nobody leaves its « planning-cancel »; the server accepts that entry only as
 * the stored substitution says, and the removal's notices only to the absent teacher and to the substitute the
 * removed assignment named (as that entry says), never to a third teacher.
 */
const SUB = 'sub:tt:s1:2026-11-16';
const AT = '2026-11-15T09:00:00.000Z';

describe('restoreLogRefusal: the removal’s log, as the stored substitution says', () => {
  const stored = {
    id: SUB,
    date: '2026-11-16',
    absentUserId: 'awa',
    substituteUserId: 'ibou' as string | null,
    assignedAt: AT,
  };
  const slot = { slotKey: 's1', teacherUserId: 'awa' };
  const log = (extra: Record<string, unknown> = {}) => ({
    id: restoreLogId(SUB, AT),
    action: 'planning-restore',
    timetableId: 'tt',
    teacherUserId: 'awa',
    substitutionId: SUB,
    removedAssignedAt: AT,
    formerSubstituteUserId: 'ibou',
    ...extra,
  });
  it.each([
    ['as stored', log(), stored, slot, null],
    [
      'a cancelled course (nobody named)',
      log({ formerSubstituteUserId: null }),
      { ...stored, substituteUserId: null },
      slot,
      null,
    ],
    ['the substitution already gone', log(), null, slot, 'substitution-not-found'],
    [
      'another substitution',
      log({ substitutionId: 'sub:tt:s2:2026-11-16' }),
      stored,
      slot,
      'substitution-not-found',
    ],
    ['another slot', log(), stored, { ...slot, slotKey: 's2' }, 'substitution-not-found'],
    ['no such slot', log(), stored, null, 'substitution-not-found'],
    ['an earlier assignment', log({ removedAssignedAt: '2026-11-15T08:00:00.000Z' }), stored, slot, 'log-id'],
    ['an id of another removal', log({ id: restoreLogId(SUB, 'x') }), stored, slot, 'log-id'],
    [
      'a third teacher named as former',
      log({ formerSubstituteUserId: 'coumba' }),
      stored,
      slot,
      'teacher-mismatch',
    ],
    ['nobody named while Ibou was', log({ formerSubstituteUserId: null }), stored, slot, 'teacher-mismatch'],
    ['another slot teacher', log({ teacherUserId: 'ibou' }), stored, slot, 'teacher-mismatch'],
  ] as const)('%s', (_name, l, s, sl, expected) => {
    expect(restoreLogRefusal(l, s, sl)).toBe(expected);
  });
});

describe('a removal notice: to the absent teacher or the former substitute only', () => {
  const course = { substitutionId: SUB, teacherUserId: 'awa' };
  const notice = (kind: string, to: string) => ({
    id: substitutionRemovalNoticeId(SUB, kind as never, to, AT),
    kind,
    teacherUserId: to,
    substitutionId: SUB,
    substitutionRemoved: true,
    removedAssignedAt: AT,
  });
  const log = (formerSubstituteUserId: string | null, extra: Record<string, unknown> = {}) => ({
    id: restoreLogId(SUB, AT),
    action: 'planning-restore',
    substitutionId: SUB,
    removedAssignedAt: AT,
    formerSubstituteUserId,
    ...extra,
  });
  it.each([
    ['withdrawn to the former substitute', notice('substitution-withdrawn', 'ibou'), log('ibou'), null],
    ['restored to the absent teacher', notice('substitution-restored', 'awa'), log('ibou'), null],
    ['restored, a cancelled course', notice('substitution-restored', 'awa'), log(null), null],
    [
      'withdrawn to a third teacher',
      notice('substitution-withdrawn', 'coumba'),
      log('ibou'),
      'teacher-mismatch',
    ],
    [
      'withdrawn while the course named nobody',
      notice('substitution-withdrawn', 'ibou'),
      log(null),
      'teacher-mismatch',
    ],
    ['the removal not logged', notice('substitution-withdrawn', 'ibou'), null, 'removal-not-logged'],
    [
      'the log of another removal',
      notice('substitution-withdrawn', 'ibou'),
      log('ibou', { removedAssignedAt: '2026-11-15T08:00:00.000Z' }),
      'removal-not-logged',
    ],
    [
      'a log of another kind',
      notice('substitution-withdrawn', 'ibou'),
      log('ibou', { action: 'planning-cancel' }),
      'removal-not-logged',
    ],
  ] as const)('%s', (_name, n, l, expected) => {
    expect(substitutionNotificationRefusal(n, null, course, l)).toBe(expected);
  });

  it('the server reads the removal’s log for its notices, the substitution for its log', () => {
    const n = notice('substitution-withdrawn', 'ibou');
    expect(planningLogKeys('notifications', n)).toEqual([restoreLogId(SUB, AT)]);
    expect(planningLogKeys('notifications', { ...n, substitutionRemoved: undefined })).toEqual([]);
    expect(
      substitutionKeys('planningLogs', { ...log('ibou'), timetableId: 'tt', slotIndex: 0 }, () => null),
    ).toEqual([SUB]);
  });
});

describe('removeSubstitution on the device leaves a trace in the slot’s history', () => {
  const seeded = absenceDevice('substitution-restore', [
    { id: 'u-admin', name: 'Admin Racine', email: 'root@ecole.sn', status: 'Active' },
    { id: 'ibou', name: 'Ibou Sow', email: 'ibou@ecole.sn', status: 'Active' },
  ]);

  it.each([
    [
      'Ibou named',
      'ibou',
      'ibou',
      'Cours du 16/11/2026 rendu à son enseignant : Ibou Sow ne le remplace plus',
    ],
    ['nobody (cancelled)', null, null, 'Cours du 16/11/2026 rendu à son enseignant : il n’est plus annulé'],
  ] as const)('%s', async (_name, substitute, former, note) => {
    const db = await seeded();
    await saveAwaSubstitution(db, substitute, AT);
    const before = (await db.planningLogs.toArray()).map((l) => l.id);
    await removeSubstitution(db, {
      substitutionId: SUB,
      actorUserId: 'u-admin',
      now: new Date('2026-11-15T11:00:00Z'),
    });
    const written = (await db.planningLogs.toArray()).filter((l) => !before.includes(l.id));
    expect(written).toEqual([
      expect.objectContaining({
        id: restoreLogId(SUB, AT),
        action: 'planning-restore',
        timestamp: '2026-11-15T11:00:00.000Z',
        timetableId: 'tt',
        slotIndex: 0,
        teacherUserId: 'awa',
        actorUserId: 'u-admin',
        actorUserName: 'Admin Racine',
        before: { dayOfWeek: 1, startTime: '10:00', endTime: '11:00' },
        after: { dayOfWeek: 1, startTime: '10:00', endTime: '11:00' },
        note,
        substitutionId: SUB,
        removedAssignedAt: AT,
        formerSubstituteUserId: former,
      }),
    ]);
    expect(planningLogSchema.safeParse(written[0]).success).toBe(true);
    expect(isJournalPlanningLog(written[0]!)).toBe(true);
  });

  it('given again then removed again: a second entry; nothing to remove: none', async () => {
    const db = await seeded();
    await saveAwaSubstitution(db, 'ibou', AT);
    await removeSubstitution(db, {
      substitutionId: SUB,
      actorUserId: 'u-admin',
      now: new Date('2026-11-15T10:00:00Z'),
    });
    await saveAwaSubstitution(db, 'ibou', '2026-11-15T10:30:00.000Z');
    await removeSubstitution(db, {
      substitutionId: SUB,
      actorUserId: 'u-admin',
      now: new Date('2026-11-15T11:00:00Z'),
    });
    await removeSubstitution(db, {
      substitutionId: SUB,
      actorUserId: 'u-admin',
      now: new Date('2026-11-15T11:30:00Z'),
    });
    expect((await db.planningLogs.toArray()).map((l) => l.id).sort()).toEqual(
      [restoreLogId(SUB, AT), restoreLogId(SUB, '2026-11-15T10:30:00.000Z')].sort(),
    );
  });

  it('the timetable gone: the substitution is removed, nothing logged nor told', async () => {
    const db = await seeded();
    await saveAwaSubstitution(db, 'ibou', AT);
    const notices = await db.notifications.count();
    await writeBatch(db, (w) => w.remove('timetables', awaTimetable.id));
    expect(
      await removeSubstitution(db, { substitutionId: SUB, actorUserId: 'u-admin', now: new Date() }),
    ).toBe(true);
    expect(await db.substitutions.count()).toBe(0);
    expect(await db.planningLogs.count()).toBe(0);
    expect(await db.notifications.count()).toBe(notices);
  });
});
