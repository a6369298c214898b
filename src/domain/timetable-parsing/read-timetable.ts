import { NO_KNOWN_NAMES, type KnownNames } from './cell-text';
import { workbookContext, type LayoutKind } from './detect-layout';
import { edtSheetsProblem } from './exports/edt';
import { readListOrLayouts } from './lists';
import { dropRepeatedSheets } from './repeated-sheets';
import { applyMapping, findSavedMapping, type SavedMapping } from './layout-mapping';
import { normalizeGrid } from './text';
import type { Grid, GridMerge, ParsedFile, SheetGrid } from './types';

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
  | {
      ok: true;
      value: ParsedFile;
      warnings: TimetableReadWarning[];
      /** Sheets read with a mapping the organisation saved for their shape (no question asked). */
      mappedSheets?: string[];
    }
  | { ok: false; issues: TimetableReadIssue[] };

export interface ReadTimetableOptions {
  /** Called after each sheet, to drive a progress bar on large workbooks. */
  onSheetParsed?: (parsedCount: number, sheetCount: number) => void;
  /** Names the organisation already has: they are recognised before any guess. */
  known?: KnownNames;
  /** Receives the layout kept for each sheet that gave courses. */
  onLayout?: (sheetName: string, kind: LayoutKind | 'mapping') => void;
  /** Mappings saved by the organisation: a sheet of the same shape is read with its mapping first. */
  mappings?: readonly SavedMapping[];
}

function asSheet(value: unknown): SheetGrid {
  if (typeof value !== 'object' || value === null) return { sheetName: '', grid: [] };
  const { sheetName, grid, merges } = value as Partial<Record<keyof SheetGrid, unknown>>;
  return {
    sheetName: typeof sheetName === 'string' ? sheetName : '',
    grid: Array.isArray(grid) ? (grid as Grid) : [],
    merges: Array.isArray(merges) ? (merges as GridMerge[]) : [],
  };
}

/**
 * Reads every sheet of a workbook into one parsed file, each sheet with the layout that finds most courses
 * (see readSheetLayouts). No table at all is the 'empty' issue; a sheet with
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
    const inputs = list.map((sheet) => {
      const { sheetName, grid, merges } = asSheet(sheet);
      return { sheetName, rows: normalizeGrid(grid), merges };
    });
    // An EDT course export cut short is refused whole (issue 30 item 3): part of a timetable must not pass
    // for all of it.
    const edtProblem = edtSheetsProblem(inputs);
    if (edtProblem === 'edt-truncated')
      return { ok: false, issues: [{ code: 'unreadable', reason: edtProblem }] };
    // The workbook as a whole first: a bell schedule on one sheet, titles repeated on every sheet.
    const context = workbookContext(inputs, options.known ?? NO_KNOWN_NAMES);
    const mappedSheets: string[] = [];
    inputs.forEach((sheet, index) => {
      const saved = options.mappings?.length ? findSavedMapping(sheet, options.mappings) : null;
      const mapped = saved === null ? [] : applyMapping(sheet, saved.mapping, context);
      if (mapped.length > 0) mappedSheets.push(sheet.sheetName);
      const { kind, tables } =
        mapped.length > 0 ? { kind: 'mapping' as const, tables: mapped } : readListOrLayouts(sheet, context);
      if (tables.length === 0 && sheet.rows.some((row) => row.some((c) => c !== ''))) {
        warnings.push({ code: 'sheet-without-timetable', sheetName: sheet.sheetName });
      }
      if (tables.length > 0) options.onLayout?.(sheet.sheetName, kind);
      value.tables.push(...tables);
      options.onSheetParsed?.(index + 1, list.length);
    });
    if (value.tables.length === 0) {
      return {
        ok: false,
        issues: [edtProblem ? { code: 'unreadable', reason: edtProblem } : { code: 'empty' }],
      };
    }
    value.tables = dropRepeatedSheets(value.tables);
    return mappedSheets.length > 0
      ? { ok: true, value, warnings, mappedSheets }
      : { ok: true, value, warnings };
  } catch (error) {
    // A bug must not freeze the import dialog: report it as an unreadable file.
    return {
      ok: false,
      issues: [{ code: 'unreadable', reason: error instanceof Error ? error.message : 'error' }],
    };
  }
}
