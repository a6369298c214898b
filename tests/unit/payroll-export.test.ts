import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { buildStatements } from '../../src/domain/payroll/statement';
import type { Contract } from '../../src/domain/store/schema';
import { weekRange } from '../../src/domain/time/period';
import {
  buildPayrollExport,
  decimalHours,
  payrollFileBase,
  toCsv,
  type PayrollWorkbook,
} from '../../src/domain/workload/payroll-export';
import { frStatement } from '../../src/i18n/fr-statement';
import { courseSlot, teacherCheck, weekTimetable } from '../support/builders';

const labels = frStatement.exportLabels;
const people: Record<string, { name: string; email: string; staffNumber: string }> = {
  'u-1': { name: 'Moussa Fall', email: 'moussa@ecole.sn', staffNumber: 'M-001' },
  'u-2': { name: 'Awa Ba', email: 'awa@ecole.sn', staffNumber: '' },
  'u-3': { name: '=HYPERLINK("x")', email: '', staffNumber: '' },
};
const names = {
  teacher: (id: string) => people[id] ?? { name: '?', email: '', staffNumber: '' },
  module: (id: string) => ({ m1: 'Algorithmique', m2: 'Anglais' })[id] ?? '—',
  schoolClass: (id: string) => ({ c1: 'L1-INFO', c2: 'L2-INFO' })[id] ?? '—',
};
const context = {
  period: { from: '2026-11-16', to: '2026-11-22' },
  organisation: 'ecole-test',
  exportedAt: '18/11/2026 12:00',
};

// Week of Monday 16 November 2026, exported on Wednesday 18 at noon: Moussa's Monday course held 1h50 of 2h,
// his Tuesday course missed (« Non émargé »), his Friday course still to come; Awa's Monday course held.
const timetables = [
  weekTimetable(
    'tt-1',
    '2026-11-16',
    [
      courseSlot(1, '08:00', '10:00', 'm1', 'u-1'),
      courseSlot(2, '08:00', '09:00', 'm2', 'u-1'),
      courseSlot(5, '08:00', '10:00', 'm1', 'u-1'),
      courseSlot(1, '10:00', '11:30', 'm1', 'u-2'),
    ],
    { classId: 'c1' },
  ),
];
const logs = [
  teacherCheck('a', 'in', '2026-11-16T08:00:00.000Z', 'tt-1', 0, 'c1', 'm1', 'u-1'),
  teacherCheck('b', 'out', '2026-11-16T09:50:00.000Z', 'tt-1', 0, 'c1', 'm1', 'u-1'),
  teacherCheck('c', 'in', '2026-11-16T10:00:00.000Z', 'tt-1', 3, 'c1', 'm1', 'u-2'),
  teacherCheck('d', 'out', '2026-11-16T11:30:00.000Z', 'tt-1', 3, 'c1', 'm1', 'u-2'),
];
const contracts = [
  {
    id: 'k-1',
    teacherUserId: 'u-1',
    startDate: '2026-09-01',
    endDate: '2027-06-30',
    createdAt: '2026-09-01T00:00:00.000Z',
    hourlyRate: 6000,
    entries: [],
  },
] as Contract[];
const statements = buildStatements({
  timetables,
  logs,
  contracts,
  range: weekRange('2026-11-16'),
  now: '2026-11-18T12:00:00.000Z',
});

const sheet = (book: PayrollWorkbook, key: string) => {
  const found = book.sheets.find((s) => s.key === key);
  if (!found) throw new Error(`no sheet ${key}`);
  return found;
};

describe('payroll export', () => {
  it('names the file after the period', () => {
    expect(payrollFileBase(context.period)).toBe('heures-2026-11-16_2026-11-22');
    expect(payrollFileBase({ from: '2026-11-16', to: '2026-11-16' })).toBe('heures-2026-11-16');
  });

  it.each([
    [150, 2.5],
    [50, 0.83],
    [0, 0],
    [-30, -0.5],
    [59.6, 1],
  ])('writes %d minutes as %d decimal hours', (minutes, hours) => {
    expect(decimalHours(minutes)).toBe(hours);
  });

  it('says inside the file which organisation and period it covers', () => {
    const book = buildPayrollExport(statements, names, context, labels);
    expect(book.sheets.map((s) => s.name)).toEqual([
      'Informations',
      'Par enseignant',
      'Par module et classe',
      'Séances',
    ]);
    expect(sheet(book, 'info').rows.slice(0, 4)).toEqual([
      ['Organisation', 'ecole-test'],
      ['Période', 'du 16/11/2026 au 22/11/2026'],
      ['Du', '16/11/2026'],
      ['Au', '22/11/2026'],
    ]);
    expect(book.title).toBe('ecole-test · du 16/11/2026 au 22/11/2026');
  });

  it('one line per teacher with staff number, e-mail, absences, rate and amount; no gap for courses to come', () => {
    const rows = sheet(buildPayrollExport(statements, names, context, labels), 'teachers');
    const col = (row: (string | number)[] | undefined, header: string) => row?.[rows.header.indexOf(header)];
    const [awa, moussa, total] = rows.rows;
    expect([col(moussa, 'Matricule'), col(moussa, 'Enseignant'), col(moussa, 'E-mail')]).toEqual([
      'M-001',
      'Moussa Fall',
      'moussa@ecole.sn',
    ]);
    // Planned 5h in the week, of which 3h held (Monday, Tuesday); Friday's 2h are not compared.
    expect(col(moussa, 'Prévu (heures)')).toBe(5);
    expect(col(moussa, 'Prévu des cours tenus (heures)')).toBe(3);
    expect(col(moussa, 'Payé (heures)')).toBe(1.83);
    expect(col(moussa, 'Écart corrigé - prévu (heures)')).toBe(-1.17);
    expect(col(moussa, 'Non émargés')).toBe(1);
    expect(col(moussa, 'Cours à venir')).toBe(1);
    expect(col(moussa, 'Taux horaire (FCFA)')).toBe(6000);
    expect(col(moussa, 'Montant (FCFA)')).toBe(11000);
    // Awa has no contract: her paid hours have no rate, said in the amount column.
    expect(col(awa, 'Payé (heures)')).toBe(1.5);
    expect(col(awa, 'Écart corrigé - prévu (heures)')).toBe(0);
    expect(col(awa, 'Montant (FCFA)')).toBe('taux manquant');
    expect(col(total, 'Enseignant')).toBe('Total');
    expect(col(total, 'Montant (FCFA)')).toBe(11000);
    expect(col(total, 'Payé (heures)')).toBe(3.33);
  });

  it('one line per session with its date and state; the gap is empty for a course not held yet', () => {
    const rows = sheet(buildPayrollExport(statements, names, context, labels), 'sessions');
    const pick = (header: string) => rows.rows.map((r) => r[rows.header.indexOf(header)]);
    expect(pick('Date')).toEqual(['16/11/2026', '16/11/2026', '17/11/2026', '20/11/2026']);
    expect(pick('Enseignant')).toEqual(['Awa Ba', 'Moussa Fall', 'Moussa Fall', 'Moussa Fall']);
    expect(pick('État')).toEqual(['Tenu', 'Tenu', 'Non émargé', 'À venir']);
    expect(pick('Écart corrigé - prévu (heures)')).toEqual([0, -0.17, -1, '']);
    expect(pick('Montant (FCFA)')).toEqual(['taux manquant', 11000, 0, 0]);
  });

  it('writes ONE French CSV table: the sessions, each line with the organisation and the period', () => {
    const extra = buildStatements({
      timetables: [weekTimetable('tt-9', '2026-11-16', [courseSlot(1, '14:00', '15:00', 'm1', 'u-3')])],
      logs: [],
      contracts: [],
      range: weekRange('2026-11-16'),
      now: '2026-11-18T12:00:00.000Z',
    });
    const csv = toCsv(buildPayrollExport([...statements, ...extra], names, context, labels));
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFOrganisation;Période;Matricule;Enseignant;E-mail;Date;Début;Fin;Module;Classe;État;Prévu (heures);Réel (heures);Corrigé (heures);À vérifier (heures);Ajustements (heures);Payé (heures);Écart corrigé - prévu (heures);Taux horaire (FCFA);Montant (FCFA);Remarque',
    );
    // One header only: no second table stacked below a blank line.
    expect(lines.filter((l) => l.includes('Enseignant'))).toHaveLength(1);
    expect(lines.slice(1, -1).every((l) => l !== '')).toBe(true);
    expect(lines).toContain(
      'ecole-test;du 16/11/2026 au 22/11/2026;M-001;Moussa Fall;moussa@ecole.sn;16/11/2026;08:00;10:00;Algorithmique;L1-INFO;Tenu;2;1,83;1,83;0;0;1,83;-0,17;6000;11000;',
    );
    expect(lines).toContain(
      'ecole-test;du 16/11/2026 au 22/11/2026;M-001;Moussa Fall;moussa@ecole.sn;20/11/2026;08:00;10:00;Algorithmique;L1-INFO;À venir;2;0;0;0;0;0;;6000;0;',
    );
    // A formula in a name is defused.
    expect(csv).toContain(';"\'=HYPERLINK(""x"")";');
  });

  it('reads back in SheetJS as numbers and texts', () => {
    const book = buildPayrollExport(statements, names, context, labels);
    const teachers = sheet(book, 'teachers');
    const ws = XLSX.utils.aoa_to_sheet([teachers.header, ...teachers.rows]);
    const back = XLSX.utils.sheet_to_json<Record<string, unknown>>(ws);
    expect(back.at(-1)).toMatchObject({
      Enseignant: 'Total',
      'Prévu (heures)': 6.5,
      'Montant (FCFA)': 11000,
    });
  });
});
