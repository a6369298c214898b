/// <reference lib="webworker" />
import * as XLSX from 'xlsx';
import { toCsv, type PayrollWorkbook } from '../../domain/workload/payroll-export';

/**
 * Builds the payroll file off the main thread (a month of a large school is thousands of lines, and SheetJS
 * is large: this worker's chunk is fetched only when someone exports).
 */
export interface SheetExportRequest {
  format: 'xlsx' | 'csv';
  workbook: PayrollWorkbook;
}

export type SheetExportAnswer = { ok: true; bytes: ArrayBuffer } | { ok: false; error: string };

declare const self: DedicatedWorkerGlobalScope;

function xlsxBytes(workbook: PayrollWorkbook): ArrayBuffer {
  const book = XLSX.utils.book_new();
  for (const sheet of workbook.sheets) {
    const ws = XLSX.utils.aoa_to_sheet([sheet.header, ...sheet.rows]);
    // Decimal hours as numbers with two decimals (sums and formulas work on them).
    for (let r = 1; r <= sheet.rows.length; r += 1) {
      for (const c of sheet.hourColumns) {
        const cell = ws[XLSX.utils.encode_cell({ r, c })] as XLSX.CellObject | undefined;
        if (cell && cell.t === 'n') cell.z = '0.00';
      }
    }
    ws['!cols'] = sheet.header.map((h) => ({ wch: Math.max(12, h.length + 2) }));
    XLSX.utils.book_append_sheet(book, ws, sheet.name.slice(0, 31));
  }
  return XLSX.write(book, { bookType: 'xlsx', type: 'array', compression: true }) as ArrayBuffer;
}

self.addEventListener('message', (event: MessageEvent<SheetExportRequest>) => {
  try {
    const { format, workbook } = event.data;
    const bytes = format === 'xlsx' ? xlsxBytes(workbook) : new TextEncoder().encode(toCsv(workbook)).buffer;
    self.postMessage({ ok: true, bytes } satisfies SheetExportAnswer, [bytes]);
  } catch (error) {
    self.postMessage({ ok: false, error: String(error) } satisfies SheetExportAnswer);
  }
});
