import { describe, expect, it } from 'vitest';
import type { ClosureLike } from '../../src/domain/payroll/closing';
import {
  statementClosed,
  teacherMonthClassIds,
  teacherStatementClosed,
  type TeacherTimetable,
} from '../../src/domain/payroll/statement-closed';
import { closure } from '../support/builders';

describe('statementClosed: every institute of her courses covered, none: the organisation only', () => {
  it.each([
    ['one institute of two closed, her courses in the closed one', [closure('2026-11', 'A')], ['A'], true],
    ['one institute of two closed, her courses in the open one', [closure('2026-11', 'A')], ['B'], false],
    ['courses in A and B, only A closed', [closure('2026-11', 'A')], ['A', 'B'], false],
    ['courses in A and B, both closed', [closure('2026-11', 'A'), closure('2026-11', 'B')], ['A', 'B'], true],
    ['organisation closure covers every institute', [closure('2026-11')], ['A', 'B'], true],
    ['organisation closure covers a class without institute', [closure('2026-11')], [null], true],
    [
      'an institute closure never covers a class without institute',
      [closure('2026-11', 'A')],
      ['A', null],
      false,
    ],
    ['an empty institute id is a class without institute', [closure('2026-11', 'A')], [''], false],
    ['no course: the organisation closure closes', [closure('2026-11')], [], true],
    [
      'no course: an institute closure does not',
      [closure('2026-11', 'A'), closure('2026-11', 'B')],
      [],
      false,
    ],
    ['no closure at all', [], ['A'], false],
    ['a reopened institute closure is open', [closure('2026-11', 'A', { status: 'reopened' })], ['A'], false],
    [
      'a reopened organisation closure, the institute still closed',
      [closure('2026-11', null, { status: 'reopened' }), closure('2026-11', 'A')],
      ['A'],
      true,
    ],
    ['another month closed does not count', [closure('2026-10', 'A'), closure('2026-12')], ['A'], false],
  ] as const)('%s', (_name, closures, institutes, expected) => {
    expect(statementClosed(closures, '2026-11', institutes)).toBe(expected);
  });

  it('an unreadable month is never closed', () => {
    expect(statementClosed([closure('2026-11')], '2026-13', [])).toBe(false);
  });
});

const week = (
  id: string,
  classId: string,
  weekStartDate: string,
  slots: TeacherTimetable['slots'],
): TeacherTimetable & { id: string } => ({
  id,
  periodicity: 'week',
  year: 2026,
  weekStartDate,
  classId,
  slots,
});

describe('teacherMonthClassIds: the classes of her slots dated in the month', () => {
  const timetables = [
    // Week of Monday 30/11/2026: Monday is in November, Tuesday in December.
    week('t1', 'cls-a', '2026-11-30', [
      { dayOfWeek: 1, teacherUserId: 'fatou' },
      { dayOfWeek: 2, teacherUserId: 'moussa' },
    ]),
    week('t2', 'cls-b', '2026-11-30', [{ dayOfWeek: 2, teacherUserId: 'fatou' }]),
    week('t3', 'cls-c', '2026-11-09', [{ dayOfWeek: 3, teacherUserId: 'fatou', canceled: true } as never]),
    {
      periodicity: 'month',
      year: 2026,
      month: 10,
      classId: 'cls-d',
      slots: [{ dayOfWeek: 5, teacherUserId: 'fatou' }],
    } as TeacherTimetable,
  ];
  it.each([
    ['fatou', '2026-11', ['cls-a', 'cls-c']],
    ['fatou', '2026-12', ['cls-b']],
    ['fatou', '2026-10', ['cls-d']],
    ['moussa', '2026-11', []],
    ['moussa', '2026-12', ['cls-a']],
    ['awa', '2026-11', []],
  ] as const)('%s in %s', (teacher, month, expected) => {
    expect(teacherMonthClassIds(timetables, teacher, month)).toEqual(expected);
  });
});

describe('teacherStatementClosed: from the stored timetables and classes', () => {
  const timetables = [
    week('t1', 'cls-a1', '2026-11-09', [{ dayOfWeek: 1, teacherUserId: 'fatou' }]),
    week('t2', 'cls-a2', '2026-11-09', [{ dayOfWeek: 2, teacherUserId: 'moussa' }]),
    week('t3', 'cls-b1', '2026-11-09', [{ dayOfWeek: 3, teacherUserId: 'moussa' }]),
    week('t4', 'cls-none', '2026-11-09', [{ dayOfWeek: 4, teacherUserId: 'awa' }]),
  ];
  const institutes: Record<string, string | null> = {
    'cls-a1': 'A',
    'cls-a2': 'A',
    'cls-b1': 'B',
    'cls-none': null,
  };
  const closedFor = (teacherUserId: string, closures: ClosureLike[]) =>
    teacherStatementClosed({
      closures,
      month: '2026-11',
      teacherUserId,
      timetables,
      instituteOfClass: (id) => institutes[id],
    });
  it.each([
    ['fatou (A only), A closed', 'fatou', [closure('2026-11', 'A')], true],
    ['moussa (A and B), A closed', 'moussa', [closure('2026-11', 'A')], false],
    ['moussa (A and B), A and B closed', 'moussa', [closure('2026-11', 'A'), closure('2026-11', 'B')], true],
    [
      'awa (class without institute), A and B closed',
      'awa',
      [closure('2026-11', 'A'), closure('2026-11', 'B')],
      false,
    ],
    ['awa (class without institute), organisation closed', 'awa', [closure('2026-11')], true],
    [
      'a teacher without course, A and B closed',
      'ibou',
      [closure('2026-11', 'A'), closure('2026-11', 'B')],
      false,
    ],
    ['a teacher without course, organisation closed', 'ibou', [closure('2026-11')], true],
  ] as const)('%s', (_name, teacher, closures, expected) => {
    expect(closedFor(teacher, [...closures])).toBe(expected);
  });
  it('a class not found counts as a class without institute', () => {
    const lost = [week('t9', 'cls-gone', '2026-11-09', [{ dayOfWeek: 1, teacherUserId: 'fatou' }])];
    const input = {
      month: '2026-11',
      teacherUserId: 'fatou',
      timetables: lost,
      instituteOfClass: () => undefined,
    };
    expect(teacherStatementClosed({ ...input, closures: [closure('2026-11', 'A')] })).toBe(false);
    expect(teacherStatementClosed({ ...input, closures: [closure('2026-11')] })).toBe(true);
  });
});
