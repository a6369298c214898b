import type { SavedMapping, SheetGrid } from '../../domain/timetable-parsing';
import type { PayrollWorkbook } from '../../domain/workload/payroll-export';
import type { TimetableFileReadResult } from './workbook-to-grids';

/**
 * The one worker that reads and writes spreadsheets (timetable import, payroll export). SheetJS is large
 * (about 100 KB gzip): the build holds a single copy of it, a chunk of this worker that loads only when
 * someone imports or exports, and that the service worker caches on first use instead of precaching it
 * on every phone (vite.config.ts). Reading and writing are separate chunks of the worker as well: an export
 * never downloads the timetable reader.
 */
export function createSheetWorker(): Worker {
  return new Worker(new URL('./sheet.worker.ts', import.meta.url), { type: 'module' });
}

export type ReadStage = 'loading' | 'decoding' | 'detecting';

export interface ReadProgress {
  stage: ReadStage;
  sheetsDone: number;
  sheetCount: number;
}

/** Names the organisation already has, sent to the worker (plain arrays: structured-clone friendly). */
export interface KnownNameLists {
  classes: readonly string[];
  modules: readonly string[];
  teachers: readonly string[];
  /** Rooms already kept on the organisation's timetable slots ("Voltaire", "Amphi Nord"). */
  rooms?: readonly string[];
}

interface ReaderRequestOptions {
  kind: 'read';
  known?: KnownNameLists;
  /** The organisation's saved layout mappings: a sheet of a saved shape is read with its mapping. */
  mappings?: readonly SavedMapping[];
}

/** A file to read, or sheets already read to lay out again with a mapping (guided mapping). */
export type SheetReaderRequest =
  | (ReaderRequestOptions & { file: Blob; fileName: string; sheets?: undefined })
  | (ReaderRequestOptions & { sheets: readonly SheetGrid[]; file?: undefined; fileName?: undefined });

export type SheetReaderResponse =
  { type: 'progress'; progress: ReadProgress } | { type: 'result'; result: TimetableFileReadResult };

/** A payroll file to write. */
export interface SheetWriteRequest {
  kind: 'write';
  format: 'xlsx' | 'csv';
  workbook: PayrollWorkbook;
}

export type SheetWriteResponse = { type: 'written'; bytes: ArrayBuffer } | { type: 'failed'; error: string };

export type SheetWorkerRequest = SheetReaderRequest | SheetWriteRequest;
export type SheetWorkerResponse = SheetReaderResponse | SheetWriteResponse;
