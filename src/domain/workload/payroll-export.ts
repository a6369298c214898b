import { formatDuration } from '../format/duration';

/**
 * Payroll export (planned against real hours of the period shown on /workload or /attendance): the rows of
 * the spreadsheet, per teacher and per module and class, built from the workload rows. Pure: the texts come
 * from src/i18n, the file is written by the export worker (SheetJS) or toCsv below.
 *
 * Real time is the time as recorded (check-ins and check-outs, reviewers' corrections left out); corrected
 * time applies the corrections (what /workload shows and payroll pays); "à vérifier" is the part of the
 * corrected time whose entries are flagged and not corrected yet (trusted time), counted apart.
 */

/** What one workload line (a teacher, or a module and class of theirs) brings to the export. */
export interface PayrollSource {
  plannedMin: number;
  /** As recorded, without reviewers' corrections. */
  realMin: number;
  /** With reviewers' corrections applied (absent: none, the real time). */
  correctedMin?: number;
  /** Minutes of flagged entries nobody corrected yet ("À vérifier": clock skew, late receipt). */
  reviewMin?: number;
  /** Held courses with no check-in ("Non émargé", issue 32). */
  absences?: number;
}

export interface PayrollSourceDetail extends PayrollSource {
  moduleId: string;
  classId: string;
}

export interface PayrollSourceTeacher extends PayrollSource {
  teacherUserId: string;
  details: readonly PayrollSourceDetail[];
}

export interface PayrollNames {
  teacher: (id: string) => string;
  module: (id: string) => string;
  schoolClass: (id: string) => string;
}

/** First and last day of the period, 'YYYY-MM-DD' (the last one included). */
export interface PayrollPeriod {
  from: string;
  to: string;
}

export interface PayrollLabels {
  teacherSheet: string;
  detailSheet: string;
  teacher: string;
  module: string;
  schoolClass: string;
  plannedHours: string;
  planned: string;
  realHours: string;
  real: string;
  correctedHours: string;
  corrected: string;
  gapHours: string;
  reviewHours: string;
  review: string;
  absences: string;
  realAbovePlanned: string;
  yes: string;
  total: string;
}

export type PayrollCell = string | number;

export interface PayrollSheet {
  name: string;
  header: string[];
  rows: PayrollCell[][];
  /** Columns holding decimal hours (written as numbers with two decimals). */
  hourColumns: number[];
}

export interface PayrollWorkbook {
  /** File name without extension, carrying the period: 'heures-2026-11-16_2026-11-22'. */
  fileBase: string;
  sheets: PayrollSheet[];
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

const correctedOf = (s: PayrollSource) => s.correctedMin ?? s.realMin;
const reviewOf = (s: PayrollSource) => s.reviewMin ?? 0;

function figures(s: PayrollSource, labels: PayrollLabels): PayrollCell[] {
  const corrected = correctedOf(s);
  return [
    decimalHours(s.plannedMin),
    formatDuration(s.plannedMin),
    decimalHours(s.realMin),
    formatDuration(s.realMin),
    decimalHours(corrected),
    formatDuration(corrected),
    decimalHours(corrected - s.plannedMin),
    decimalHours(reviewOf(s)),
    formatDuration(reviewOf(s)),
    s.absences ?? 0,
    corrected - s.plannedMin > ABOVE_TOLERANCE_MIN ? labels.yes : '',
  ];
}

function figureHeader(labels: PayrollLabels): string[] {
  return [
    labels.plannedHours,
    labels.planned,
    labels.realHours,
    labels.real,
    labels.correctedHours,
    labels.corrected,
    labels.gapHours,
    labels.reviewHours,
    labels.review,
    labels.absences,
    labels.realAbovePlanned,
  ];
}

/** Decimal-hour columns of figures(), offset by the leading text columns. */
const hourColumnsAfter = (lead: number) => [0, 2, 4, 6, 7].map((i) => i + lead);

function sum(rows: readonly PayrollSource[]): PayrollSource {
  return {
    plannedMin: rows.reduce((n, r) => n + r.plannedMin, 0),
    realMin: rows.reduce((n, r) => n + r.realMin, 0),
    correctedMin: rows.reduce((n, r) => n + correctedOf(r), 0),
    reviewMin: rows.reduce((n, r) => n + reviewOf(r), 0),
    absences: rows.reduce((n, r) => n + (r.absences ?? 0), 0),
  };
}

interface WorkloadLine {
  plannedMin: number;
  realMin: number;
  reviewMin?: number;
  absences?: number;
}
interface WorkloadTeacherLine extends WorkloadLine {
  teacherUserId: string;
  details: readonly (WorkloadLine & { moduleId: string; classId: string })[];
}

/**
 * The export's lines from two workload computations of the same period: `corrected` over every log
 * (reviewers' corrections applied, as /workload shows it) and `recorded` over the logs without the
 * corrections. A teacher or a module and class present in one only is kept, with zero in the other.
 */
export function payrollSources(
  corrected: readonly WorkloadTeacherLine[],
  recorded: readonly WorkloadTeacherLine[],
): PayrollSourceTeacher[] {
  const key = (d: { moduleId: string; classId: string }) => `${d.moduleId}\u0000${d.classId}`;
  const ids = [...new Set([...corrected, ...recorded].map((t) => t.teacherUserId))];
  return ids.map((teacherUserId) => {
    const c = corrected.find((t) => t.teacherUserId === teacherUserId);
    const r = recorded.find((t) => t.teacherUserId === teacherUserId);
    const details = new Map<string, PayrollSourceDetail>();
    for (const d of c?.details ?? [])
      details.set(key(d), {
        moduleId: d.moduleId,
        classId: d.classId,
        plannedMin: d.plannedMin,
        realMin: 0,
        correctedMin: d.realMin,
        reviewMin: d.reviewMin ?? 0,
        absences: d.absences ?? 0,
      });
    for (const d of r?.details ?? []) {
      const line = details.get(key(d));
      if (line) line.realMin = d.realMin;
      else
        details.set(key(d), {
          moduleId: d.moduleId,
          classId: d.classId,
          plannedMin: d.plannedMin,
          realMin: d.realMin,
          correctedMin: 0,
          reviewMin: 0,
        });
    }
    return {
      teacherUserId,
      plannedMin: c?.plannedMin ?? r?.plannedMin ?? 0,
      realMin: r?.realMin ?? 0,
      correctedMin: c?.realMin ?? 0,
      reviewMin: c?.reviewMin ?? 0,
      absences: c?.absences ?? 0,
      details: [...details.values()],
    };
  });
}

/**
 * Two sheets: one line per teacher (with a total line), and one line per teacher, module and class. Teachers
 * are sorted by name (French collation), their lines by module then class name.
 */
export function buildPayrollExport(
  teachers: readonly PayrollSourceTeacher[],
  names: PayrollNames,
  period: PayrollPeriod,
  labels: PayrollLabels,
): PayrollWorkbook {
  const collator = new Intl.Collator('fr');
  const sorted = [...teachers].sort((a, b) =>
    collator.compare(names.teacher(a.teacherUserId), names.teacher(b.teacherUserId)),
  );
  const teacherRows = sorted.map((t) => [names.teacher(t.teacherUserId), ...figures(t, labels)]);
  teacherRows.push([labels.total, ...figures(sum(sorted), labels)]);
  const detailRows = sorted.flatMap((t) =>
    [...t.details]
      .sort(
        (a, b) =>
          collator.compare(names.module(a.moduleId), names.module(b.moduleId)) ||
          collator.compare(names.schoolClass(a.classId), names.schoolClass(b.classId)),
      )
      .map((d) => [
        names.teacher(t.teacherUserId),
        names.module(d.moduleId),
        names.schoolClass(d.classId),
        ...figures(d, labels),
      ]),
  );
  return {
    fileBase: payrollFileBase(period),
    sheets: [
      {
        name: labels.teacherSheet,
        header: [labels.teacher, ...figureHeader(labels)],
        rows: teacherRows,
        hourColumns: hourColumnsAfter(1),
      },
      {
        name: labels.detailSheet,
        header: [labels.teacher, labels.module, labels.schoolClass, ...figureHeader(labels)],
        rows: detailRows,
        hourColumns: hourColumnsAfter(3),
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
 * The CSV file: the per-teacher table, a blank line, then the per-module-and-class table; ';'-separated with
 * a byte-order mark so that Excel opens the accents right.
 */
export function toCsv(workbook: PayrollWorkbook): string {
  const lines = workbook.sheets.flatMap((sheet, i) => [
    ...(i > 0 ? [''] : []),
    sheet.header.map(csvCell).join(';'),
    ...sheet.rows.map((row) => row.map(csvCell).join(';')),
  ]);
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
