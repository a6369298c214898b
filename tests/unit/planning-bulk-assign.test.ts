import { describe, expect, it } from 'vitest';
import {
  assignableTeachers,
  mayBulkAssign,
  newlyAssignedTeachers,
  periodDates,
  planBulkAssignment,
  teacherRefusal,
  unassignedCourseGroups,
  type BulkAssignInput,
} from '../../src/domain/planning/bulk-assign';
import type { ClosureLike } from '../../src/domain/payroll/closing';
import { courseSlot, monthTimetable, weekTimetable } from '../support/builders';

// Issue 30 item 5 after the import: courses "à affecter" staffed in bulk, by module and class, from Consulter.

const profiles = [
  { id: 'teacher', moduleIds: ['teacher.today'] },
  { id: 'vacataire', moduleIds: ['teacher.contract'] },
  { id: 'admin', moduleIds: ['planning.consulter', 'planning.consulter.actions', 'users'] },
];
const users = [
  { id: 'u-sow', name: 'Moussa Sow', status: 'Active' as const, profileId: 'teacher' },
  { id: 'u-ba', name: 'Aïda Ba', status: 'Active' as const, profileId: 'vacataire' },
  { id: 'u-old', name: 'Ancien Prof', status: 'Inactive' as const, profileId: 'teacher' },
  { id: 'u-arch', name: 'Archivé', status: 'Archived' as const, profileId: 'teacher' },
  { id: 'u-admin', name: 'Awa Diop', status: 'Active' as const, profileId: 'admin' },
  { id: 'u-none', name: 'Sans profil', status: 'Active' as const, profileId: null },
  // An administrator who also teaches (both kinds of modules in one profile).
  { id: 'u-both', name: 'Binta Ndiaye', status: 'Active' as const, profileId: 'both' },
];
const allProfiles = [
  ...profiles,
  { id: 'both', moduleIds: ['planning.consulter.actions', 'teacher.planning'] },
];

// Week of Monday 2 November 2026 and of Monday 30 November 2026 (its Tuesday is 1 December).
const nov2 = weekTimetable('tt-nov2', '2026-11-02', [
  courseSlot(1, '08:00', '10:00', 'm-algo', ''),
  courseSlot(2, '08:00', '10:00', 'm-algo', ''),
  courseSlot(3, '10:00', '12:00', 'm-net', ''),
  courseSlot(4, '08:00', '10:00', 'm-algo', 'u-sow'),
]);
const nov30 = weekTimetable('tt-nov30', '2026-11-30', [
  courseSlot(1, '08:00', '10:00', 'm-algo', ''),
  courseSlot(2, '08:00', '10:00', 'm-algo', ''),
]);
const otherClass = weekTimetable('tt-other', '2026-11-02', [courseSlot(1, '14:00', '16:00', 'm-algo', '')], {
  classId: 'class-2',
});
const december = monthTimetable('tt-dec', 2026, 12, [courseSlot(5, '08:00', '10:00', 'm-algo', '')]);
const all = [nov2, nov30, otherClass, december];

const closed = (month: string, instituteId: string | null = null): ClosureLike => ({
  month,
  instituteId,
  status: 'closed',
});

function input(overrides: Partial<BulkAssignInput> = {}): BulkAssignInput {
  return {
    timetables: all,
    moduleId: 'm-algo',
    classId: 'class-1',
    teacherUserId: 'u-sow',
    actor: { userId: 'u-admin', granted: ['planning.consulter', 'planning.consulter.actions'] },
    users,
    profiles: allProfiles,
    closures: [],
    instituteId: 'inst-1',
    now: new Date('2026-10-01T00:00:00.000Z'),
    ...overrides,
  };
}

describe('unassignedCourseGroups', () => {
  it('groups the courses without a teacher by module and class, with their weeks', () => {
    expect(unassignedCourseGroups(all)).toEqual([
      {
        key: 'm-algo|class-1',
        moduleId: 'm-algo',
        classId: 'class-1',
        courseCount: 5,
        weeks: ['2026-11-02', '2026-11-30', '2026-12-07', '2026-12-14', '2026-12-21'],
      },
      {
        key: 'm-algo|class-2',
        moduleId: 'm-algo',
        classId: 'class-2',
        courseCount: 1,
        weeks: ['2026-11-02'],
      },
      { key: 'm-net|class-1', moduleId: 'm-net', classId: 'class-1', courseCount: 1, weeks: ['2026-11-02'] },
    ]);
  });

  it.each([
    ['the week of 2 November', { from: '2026-11-02', to: '2026-11-08' }, 'm-algo|class-1', 2],
    ['the week of 30 November', { from: '2026-11-30', to: '2026-12-06' }, 'm-algo|class-1', 3],
    [
      'November only: Tuesday 1 December is out',
      { from: '2026-11-01', to: '2026-11-30' },
      'm-algo|class-1',
      3,
    ],
    ['the day before the first course', { from: '2026-10-26', to: '2026-11-01' }, 'm-algo|class-1', 0],
  ])('limited to %s', (_label, range, key, count) => {
    const group = unassignedCourseGroups(all, range).find((g) => g.key === key);
    expect(group?.courseCount ?? 0).toBe(count);
  });

  it('a timetable with every course staffed has no group', () => {
    expect(
      unassignedCourseGroups([weekTimetable('t', '2026-11-02', [courseSlot(1, '08:00', '10:00', 'm', 'u')])]),
    ).toEqual([]);
  });
});

describe('who may staff and who may be given courses', () => {
  it.each([
    [['planning.consulter.actions'], true],
    [['planning.importer'], true],
    [['planning.consulter'], false],
    [['planning.reprogrammation'], false],
    [['teacher.planning'], false],
    [[], false],
  ])('%j may staff: %s', (granted, expected) => {
    expect(mayBulkAssign(granted)).toBe(expected);
  });

  it.each([
    ['u-sow', null],
    ['u-ba', null],
    ['u-both', null],
    ['u-old', 'teacher-inactive'],
    ['u-arch', 'teacher-inactive'],
    ['u-admin', 'not-a-teacher'],
    ['u-none', 'not-a-teacher'],
    ['u-ghost', 'teacher-not-found'],
  ])('%s: %s', (id, expected) => {
    expect(
      teacherRefusal(
        users.find((u) => u.id === id),
        allProfiles,
      ),
    ).toBe(expected);
  });

  it('the picker offers the active teachers by name', () => {
    expect(assignableTeachers(users, allProfiles).map((u) => u.id)).toEqual(['u-ba', 'u-both', 'u-sow']);
  });
});

describe('planBulkAssignment', () => {
  it('gives the teacher every course "à affecter" of the module and class, and nothing else', () => {
    const result = planBulkAssignment(input());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.assigned).toBe(5);
    expect(result.value.skipped).toEqual({ 'month-closed': 0, 'own-started': 0 });
    expect(result.value.timetables.map((t) => t.id)).toEqual(['tt-nov2', 'tt-nov30', 'tt-dec']);
    const [first] = result.value.timetables;
    expect(first?.slots.map((s) => `${s.moduleId}:${s.teacherUserId}`)).toEqual([
      'm-algo:u-sow',
      'm-algo:u-sow',
      'm-net:', // another module stays "à affecter"
      'm-algo:u-sow', // already staffed: left alone
    ]);
    // The input is not changed.
    expect(nov2.slots[0]?.teacherUserId).toBe('');
  });

  it('an already staffed course keeps its teacher even when another teacher is chosen', () => {
    const result = planBulkAssignment(input({ teacherUserId: 'u-ba' }));
    expect(result.ok && result.value.timetables[0]?.slots[3]?.teacherUserId).toBe('u-sow');
  });

  it.each([
    ['the week shown', { from: '2026-11-02', to: '2026-11-08' }, 2],
    ['the month shown', { from: '2026-12-01', to: '2026-12-31' }, 2],
  ])('limited to %s', (_label, range, assigned) => {
    const result = planBulkAssignment(input({ range }));
    expect(result.ok && result.value.assigned).toBe(assigned);
  });

  it.each([
    [
      'an actor with Consulter only',
      { actor: { userId: 'u-x', granted: ['planning.consulter'] } },
      'not-permitted',
    ],
    ['a teacher unknown', { teacherUserId: 'u-ghost' }, 'teacher-not-found'],
    ['a teacher inactive', { teacherUserId: 'u-old' }, 'teacher-inactive'],
    ['someone who is not a teacher', { teacherUserId: 'u-admin' }, 'not-a-teacher'],
    ['a module without courses à affecter', { moduleId: 'm-none' }, 'nothing-to-assign'],
    ['a range without its courses', { range: { from: '2027-01-01', to: '2027-01-31' } }, 'nothing-to-assign'],
  ])('refuses %s', (_label, overrides: Partial<BulkAssignInput>, reason) => {
    expect(planBulkAssignment(input(overrides))).toEqual({ ok: false, reason });
  });

  it.each([
    // November closed for everyone: the two weeks' November courses stay; Tuesday 1 December is staffed.
    ['November closed (organisation)', [closed('2026-11')], 'inst-1', 3, 2],
    ['November closed for this institute', [closed('2026-11', 'inst-1')], 'inst-1', 3, 2],
    ['November closed for another institute', [closed('2026-11', 'inst-2')], 'inst-1', 0, 5],
    ['December closed: the month timetable and 1 December', [closed('2026-12')], 'inst-1', 2, 3],
    [
      'November reopened',
      [{ month: '2026-11', instituteId: null, status: 'reopened' as const }],
      'inst-1',
      0,
      5,
    ],
  ])('%s', (_label, closures, instituteId, closedCount, assigned) => {
    const result = planBulkAssignment(input({ closures, instituteId }));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.skipped['month-closed']).toBe(closedCount);
    expect(result.value.assigned).toBe(assigned);
  });

  it.each([
    // The actor gives the courses to themselves: those begun are left (four eyes), at the very minute.
    ['before Monday 2 November 08:00', '2026-11-02T07:59:59.999Z', 0, 5],
    ['at Monday 2 November 08:00', '2026-11-02T08:00:00.000Z', 1, 4],
    ['on Wednesday 2 December', '2026-12-02T12:00:00.000Z', 4, 1],
  ])('oneself %s', (_label, now, ownStarted, assigned) => {
    const result = planBulkAssignment(
      input({
        teacherUserId: 'u-both',
        actor: { userId: 'u-both', granted: ['planning.consulter.actions'] },
        now: new Date(now),
      }),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.skipped['own-started']).toBe(ownStarted);
    expect(result.value.assigned).toBe(assigned);
  });

  it.each([
    // Another person may staff a course that has begun; the confirmation says how many have.
    ['before the first course', '2026-11-02T07:59:59.999Z', 0],
    ['at the first course', '2026-11-02T08:00:00.000Z', 1],
    ['after them all but the Fridays of December', '2026-12-02T12:00:00.000Z', 4],
    ['after the last Friday of December', '2026-12-25T08:00:00.000Z', 5],
  ])('another person staffs them %s', (_label, now, begun) => {
    const result = planBulkAssignment(input({ now: new Date(now) }));
    expect(result.ok && result.value.assigned).toBe(5);
    expect(result.ok && result.value.begun).toBe(begun);
  });
});

describe('newlyAssignedTeachers (what the server checks)', () => {
  const before = {
    slots: [courseSlot(1, '08:00', '10:00', 'm', ''), courseSlot(2, '08:00', '10:00', 'm', 'u-a')],
  };
  it.each([
    ['a course à affecter staffed', [courseSlot(1, '08:00', '10:00', 'm', 'u-b'), before.slots[1]], ['u-b']],
    ['nothing changed', before.slots, []],
    ['a staffed course given to another', [before.slots[0], courseSlot(2, '08:00', '10:00', 'm', 'u-b')], []],
    [
      'another course in its place (re-import)',
      [courseSlot(1, '08:00', '10:00', 'x', 'u-b'), before.slots[1]],
      [],
    ],
    [
      'moved and staffed in one write',
      [courseSlot(3, '09:00', '11:00', 'm', 'u-b'), before.slots[1]],
      ['u-b'],
    ],
  ])('%s', (_label, slots, expected) => {
    expect(newlyAssignedTeachers(before, { slots })).toEqual(expected);
  });

  it('matches courses by id when they have one', () => {
    const a = courseSlot(1, '08:00', '10:00', 'm', '', { id: 's-a' });
    const b = courseSlot(2, '08:00', '10:00', 'm', '', { id: 's-b' });
    expect(newlyAssignedTeachers({ slots: [a, b] }, { slots: [{ ...b, teacherUserId: 'u-b' }, a] })).toEqual([
      'u-b',
    ]);
  });

  it('a creation or a deletion assigns nobody', () => {
    expect(newlyAssignedTeachers(null, before)).toEqual([]);
    expect(newlyAssignedTeachers(before, null)).toEqual([]);
  });
});

describe('periodDates (the period Consulter shows)', () => {
  it.each([
    [
      { kind: 'week' as const, weekStartDate: '2026-11-30' },
      { from: '2026-11-30', to: '2026-12-06' },
    ],
    [
      { kind: 'month' as const, year: 2026, month: 2 },
      { from: '2026-02-01', to: '2026-02-31' },
    ],
    [
      { kind: 'month' as const, year: 2026, month: 12 },
      { from: '2026-12-01', to: '2026-12-31' },
    ],
  ])('%j', (period, expected) => {
    expect(periodDates(period)).toEqual(expected);
  });
});
