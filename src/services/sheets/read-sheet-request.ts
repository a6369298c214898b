import { parseSavedMappings } from '../../domain/timetable-parsing';
import { savedBell } from '../../domain/timetable-parsing/exports/saved-bell';
import { knownNamesOf } from './known-names';
import type { ReadProgress, SheetReaderRequest } from './sheet-worker';
import { readTimetableBytes, readTimetableSheets, type TimetableFileReadResult } from './workbook-to-grids';

/** What the sheet worker runs for a read: the file's bytes (or sheets already read) to a read timetable. */
export async function readSheetRequest(
  request: SheetReaderRequest,
  progress: (value: ReadProgress) => void,
): Promise<TimetableFileReadResult> {
  try {
    const options = {
      onSheetParsed: (sheetsDone: number, sheetCount: number) =>
        progress({ stage: 'detecting', sheetsDone, sheetCount }),
      known: knownNamesOf(request.known),
      // Validated here: the request crosses a thread boundary.
      mappings: parseSavedMappings(request.mappings),
    };
    if (request.sheets !== undefined) return readTimetableSheets(request.sheets, options);
    progress({ stage: 'loading', sheetsDone: 0, sheetCount: 0 });
    const bytes = new Uint8Array(await request.file.arrayBuffer());
    progress({ stage: 'decoding', sheetsDone: 0, sheetCount: 0 });
    // The programs' exports that number their periods take the bell schedule the organisation saved.
    return readTimetableBytes(bytes, request.fileName, options, savedBell(options.mappings));
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'error';
    return { ok: false, issues: [{ code: 'unreadable', reason }], sheets: [] };
  }
}
