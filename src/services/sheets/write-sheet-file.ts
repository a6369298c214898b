import * as XLSX from 'xlsx';
import { toCsv, type PayrollWorkbook } from '../../domain/workload/payroll-export';

function xlsxBytes(workbook: PayrollWorkbook): ArrayBuffer {
  const book = XLSX.utils.book_new();
  for (const sheet of workbook.sheets) {
    const ws = XLSX.utils.aoa_to_sheet([sheet.header, ...sheet.rows]);
    // Decimal hours as numbers with two decimals (sums and formulas work on them), amounts as whole units.
    for (let r = 1; r <= sheet.rows.length; r += 1) {
      for (const [columns, format] of [
        [sheet.hourColumns, '0.00'],
        [sheet.amountColumns, '#,##0'],
      ] as const) {
        for (const c of columns) {
          const cell = ws[XLSX.utils.encode_cell({ r, c })] as XLSX.CellObject | undefined;
          if (cell && cell.t === 'n') cell.z = format;
        }
      }
    }
    ws['!cols'] = sheet.header.map((h) => ({ wch: Math.max(12, h.length + 2) }));
    XLSX.utils.book_append_sheet(book, ws, sheet.name.slice(0, 31));
  }
  // The organisation and the period inside the file too (its properties), not only in its name.
  book.Props = { Title: workbook.title, Subject: workbook.title };
  return XLSX.write(book, { bookType: 'xlsx', type: 'array', compression: true }) as ArrayBuffer;
}

/** The bytes of a payroll file (what the sheet worker runs for a write: thousands of lines, off the page). */
export function writeSheetFile(format: 'xlsx' | 'csv', workbook: PayrollWorkbook): ArrayBuffer {
  if (format === 'xlsx') return xlsxBytes(workbook);
  return new TextEncoder().encode(toCsv(workbook)).buffer;
}
