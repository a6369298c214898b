import { describe, expect, it } from 'vitest';
import { absenceCovers, affectedCourses, type AbsenceSpan } from '../../src/domain/absences/affected-courses';
import {
  rankSubstitutes,
  type AssignedSubstitution,
  type RankingInput,
} from '../../src/domain/absences/substitute-ranking';
import type { Contract, Slot, Timetable } from '../../src/domain/store/schema';
import { courseSlot } from '../support/builders';

// Wednesday 25 November 2026, 10:00-12:00: Algorithmique (m-1) of L1-INFO (c-1, level l-1), Awa (u-abs) absent.
const COURSE = {
  timetableId: 't-1',
  slotKey: 's-course',
  classId: 'c-1',
  moduleId: 'm-1',
  levelId: 'l-1',
  date: '2026-11-25',
  startTime: '10:00',
  endTime: '12:00',
};
const week = (id: string, monday: string, classId: string, slots: Slot[]): Timetable => ({
  id,
  periodicity: 'week',
  year: 2026,
  weekStartDate: monday,
  classId,
  createdAt: '2026-11-01T00:00:00.000Z',
  slots,
});
const absentCourse = courseSlot(3, '10:00', '12:00', 'm-1', 'u-abs', { id: 's-course' });
const contract = (userId: string, capMin: number, classId = 'c-1', moduleId = 'm-1'): Contract => ({
  id: `k-${userId}`,
  teacherUserId: userId,
  startDate: '2026-11-01',
  endDate: '2026-12-31',
  createdAt: '2026-10-01T00:00:00.000Z',
  entries: [{ id: `e-${userId}`, classId, moduleId, volumeCapMin: capMin }],
});

function input(extra: Partial<RankingInput> & { slots?: Slot[]; earlier?: Slot[] } = {}): RankingInput {
  const { slots = [], earlier = [], ...rest } = extra;
  return {
    course: COURSE,
    candidates: [{ userId: 'u-b', name: 'Bineta' }],
    absentUserId: 'u-abs',
    timetables: [
      week('t-1', '2026-11-23', 'c-1', [absentCourse, ...slots]),
      // Last week's L1-INFO courses: what the contract line already holds.
      week('t-0', '2026-11-16', 'c-1', earlier),
      // Another class of the same level, and one of another level.
      week('t-2', '2026-11-23', 'c-2', []),
      week('t-3', '2026-11-23', 'c-3', []),
    ],
    classLevels: new Map([
      ['c-1', 'l-1'],
      ['c-2', 'l-1'],
      ['c-3', 'l-2'],
    ]),
    absences: [],
    substitutions: [],
    contracts: [contract('u-b', 6000)],
    ...rest,
  };
}

const given = (over: Partial<AssignedSubstitution>): AssignedSubstitution => ({
  timetableId: 't-9',
  slotKey: 's-9',
  classId: 'c-9',
  moduleId: 'm-9',
  date: '2026-11-25',
  startTime: '08:00',
  endTime: '09:00',
  substituteUserId: 'u-b',
  ...over,
});
const absence = (startTime: string | null, endTime: string | null, teacherUserId = 'u-b'): AbsenceSpan => ({
  teacherUserId,
  date: '2026-11-25',
  startTime,
  endTime,
});

describe('free at the course’s time, to the minute', () => {
  it.each([
    ['her course ends as it starts', { slots: [courseSlot(3, '08:00', '10:00', 'm-5', 'u-b')] }, null],
    [
      'her course ends a minute into it',
      { slots: [courseSlot(3, '08:00', '10:01', 'm-5', 'u-b')] },
      'teaching',
    ],
    ['her course starts as it ends', { slots: [courseSlot(3, '12:00', '13:00', 'm-5', 'u-b')] }, null],
    [
      'her course starts a minute before its end',
      { slots: [courseSlot(3, '11:59', '13:00', 'm-5', 'u-b')] },
      'teaching',
    ],
    [
      'her course is cancelled',
      { slots: [courseSlot(3, '10:00', '12:00', 'm-5', 'u-b', { canceled: true })] },
      null,
    ],
    ['her course is on another day', { slots: [courseSlot(4, '10:00', '12:00', 'm-5', 'u-b')] }, null],
    ['a substitution ending as it starts', { substitutions: [given({ endTime: '10:00' })] }, null],
    [
      'a substitution ending a minute into it',
      { substitutions: [given({ endTime: '10:01' })] },
      'substituting',
    ],
    ['absent the whole day', { absences: [absence(null, null)] }, 'absent'],
    ['absent from a minute before its end', { absences: [absence('11:59', '13:00')] }, 'absent'],
    ['absent from its end', { absences: [absence('12:00', '13:00')] }, null],
    [
      'her own course at that time is given to a substitute',
      {
        slots: [courseSlot(3, '10:00', '12:00', 'm-5', 'u-b', { id: 's-own' })],
        absences: [absence('08:00', '09:00')],
        substitutions: [
          given({
            timetableId: 't-1',
            slotKey: 's-own',
            startTime: '10:00',
            endTime: '12:00',
            substituteUserId: 'u-c',
          }),
        ],
      },
      null,
    ],
  ] as const)('%s', (_label, extra, reason) => {
    const { proposals, unavailable } = rankSubstitutes(input(extra as Partial<RankingInput>));
    if (reason === null) {
      expect(proposals.map((p) => p.userId)).toEqual(['u-b']);
      expect(proposals[0]?.reasons[0]).toEqual({ code: 'free' });
    } else {
      expect(proposals).toEqual([]);
      expect(unavailable).toEqual([{ userId: 'u-b', name: 'Bineta', reason }]);
    }
  });

  it('never proposes the absent teacher', () => {
    const ranked = rankSubstitutes(input({ candidates: [{ userId: 'u-abs', name: 'Awa' }] }));
    expect(ranked).toEqual({ proposals: [], unavailable: [] });
  });
});

describe('room under the contract’s cap, this course included (cap 600 min, course 120 min)', () => {
  // Last week's Monday course of Bineta in L1-INFO/Algorithmique: `minutes` long, from 08:00.
  const earlierOf = (minutes: number) => {
    const end = 8 * 60 + minutes;
    const hhmm = `${String(Math.floor(end / 60)).padStart(2, '0')}:${String(end % 60).padStart(2, '0')}`;
    return [courseSlot(1, '08:00', hhmm, 'm-1', 'u-b')];
  };
  it.each([
    ['419 min held: 539 of 600, under 90 %', 419, 600, { kind: 'room', remainingMin: 61 }],
    ['420 min held: 540 of 600, exactly 90 %', 420, 600, { kind: 'near', remainingMin: 60 }],
    ['480 min held: the cap reached exactly', 480, 600, { kind: 'near', remainingMin: 0 }],
    ['481 min held: a minute over the cap', 481, 600, { kind: 'exceeded', overMin: 1 }],
    ['a line without a cap', 481, 0, { kind: 'no-cap' }],
  ] as const)('%s', (_label, held, capMin, cap) => {
    const [proposal] = rankSubstitutes(
      input({ earlier: earlierOf(held), contracts: [contract('u-b', capMin)] }),
    ).proposals;
    expect(proposal?.cap).toEqual(cap);
  });

  // Her substitutions count as her workload counts them (domain/planning/given-occurrences): a course of
  // that class and module she gives in someone's place, never a substitution without its course.
  it('counts her substitutions in that class and module too', () => {
    const held = courseSlot(3, '08:00', '09:01', 'm-1', 'u-x', { id: 's-x' });
    const substitution = given({
      timetableId: 't-0',
      slotKey: 's-x',
      classId: 'c-1',
      moduleId: 'm-1',
      date: '2026-11-18',
      startTime: '08:00',
      endTime: '09:01',
    });
    const rank = (substitutions: AssignedSubstitution[]) =>
      rankSubstitutes(
        input({ earlier: [...earlierOf(420), held], contracts: [contract('u-b', 600)], substitutions }),
      ).proposals[0]?.cap;
    expect(rank([substitution])).toEqual({ kind: 'exceeded', overMin: 1 });
    expect(rank([])).toEqual({ kind: 'near', remainingMin: 60 });
    expect(rank([{ ...substitution, slotKey: 's-gone' }])).toEqual({ kind: 'near', remainingMin: 60 });
  });

  it('no longer counts her own course given to someone else', () => {
    // 481 min held would exceed the cap by a minute; that course (slot i0, Monday 16) is given to Coumba.
    const away = given({
      timetableId: 't-0',
      slotKey: 'i0',
      classId: 'c-1',
      moduleId: 'm-1',
      date: '2026-11-16',
      startTime: '08:00',
      endTime: '16:01',
      substituteUserId: 'u-c',
    });
    const rank = (substitutions: AssignedSubstitution[]) =>
      rankSubstitutes(input({ earlier: earlierOf(481), contracts: [contract('u-b', 600)], substitutions }))
        .proposals[0]?.cap;
    expect(rank([])).toEqual({ kind: 'exceeded', overMin: 1 });
    expect(rank([away])).toEqual({ kind: 'room', remainingMin: 480 });
  });

  it('no line for this class and module, or a contract over at that date: no contract', () => {
    expect(rankSubstitutes(input({ contracts: [contract('u-b', 600, 'c-2')] })).proposals[0]?.cap).toEqual({
      kind: 'no-contract',
    });
    const ended = { ...contract('u-b', 600), endDate: '2026-11-24' };
    expect(rankSubstitutes(input({ contracts: [ended] })).proposals[0]?.cap).toEqual({ kind: 'no-contract' });
  });
});

describe('the order of the proposals, each with its reasons', () => {
  it('module before level before none; room before the 90 % warning before no contract before over the cap; then fewest substitutions this month', () => {
    const people = [
      ['u-none', 'Zeynab'],
      ['u-level', 'Yacine'],
      ['u-over', 'Xavier'],
      ['u-nocontract', 'Wolof'],
      ['u-near', 'Victor'],
      ['u-busy2', 'Ursule'],
      ['u-first', 'Téné'],
    ] as const;
    const ranked = rankSubstitutes(
      input({
        candidates: people.map(([userId, name]) => ({ userId, name })),
        timetables: [
          week('t-1', '2026-11-23', 'c-1', [
            absentCourse,
            // Algorithmique teachers: an hour each in L1-INFO on Monday.
            ...['u-over', 'u-nocontract', 'u-near', 'u-busy2', 'u-first'].map((id) =>
              courseSlot(1, '08:00', '09:00', 'm-1', id),
            ),
          ]),
          // Yacine teaches L1 in another class of the level.
          week('t-2', '2026-11-23', 'c-2', [courseSlot(2, '08:00', '09:00', 'm-7', 'u-level')]),
        ],
        contracts: [
          contract('u-over', 60),
          contract('u-near', 200),
          contract('u-busy2', 6000),
          contract('u-first', 6000),
          contract('u-level', 6000),
          contract('u-none', 6000),
        ],
        substitutions: [
          given({ substituteUserId: 'u-busy2', date: '2026-11-02' }),
          given({ substituteUserId: 'u-busy2', date: '2026-11-03' }),
          given({ substituteUserId: 'u-first', date: '2026-10-30' }),
        ],
      }),
    );
    expect(ranked.proposals.map((p) => p.name)).toEqual([
      'Téné',
      'Ursule',
      'Victor',
      'Wolof',
      'Xavier',
      'Yacine',
      'Zeynab',
    ]);
    expect(ranked.proposals.map((p) => p.cap.kind)).toEqual([
      'room',
      'room',
      'near',
      'no-contract',
      'exceeded',
      'room',
      'room',
    ]);
    expect(ranked.proposals[0]?.reasons).toEqual([
      { code: 'free' },
      { code: 'teaches-module' },
      { code: 'cap-room', remainingMin: 6000 - 60 - 120 },
      { code: 'substitutions-this-month', count: 0 },
    ]);
    expect(ranked.proposals.find((p) => p.name === 'Ursule')?.substitutionsThisMonth).toBe(2);
  });

  it('a teacher of the class’s level comes before one who teaches neither', () => {
    const ranked = rankSubstitutes(
      input({
        candidates: [
          { userId: 'u-none', name: 'Aminata' },
          { userId: 'u-level', name: 'Yacine' },
        ],
        timetables: [
          week('t-1', '2026-11-23', 'c-1', [absentCourse]),
          week('t-2', '2026-11-23', 'c-2', [courseSlot(1, '08:00', '09:00', 'm-7', 'u-level')]),
          week('t-3', '2026-11-23', 'c-3', [courseSlot(1, '08:00', '09:00', 'm-8', 'u-none')]),
        ],
        contracts: [],
      }),
    );
    expect(ranked.proposals.map((p) => [p.name, p.qualification])).toEqual([
      ['Yacine', 'level'],
      ['Aminata', 'none'],
    ]);
  });
});

describe('the courses an absence takes away', () => {
  const timetables = [
    week('t-1', '2026-11-23', 'c-1', [
      courseSlot(3, '08:00', '10:00', 'm-1', 'u-abs', { id: 'a' }),
      courseSlot(3, '10:00', '12:00', 'm-2', 'u-abs', { id: 'b' }),
      courseSlot(3, '14:00', '16:00', 'm-3', 'u-abs', { id: 'c', canceled: true }),
      courseSlot(3, '10:00', '12:00', 'm-4', 'u-other', { id: 'd' }),
      courseSlot(4, '10:00', '12:00', 'm-5', 'u-abs', { id: 'e' }),
    ]),
  ];
  it.each([
    ['the whole day', null, null, ['a', 'b']],
    ['from 10:00 (the 08:00 course ends then)', '10:00', '18:00', ['b']],
    ['until 10:01', '07:00', '10:01', ['a', 'b']],
    ['from 12:00', '12:00', '18:00', []],
  ] as const)('%s', (_label, startTime, endTime, ids) => {
    const courses = affectedCourses(absence(startTime, endTime, 'u-abs'), timetables);
    expect(courses.map((o) => o.slot.id)).toEqual(ids);
  });

  it('an unreadable or empty range covers nothing', () => {
    expect(absenceCovers(absence('12:00', '10:00', 'u-abs'), '2026-11-25', '10:00', '12:00')).toBe(false);
    expect(absenceCovers(absence('1000', null, 'u-abs'), '2026-11-25', '10:00', '12:00')).toBe(false);
  });
});
