import { appDb } from '../../db/database';
import { toIsoDate } from '../../domain/time/instant';
import type { UtcRange } from '../../domain/time/period';
import { isCorrection } from '../../domain/attendance/trust';
import {
  buildPayrollExport,
  payrollSources,
  type PayrollLabels,
  type PayrollWorkbook,
} from '../../domain/workload/payroll-export';
import { workloadByTeacher } from '../../domain/workload/workload';
import { readPeriodSources } from '../attendance/period-logs';
import { createSheetWorker, type SheetWorkerResponse } from '../sheets/sheet-worker';

export type PayrollFormat = 'xlsx' | 'csv';

const MIME: Record<PayrollFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv;charset=utf-8',
};

/**
 * The payroll workbook of a period, from the device's data (the same rows as /workload): the logs of the
 * period with the reviewers' corrections of them, including those made after the period ended.
 */
export async function payrollWorkbook(
  range: UtcRange,
  labels: PayrollLabels,
  unknown: { teacher: string; other: string },
  now: Date,
): Promise<PayrollWorkbook> {
  const db = appDb();
  const { timetables, logs, users, classes, modules } = await readPeriodSources(db, range);
  const teacherNames = new Map(users.map((u) => [u.id, u.name]));
  const classNames = new Map(classes.map((c) => [c.id, c.code]));
  const moduleNames = new Map(modules.map((m) => [m.id, m.name]));
  // Corrected as /workload shows it, and as recorded (without the reviewers' corrections).
  const corrected = workloadByTeacher({ timetables, logs, range, now });
  const recorded = workloadByTeacher({
    timetables,
    logs: logs.filter((l) => !isCorrection(l)),
    range,
    now,
    countToReview: true,
  });
  return buildPayrollExport(
    payrollSources(corrected, recorded),
    {
      teacher: (id) => (id && teacherNames.get(id)) || unknown.teacher,
      module: (id) => (id && moduleNames.get(id)) || unknown.other,
      schoolClass: (id) => (id && classNames.get(id)) || unknown.other,
    },
    { from: toIsoDate(range.start), to: toIsoDate(range.end.minus({ days: 1 })) },
    labels,
  );
}

/** Writes the file in the sheet worker (SheetJS loads there, on demand) and answers its bytes. */
export function writeInWorker(format: PayrollFormat, workbook: PayrollWorkbook): Promise<ArrayBuffer> {
  const worker = createSheetWorker();
  return new Promise<ArrayBuffer>((resolve, reject) => {
    worker.addEventListener('message', (event: MessageEvent<SheetWorkerResponse>) => {
      const answer = event.data;
      if (answer.type !== 'written' && answer.type !== 'failed') return;
      worker.terminate();
      if (answer.type === 'written') resolve(answer.bytes);
      else reject(new Error(answer.error));
    });
    worker.addEventListener('error', (event) => {
      worker.terminate();
      reject(new Error(event.message));
    });
    worker.postMessage({ kind: 'write', format, workbook });
  });
}

/** Builds the file of the period and has the browser download it; answers the file name. */
export async function exportPayroll(
  range: UtcRange,
  format: PayrollFormat,
  labels: PayrollLabels,
  unknown: { teacher: string; other: string },
): Promise<string | null> {
  const workbook = await payrollWorkbook(range, labels, unknown, new Date());
  if ((workbook.sheets[1]?.rows.length ?? 0) === 0) return null;
  const bytes = await writeInWorker(format, workbook);
  const name = `${workbook.fileBase}.${format}`;
  const url = URL.createObjectURL(new Blob([bytes], { type: MIME[format] }));
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
  return name;
}
