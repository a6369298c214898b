import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type AppDatabase } from '../../src/db/database';
import { writeBatch } from '../../src/db/repository';
import { checkReschedule } from '../../src/services/planning';
import { substitutionId } from '../../src/domain/absences/records';
import {
  contractLineUsage,
  contractWarnings,
  type SubstituteCourse,
} from '../../src/domain/contracts/contract-warnings';
import { conflictsOfSlot, findTeacherConflicts } from '../../src/domain/planning/conflicts';
import { importConflicts } from '../../src/domain/planning/import-timetables';
import type { Contract, Timetable } from '../../src/domain/store/schema';
import { courseSlot, monthTimetable, weekTimetable } from '../support/builders';

/**
 * Issue 35, « Limites connues » closed: the contract warnings (the 90 % warning, the cap) and the planning
 * conflict check read the substitutions with the rule of workload and statements
 * (domain/planning/given-occurrences): a substitute's extra course counts in her contract use and her
 * conflicts, the absent teacher's replaced course in neither of hers.
 */

// Wednesday 25 November 2026, class-1 / mod-math: Awa's course, Fatou her substitute.
const DAY = '2026-11-25';
const contract = (teacherUserId: string, capMin: number): Contract => ({
  id: `k-${teacherUserId}`,
  teacherUserId,
  startDate: '2026-11-01',
  endDate: '2026-11-30',
  createdAt: '2026-10-01T00:00:00.000Z',
  entries: [{ id: `e-${teacherUserId}`, classId: 'class-1', moduleId: 'mod-math', volumeCapMin: capMin }],
});
const hhmm = (min: number) =>
  `${String(Math.floor(min / 60)).padStart(2, '0')}:${String(min % 60).padStart(2, '0')}`;
// Fatou's own line already holds 480 min: Monday 16 November, 08:00-16:00.
const fatouOwn = weekTimetable('t-f', '2026-11-16', [courseSlot(1, '08:00', '16:00', 'mod-math', 'fatou')]);
const awaWeek = (courseMin: number): Timetable =>
  weekTimetable('t-a', '2026-11-23', [
    courseSlot(3, '08:00', hhmm(8 * 60 + courseMin), 'mod-math', 'awa', { id: 's-awa' }),
  ]);
const given = (substituteUserId: string | null): SubstituteCourse => ({
  id: substitutionId({ timetableId: 't-a', slotKey: 's-awa', date: DAY }),
  substituteUserId,
  timetableId: 't-a',
  date: DAY,
  classId: 'class-1',
  moduleId: 'mod-math',
});

const usage = (teacher: string, capMin: number, timetables: Timetable[], substitutions: SubstituteCourse[]) =>
  contractLineUsage({
    contract: contract(teacher, capMin),
    timetables,
    logs: [],
    now: DAY,
    substitutions,
  })[0];

describe('contract use of the substitute: her 480 min + the course she gives (cap 600)', () => {
  it.each([
    ['59 min: 539 of 600, under 90 %', 59, 539, 'ok'],
    ['60 min: 540 of 600, exactly 90 %', 60, 540, 'near'],
    ['120 min: the cap reached exactly with the substitution', 120, 600, 'near'],
    ['121 min: a minute over the cap', 121, 601, 'exceeded'],
  ] as const)('%s', (_name, courseMin, plannedMin, level) => {
    const line = usage('fatou', 600, [fatouOwn, awaWeek(courseMin)], [given('fatou')]);
    expect(line).toMatchObject({ plannedMin, level, remainingMin: 600 - plannedMin });
    // Without the substitution her line holds her own 480 min only.
    expect(usage('fatou', 600, [fatouOwn, awaWeek(courseMin)], [])).toMatchObject({
      plannedMin: 480,
      level: 'ok',
    });
  });
});

describe('contract use of the absent teacher: her replaced course leaves her line', () => {
  // Awa holds 480 min on Monday 16 too, plus the 121 min course of Wednesday: 601 of 600 without a substitute.
  const awaOwn = weekTimetable('t-a0', '2026-11-16', [courseSlot(1, '08:00', '16:00', 'mod-math', 'awa')]);
  it.each([
    ['no substitution: a minute over the cap', [], 601, 'exceeded'],
    ['given by Fatou', [given('fatou')], 480, 'ok'],
    ['cancelled for want of a substitute', [given(null)], 480, 'ok'],
    ['named herself: nothing changes', [given('awa')], 601, 'exceeded'],
    [
      'a substitution of another date',
      [
        {
          ...given('fatou'),
          id: substitutionId({ timetableId: 't-a', slotKey: 's-awa', date: '2026-11-18' }),
        },
      ],
      601,
      'exceeded',
    ],
  ] as const)('%s', (_name, substitutions, plannedMin, level) => {
    expect(usage('awa', 600, [awaOwn, awaWeek(121)], [...substitutions])).toMatchObject({
      plannedMin,
      level,
    });
  });
});

describe('contractWarnings of a changed timetable read the substitutions', () => {
  const awaOwn = weekTimetable('t-a0', '2026-11-16', [courseSlot(1, '08:00', '16:00', 'mod-math', 'awa')]);
  const warn = (courseMin: number, substitutions: SubstituteCourse[]) =>
    contractWarnings({
      candidates: [awaWeek(courseMin)],
      timetables: [fatouOwn, awaOwn],
      contracts: [contract('awa', 600), contract('fatou', 600)],
      substitutions,
    }).map((w) =>
      w.code === 'cap-near' || w.code === 'cap-exceeded' ? [w.code, w.teacherUserId, w.plannedMin] : [w.code],
    );
  it.each([
    ['no substitution: Awa over her cap', 121, [], [['cap-exceeded', 'awa', 601]]],
    ['Fatou reaches her cap exactly', 120, [given('fatou')], [['cap-near', 'fatou', 600]]],
    ['Fatou a minute over it', 121, [given('fatou')], [['cap-exceeded', 'fatou', 601]]],
    ['Fatou under 90 %', 59, [given('fatou')], []],
    ['cancelled: neither', 121, [given(null)], []],
  ] as const)('%s', (_name, courseMin, substitutions, expected) => {
    expect(warn(courseMin, [...substitutions])).toEqual(expected);
  });
});

describe('conflicts: a teacher booked twice, as the courses are given', () => {
  // Fatou's own Wednesday course, 10:00-11:00, every Wednesday of November (a month timetable, class-2).
  const fatouMonth = monthTimetable('t-fm', 2026, 11, [courseSlot(3, '10:00', '11:00', 'mod-fr', 'fatou')], {
    classId: 'class-2',
  });
  // Awa's Wednesday course of class-1, every Wednesday too; Fatou replaces her on the 25th only.
  const awaMonth = (start: string, end: string) =>
    monthTimetable('t-am', 2026, 11, [courseSlot(3, start, end, 'mod-math', 'awa', { id: 's-awa' })]);
  const replaced = (substituteUserId: string | null) => ({
    id: substitutionId({ timetableId: 't-am', slotKey: 's-awa', date: DAY }),
    substituteUserId,
  });
  it.each([
    ['touching times (11:00-12:00)', '11:00', '12:00', [replaced('fatou')], []],
    [
      'one minute of overlap (10:59-12:00)',
      '10:59',
      '12:00',
      [replaced('fatou')],
      [['fatou', ['2026-11-25']]],
    ],
    ['one minute of overlap, no substitution', '10:59', '12:00', [], []],
    ['one minute of overlap, cancelled', '10:59', '12:00', [replaced(null)], []],
  ] as const)('%s', (_name, start, end, substitutions, expected) => {
    const conflicts = findTeacherConflicts([fatouMonth, awaMonth(start, end)], [...substitutions]);
    expect(conflicts.map((c) => [c.teacherUserId, c.dates])).toEqual(expected);
  });

  it('the absent teacher’s replaced course no longer meets her other course that day', () => {
    // Awa also teaches class-3 on Wednesdays 11:00-12:00: booked twice with her 10:00-12:00 course.
    const other = monthTimetable('t-a3', 2026, 11, [courseSlot(3, '11:00', '12:00', 'mod-math', 'awa')], {
      classId: 'class-3',
    });
    const both = [awaMonth('10:00', '12:00'), other];
    const dates = (substitutions: ReturnType<typeof replaced>[]) =>
      findTeacherConflicts(both, substitutions).map((c) => [c.teacherUserId, c.dates]);
    const wednesdays = ['2026-11-04', '2026-11-11', '2026-11-18', '2026-11-25'];
    expect(dates([])).toEqual([['awa', wednesdays]]);
    expect(dates([replaced('fatou')])).toEqual([['awa', wednesdays.slice(0, 3)]]);
    expect(dates([replaced(null)])).toEqual([['awa', wednesdays.slice(0, 3)]]);
    // Moving her other course: the check of that one slot reads them too.
    expect(conflictsOfSlot(both, { timetableId: 't-a3', slotIndex: 0 }, [replaced('fatou')])).toHaveLength(1);
  });
});

describe('an import meets the courses stored substitutes give', () => {
  it('a new course of Fatou at the time she replaces Awa conflicts; Awa’s does not', () => {
    const period = {
      periodicity: 'week',
      year: 2026,
      week: 48,
      month: 11,
      weekStartDate: '2026-11-23',
    } as const;
    const imported = (teacher: string) =>
      weekTimetable('t-new', '2026-11-23', [courseSlot(3, '09:00', '10:00', 'mod-fr', teacher)], {
        classId: 'class-2',
      });
    const conflicts = (teacher: string, substitutions: SubstituteCourse[]) =>
      importConflicts([imported(teacher)], [awaWeek(120)], period, substitutions).map((c) => c.teacherUserId);
    expect(conflicts('fatou', [])).toEqual([]);
    expect(conflicts('fatou', [given('fatou')])).toEqual(['fatou']);
    expect(conflicts('awa', [])).toEqual(['awa']);
    expect(conflicts('awa', [given('fatou')])).toEqual([]);
  });
});

const opened: AppDatabase[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

describe('the hooks read the device’s substitutions', () => {
  it('moving Fatou’s course onto the one she gives as a substitute asks for confirmation', async () => {
    const db = openDatabase(`substitution-conflicts-${opened.length}`);
    opened.push(db);
    // Awa's Wednesday 25 course 08:00-10:00, given by Fatou; Fatou's own Monday 23 course, class-2.
    const fatouWeek = weekTimetable(
      't-fw',
      '2026-11-23',
      [courseSlot(1, '14:00', '15:00', 'mod-fr', 'fatou')],
      {
        classId: 'class-2',
      },
    );
    await writeBatch(db, async (w) => {
      await w.put('timetables', awaWeek(120));
      await w.put('timetables', fatouWeek);
    });
    const move = () =>
      checkReschedule(db, {
        timetableId: 't-fw',
        slotIndex: 0,
        dayOfWeek: 3,
        startTime: '09:59',
        endTime: '11:00',
      });
    expect(await move()).toEqual({ ok: true, conflicts: [] });
    await writeBatch(db, async (w) => {
      await w.put('substitutions', {
        ...given('fatou'),
        slotKey: 's-awa',
        startTime: '08:00',
        endTime: '10:00',
        absentUserId: 'awa',
        absenceId: 'ab-1',
        assignedAt: '2026-11-20T08:00:00.000Z',
        assignedByUserId: 'u-admin',
      });
    });
    const result = await move();
    expect(result.ok && result.conflicts.map((c) => [c.teacherUserId, c.dates])).toEqual([['fatou', [DAY]]]);
  });
});
