import { jsPDF } from 'jspdf';
import { autoTable } from 'jspdf-autotable';
import { formatDuration } from '../../domain/format/duration';
import type { Statement, StatementLine } from '../../domain/payroll/statement';
import { frenchDate, type PayrollNames } from '../../domain/workload/payroll-export';
import { frStatement } from '../../i18n/fr-statement';

/**
 * The payroll statement as a PDF (issue 32), built in the browser with jsPDF and its table plugin; this module
 * is loaded on demand only (services/payroll/statement-pdf-download.ts imports it dynamically): it never
 * reaches the start-up bundle (scripts/check-budgets.mjs). A4 portrait, French, Helvetica (the standard PDF
 * font: its WinAnsi encoding holds every French letter), printable in black and white. Every figure comes
 * from the statement, the same one /workload's XLSX reads.
 */

export interface StatementPdfInput {
  statement: Statement;
  names: PayrollNames;
  organisation: string;
  /** « novembre 2026 ». */
  monthLabel: string;
  closed: boolean;
  /** '27/11/2026 17:02'. */
  generatedAt: string;
  /** The teacher's answer, when she gave one (« Validé le … »). */
  answer?: string | null;
}

const t = frStatement;

/** The standard fonts write WinAnsi only: narrow and no-break spaces become spaces. */
function pdfText(text: string): string {
  return text.replace(/[\u202f\u00a0\u2009]/g, ' ');
}

const amountText = (value: number | null): string =>
  value === null ? t.missingRate : pdfText(t.amount(value));
const rateText = (value: number | null): string =>
  value === null ? '—' : pdfText(new Intl.NumberFormat('fr-FR').format(value));

function sessionRow(line: StatementLine, names: PayrollNames): string[] {
  const time = line.startTime ? `${line.startTime}-${line.endTime}` : '';
  const state =
    line.state === 'adjustment' && line.courseDate
      ? `${t.states.adjustment} (${t.adjustmentOf(frenchDate(line.courseDate))})`
      : t.states[line.state] + (line.corrected ? ` (${t.corrected})` : '');
  return [
    frenchDate(line.date),
    time,
    names.module(line.moduleId),
    names.schoolClass(line.classId),
    state,
    formatDuration(line.plannedMin),
    formatDuration(line.doneMin),
    formatDuration(line.correctedMin + line.adjustedMin),
    formatDuration(line.paidMin),
    line.amount === null ? (line.paidMin ? t.missingRate : '—') : pdfText(t.amount(line.amount)),
  ];
}

/** The PDF's bytes. */
export function statementPdfBytes(input: StatementPdfInput): ArrayBuffer {
  const { statement, names } = input;
  const doc = new jsPDF({ unit: 'mm', format: 'a4', orientation: 'portrait' });
  const teacher = names.teacher(statement.teacherUserId);
  doc.setProperties({
    title: pdfText(`${t.pdf.title} — ${teacher.name} — ${input.monthLabel}`),
    subject: pdfText(t.pdf.organisation(input.organisation)),
    creator: 'Émargement',
  });
  const left = 15;
  let y = 18;
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(16);
  doc.text(pdfText(`${t.pdf.title} — ${input.monthLabel}`), left, y);
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(10);
  const lines = [
    t.pdf.organisation(input.organisation),
    t.pdf.teacher(teacher.name),
    ...(teacher.staffNumber ? [t.pdf.staffNumber(teacher.staffNumber)] : []),
    ...(teacher.email ? [t.pdf.email(teacher.email)] : []),
    t.pdf.period(frenchDate(statement.from), frenchDate(statement.to)),
    `${t.pdf.status(input.closed)} · ${t.pdf.generatedAt(input.generatedAt)}`,
  ];
  y += 8;
  for (const line of lines) {
    doc.text(pdfText(line), left, y);
    y += 5;
  }

  const { totals } = statement;
  const summary: [string, string][] = [
    [t.totals.planned, formatDuration(totals.plannedHeldMin)],
    [t.totals.upcoming, formatDuration(totals.plannedUpcomingMin)],
    [t.totals.done, formatDuration(totals.doneMin)],
    [t.totals.corrected, formatDuration(totals.correctedMin)],
    [t.totals.adjusted, formatDuration(totals.adjustedMin)],
    [t.totals.review, formatDuration(totals.reviewMin)],
    [t.totals.absences, String(totals.absences)],
    [t.totals.paid, formatDuration(totals.paidMin)],
    [t.totals.amount, pdfText(t.amount(totals.amount))],
  ];
  autoTable(doc, {
    startY: y + 2,
    margin: { left, right: 15 },
    theme: 'grid',
    styles: { font: 'helvetica', fontSize: 10, cellPadding: 1.5, textColor: 20, lineColor: 120 },
    columnStyles: { 0: { cellWidth: 70 }, 1: { halign: 'right', cellWidth: 40 } },
    body: summary.map(([label, value]) => [pdfText(label), value]),
    didParseCell: (data) => {
      if (data.row.index >= summary.length - 2) data.cell.styles.fontStyle = 'bold';
    },
    tableWidth: 110,
  });

  const afterSummary = (doc as unknown as { lastAutoTable: { finalY: number } }).lastAutoTable.finalY;
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(12);
  doc.text(pdfText(t.byModule), left, afterSummary + 9);
  const head = { fillColor: 230 as const, textColor: 20 as const, fontStyle: 'bold' as const };
  autoTable(doc, {
    startY: afterSummary + 12,
    margin: { left, right: 15 },
    theme: 'grid',
    styles: { font: 'helvetica', fontSize: 8.5, cellPadding: 1.2, textColor: 20, lineColor: 120 },
    headStyles: head,
    footStyles: head,
    head: [
      [
        t.colModule,
        t.colClass,
        t.colPlanned,
        t.colDone,
        t.colCorrected,
        t.colAdjusted,
        t.colPaid,
        t.colRate,
        t.colAmount,
      ].map(pdfText),
    ],
    body: statement.groups.map((g) => [
      names.module(g.moduleId),
      names.schoolClass(g.classId),
      formatDuration(g.plannedHeldMin),
      formatDuration(g.doneMin),
      formatDuration(g.correctedMin),
      formatDuration(g.adjustedMin),
      formatDuration(g.paidMin),
      rateText(g.rate),
      g.missingRate && g.amount === 0 ? t.missingRate : amountText(g.amount),
    ]),
    foot: [
      [
        t.total,
        '',
        formatDuration(totals.plannedHeldMin),
        formatDuration(totals.doneMin),
        formatDuration(totals.correctedMin),
        formatDuration(totals.adjustedMin),
        formatDuration(totals.paidMin),
        '',
        amountText(totals.amount),
      ],
    ],
    columnStyles: {
      2: { halign: 'right' },
      3: { halign: 'right' },
      4: { halign: 'right' },
      5: { halign: 'right' },
      6: { halign: 'right' },
      7: { halign: 'right' },
      8: { halign: 'right' },
    },
  });

  const afterGroups = (doc as unknown as { lastAutoTable: { finalY: number } }).lastAutoTable.finalY;
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(12);
  doc.text(pdfText(t.bySession), left, afterGroups + 9);
  autoTable(doc, {
    startY: afterGroups + 12,
    margin: { left, right: 15 },
    theme: 'grid',
    styles: { font: 'helvetica', fontSize: 8, cellPadding: 1, textColor: 20, lineColor: 120 },
    headStyles: head,
    head: [
      [
        t.colDate,
        t.colTime,
        t.colModule,
        t.colClass,
        t.colState,
        t.colPlanned,
        t.colDone,
        t.colCorrected,
        t.colPaid,
        t.colAmount,
      ].map(pdfText),
    ],
    body: statement.lines.map((line) => sessionRow(line, names).map(pdfText)),
    columnStyles: {
      5: { halign: 'right' },
      6: { halign: 'right' },
      7: { halign: 'right' },
      8: { halign: 'right' },
      9: { halign: 'right' },
    },
  });

  let end = (doc as unknown as { lastAutoTable: { finalY: number } }).lastAutoTable.finalY + 8;
  const pageHeight = doc.internal.pageSize.getHeight();
  if (end > pageHeight - 50) {
    doc.addPage();
    end = 20;
  }
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(8.5);
  const note = doc.splitTextToSize(pdfText(t.pdf.comparedNote), 180) as string[];
  doc.text(note, left, end);
  end += note.length * 4 + 4;
  if (totals.missingRate) {
    doc.text(doc.splitTextToSize(pdfText(t.missingRateNote), 180) as string[], left, end);
    end += 10;
  }
  doc.setFontSize(10);
  if (input.answer) {
    doc.text(doc.splitTextToSize(pdfText(t.pdf.answer(input.answer)), 180) as string[], left, end);
    end += 10;
  }
  doc.text(pdfText(t.pdf.signatureTeacher), left, end + 4);
  doc.text(pdfText(t.pdf.signatureSchool), 115, end + 4);
  doc.rect(left, end + 6, 80, 22);
  doc.rect(115, end + 6, 80, 22);

  const pages = doc.getNumberOfPages();
  for (let page = 1; page <= pages; page += 1) {
    doc.setPage(page);
    doc.setFontSize(8);
    doc.text(pdfText(t.pdf.page(page, pages)), 195, pageHeight - 8, { align: 'right' });
    doc.text(pdfText(`${teacher.name} · ${input.monthLabel}`), left, pageHeight - 8);
  }
  return doc.output('arraybuffer');
}
