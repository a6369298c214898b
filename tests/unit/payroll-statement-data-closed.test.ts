import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type AppDatabase } from '../../src/db/database';
import { writeBatch } from '../../src/db/repository';
import { substitutionId } from '../../src/domain/absences/records';
import type { MonthClosureRecord as MonthClosure } from '../../src/domain/store/schema';
import { readMonthStatements } from '../../src/services/payroll/statement-month';
import { closure, slot, weekTimetable } from '../support/builders';

/**
 * The « Mois clôturé » flag of Mes heures, /workload and the PDF (services/payroll/statement-data.ts) follows the
 * server's rule (domain/payroll/statement-closed.ts): in April 2026, Fatou teaches only in institute A, Moussa
 * in A and B; A closed April, B has not.
 */
const opened: AppDatabase[] = [];
let n = 0;
const NOW = new Date('2026-05-04T10:00:00.000Z');
const unknown = { teacher: '?', other: '?' };

async function seeded(closures: MonthClosure[], withCourses = true): Promise<AppDatabase> {
  const db = openDatabase(`statement-data-closed-${(n += 1)}`);
  opened.push(db);
  await writeBatch(db, async (w) => {
    await w.put('institutes', { id: 'inst-a', name: 'Institut A', abbr: 'IA' });
    await w.put('institutes', { id: 'inst-b', name: 'Institut B', abbr: 'IB' });
    await w.put('classes', { id: 'cls-a', code: 'A-L1', instituteId: 'inst-a' });
    await w.put('classes', { id: 'cls-b', code: 'B-L1', instituteId: 'inst-b' });
    if (withCourses) {
      await w.put(
        'timetables',
        weekTimetable(
          'tt-a',
          '2026-04-13',
          [slot({ dayOfWeek: 1, teacherUserId: 'fatou' }), slot({ dayOfWeek: 2, teacherUserId: 'moussa' })],
          { classId: 'cls-a' },
        ),
      );
      await w.put(
        'timetables',
        weekTimetable('tt-b', '2026-04-13', [slot({ dayOfWeek: 3, teacherUserId: 'moussa' })], {
          classId: 'cls-b',
        }),
      );
    }
    for (const c of closures) await w.put('monthClosures', c);
  });
  return db;
}

afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

describe('the statement data says closed per teacher, as the server decides', () => {
  it.each([
    [
      'institute A closed',
      [closure('2026-04', 'inst-a')],
      { fatou: true, moussa: false, ibou: false },
      false,
    ],
    [
      'institutes A and B closed',
      [closure('2026-04', 'inst-a'), closure('2026-04', 'inst-b')],
      { fatou: true, moussa: true, ibou: false },
      true,
    ],
    ['organisation closed', [closure('2026-04')], { fatou: true, moussa: true, ibou: true }, true],
    ['nothing closed', [], { fatou: false, moussa: false, ibou: false }, false],
  ] as const)('%s', async (_name, closures, expected, all) => {
    const data = await readMonthStatements(await seeded([...closures]), '2026-04', unknown, NOW);
    expect(data.statements.map((s) => s.teacherUserId)).toEqual(['fatou', 'moussa']);
    expect({
      fatou: data.closedFor('fatou'),
      moussa: data.closedFor('moussa'),
      ibou: data.closedFor('ibou'),
    }).toEqual(expected);
    // /workload: the month is closed when every teacher's statement is.
    expect(data.closed).toBe(all);
  });

  it('a month without any course is closed by the organisation closure only', async () => {
    const byInstitutes = await readMonthStatements(
      await seeded([closure('2026-04', 'inst-a'), closure('2026-04', 'inst-b')], false),
      '2026-04',
      unknown,
      NOW,
    );
    expect([byInstitutes.statements.length, byInstitutes.closed]).toEqual([0, false]);
    const byOrg = await readMonthStatements(
      await seeded([closure('2026-04')], false),
      '2026-04',
      unknown,
      NOW,
    );
    expect(byOrg.closed).toBe(true);
  });

  it("a substituted course is the substitute's on the statements, not the absent teacher's (issue 35)", async () => {
    const db = await seeded([closure('2026-04')]);
    await writeBatch(db, async (w) => {
      await w.put('substitutions', {
        id: substitutionId({ timetableId: 'tt-a', slotKey: 'i0', date: '2026-04-13' }),
        timetableId: 'tt-a',
        slotKey: 'i0',
        date: '2026-04-13',
        startTime: '08:00',
        endTime: '10:00',
        classId: 'cls-a',
        moduleId: 'mod-math',
        absentUserId: 'fatou',
        absenceId: 'abs-1',
        substituteUserId: 'ibou',
        assignedAt: '2026-04-10T08:00:00.000Z',
        assignedByUserId: 'u-admin',
      });
    });
    const data = await readMonthStatements(db, '2026-04', unknown, NOW);
    expect(data.statements.map((s) => s.teacherUserId).sort()).toEqual(['ibou', 'moussa']);
  });
});
