import { describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../src/db/database';
import { occurrenceGiven } from '../../src/domain/absences/occurrence-teacher';
import { substitutionId } from '../../src/domain/absences/records';
import {
  substitutionNotificationId,
  substitutionNotificationRefusal,
} from '../../src/domain/absences/substitution-notice-rules';
import { substitutionMessages } from '../../src/domain/absences/substitution-notifications';
import { groupNotifications } from '../../src/domain/attendance/notifications';
import { workloadByTeacher } from '../../src/domain/workload/workload';
import { buildStatements } from '../../src/domain/payroll/statement';
import { weekRange } from '../../src/domain/time/period';
import { slot, weekTimetable } from '../support/builders';
import { absenceDevice, saveAwaSubstitution } from './absence-device';

/**
 * Issue 35, items 4 and 5: a course without substitute is cancelled as the specification cancels a course
 * (one reading, occurrenceGiven, for the slot's own flag and the substitution naming nobody; a planning-cancel
 * log), and both teachers are told of a substitution, once.
 */
describe('occurrenceGiven: the slot’s cancellation and a substitution naming nobody read the same', () => {
  it.each([
    ['planned', { teacherUserId: 'a', canceled: false }, null, { teacherUserId: 'a', state: 'planned' }],
    [
      'replaced',
      { teacherUserId: 'a', canceled: false },
      { substituteUserId: 'b' },
      { teacherUserId: 'b', state: 'replaced' },
    ],
    [
      'nobody found',
      { teacherUserId: 'a', canceled: false },
      { substituteUserId: null },
      { teacherUserId: null, state: 'canceled' },
    ],
    [
      'slot cancelled',
      { teacherUserId: 'a', canceled: true },
      null,
      { teacherUserId: null, state: 'canceled' },
    ],
    [
      'slot cancelled, a substitute named',
      { teacherUserId: 'a', canceled: true },
      { substituteUserId: 'b' },
      { teacherUserId: null, state: 'canceled' },
    ],
  ] as const)('%s', (_name, s, substitution, expected) => {
    expect(occurrenceGiven(s, substitution)).toEqual(expected);
  });

  it('workload and statements count neither kind of cancelled course', () => {
    // Monday 16 November 2026: slot 0 cancelled by its flag, slot 1 for want of a substitute, slot 2 held.
    const timetable = weekTimetable('tt', '2026-11-16', [
      slot({ id: 's0', dayOfWeek: 1, canceled: true }),
      slot({ id: 's1', dayOfWeek: 1, startTime: '10:00', endTime: '11:00' }),
      slot({ id: 's2', dayOfWeek: 1, startTime: '14:00', endTime: '15:00' }),
    ]);
    const substitutions = [
      {
        id: substitutionId({ timetableId: 'tt', slotKey: 's1', date: '2026-11-16' }),
        substituteUserId: null,
      },
    ];
    const input = {
      timetables: [timetable],
      logs: [],
      range: weekRange('2026-11-16'),
      now: '2026-11-20T00:00:00.000Z',
      substitutions,
    };
    expect(workloadByTeacher(input).map((t) => [t.teacherUserId, t.plannedMin])).toEqual([['teacher-a', 60]]);
    expect(
      buildStatements({ ...input, contracts: [] }).flatMap((s) => s.lines.map((l) => l.startTime)),
    ).toEqual(['14:00']);
  });
});

describe('substitutionMessages: who is told what', () => {
  const next = (substituteUserId: string | null) => ({ absentUserId: 'awa', substituteUserId });
  it.each([
    [
      'first assignment',
      next('ibou'),
      undefined,
      [
        ['substitution-assigned', 'ibou', 'awa'],
        ['substitution-replaced', 'awa', 'ibou'],
      ],
    ],
    ['the same again', next('ibou'), 'ibou', []],
    ['cancelled at once', next(null), undefined, [['substitution-canceled', 'awa', null]]],
    ['cancelled again', next(null), null, []],
    [
      'another substitute',
      next('coumba'),
      'ibou',
      [
        ['substitution-assigned', 'coumba', 'awa'],
        ['substitution-replaced', 'awa', 'coumba'],
        ['substitution-withdrawn', 'ibou', 'awa'],
      ],
    ],
    [
      'cancelled after a substitute',
      next(null),
      'ibou',
      [
        ['substitution-canceled', 'awa', null],
        ['substitution-withdrawn', 'ibou', 'awa'],
      ],
    ],
    [
      'a substitute after a cancellation',
      next('ibou'),
      null,
      [
        ['substitution-assigned', 'ibou', 'awa'],
        ['substitution-replaced', 'awa', 'ibou'],
      ],
    ],
    ['named her own substitute: nothing to tell', next('awa'), undefined, []],
  ] as const)('%s', (_name, n, previous, expected) => {
    expect(substitutionMessages(n, previous).map((m) => [m.kind, m.recipientUserId, m.otherUserId])).toEqual(
      expected,
    );
  });
});

describe('substitutionNotificationRefusal: as the stored substitution says', () => {
  const stored = {
    id: 'sub:tt:s1:2026-11-16',
    absentUserId: 'awa',
    substituteUserId: 'ibou' as string | null,
    changeKey: 'new',
  };
  const notice = (kind: string, teacherUserId: string, substituteUserId: string | null = 'ibou') => ({
    id: substitutionNotificationId(
      stored.id,
      kind as never,
      teacherUserId,
      substituteUserId,
      stored.changeKey,
    ),
    kind,
    teacherUserId,
    substitutionId: stored.id,
  });
  it.each([
    ['assigned to the substitute', notice('substitution-assigned', 'ibou'), stored, null],
    ['replaced to the absent teacher', notice('substitution-replaced', 'awa'), stored, null],
    ['assigned to someone else', notice('substitution-assigned', 'coumba'), stored, 'teacher-mismatch'],
    ['replaced to the substitute', notice('substitution-replaced', 'ibou'), stored, 'teacher-mismatch'],
    [
      'cancelled while a substitute is named',
      notice('substitution-canceled', 'awa'),
      stored,
      'teacher-mismatch',
    ],
    [
      'cancelled, nobody named',
      notice('substitution-canceled', 'awa', null),
      { ...stored, substituteUserId: null },
      null,
    ],
    ['withdrawn to the former substitute', notice('substitution-withdrawn', 'coumba'), stored, null],
    ['withdrawn to the current one', notice('substitution-withdrawn', 'ibou'), stored, 'teacher-mismatch'],
    [
      'an id of another outcome',
      notice('substitution-assigned', 'ibou', 'coumba'),
      stored,
      'notification-id',
    ],
    ['no stored substitution', notice('substitution-assigned', 'ibou'), null, 'substitution-not-found'],
  ] as const)('%s', (_name, n, s, expected) => {
    expect(substitutionNotificationRefusal(n, s)).toBe(expected);
  });
});

describe('saveSubstitution on the device: notices once, the specification’s cancellation log', () => {
  // Monday 16 November 2026, Awa's 10:00-11:00 course in class-1 (tests/unit/absence-device.ts).
  const seeded = absenceDevice('absences-cancel-notify', [
    { id: 'u-admin', name: 'Admin Racine', email: 'root@ecole.sn', status: 'Active' },
  ]);
  const save = saveAwaSubstitution;
  const notices = async (db: AppDatabase) =>
    (await db.notifications.toArray()).map((n) => [n.kind, n.teacherUserId]).sort();

  it('tells both teachers once; the same assignment again writes nothing more', async () => {
    const db = await seeded();
    await save(db, 'ibou', '2026-11-15T09:00:00.000Z');
    expect(await notices(db)).toEqual([
      ['substitution-assigned', 'ibou'],
      ['substitution-replaced', 'awa'],
    ]);
    const outbox = await db.outbox.count();
    await save(db, 'ibou', '2026-11-15T09:05:00.000Z');
    expect(await db.notifications.count()).toBe(2);
    // No change: nothing goes out, and the assignment keeps the date its notices name.
    expect(await db.outbox.count()).toBe(outbox);
    expect((await db.substitutions.toArray()).map((s) => s.assignedAt)).toEqual(['2026-11-15T09:00:00.000Z']);
    // The bell's course sessions leave them out (they are listed apart).
    expect(groupNotifications(await db.notifications.toArray())).toEqual([]);
    expect(await db.planningLogs.count()).toBe(0);
  });

  it('« Personne » cancels with a planning-cancel log of that date, tells the absent and the former substitute', async () => {
    const db = await seeded();
    await save(db, 'ibou', '2026-11-15T09:00:00.000Z');
    await save(db, null, '2026-11-15T10:00:00.000Z');
    expect(await notices(db)).toEqual([
      ['substitution-assigned', 'ibou'],
      ['substitution-canceled', 'awa'],
      ['substitution-replaced', 'awa'],
      ['substitution-withdrawn', 'ibou'],
    ]);
    const logs = await db.planningLogs.toArray();
    expect(logs).toEqual([
      expect.objectContaining({
        action: 'planning-cancel',
        timetableId: 'tt',
        slotIndex: 0,
        teacherUserId: 'awa',
        actorUserId: 'u-admin',
        actorUserName: 'Admin Racine',
        note: 'Absence sans remplaçant : cours du 16/11/2026 annulé',
        before: { dayOfWeek: 1, startTime: '10:00', endTime: '11:00' },
      }),
    ]);
    // The slot itself stays as planned (its other dates, in a month timetable, are not cancelled).
    expect((await db.timetables.get('tt'))?.slots[0]?.canceled).toBe(false);
    // Cancelled again: no second log, no second notice.
    await save(db, null, '2026-11-15T10:05:00.000Z');
    expect(await db.planningLogs.count()).toBe(1);
    expect(await db.notifications.count()).toBe(4);
  });
});
