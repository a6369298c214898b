import type { SavedMapping, SheetGrid } from '../../../domain/timetable-parsing';
import type { TimetableFileReadResult } from './workbook-to-grids';

export type { TimetableFileReadResult } from './workbook-to-grids';

/** A file that takes longer than this is given up on: the dialog must never wait forever. */
export const READ_TIMEOUT_MS = 60_000;

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

/** The part of a Worker this module uses, so tests can stand in for it. */
export interface SheetReaderWorker {
  onmessage: ((event: MessageEvent<unknown>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  onmessageerror: ((event: MessageEvent<unknown>) => void) | null;
  postMessage(message: SheetReaderRequest): void;
  terminate(): void;
}

export interface ReadTimetableFileOptions {
  onProgress?: (progress: ReadProgress) => void;
  timeoutMs?: number;
  signal?: AbortSignal;
  createWorker?: () => SheetReaderWorker;
  /** Known classes, modules and teachers: recognised in the cells before any guess. */
  known?: KnownNameLists;
  mappings?: readonly SavedMapping[];
}

function failure(code: 'unreadable' | 'timeout', reason?: string): TimetableFileReadResult {
  const sheets: SheetGrid[] = [];
  return { ok: false, issues: [reason === undefined ? { code } : { code, reason }], sheets };
}

function isResponse(data: unknown): data is SheetReaderResponse {
  if (typeof data !== 'object' || data === null) return false;
  const { type } = data as { type?: unknown };
  if (type === 'progress') return typeof (data as { progress?: unknown }).progress === 'object';
  if (type === 'result') {
    const { result } = data as { result?: unknown };
    return (
      typeof result === 'object' && result !== null && typeof (result as { ok?: unknown }).ok === 'boolean'
    );
  }
  return false;
}

function createSheetReaderWorker(): SheetReaderWorker {
  return new Worker(new URL('./sheet-reader.worker.ts', import.meta.url), { type: 'module' });
}

/** Without Worker support (very old browser, test runner) the same code runs here, loaded on demand. */
async function readOnMainThread(
  request: SheetReaderRequest,
  onProgress: (progress: ReadProgress) => void,
): Promise<TimetableFileReadResult> {
  const { readTimetableBytes, readTimetableSheets, knownNamesOf } = await import('./workbook-to-grids');
  const { parseSavedMappings } = await import('../../../domain/timetable-parsing');
  const options = {
    onSheetParsed: (sheetsDone: number, sheetCount: number) =>
      onProgress({ stage: 'detecting', sheetsDone, sheetCount }),
    known: knownNamesOf(request.known),
    mappings: parseSavedMappings(request.mappings),
  };
  if (request.sheets !== undefined) return readTimetableSheets(request.sheets, options);
  onProgress({ stage: 'loading', sheetsDone: 0, sheetCount: 0 });
  const bytes = new Uint8Array(await request.file.arrayBuffer());
  onProgress({ stage: 'decoding', sheetsDone: 0, sheetCount: 0 });
  return readTimetableBytes(bytes, request.fileName, options);
}

/**
 * Reads a timetable file off the main thread (the page stays responsive on large workbooks).
 * Always resolves: an unreadable file, a crashed worker, an abort or the 60-second time-out give a result
 * with an issue code, never a rejection.
 */
export function readTimetableFile(
  file: File,
  options: ReadTimetableFileOptions = {},
): Promise<TimetableFileReadResult> {
  return runReader({ file, fileName: file.name }, options);
}

/**
 * Lays out sheets already read with the given mappings (the guided mapping's "Utiliser ces choix"), off the
 * main thread too: a workbook of 120 class sheets of the same shape is read again with the new mapping.
 */
export function readSheetsWithMappings(
  sheets: readonly SheetGrid[],
  options: ReadTimetableFileOptions = {},
): Promise<TimetableFileReadResult> {
  return runReader({ sheets }, options);
}

function runReader(
  base: SheetReaderRequest,
  options: ReadTimetableFileOptions,
): Promise<TimetableFileReadResult> {
  const timeoutMs = options.timeoutMs ?? READ_TIMEOUT_MS;
  const notify = (progress: ReadProgress) => {
    try {
      options.onProgress?.(progress);
    } catch {
      // A failing progress display must not stop the reading.
    }
  };

  return new Promise<TimetableFileReadResult>((resolve) => {
    let isSettled = false;
    let worker: SheetReaderWorker | null = null;
    const finish = (result: TimetableFileReadResult) => {
      if (isSettled) return;
      isSettled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      try {
        worker?.terminate();
      } catch {
        // Already gone.
      }
      resolve(result);
    };
    const onAbort = () => finish(failure('unreadable', 'aborted'));
    const timer = setTimeout(() => finish(failure('timeout')), timeoutMs);
    if (options.signal?.aborted) {
      onAbort();
      return;
    }
    options.signal?.addEventListener('abort', onAbort);

    const factory =
      options.createWorker ?? (typeof Worker === 'function' ? createSheetReaderWorker : undefined);
    if (factory === undefined) {
      readOnMainThread(requestOf(base, options), notify).then(finish, (error: unknown) =>
        finish(failure('unreadable', error instanceof Error ? error.message : 'error')),
      );
      return;
    }
    try {
      worker = factory();
      worker.onmessage = (event) => {
        const data = event.data;
        if (!isResponse(data)) return;
        if (data.type === 'progress') notify(data.progress);
        else finish(data.result);
      };
      worker.onerror = (event) => {
        event.preventDefault();
        finish(failure('unreadable', event.message || 'worker-error'));
      };
      worker.onmessageerror = () => finish(failure('unreadable', 'message-error'));
      worker.postMessage(requestOf(base, options));
    } catch (error) {
      finish(failure('unreadable', error instanceof Error ? error.message : 'worker-unavailable'));
    }
  });
}

function requestOf(base: SheetReaderRequest, options: ReadTimetableFileOptions): SheetReaderRequest {
  const request: SheetReaderRequest = { ...base };
  if (options.known) request.known = options.known;
  if (options.mappings?.length) request.mappings = options.mappings;
  return request;
}
