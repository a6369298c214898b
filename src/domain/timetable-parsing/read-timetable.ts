import { parseSheet } from './parse-sheet';
import { normalizeGrid } from './text';
import type { Grid, ParsedFile, SheetGrid } from './types';

/**
 * Why a file gives no timetable. The UI maps each code to the texts of spec part 2 point 5: 'empty' ->
 * "Fichier lu, mais aucune donnée détectée...", 'unreadable' -> "Impossible de lire le fichier...".
 */
export type TimetableReadIssueCode = 'empty' | 'unreadable' | 'unsupported-format' | 'timeout';

export interface TimetableReadIssue {
  code: TimetableReadIssueCode;
  /** Technical detail for "Impossible de lire le fichier: {reason}", when there is one. */
  reason?: string;
}

export type TimetableReadWarningCode = 'sheet-without-timetable';

export interface TimetableReadWarning {
  code: TimetableReadWarningCode;
  sheetName: string;
}

export type TimetableReadResult =
  | { ok: true; value: ParsedFile; warnings: TimetableReadWarning[] }
  | { ok: false; issues: TimetableReadIssue[] };

export interface ReadTimetableOptions {
  /** Called after each sheet, to drive a progress bar on large workbooks. */
  onSheetParsed?: (parsedCount: number, sheetCount: number) => void;
}

function asSheet(value: unknown): SheetGrid {
  if (typeof value !== 'object' || value === null) return { sheetName: '', grid: [] };
  const { sheetName, grid } = value as Partial<Record<keyof SheetGrid, unknown>>;
  return {
    sheetName: typeof sheetName === 'string' ? sheetName : '',
    grid: Array.isArray(grid) ? (grid as Grid) : [],
  };
}

/**
 * Reads every sheet of a workbook into one parsed file. No table at all is the 'empty' issue; a sheet with
 * content but no timetable, next to sheets that have one, is only a warning (a legend, a notes sheet).
 */
export function readTimetableGrids(
  sheets: readonly SheetGrid[],
  options: ReadTimetableOptions = {},
): TimetableReadResult {
  try {
    const list: readonly unknown[] = Array.isArray(sheets) ? sheets : [];
    const value: ParsedFile = { tables: [] };
    const warnings: TimetableReadWarning[] = [];
    list.forEach((sheet, index) => {
      const { sheetName, grid } = asSheet(sheet);
      const parsed = parseSheet(grid, sheetName);
      if (parsed.tables.length === 0 && normalizeGrid(grid).some((row) => row.some((c) => c !== ''))) {
        warnings.push({ code: 'sheet-without-timetable', sheetName });
      }
      value.tables.push(...parsed.tables);
      options.onSheetParsed?.(index + 1, list.length);
    });
    if (value.tables.length === 0) return { ok: false, issues: [{ code: 'empty' }] };
    return { ok: true, value, warnings };
  } catch (error) {
    // A bug must not freeze the import dialog: report it as an unreadable file.
    return {
      ok: false,
      issues: [{ code: 'unreadable', reason: error instanceof Error ? error.message : 'error' }],
    };
  }
}
