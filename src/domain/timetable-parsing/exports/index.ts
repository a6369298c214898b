import type { MinuteRange } from '../grid-reader';
import type { ParsedFile } from '../types';
import { isAscTimetable, readAscTimetable } from './asc';
import { readEdtXml } from './edt';
import { isFetFile, readFetFile } from './fet';
import { parseXml } from './xml';

/**
 * The XML exports of timetabling programs (issue 30 item 3): aSc Timetables, FET and EDT (Index Éducation).
 * Answers null for any other text (a SpreadsheetML or HTML table goes on to the spreadsheet reader), 'empty'
 * for a program's file that holds no placed course, 'truncated' for an EDT file cut short, or the courses
 * read. Loaded in the sheet worker only.
 */
export type ProgramExportResult =
  | { kind: 'read'; value: ParsedFile }
  | { kind: 'empty'; program: 'asc' | 'fet' | 'edt' }
  | { kind: 'truncated'; program: 'edt' }
  | { kind: 'malformed' };

export function readXmlExport(
  text: string,
  bell: ReadonlyMap<string, MinuteRange> = new Map(),
): ProgramExportResult | null {
  const head = text
    .replace(/^\uFEFF/, '')
    .trimStart()
    .slice(0, 4000)
    .toLowerCase();
  // EDT's course export (<TABLE nom="Cours">): its own module, which also says when the file is cut short.
  const edt = readEdtXml(text);
  if (edt !== null) {
    if (edt.kind === 'read') return { kind: 'read', value: { tables: edt.tables } };
    return edt.reason === 'edt-truncated'
      ? { kind: 'truncated', program: 'edt' }
      : { kind: 'empty', program: 'edt' };
  }
  const mayBe = head.includes('<timetable') || head.includes('<fet');
  if (!mayBe) return null;
  const root = parseXml(text);
  if (root === null) return head.startsWith('<?xml') ? { kind: 'malformed' } : null;
  if (isAscTimetable(root)) {
    const tables = readAscTimetable(root, bell);
    return tables.length > 0 ? { kind: 'read', value: { tables } } : { kind: 'empty', program: 'asc' };
  }
  if (isFetFile(root)) {
    const tables = readFetFile(root, bell);
    return tables.length > 0 ? { kind: 'read', value: { tables } } : { kind: 'empty', program: 'fet' };
  }
  return null;
}

export { readProgramSheet, looksLikeUntisGpu001 } from './program-sheets';
export { edtSheetsProblem, readEdtSheet, readEdtXml } from './edt';
