import type {
  ReadProgress,
  SheetReaderRequest,
  SheetWorkerRequest,
  SheetWorkerResponse,
  SheetWriteRequest,
} from './sheet-worker';

/** The dedicated worker scope, typed here because the project compiles against the DOM library. */
interface WorkerScope {
  postMessage(message: SheetWorkerResponse, transfer?: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<SheetWorkerRequest>) => void): void;
}

const scope = self as unknown as WorkerScope;

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function read(request: SheetReaderRequest): Promise<void> {
  const progress = (value: ReadProgress) => scope.postMessage({ type: 'progress', progress: value });
  try {
    // Loaded here, not at the top: an export never fetches the reader (nor a read the writer).
    const { readSheetRequest } = await import('./read-sheet-request');
    scope.postMessage({ type: 'result', result: await readSheetRequest(request, progress) });
  } catch (error) {
    scope.postMessage({
      type: 'result',
      result: { ok: false, issues: [{ code: 'unreadable', reason: reasonOf(error) }], sheets: [] },
    });
  }
}

async function write(request: SheetWriteRequest): Promise<void> {
  try {
    const { writeSheetFile } = await import('./write-sheet-file');
    const bytes = writeSheetFile(request.format, request.workbook);
    scope.postMessage({ type: 'written', bytes }, [bytes]);
  } catch (error) {
    scope.postMessage({ type: 'failed', error: reasonOf(error) });
  }
}

scope.addEventListener('message', (event) => {
  const request = event.data as Partial<SheetWorkerRequest> | null;
  // Anything but a write is a read: a malformed one is answered "unreadable", never dropped.
  if (request?.kind === 'write') void write(request as SheetWriteRequest);
  else void read((request ?? {}) as SheetReaderRequest);
});
