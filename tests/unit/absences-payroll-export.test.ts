import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type AppDatabase } from '../../src/db/database';
import { writeBatch } from '../../src/db/repository';
import { assignSubstitute } from '../../src/domain/absences/records';
import { buildStatements } from '../../src/domain/payroll/statement';
import type { Substitution } from '../../src/domain/store/schema';
import { weekRange } from '../../src/domain/time/period';
import { buildPayrollExport, toCsv, type PayrollWorkbook } from '../../src/domain/workload/payroll-export';
import { frStatement } from '../../src/i18n/fr-statement';
import { readStatementData } from '../../src/services/payroll/statement-data';
import { courseSlot, teacherCheck, weekTimetable } from '../support/builders';

/**
 * Issue 35, item 2: the clerk's payroll export (XLSX and CSV, domain/workload/payroll-export.ts, fed by
 * services/payroll/statement-data.ts) counts a substituted course for the substitute, at the row level: her
 * line in « Par enseignant », « Par module et classe » and « Séances », none for the absent teacher; a course
 * cancelled for want of a substitute is on nobody's line.
 */
const labels = frStatement.exportLabels;
const people: Record<string, { name: string; email: string; staffNumber: string }> = {
  'u-awa': { name: 'Awa Ndiaye', email: 'awa@ecole.sn', staffNumber: 'A-1' },
  'u-ibou': { name: 'Ibou Sow', email: 'ibou@ecole.sn', staffNumber: 'I-2' },
};
const names = {
  teacher: (id: string) => people[id] ?? { name: '?', email: '', staffNumber: '' },
  module: (id: string) => ({ m1: 'Algorithmique' })[id] ?? '—',
  schoolClass: (id: string) => ({ c1: 'L1-INFO' })[id] ?? '—',
};
const context = {
  period: { from: '2026-11-16', to: '2026-11-22' },
  organisation: 'ecole-test',
  exportedAt: '20/11/2026 12:00',
};

// Week of Monday 16 November 2026, Awa's: Monday 08:00-10:00 replaced by Ibou (who checked in and out),
// Tuesday 08:00-09:00 cancelled for want of a substitute, Wednesday 08:00-10:00 given by Awa herself.
const timetable = weekTimetable(
  'tt-1',
  '2026-11-16',
  [
    courseSlot(1, '08:00', '10:00', 'm1', 'u-awa', { id: 's-mon' }),
    courseSlot(2, '08:00', '09:00', 'm1', 'u-awa', { id: 's-tue' }),
    courseSlot(3, '08:00', '10:00', 'm1', 'u-awa', { id: 's-wed' }),
  ],
  { classId: 'c1' },
);
const logs = [
  teacherCheck('a', 'in', '2026-11-16T08:00:00.000Z', 'tt-1', 0, 'c1', 'm1', 'u-ibou'),
  teacherCheck('b', 'out', '2026-11-16T10:00:00.000Z', 'tt-1', 0, 'c1', 'm1', 'u-ibou'),
  teacherCheck('c', 'in', '2026-11-18T08:00:00.000Z', 'tt-1', 2, 'c1', 'm1', 'u-awa'),
  teacherCheck('d', 'out', '2026-11-18T10:00:00.000Z', 'tt-1', 2, 'c1', 'm1', 'u-awa'),
];
const assign = (slotKey: string, date: string, startTime: string, endTime: string, who: string | null) =>
  ({
    ...assignSubstitute({
      course: {
        timetableId: 'tt-1',
        slotKey,
        classId: 'c1',
        moduleId: 'm1',
        levelId: null,
        date,
        startTime,
        endTime,
      },
      absence: { id: 'ab-1', teacherUserId: 'u-awa' },
      substituteUserId: who,
      actorUserId: 'u-admin',
      now: '2026-11-15T10:00:00.000Z',
    }),
  }) as Substitution;
const substitutions = [
  assign('s-mon', '2026-11-16', '08:00', '10:00', 'u-ibou'),
  assign('s-tue', '2026-11-17', '08:00', '09:00', null),
];
const NOW = '2026-11-20T12:00:00.000Z';

const sheet = (book: PayrollWorkbook, key: string) => {
  const found = book.sheets.find((s) => s.key === key);
  if (!found) throw new Error(`no sheet ${key}`);
  return found;
};
const column = (book: PayrollWorkbook, key: string, header: string) => {
  const s = sheet(book, key);
  return s.rows.map((row) => row[s.header.indexOf(header)]);
};

/** Teacher and date of each « Séances » line; the teacher of each « Par enseignant » line. */
function lines(book: PayrollWorkbook) {
  const sessions = sheet(book, 'sessions');
  const at = (h: string) => sessions.header.indexOf(h);
  return {
    sessions: sessions.rows.map((r) => [r[at('Enseignant')], r[at('Date')]]),
    teachers: column(book, 'teachers', 'Enseignant'),
    paid: column(book, 'teachers', 'Payé (heures)'),
  };
}

const expected = {
  // Ibou's Monday, Awa's Wednesday; Tuesday's cancelled course nowhere.
  sessions: [
    ['Awa Ndiaye', '18/11/2026'],
    ['Ibou Sow', '16/11/2026'],
  ],
  teachers: ['Awa Ndiaye', 'Ibou Sow', 'Total'],
  paid: [2, 2, 4],
};

describe('the payroll export counts a substituted course for the substitute', () => {
  it('from the statements (domain)', () => {
    const statements = buildStatements({
      timetables: [timetable],
      logs,
      contracts: [],
      range: weekRange('2026-11-16'),
      now: NOW,
      substitutions,
    });
    const book = buildPayrollExport(statements, names, context, labels);
    expect(lines(book)).toEqual(expected);
    // The CSV carries the same session lines: one for each teacher, none on Tuesday.
    const rows = toCsv(book).split('\n').slice(1);
    expect(rows.filter((l) => l.includes('Ibou Sow'))).toHaveLength(1);
    expect(rows.filter((l) => l.includes('Awa Ndiaye'))).toHaveLength(1);
    expect(rows.some((l) => l.includes('17/11/2026'))).toBe(false);
  });

  const opened: AppDatabase[] = [];
  afterEach(async () => {
    for (const db of opened.splice(0)) await db.delete();
  });

  it('from the device’s stored substitutions (what the export reads)', async () => {
    const db = openDatabase('absences-payroll-export');
    opened.push(db);
    await writeBatch(db, async (w) => {
      await w.put('classes', { id: 'c1', code: 'L1-INFO' });
      await w.put('courseModules', { id: 'm1', code: 'ALG', name: 'Algorithmique' });
      await w.put('users', { id: 'u-awa', name: 'Awa Ndiaye', email: 'awa@ecole.sn', status: 'Active' });
      await w.put('users', { id: 'u-ibou', name: 'Ibou Sow', email: 'ibou@ecole.sn', status: 'Active' });
      await w.put('timetables', timetable);
      for (const log of logs) await w.put('planningLogs', log);
      for (const s of substitutions) await w.put('substitutions', s);
    });
    const data = await readStatementData(
      db,
      weekRange('2026-11-16'),
      { teacher: '?', other: '?' },
      new Date(NOW),
    );
    const book = buildPayrollExport(data.statements, data.names, context, labels);
    expect(lines(book)).toEqual(expected);
  });
});
