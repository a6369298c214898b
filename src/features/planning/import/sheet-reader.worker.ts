import { parseSavedMappings } from '../../../domain/timetable-parsing';
import type { ReadProgress, SheetReaderRequest, SheetReaderResponse } from './read-timetable-file';
import { knownNamesOf, readTimetableBytes, readTimetableSheets } from './workbook-to-grids';

/** The dedicated worker scope, typed here because the project compiles against the DOM library. */
interface WorkerScope {
  postMessage(message: SheetReaderResponse): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<SheetReaderRequest>) => void): void;
}

const scope = self as unknown as WorkerScope;

function progress(value: ReadProgress): void {
  scope.postMessage({ type: 'progress', progress: value });
}

async function read(request: SheetReaderRequest): Promise<SheetReaderResponse> {
  try {
    const options = {
      onSheetParsed: (sheetsDone: number, sheetCount: number) =>
        progress({ stage: 'detecting', sheetsDone, sheetCount }),
      known: knownNamesOf(request.known),
      // Validated here: the request crosses a thread boundary.
      mappings: parseSavedMappings(request.mappings),
    };
    if (request.sheets !== undefined)
      return { type: 'result', result: readTimetableSheets(request.sheets, options) };
    progress({ stage: 'loading', sheetsDone: 0, sheetCount: 0 });
    const bytes = new Uint8Array(await request.file.arrayBuffer());
    progress({ stage: 'decoding', sheetsDone: 0, sheetCount: 0 });
    return { type: 'result', result: readTimetableBytes(bytes, request.fileName, options) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'error';
    return { type: 'result', result: { ok: false, issues: [{ code: 'unreadable', reason }], sheets: [] } };
  }
}

scope.addEventListener('message', (event) => {
  void read(event.data).then((response) => scope.postMessage(response));
});
