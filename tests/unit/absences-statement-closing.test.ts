import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type AppDatabase } from '../../src/db/database';
import { writeBatch } from '../../src/db/repository';
import { substitutionId } from '../../src/domain/absences/records';
import {
  teacherMonthClassIds,
  teacherStatementClosed,
  type TeacherSubstitution,
  type TeacherTimetable,
} from '../../src/domain/payroll/statement-closed';
import type { MonthClosureRecord as MonthClosure, Substitution } from '../../src/domain/store/schema';
import { readMonthStatements } from '../../src/services/payroll/statement-month';
import { closure, slot, weekTimetable } from '../support/builders';

/**
 * Issue 35, item 1: a course given by a substitute is hers, so her statement is closed only when the institute
 * of that course's class is closed too (domain/payroll/statement-closed.ts, the server's rule:
 * tests/server/absences-closing.test.ts). The absent teacher's course stays in her own rule (the
 * substitution may still be withdrawn).
 */
const week = (
  classId: string,
  weekStartDate: string,
  slots: TeacherTimetable['slots'],
): TeacherTimetable => ({
  periodicity: 'week',
  year: 2026,
  weekStartDate,
  classId,
  slots,
});
const sub = (classId: string, date: string, substituteUserId: string | null): TeacherSubstitution => ({
  classId,
  date,
  substituteUserId,
});

describe('teacherMonthClassIds: the classes of the courses she gives as a substitute count', () => {
  const timetables = [
    week('cls-a', '2026-11-09', [{ dayOfWeek: 1, teacherUserId: 'ibou' }]),
    week('cls-b', '2026-11-09', [{ dayOfWeek: 3, teacherUserId: 'awa' }]),
  ];
  it.each([
    [
      'the substitute: her own class and the substituted one',
      'ibou',
      [sub('cls-b', '2026-11-11', 'ibou')],
      ['cls-a', 'cls-b'],
    ],
    ['the absent teacher keeps hers', 'awa', [sub('cls-b', '2026-11-11', 'ibou')], ['cls-b']],
    [
      'a substitution of the last day of the month',
      'ibou',
      [sub('cls-c', '2026-11-30', 'ibou')],
      ['cls-a', 'cls-c'],
    ],
    ['a substitution of the next month', 'ibou', [sub('cls-c', '2026-12-01', 'ibou')], ['cls-a']],
    [
      'a course cancelled for want of a substitute is nobody’s',
      'ibou',
      [sub('cls-c', '2026-11-11', null)],
      ['cls-a'],
    ],
    ['a substitute without course of her own', 'coumba', [sub('cls-b', '2026-11-11', 'coumba')], ['cls-b']],
  ] as const)('%s', (_name, teacher, substitutions, expected) => {
    expect(teacherMonthClassIds(timetables, teacher, '2026-11', substitutions)).toEqual(expected);
  });

  it('teacherStatementClosed: the substitute waits for the institute of her substitution', () => {
    const closedFor = (closures: { month: string; instituteId: string | null; status: 'closed' }[]) =>
      teacherStatementClosed({
        closures,
        month: '2026-11',
        teacherUserId: 'ibou',
        timetables,
        substitutions: [sub('cls-b', '2026-11-11', 'ibou')],
        instituteOfClass: (id) => ({ 'cls-a': 'A', 'cls-b': 'B' })[id] ?? null,
      });
    expect(closedFor([{ month: '2026-11', instituteId: 'A', status: 'closed' }])).toBe(false);
    expect(
      closedFor([
        { month: '2026-11', instituteId: 'A', status: 'closed' },
        { month: '2026-11', instituteId: 'B', status: 'closed' },
      ]),
    ).toBe(true);
  });
});

const opened: AppDatabase[] = [];
let n = 0;
const NOW = new Date('2026-05-04T10:00:00.000Z');
const unknown = { teacher: '?', other: '?' };

/** April 2026: Ibou teaches in A (Monday 13); Moussa in B (Wednesday 15), replaced by Ibou. */
async function seeded(closures: MonthClosure[]): Promise<AppDatabase> {
  const db = openDatabase(`absences-statement-closing-${(n += 1)}`);
  opened.push(db);
  const substitution: Substitution = {
    id: substitutionId({ timetableId: 'tt-b', slotKey: 'i0', date: '2026-04-15' }),
    timetableId: 'tt-b',
    slotKey: 'i0',
    date: '2026-04-15',
    startTime: '08:00',
    endTime: '10:00',
    classId: 'cls-b',
    moduleId: 'mod-math',
    absentUserId: 'moussa',
    absenceId: 'abs-1',
    substituteUserId: 'ibou',
    assignedAt: '2026-04-10T08:00:00.000Z',
    assignedByUserId: 'u-admin',
  };
  await writeBatch(db, async (w) => {
    await w.put('institutes', { id: 'inst-a', name: 'Institut A', abbr: 'IA' });
    await w.put('institutes', { id: 'inst-b', name: 'Institut B', abbr: 'IB' });
    await w.put('classes', { id: 'cls-a', code: 'A-L1', instituteId: 'inst-a' });
    await w.put('classes', { id: 'cls-b', code: 'B-L1', instituteId: 'inst-b' });
    await w.put(
      'timetables',
      weekTimetable('tt-a', '2026-04-13', [slot({ dayOfWeek: 1, teacherUserId: 'ibou' })], {
        classId: 'cls-a',
      }),
    );
    await w.put(
      'timetables',
      weekTimetable('tt-b', '2026-04-13', [slot({ dayOfWeek: 3, teacherUserId: 'moussa' })], {
        classId: 'cls-b',
      }),
    );
    await w.put('substitutions', substitution);
    for (const c of closures) await w.put('monthClosures', c);
  });
  return db;
}

afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

describe('the statement data: the substitute’s month is closed with the institute of her substitution', () => {
  it.each([
    ['institute A closed: her own courses only', [closure('2026-04', 'inst-a')], false],
    ['institutes A and B closed', [closure('2026-04', 'inst-a'), closure('2026-04', 'inst-b')], true],
  ] as const)('%s', async (_name, closures, expected) => {
    const data = await readMonthStatements(await seeded([...closures]), '2026-04', unknown, NOW);
    expect(data.statements.map((s) => s.teacherUserId)).toEqual(['ibou']);
    expect(data.closedFor('ibou')).toBe(expected);
    expect(data.closed).toBe(expected);
  });
});
