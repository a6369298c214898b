import Papa from 'papaparse';
import * as XLSX from 'xlsx';
import { decodeTextBytes, detectTextEncoding } from '../../domain/timetable-parsing/text-decoding';
// The program exports' XML reader: this module runs in the sheet worker only (never in the start-up bundle).
import {
  looksLikeUntisGpu001,
  readProgramSheet,
  readXmlExport,
} from '../../domain/timetable-parsing/exports';
import type { MinuteRange } from '../../domain/timetable-parsing/grid-reader';
import { normalizeGrid } from '../../domain/timetable-parsing/text';
import {
  MAX_GRID_COLUMNS,
  MAX_GRID_ROWS,
  readTimetableGrids,
  type GridMerge,
  type ReadTimetableOptions,
  type SheetGrid,
  type TimetableReadIssue,
  type TimetableReadResult,
} from '../../domain/timetable-parsing';

export type WorkbookWarningCode = 'sheet-truncated';

export interface WorkbookWarning {
  code: WorkbookWarningCode;
  sheetName: string;
}

export type WorkbookGridsResult =
  { ok: true; value: SheetGrid[]; warnings: WorkbookWarning[] } | { ok: false; issues: TimetableReadIssue[] };

/**
 * A read timetable, plus the file's grids, so the user can pick the layout by hand: when nothing was
 * detected, and also to correct a reading that is partial or wrong (absent when the grids were sent in).
 */
export type TimetableFileReadResult =
  | (Extract<TimetableReadResult, { ok: true }> & { sheets?: SheetGrid[] })
  | (Extract<TimetableReadResult, { ok: false }> & { sheets: SheetGrid[] });

type ContentKind = 'zip' | 'cfb' | 'biff' | 'markup' | 'text' | 'binary';

const SNIFF_BYTES = 4096;
const CSV_DELIMITERS = [';', ',', '\t', '|'];

function toBytes(data: ArrayBuffer | Uint8Array): Uint8Array {
  return data instanceof Uint8Array ? data : new Uint8Array(data);
}

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return signature.every((byte, index) => bytes[index] === byte);
}

/** Decodes text files: UTF-16 (Excel's "Texte Unicode"), UTF-8, else Windows-1252 (French Excel's CSV). */
function decodeText(bytes: Uint8Array): string | null {
  try {
    return decodeTextBytes(bytes);
  } catch {
    return null;
  }
}

function looksBinary(bytes: Uint8Array): boolean {
  const encoding = detectTextEncoding(bytes.subarray(0, SNIFF_BYTES));
  if (encoding === 'utf-16le' || encoding === 'utf-16be') {
    // UTF-16 text: judge the decoded characters, its zero bytes are not binary.
    return looksBinary(new TextEncoder().encode(decodeTextBytes(bytes.subarray(0, SNIFF_BYTES), encoding)));
  }
  const sample = bytes.subarray(0, SNIFF_BYTES);
  let controls = 0;
  for (const byte of sample) {
    if (byte === 0) return true;
    if (byte < 0x09 || (byte > 0x0d && byte < 0x20)) controls += 1;
  }
  return controls > sample.length / 20;
}

/** What the bytes are, whatever the file name claims (a renamed PNG must not reach the parsers). */
function sniff(bytes: Uint8Array): ContentKind {
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06]))
    return 'zip';
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'cfb';
  // BIFF2-5 workbooks saved by very old Excel versions start with a BOF record.
  if (bytes[0] === 0x09 && [0x00, 0x02, 0x04, 0x08].includes(bytes[1] ?? -1) && bytes[3] === 0x00)
    return 'biff';
  if (looksBinary(bytes)) return 'binary';
  const head = (decodeText(bytes.subarray(0, 512)) ?? '').replace(/^\uFEFF/, '').trimStart();
  // Many "xls" exported by web tools are HTML or SpreadsheetML tables: SheetJS reads those.
  return head.startsWith('<') ? 'markup' : 'text';
}

function baseName(fileName: string): string {
  const name = (fileName.split(/[\\/]/).pop() ?? '').replace(/\.[^.]*$/, '').trim();
  return name === '' ? 'Feuille 1' : name;
}

/**
 * A cell's text without NUL characters (U+0000): invisible, meaningless in a timetable or a list, and refused
 * by the server in a record (PostgreSQL stores none), which would reject the import's records that hold one.
 */
const withoutNul = (text: string): string => (text.includes('\u0000') ? text.replaceAll('\u0000', '') : text);

function cellText(cell: XLSX.CellObject | undefined): string | null {
  const text = rawCellText(cell);
  return text === null ? null : withoutNul(text);
}

function rawCellText(cell: XLSX.CellObject | undefined): string | null {
  if (cell === undefined || cell === null || cell.t === 'z' || cell.t === 'e') return null;
  // Displayed text first (cellDates is off, so times and dates arrive as the user sees them).
  if (typeof cell.w === 'string') return cell.w;
  if (cell.v === undefined || cell.v === null) return null;
  if (cell.t === 'n') {
    try {
      return XLSX.utils.format_cell(cell);
    } catch {
      return String(cell.v);
    }
  }
  return cell.v instanceof Date ? cell.v.toISOString() : String(cell.v);
}

/** Copies the value of each merged area into every cell of the area ("Merged cells are read as their value"). */
function expandMerges(grid: (string | null)[][], merges: readonly XLSX.Range[]): void {
  for (const merge of merges) {
    const top = Math.max(0, merge.s.r);
    const left = Math.max(0, merge.s.c);
    const bottom = Math.min(merge.e.r, MAX_GRID_ROWS - 1);
    const right = Math.min(merge.e.c, MAX_GRID_COLUMNS - 1);
    const value = grid[top]?.[left] ?? null;
    if (value === null || value === '') continue;
    for (let r = top; r <= bottom; r += 1) {
      const row = (grid[r] ??= []);
      for (let c = left; c <= right; c += 1) row[c] = value;
    }
  }
  // Rows created above may have left holes below them.
  for (let r = 0; r < grid.length; r += 1) grid[r] ??= [];
}

function sheetToGrid(sheet: XLSX.WorkSheet): {
  grid: (string | null)[][];
  merges: GridMerge[];
  isTruncated: boolean;
} {
  let isTruncated = sheet['!fullref'] !== undefined && sheet['!fullref'] !== sheet['!ref'];
  const grid: (string | null)[][] = [];
  const data = sheet['!data'];
  if (Array.isArray(data)) {
    const rowCount = Math.min(data.length, MAX_GRID_ROWS);
    for (let r = 0; r < rowCount; r += 1) {
      const row = data[r];
      if (!Array.isArray(row)) {
        grid.push([]);
        continue;
      }
      if (row.length > MAX_GRID_COLUMNS) isTruncated = true;
      const width = Math.min(row.length, MAX_GRID_COLUMNS);
      const cells: (string | null)[] = new Array<string | null>(width).fill(null);
      for (let c = 0; c < width; c += 1) cells[c] = cellText(row[c]);
      grid.push(cells);
    }
    if (data.length > MAX_GRID_ROWS) isTruncated = true;
  }
  const merges = sheet['!merges'] ?? [];
  expandMerges(grid, merges);
  return {
    grid,
    merges: merges.map((m) => ({ top: m.s.r, left: m.s.c, bottom: m.e.r, right: m.e.c })),
    isTruncated,
  };
}

function readSpreadsheet(bytes: Uint8Array): WorkbookGridsResult {
  const workbook = XLSX.read(bytes, {
    type: 'array',
    dense: true,
    cellDates: false,
    cellText: true,
    cellFormula: false,
    cellHTML: false,
    cellStyles: false,
    sheetRows: MAX_GRID_ROWS,
  });
  const value: SheetGrid[] = [];
  const warnings: WorkbookWarning[] = [];
  for (const sheetName of workbook.SheetNames) {
    const sheet = workbook.Sheets[sheetName];
    if (sheet === undefined) continue;
    const { grid, merges, isTruncated } = sheetToGrid(sheet);
    if (isTruncated) warnings.push({ code: 'sheet-truncated', sheetName });
    value.push(merges.length > 0 ? { sheetName, grid, merges } : { sheetName, grid });
  }
  return { ok: true, value, warnings };
}

function readCsv(bytes: Uint8Array, fileName: string): WorkbookGridsResult {
  const text = decodeText(bytes);
  if (text === null) return { ok: false, issues: [{ code: 'unreadable', reason: 'encoding' }] };
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
    delimiter: '',
    delimitersToGuess: CSV_DELIMITERS,
    skipEmptyLines: false,
    preview: MAX_GRID_ROWS,
  });
  const rows = Array.isArray(parsed.data) ? parsed.data : [];
  const grid = rows.map((row) =>
    Array.isArray(row)
      ? row.slice(0, MAX_GRID_COLUMNS).map((cell) => (typeof cell === 'string' ? withoutNul(cell) : null))
      : [],
  );
  return { ok: true, value: [{ sheetName: baseName(fileName), grid }], warnings: [] };
}

/**
 * Turns the bytes of a .xlsx, .xls or .csv file into one grid of displayed cell texts per sheet, merged
 * cells expanded. The content decides the reader, not the extension; anything else is 'unsupported-format',
 * a damaged workbook 'unreadable'. Never throws.
 */
export function workbookToGrids(data: ArrayBuffer | Uint8Array, fileName: string): WorkbookGridsResult {
  try {
    const bytes = toBytes(data);
    if (bytes.length === 0) return { ok: false, issues: [{ code: 'unreadable', reason: 'empty-file' }] };
    const kind = sniff(bytes);
    switch (kind) {
      case 'binary':
        return { ok: false, issues: [{ code: 'unsupported-format' }] };
      case 'text':
        return readCsv(bytes, fileName);
      case 'zip':
      case 'cfb':
      case 'biff':
      case 'markup':
        return readSpreadsheet(bytes);
    }
  } catch (error) {
    return {
      ok: false,
      issues: [{ code: 'unreadable', reason: error instanceof Error ? error.message : String(error) }],
    };
  }
}

export { knownNamesOf } from './known-names';

/**
 * The XML export of a timetabling program (aSc Timetables, FET's .fet), read by its own module (issue 30
 * item 3); null for any other file. Never throws: a broken export is 'unreadable' with a reason the dialog
 * says in French.
 */
function readXmlProgramExport(
  data: ArrayBuffer | Uint8Array,
  bell: ReadonlyMap<string, MinuteRange>,
): TimetableFileReadResult | null {
  try {
    const bytes = toBytes(data);
    if (bytes.length === 0 || sniff(bytes) !== 'markup') return null;
    const text = decodeText(bytes);
    const result = text === null ? null : readXmlExport(text, bell);
    if (result === null) return null;
    if (result.kind === 'read') return { ok: true, value: result.value, warnings: [] };
    const reason =
      result.kind === 'malformed'
        ? 'xml-malformed'
        : `${result.program}-${result.kind === 'truncated' ? 'truncated' : 'empty'}`;
    return { ok: false, issues: [{ code: 'unreadable', reason }], sheets: [] };
  } catch {
    return { ok: false, issues: [{ code: 'unreadable', reason: 'xml-malformed' }], sheets: [] };
  }
}

/** Reads a timetable file end to end: bytes -> grids -> parsed file (what the worker runs). */
export function readTimetableBytes(
  data: ArrayBuffer | Uint8Array,
  fileName: string,
  options: ReadTimetableOptions = {},
  /** Period number -> times, the organisation's saved bell schedule (for the programs' exports). */
  bell: ReadonlyMap<string, MinuteRange> = new Map(),
): TimetableFileReadResult {
  const program = readXmlProgramExport(data, bell);
  if (program !== null) return program;
  const grids = workbookToGrids(data, fileName);
  if (!grids.ok) return { ok: false, issues: grids.issues, sheets: [] };
  // Untis' GPU001.TXT (periods only) with the organisation's saved bell schedule, when there is one.
  const only = grids.value.length === 1 ? grids.value[0] : undefined;
  if (bell.size > 0 && only !== undefined) {
    const rows = normalizeGrid(only.grid);
    const untis = looksLikeUntisGpu001(rows)
      ? readProgramSheet({ sheetName: only.sheetName, rows }, bell)
      : null;
    if (untis !== null) return { ok: true, value: { tables: untis }, warnings: [], sheets: grids.value };
  }
  return { ...readTimetableGrids(grids.value, options), sheets: grids.value };
}

/** Reads sheets already turned into grids (a guided mapping applied again to the whole workbook). */
export function readTimetableSheets(
  sheets: readonly SheetGrid[],
  options: ReadTimetableOptions = {},
): TimetableFileReadResult {
  const result = readTimetableGrids(sheets, options);
  return result.ok ? result : { ...result, sheets: [...sheets] };
}
