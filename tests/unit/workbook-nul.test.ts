import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { workbookToGrids } from '../../src/services/sheets/workbook-to-grids';

/**
 * A spreadsheet's cell holding a NUL character (U+0000) is read without it: the server refuses a record that
 * holds one (PostgreSQL stores none), so the import's record would be rejected for an invisible character.
 */
describe('cells with a NUL character', () => {
  it('are read without it', () => {
    const sheet = XLSX.utils.aoa_to_sheet([
      ['Classe', 'Lundi'],
      ['6e\u0000A', 'Maths\u0000'],
    ]);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'EDT');
    const bytes = XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
    const grids = workbookToGrids(bytes, 'edt.xlsx');
    expect(grids.ok).toBe(true);
    if (!grids.ok) return;
    expect(grids.value[0]?.grid).toEqual([
      ['Classe', 'Lundi'],
      ['6eA', 'Maths'],
    ]);
  });
});
