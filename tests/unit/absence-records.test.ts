import { describe, expect, it } from 'vitest';
import {
  absenceWriteRefusal,
  assignSubstitute,
  declareAbsence,
  effectiveTeacherOf,
  replacementsOf,
  substitutionId,
  substitutionWriteRefusal,
} from '../../src/domain/absences/records';
import { applyMutation, type ServerRecord } from '../../src/domain/sync/merge';
import type { Mutation } from '../../src/domain/sync/protocol';

const NOW = '2026-11-24T07:30:00.000Z';
const course = {
  timetableId: 't-1',
  slotKey: 's-1',
  classId: 'c-1',
  moduleId: 'm-1',
  levelId: 'l-1',
  date: '2026-11-25',
  startTime: '10:00',
  endTime: '12:00',
};
const absence = { id: 'ab-1', teacherUserId: 'u-abs' };

describe('declaring an absence', () => {
  const base = {
    id: 'ab-1',
    teacherUserId: 'u-abs',
    date: '2026-11-25',
    startTime: null,
    endTime: null,
    reason: ' Malade ',
    actorUserId: 'u-abs',
    now: NOW,
  };
  it.each([
    ['the whole day', {}, null],
    ['a range', { startTime: '08:00', endTime: '12:00' }, null],
    ['a range of one minute', { startTime: '08:00', endTime: '08:01' }, null],
    ['an empty range', { startTime: '08:00', endTime: '08:00' }, 'invalid-range'],
    ['a reversed range', { startTime: '12:00', endTime: '08:00' }, 'invalid-range'],
    ['no reason', { reason: '   ' }, 'reason-required'],
    ['a reason of 500 characters', { reason: 'x'.repeat(500) }, null],
    ['a reason of 501 characters', { reason: 'x'.repeat(501) }, 'reason-too-long'],
    ['no real date', { date: '2026-02-30' }, 'invalid-date'],
  ] as const)('%s', (_label, change, code) => {
    const result = declareAbsence({ ...base, ...change });
    if (code === null) {
      expect(result.ok).toBe(true);
      if (result.ok)
        expect(result.value).toMatchObject({
          declaredAt: NOW,
          reason: 'reason' in change ? change.reason.trim() : 'Malade',
        });
    } else expect(result).toEqual({ ok: false, code });
  });
});

describe('who gives the course', () => {
  const ref = { timetableId: 't-1', slotKey: 's-1', date: '2026-11-25', plannedTeacherUserId: 'u-abs' };
  it.each([
    ['no substitution: the planned teacher', [], { teacherUserId: 'u-abs', state: 'planned' }],
    [
      'a substitute: her, not the absent teacher',
      [assignSubstitute({ course, absence, substituteUserId: 'u-sub', actorUserId: 'u-admin', now: NOW })],
      { teacherUserId: 'u-sub', state: 'replaced' },
    ],
    [
      'nobody found: cancelled',
      [assignSubstitute({ course, absence, substituteUserId: null, actorUserId: 'u-admin', now: NOW })],
      { teacherUserId: null, state: 'canceled' },
    ],
    [
      'another date of the same slot is not this course',
      [
        assignSubstitute({
          course: { ...course, date: '2026-12-02' },
          absence,
          substituteUserId: 'u-sub',
          actorUserId: 'u-admin',
          now: NOW,
        }),
      ],
      { teacherUserId: 'u-abs', state: 'planned' },
    ],
  ] as const)('%s', (_label, substitutions, expected) => {
    expect(effectiveTeacherOf(ref, substitutions)).toEqual(expected);
  });

  it('gives the calendar its replacements', () => {
    const s = assignSubstitute({
      course,
      absence,
      substituteUserId: 'u-sub',
      actorUserId: 'u-admin',
      now: NOW,
    });
    expect(replacementsOf([s])).toEqual([
      { timetableId: 't-1', slotKey: 's-1', date: '2026-11-25', substituteUserId: 'u-sub' },
    ]);
  });
});

describe('rights', () => {
  const teacher = { userId: 'u-abs', granted: new Set(['teacher.today']) };
  const admin = { userId: 'u-admin', granted: new Set(['planning.consulter.actions']) };
  it.each([
    ['a teacher, her own absence', teacher, 'u-abs', null],
    ['a teacher, someone else’s', teacher, 'u-other', 'not-own'],
    ['an administrator, anyone’s', admin, 'u-other', null],
  ] as const)('%s', (_label, actor, teacherUserId, refusal) => {
    expect(absenceWriteRefusal(actor, { teacherUserId })).toBe(refusal);
  });
  it('only an administrator assigns', () => {
    expect(substitutionWriteRefusal(teacher)).toBe('not-admin');
    expect(substitutionWriteRefusal(admin)).toBeNull();
  });
});

describe('two administrators assign the same course offline', () => {
  // The sync's merge on the substitution record (its id is the course's): one substitute, one conflict.
  const put = (mutationId: string, substituteUserId: string, createdAt: string): Mutation => {
    const values = {
      ...assignSubstitute({ course, absence, substituteUserId, actorUserId: mutationId, now: createdAt }),
    };
    return {
      mutationId,
      collection: 'substitutions',
      recordId: substitutionId(course),
      op: 'put',
      changedFields: Object.keys(values),
      values,
      baseRevision: 0,
      createdAt,
    };
  };
  const first = put('m-a', 'u-sub-a', '2026-11-24T07:00:00.000Z');
  const second = put('m-b', 'u-sub-b', '2026-11-24T07:05:00.000Z');

  function run(order: readonly Mutation[]) {
    let current: ServerRecord | null = null;
    const conflicts: string[] = [];
    order.forEach((mutation, i) => {
      const outcome = applyMutation({
        current,
        base: null,
        mutation,
        clientId: `admin-${mutation.mutationId}`,
        revision: i + 1,
      });
      if (outcome.status === 'applied' || outcome.status === 'merged') current = outcome.record;
      for (const c of outcome.conflicts)
        if (c.field === 'substituteUserId') conflicts.push(String(c.lostValue));
    });
    return { substitute: (current as ServerRecord | null)?.data.substituteUserId, conflicts };
  }

  it.each([
    ['in the order they were made', [first, second]],
    ['in the other order', [second, first]],
  ] as const)('%s: the later assignment stays, the other is a recorded conflict', (_label, order) => {
    expect(run(order)).toEqual({ substitute: 'u-sub-b', conflicts: ['u-sub-a'] });
  });
});
