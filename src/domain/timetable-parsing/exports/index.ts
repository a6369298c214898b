import type { MinuteRange } from '../grid-reader';
import type { ParsedFile } from '../types';
import { isAscTimetable, readAscTimetable } from './asc';
import { isFetFile, readFetFile } from './fet';
import { parseXml } from './xml';

/**
 * The XML exports of timetabling programs (issue 30 item 3): aSc Timetables and FET. Answers null for any
 * other text (a SpreadsheetML or HTML table goes on to the spreadsheet reader), 'unreadable' for a program's
 * file that holds no placed course, or the courses read. Loaded in the sheet worker only.
 */
export type ProgramExportResult =
  { kind: 'read'; value: ParsedFile } | { kind: 'empty'; program: 'asc' | 'fet' } | { kind: 'malformed' };

export function readXmlExport(
  text: string,
  bell: ReadonlyMap<string, MinuteRange> = new Map(),
): ProgramExportResult | null {
  const head = text
    .replace(/^\uFEFF/, '')
    .trimStart()
    .slice(0, 4000)
    .toLowerCase();
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
