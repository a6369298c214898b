import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildStatement } from '../../src/domain/payroll/statement';
import { monthRangeOf } from '../../src/domain/time/period';
import { statementPdfBytes } from '../../src/services/payroll/statement-pdf';
import { courseSlot, teacherCheck, weekTimetable } from '../support/builders';
import { pdfTextRuns } from '../support/pdf-text';

// November 2026: Fatou's Monday courses of two weeks; one held 1h50, one missed, an adjustment of October.
const timetables = [16, 23].map((day) =>
  weekTimetable(`tt-${day}`, `2026-11-${day}`, [courseSlot(1, '08:00', '10:00', 'mod-ang', 'u-fatou')], {
    classId: 'cls-l1',
  }),
);
const statement = buildStatement({
  teacherUserId: 'u-fatou',
  timetables,
  logs: [
    teacherCheck('a', 'in', '2026-11-16T08:00:00.000Z', 'tt-16', 0, 'cls-l1', 'mod-ang', 'u-fatou'),
    teacherCheck('b', 'out', '2026-11-16T09:50:00.000Z', 'tt-16', 0, 'cls-l1', 'mod-ang', 'u-fatou'),
  ],
  contracts: [
    {
      id: 'k',
      teacherUserId: 'u-fatou',
      startDate: '2026-09-01',
      endDate: '2027-06-30',
      createdAt: '2026-09-01T00:00:00.000Z',
      hourlyRate: 6000,
      entries: [],
    },
  ],
  adjustments: [
    {
      id: 'adj',
      date: '2026-11-05',
      teacherUserId: 'u-fatou',
      moduleId: 'mod-ang',
      classId: 'cls-l1',
      minutes: 30,
      courseDate: '2026-10-26',
    },
  ],
  range: monthRangeOf(2026, 11),
  now: '2026-12-02T00:00:00.000Z',
});
const names = {
  teacher: () => ({ name: 'Fatou Ndiaye', email: 'fatou@ecole.sn', staffNumber: 'VAC-042' }),
  module: () => 'Anglais appliqué à l’économie',
  schoolClass: () => 'L1-INFO',
};

/** The PDF's text runs joined by line breaks (STATEMENT_PDF_OUT=file keeps the PDF to look at). */
function pdfText(bytes: ArrayBuffer): string {
  if (process.env.STATEMENT_PDF_OUT) fs.writeFileSync(process.env.STATEMENT_PDF_OUT, Buffer.from(bytes));
  return pdfTextRuns(bytes).join('\n');
}

describe('statement PDF', () => {
  it('is an A4 PDF in French holding the statement totals, accents included', () => {
    const bytes = statementPdfBytes({
      statement,
      names,
      organisation: 'ecole-test',
      monthLabel: 'novembre 2026',
      closed: true,
      generatedAt: '02/12/2026 09:00',
      answer: 'Validé le 03/12/2026 à 10:00.',
    });
    expect(Buffer.from(bytes).subarray(0, 5).toString()).toBe('%PDF-');
    // A4 portrait: 595.28 x 841.89 points.
    expect(Buffer.from(bytes).toString('latin1')).toMatch(/MediaBox \[0 0 595\.2\d* 841\.8\d*\]/);
    const text = pdfText(bytes);
    expect(text).toContain('État des heures — novembre 2026');
    expect(text).toContain('Matricule : VAC-042');
    expect(text).toContain('Anglais appliqué à l’économie');
    // 1h50 held + 0h30 adjusted = 2h20 paid; 140 min at 6 000 FCFA/h = 14 000 FCFA.
    expect(text).toMatch(/Heures payées\n2h20/);
    expect(text).toMatch(/Montant à payer\n14 000 FCFA/);
    expect(text).toContain('Non émargé');
    expect(text).toContain('Validé le 03/12/2026 à 10:00.');
    expect(statement.totals).toMatchObject({ paidMin: 140, amount: 14000, absences: 1 });
  });
});
