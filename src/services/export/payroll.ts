import { appDb } from '../../db/database';
import type { UtcRange } from '../../domain/time/period';
import { toIsoDate } from '../../domain/time/instant';
import {
  buildPayrollExport,
  type PayrollLabels,
  type PayrollWorkbook,
} from '../../domain/workload/payroll-export';
import { readStatementData } from '../payroll/statement-data';
import { downloadFile } from './download-file';
import { createSheetWorker, type SheetWorkerResponse } from '../sheets/sheet-worker';

export type PayrollFormat = 'xlsx' | 'csv';

const MIME: Record<PayrollFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv;charset=utf-8',
};

/** '27/11/2026 17:02' (UTC, as every date of the application). */
export function exportedAtText(now: Date): string {
  const iso = now.toISOString();
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)} ${iso.slice(11, 16)}`;
}

/**
 * The payroll workbook of a period, from the device's data: the payroll statements of every teacher
 * (services/payroll/statement-data, the same reading as the teacher's statement and its PDF), the logs of
 * the period with the reviewers' corrections of them, and the adjustments month closing carried into it.
 */
export async function payrollWorkbook(
  range: UtcRange,
  labels: PayrollLabels,
  unknown: { teacher: string; other: string },
  now: Date,
): Promise<PayrollWorkbook> {
  const data = await readStatementData(appDb(), range, unknown, now);
  return buildPayrollExport(
    data.statements,
    data.names,
    {
      period: { from: toIsoDate(range.start), to: toIsoDate(range.end.minus({ days: 1 })) },
      organisation: data.organisation,
      exportedAt: exportedAtText(now),
    },
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
  if ((workbook.sheets.find((sheet) => sheet.key === 'sessions')?.rows.length ?? 0) === 0) return null;
  const bytes = await writeInWorker(format, workbook);
  const name = `${workbook.fileBase}.${format}`;
  downloadFile(name, new Blob([bytes], { type: MIME[format] }));
  return name;
}
