import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import {
  buildPayrollExport,
  decimalHours,
  payrollSources,
  payrollFileBase,
  toCsv,
  type PayrollSourceTeacher,
} from '../../src/domain/workload/payroll-export';
import { frWorkload } from '../../src/i18n/fr-workload';

const labels = frWorkload.exportLabels;
const names = {
  teacher: (id: string) => ({ 'u-1': 'Moussa Fall', 'u-2': 'Awa Ba', 'u-3': '=HYPERLINK("x")' })[id] ?? '?',
  module: (id: string) => ({ m1: 'Algorithmique', m2: 'Anglais' })[id] ?? '—',
  schoolClass: (id: string) => ({ c1: 'L1-INFO', c2: 'L2-INFO' })[id] ?? '—',
};
const period = { from: '2026-11-16', to: '2026-11-22' };

const teachers: PayrollSourceTeacher[] = [
  {
    teacherUserId: 'u-1',
    plannedMin: 240,
    realMin: 190,
    details: [
      { moduleId: 'm2', classId: 'c1', plannedMin: 120, realMin: 120 },
      { moduleId: 'm1', classId: 'c1', plannedMin: 120, realMin: 70 },
    ],
  },
  {
    teacherUserId: 'u-2',
    plannedMin: 90,
    realMin: 100,
    // A reviewer corrected a check-out (100 -> 92 minutes); 30 minutes of it are still to review.
    correctedMin: 92,
    reviewMin: 30,
    details: [
      { moduleId: 'm1', classId: 'c2', plannedMin: 90, realMin: 100, correctedMin: 92, reviewMin: 30 },
    ],
  },
];

describe('payroll export', () => {
  it('names the file after the period', () => {
    expect(payrollFileBase(period)).toBe('heures-2026-11-16_2026-11-22');
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

  it('lists each teacher (sorted by name, with a total) and each module and class, planned, real, corrected, flags', () => {
    const book = buildPayrollExport(teachers, names, period, labels);
    const [byTeacher, detail] = book.sheets;
    expect(byTeacher?.header).toEqual([
      'Enseignant',
      'Prévu (heures)',
      'Prévu',
      'Réel (heures)',
      'Réel',
      'Corrigé (heures)',
      'Corrigé',
      'Écart corrigé - prévu (heures)',
      'À vérifier (heures)',
      'À vérifier',
      'Non émargés',
      'Au-dessus du prévu',
    ]);
    expect(byTeacher?.rows).toEqual([
      ['Awa Ba', 1.5, '1h30', 1.67, '1h40', 1.53, '1h32', 0.03, 0.5, '0h30', 0, 'oui'],
      ['Moussa Fall', 4, '4h', 3.17, '3h10', 3.17, '3h10', -0.83, 0, '0h', 0, ''],
      ['Total', 5.5, '5h30', 4.83, '4h50', 4.7, '4h42', -0.8, 0.5, '0h30', 0, ''],
    ]);
    expect(detail?.rows.map((r) => r.slice(0, 5))).toEqual([
      ['Awa Ba', 'Algorithmique', 'L2-INFO', 1.5, '1h30'],
      ['Moussa Fall', 'Algorithmique', 'L1-INFO', 2, '2h'],
      ['Moussa Fall', 'Anglais', 'L1-INFO', 2, '2h'],
    ]);
  });

  it('marks real above planned beyond 1 minute only (the screen threshold)', () => {
    const at = (realMin: number) =>
      buildPayrollExport(
        [{ teacherUserId: 'u-1', plannedMin: 60, realMin, details: [] }],
        names,
        period,
        labels,
      ).sheets[0]?.rows[0]?.at(-1);
    expect(at(61)).toBe('');
    expect(at(62)).toBe('oui');
  });

  it('writes a French CSV: semicolons, decimal commas, both tables, formulas defused', () => {
    const csv = toCsv(
      buildPayrollExport(
        [...teachers, { teacherUserId: 'u-3', plannedMin: 60, realMin: 0, details: [] }],
        names,
        period,
        labels,
      ),
    );
    expect(csv.startsWith('\uFEFFEnseignant;Prévu (heures);Prévu;')).toBe(true);
    const lines = csv.split('\r\n');
    expect(lines).toContain('Moussa Fall;4;4h;3,17;3h10;3,17;3h10;-0,83;0;0h;0;');
    expect(lines).toContain('"\'=HYPERLINK(""x"")";1;1h;0;0h;0;0h;-1;0;0h;0;');
    expect(lines).toContain(
      'Enseignant;Module;Classe;Prévu (heures);Prévu;Réel (heures);Réel;Corrigé (heures);Corrigé;Écart corrigé - prévu (heures);À vérifier (heures);À vérifier;Non émargés;Au-dessus du prévu',
    );
    expect(lines).toContain('Moussa Fall;Anglais;L1-INFO;2;2h;2;2h;2;2h;0;0;0h;0;');
  });

  it('reads back in SheetJS as numbers and texts', () => {
    const book = buildPayrollExport(teachers, names, period, labels);
    const sheet = book.sheets[0];
    if (!sheet) throw new Error('no sheet');
    const ws = XLSX.utils.aoa_to_sheet([sheet.header, ...sheet.rows]);
    const back = XLSX.utils.sheet_to_json<Record<string, unknown>>(ws);
    expect(back.at(-1)).toMatchObject({ Enseignant: 'Total', 'Prévu (heures)': 5.5, Réel: '4h50' });
  });

  it('takes real time as recorded and corrected time with the corrections, per teacher and per module and class', () => {
    const line = (moduleId: string, plannedMin: number, realMin: number, reviewMin = 0) => ({
      moduleId,
      classId: 'c1',
      plannedMin,
      realMin,
      reviewMin,
    });
    const corrected = [
      {
        teacherUserId: 'u-1',
        plannedMin: 180,
        realMin: 170,
        reviewMin: 20,
        details: [line('m1', 120, 110, 20), line('m2', 60, 60)],
      },
    ];
    const recorded = [
      {
        teacherUserId: 'u-1',
        plannedMin: 180,
        realMin: 190,
        reviewMin: 20,
        details: [line('m1', 120, 130, 20), line('m2', 60, 60)],
      },
      // Only before correction (a check-in moved out of the period): kept, with no corrected time.
      { teacherUserId: 'u-2', plannedMin: 0, realMin: 15, reviewMin: 0, details: [line('m3', 0, 15)] },
    ];
    expect(payrollSources(corrected, recorded)).toEqual([
      {
        teacherUserId: 'u-1',
        plannedMin: 180,
        realMin: 190,
        correctedMin: 170,
        reviewMin: 20,
        absences: 0,
        details: [
          {
            moduleId: 'm1',
            classId: 'c1',
            plannedMin: 120,
            realMin: 130,
            correctedMin: 110,
            reviewMin: 20,
            absences: 0,
          },
          {
            moduleId: 'm2',
            classId: 'c1',
            plannedMin: 60,
            realMin: 60,
            correctedMin: 60,
            reviewMin: 0,
            absences: 0,
          },
        ],
      },
      {
        teacherUserId: 'u-2',
        plannedMin: 0,
        realMin: 15,
        correctedMin: 0,
        reviewMin: 0,
        absences: 0,
        details: [
          { moduleId: 'm3', classId: 'c1', plannedMin: 0, realMin: 15, correctedMin: 0, reviewMin: 0 },
        ],
      },
    ]);
  });
});
