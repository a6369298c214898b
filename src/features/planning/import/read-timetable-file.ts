import type { SavedMapping, SheetGrid } from '../../../domain/timetable-parsing';
import {
  createSheetWorker,
  type KnownNameLists,
  type ReadProgress,
  type SheetReaderRequest,
  type SheetReaderResponse,
} from '../../../services/sheets/sheet-worker';
import type { TimetableFileReadResult } from '../../../services/sheets/workbook-to-grids';

export type { TimetableFileReadResult } from '../../../services/sheets/workbook-to-grids';
export type {
  KnownNameLists,
  ReadProgress,
  ReadStage,
  SheetReaderRequest,
  SheetReaderResponse,
} from '../../../services/sheets/sheet-worker';

/** A file that takes longer than this is given up on: the dialog must never wait forever. */
export const READ_TIMEOUT_MS = 60_000;

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

/**
 * Reads a timetable file off the main thread (the page stays responsive on large workbooks).
 * Always resolves: an unreadable file, a crashed worker, an abort or the 60-second time-out give a result
 * with an issue code, never a rejection.
 */
export function readTimetableFile(
  file: File,
  options: ReadTimetableFileOptions = {},
): Promise<TimetableFileReadResult> {
  return runReader({ kind: 'read', file, fileName: file.name }, options);
}

/**
 * Lays out sheets already read with the given mappings (the guided mapping's "Utiliser ces choix"), off the
 * main thread too: a workbook of 120 class sheets of the same shape is read again with the new mapping.
 */
export function readSheetsWithMappings(
  sheets: readonly SheetGrid[],
  options: ReadTimetableFileOptions = {},
): Promise<TimetableFileReadResult> {
  return runReader({ kind: 'read', sheets }, options);
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

    try {
      // Every supported browser runs module workers; SheetJS is not bundled for the main thread at all
      // (one copy, in the sheet worker), so without Worker the file is "unreadable".
      const factory = options.createWorker ?? (typeof Worker === 'function' ? createSheetWorker : null);
      if (factory === null) {
        finish(failure('unreadable', 'worker-unavailable'));
        return;
      }
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
