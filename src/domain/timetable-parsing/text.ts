import type { Grid } from './types';

/** Bounds that keep a hostile or broken sheet from freezing the reader; real timetables are far smaller. */
export const MAX_GRID_ROWS = 20_000;
export const MAX_GRID_COLUMNS = 256;

/** Lower case, accents removed, all white space (incl. non-breaking) collapsed to one space, trimmed. */
export function foldText(text: string): string {
  const cached = folded.get(text);
  if (cached !== undefined) return cached;
  const value = fold(text);
  if (folded.size >= MAX_FOLDED) folded.clear();
  folded.set(text, value);
  return value;
}

// The reader folds the same cell texts many times (each rule looks at them): remember the last ones.
const MAX_FOLDED = 20_000;
const folded = new Map<string, string>();

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Collapses inner white space and trims, keeping case and accents. */
export function cleanText(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function cellToString(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  return '';
}

/**
 * Turns whatever arrived as a grid into dense rows of trimmed strings. Anything that is not an array of
 * arrays of text becomes empty cells: the reader never throws on a malformed sheet.
 */
export function normalizeGrid(grid: Grid): string[][] {
  if (!Array.isArray(grid)) return [];
  const rowCount = Math.min(grid.length, MAX_GRID_ROWS);
  const rows: string[][] = [];
  for (let r = 0; r < rowCount; r += 1) {
    const source: unknown = (grid as readonly unknown[])[r];
    if (!Array.isArray(source)) {
      rows.push([]);
      continue;
    }
    const width = Math.min(source.length, MAX_GRID_COLUMNS);
    const row: string[] = new Array<string>(width);
    for (let c = 0; c < width; c += 1) row[c] = cellToString(source[c]);
    rows.push(row);
  }
  return rows;
}

export function isRowEmpty(row: readonly string[] | undefined): boolean {
  return row === undefined || row.every((cell) => cell === '');
}

export function cellAt(rows: readonly string[][], row: number, column: number): string {
  return rows[row]?.[column] ?? '';
}
