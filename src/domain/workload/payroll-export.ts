import { formatDuration } from '../format/duration';
import {
  sumFigures,
  type Statement,
  type StatementFigures,
  type StatementLine,
  type StatementLineState,
} from '../payroll/statement';

/**
 * The clerk's payroll export (issue 32 point 8) of the period shown on /workload or /attendance, built from the
 * payroll statements (domain/payroll/statement): the same figures as the teacher's statement and its PDF.
 * Pure: the texts come from src/i18n, the file is written by the sheet worker (SheetJS) or toCsv below.
 *
 * One table per sheet, each with a single header line: « Informations » (organisation, period, export date,
 * currency), « Par enseignant » (one line per teacher and a Total line), « Par module et classe » and
 * « Séances » (one line per course with its date, and the dated adjustments). The CSV holds one table only,
 * the sessions, each line carrying the organisation and the period. Courses not held yet (« À venir ») have
 * no gap: only held courses are compared.
 */

/** What the export knows of a teacher besides the statement. */
export interface PayrollTeacher {
  name: string;
  email: string;
  /** Staff number (the « matricule » form field), when the exporting person may read it. */
  staffNumber: string;
}

export interface PayrollNames {
  teacher: (id: string) => PayrollTeacher;
  module: (id: string) => string;
  schoolClass: (id: string) => string;
}

/** First and last day of the period, 'YYYY-MM-DD' (the last one included). */
export interface PayrollPeriod {
  from: string;
  to: string;
}

export interface PayrollContext {
  period: PayrollPeriod;
  organisation: string;
  /** When the file was made, as written in it ('27/11/2026 17:02'). */
  exportedAt: string;
}

export interface PayrollLabels {
  infoSheet: string;
  teacherSheet: string;
  detailSheet: string;
  sessionSheet: string;
  item: string;
  value: string;
  organisation: string;
  period: string;
  periodText: (from: string, to: string) => string;
  from: string;
  to: string;
  exportedAt: string;
  currency: string;
  currencyName: string;
  comparedNote: string;
  note: string;
  staffNumber: string;
  teacher: string;
  email: string;
  module: string;
  schoolClass: string;
  date: string;
  start: string;
  end: string;
  state: string;
  states: Readonly<Record<StatementLineState, string>>;
  plannedHours: string;
  planned: string;
  plannedHeldHours: string;
  realHours: string;
  real: string;
  correctedHours: string;
  corrected: string;
  adjustedHours: string;
  paidHours: string;
  paid: string;
  gapHours: string;
  reviewHours: string;
  review: string;
  absences: string;
  upcoming: string;
  rate: string;
  amount: string;
  missingRate: string;
  realAbovePlanned: string;
  yes: string;
  total: string;
}

export type PayrollCell = string | number;

export type PayrollSheetKey = 'info' | 'teachers' | 'details' | 'sessions';

export interface PayrollSheet {
  key: PayrollSheetKey;
  name: string;
  header: string[];
  rows: PayrollCell[][];
  /** Columns holding decimal hours (written as numbers with two decimals). */
  hourColumns: number[];
  /** Columns holding amounts (whole currency units). */
  amountColumns: number[];
}

export interface PayrollWorkbook {
  /** File name without extension, carrying the period: 'heures-2026-11-16_2026-11-22'. */
  fileBase: string;
  /** Workbook properties (title, subject): the organisation and the period, also inside the file. */
  title: string;
  sheets: PayrollSheet[];
  /** The CSV's leading columns (organisation and period) and their values, repeated on each line. */
  csvLead: { header: string[]; values: string[] };
}

/** Real time above planned by more than this is marked (spec part 2 point 2, the same 1 minute as the screen). */
const ABOVE_TOLERANCE_MIN = 1;

export function payrollFileBase(period: PayrollPeriod): string {
  return period.from === period.to ? `heures-${period.from}` : `heures-${period.from}_${period.to}`;
}

/** Minutes as decimal hours, two decimals (150 -> 2.5, 50 -> 0.83). */
export function decimalHours(minutes: number): number {
  return Math.round((Math.round(minutes) / 60) * 100) / 100;
}

/** 'YYYY-MM-DD' -> 'DD/MM/YYYY'. */
export function frenchDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return y && m && d ? `${d}/${m}/${y}` : iso;
}

/** The rate when every paid line of a statement shares one, else null. */
function singleRate(lines: readonly { rate: number | null; paidMin: number }[]): number | null {
  const rates = [...new Set(lines.filter((l) => l.paidMin !== 0).map((l) => l.rate))];
  return rates.length === 1 ? (rates[0] ?? null) : null;
}

function figureHeader(labels: PayrollLabels): string[] {
  return [
    labels.plannedHours,
    labels.planned,
    labels.plannedHeldHours,
    labels.realHours,
    labels.real,
    labels.correctedHours,
    labels.corrected,
    labels.adjustedHours,
    labels.paidHours,
    labels.paid,
    labels.gapHours,
    labels.reviewHours,
    labels.review,
    labels.absences,
    labels.upcoming,
    labels.rate,
    labels.amount,
    labels.realAbovePlanned,
  ];
}

/** Decimal-hour columns of figures(), offset by the leading text columns. */
const hourColumnsAfter = (lead: number) => [0, 2, 3, 5, 7, 8, 10, 11].map((i) => i + lead);
const amountColumnsAfter = (lead: number) => [16].map((i) => i + lead);

function figures(f: StatementFigures, rate: number | null, labels: PayrollLabels): PayrollCell[] {
  return [
    decimalHours(f.plannedMin),
    formatDuration(f.plannedMin),
    decimalHours(f.plannedHeldMin),
    decimalHours(f.doneMin),
    formatDuration(f.doneMin),
    decimalHours(f.correctedMin),
    formatDuration(f.correctedMin),
    decimalHours(f.adjustedMin),
    decimalHours(f.paidMin),
    formatDuration(f.paidMin),
    decimalHours(f.gapMin),
    decimalHours(f.reviewMin),
    formatDuration(f.reviewMin),
    f.absences,
    f.upcoming,
    rate ?? '',
    f.missingRate && f.amount === 0 ? labels.missingRate : f.amount,
    f.gapMin > ABOVE_TOLERANCE_MIN ? labels.yes : '',
  ];
}

function sessionRow(
  line: StatementLine,
  teacher: PayrollTeacher,
  names: PayrollNames,
  labels: PayrollLabels,
): PayrollCell[] {
  const note =
    line.state === 'adjustment'
      ? [line.courseDate ? frenchDate(line.courseDate) : '', line.note ?? ''].filter(Boolean).join(' · ')
      : line.corrected
        ? labels.corrected
        : '';
  return [
    teacher.staffNumber,
    teacher.name,
    teacher.email,
    frenchDate(line.date),
    line.startTime,
    line.endTime,
    names.module(line.moduleId),
    names.schoolClass(line.classId),
    labels.states[line.state],
    decimalHours(line.plannedMin),
    decimalHours(line.doneMin),
    decimalHours(line.correctedMin),
    decimalHours(line.reviewMin),
    decimalHours(line.adjustedMin),
    decimalHours(line.paidMin),
    line.gapMin === null ? '' : decimalHours(line.gapMin),
    line.rate ?? '',
    line.amount ?? (line.paidMin !== 0 ? labels.missingRate : ''),
    note,
  ];
}

/**
 * The workbook: information, one line per teacher (sorted by name, French collation, with a Total line), per
 * teacher, module and class, and per session (by teacher then date). Every figure comes from the statements.
 */
export function buildPayrollExport(
  statements: readonly Statement[],
  names: PayrollNames,
  context: PayrollContext,
  labels: PayrollLabels,
): PayrollWorkbook {
  const collator = new Intl.Collator('fr');
  const sorted = [...statements].sort((a, b) =>
    collator.compare(names.teacher(a.teacherUserId).name, names.teacher(b.teacherUserId).name),
  );
  const { period } = context;
  const periodText = labels.periodText(frenchDate(period.from), frenchDate(period.to));
  const teacherRows = sorted.map((s) => {
    const t = names.teacher(s.teacherUserId);
    return [t.staffNumber, t.name, t.email, ...figures(s.totals, singleRate(s.lines), labels)];
  });
  teacherRows.push(['', labels.total, '', ...figures(sumFigures(sorted.map((s) => s.totals)), null, labels)]);
  const detailRows = sorted.flatMap((s) => {
    const t = names.teacher(s.teacherUserId);
    return [...s.groups]
      .sort(
        (a, b) =>
          collator.compare(names.module(a.moduleId), names.module(b.moduleId)) ||
          collator.compare(names.schoolClass(a.classId), names.schoolClass(b.classId)),
      )
      .map((g) => [
        t.staffNumber,
        t.name,
        names.module(g.moduleId),
        names.schoolClass(g.classId),
        ...figures(g, g.rate, labels),
      ]);
  });
  const sessionRows = sorted.flatMap((s) =>
    s.lines.map((line) => sessionRow(line, names.teacher(s.teacherUserId), names, labels)),
  );
  return {
    fileBase: payrollFileBase(period),
    title: `${context.organisation} · ${periodText}`,
    csvLead: { header: [labels.organisation, labels.period], values: [context.organisation, periodText] },
    sheets: [
      {
        key: 'info',
        name: labels.infoSheet,
        header: [labels.item, labels.value],
        rows: [
          [labels.organisation, context.organisation],
          [labels.period, periodText],
          [labels.from, frenchDate(period.from)],
          [labels.to, frenchDate(period.to)],
          [labels.exportedAt, context.exportedAt],
          [labels.currency, labels.currencyName],
          [labels.note, labels.comparedNote],
        ],
        hourColumns: [],
        amountColumns: [],
      },
      {
        key: 'teachers',
        name: labels.teacherSheet,
        header: [labels.staffNumber, labels.teacher, labels.email, ...figureHeader(labels)],
        rows: teacherRows,
        hourColumns: hourColumnsAfter(3),
        amountColumns: amountColumnsAfter(3),
      },
      {
        key: 'details',
        name: labels.detailSheet,
        header: [
          labels.staffNumber,
          labels.teacher,
          labels.module,
          labels.schoolClass,
          ...figureHeader(labels),
        ],
        rows: detailRows,
        hourColumns: hourColumnsAfter(4),
        amountColumns: amountColumnsAfter(4),
      },
      {
        key: 'sessions',
        name: labels.sessionSheet,
        header: [
          labels.staffNumber,
          labels.teacher,
          labels.email,
          labels.date,
          labels.start,
          labels.end,
          labels.module,
          labels.schoolClass,
          labels.state,
          labels.plannedHours,
          labels.realHours,
          labels.correctedHours,
          labels.reviewHours,
          labels.adjustedHours,
          labels.paidHours,
          labels.gapHours,
          labels.rate,
          labels.amount,
          labels.note,
        ],
        rows: sessionRows,
        hourColumns: [9, 10, 11, 12, 13, 14, 15],
        amountColumns: [17],
      },
    ],
  };
}

function csvCell(cell: PayrollCell): string {
  // French spreadsheets read ';' as the separator and ',' as the decimal mark.
  const text = typeof cell === 'number' ? String(cell).replace('.', ',') : cell;
  // A leading =, +, - or @ would run as a formula in a spreadsheet (CSV injection): quoted and prefixed.
  const safe = typeof cell === 'string' && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[;"\n\r]/.test(safe) || safe !== text ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * The CSV file: ONE table, the sessions (one line per course with its date, and the adjustments), each line
 * starting with the organisation and the period so that the file says what it covers; ';'-separated with a
 * byte-order mark so that Excel opens the accents right.
 */
export function toCsv(workbook: PayrollWorkbook): string {
  const sessions = workbook.sheets.find((s) => s.key === 'sessions');
  const { header, values } = workbook.csvLead;
  const lines = [
    [...header, ...(sessions?.header ?? [])].map(csvCell).join(';'),
    ...(sessions?.rows ?? []).map((row) => [...values, ...row].map(csvCell).join(';')),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
