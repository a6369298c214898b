// The exports of timetabling programs (issue 30 item 3), from synthetic files written after each format's public
// description (tests/fixtures/timetables/programs): aSc Timetables XML, FET's .fet with its timetable and its
// timetable CSV, Untis' GPU001.TXT. Read end to end through the worker's path (bytes -> reader).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ParsedFile } from '../../src/domain/timetable-parsing';
import type { SavedMapping } from '../../src/domain/timetable-parsing';
import { savedBell } from '../../src/domain/timetable-parsing/exports/saved-bell';
import { parseXml } from '../../src/domain/timetable-parsing/exports/xml';
import { readIssueMessage } from '../../src/features/planning/import/read-messages';
import { readTimetableBytes } from '../../src/services/sheets/workbook-to-grids';

const DIR = join(process.cwd(), 'tests', 'fixtures', 'timetables', 'programs');

function courses(parsed: ParsedFile): string[] {
  return parsed.tables
    .flatMap((table) =>
      table.rows.flatMap((row) =>
        Object.entries(row.cells).flatMap(([day, cells]) =>
          cells.map(
            (c) =>
              `${table.className} | ${day} ${row.startTime}-${row.endTime} | ${c.moduleName} | ${c.teacherName} | ${c.room ?? ''}`,
          ),
        ),
      ),
    )
    .sort();
}

function read(name: string, bytes: Uint8Array = readFileSync(join(DIR, name))) {
  const result = readTimetableBytes(bytes, name);
  if (!result.ok) throw new Error(`${name}: ${JSON.stringify(result.issues)}`);
  return courses(result.value);
}

describe('program exports', () => {
  it('aSc Timetables XML: cards placed by period and day mask, lessons over two periods, shared lessons', () => {
    expect(read('asc-timetables.xml')).toEqual([
      '6e A | 1 08:00-09:55 | Mathématiques | Awa Diallo | Salle 104',
      '6e A | 2 11:10-12:05 | Éducation physique | Moussa Sow | Gymnase',
      '6e A | 3 10:10-12:05 | Mathématiques | Awa Diallo | Salle 104',
      '6e B | 2 11:10-12:05 | Éducation physique | Moussa Sow | Gymnase',
      // Two cards of one lesson on consecutive periods: one course; no teacher: "à affecter".
      '6e B | 4 08:00-09:55 | Histoire & géographie |  | ',
    ]);
  });

  it('FET .fet: placed activities only, their duration in hours, the room constraint', () => {
    expect(read('fet-data-and-timetable.fet')).toEqual([
      '4e A | 2 08:00-10:15 | Anglais | Fatou Ndiaye | B12',
      '4e A | 4 11:15-12:15 | Physique-chimie | Jean Martin | ',
    ]);
  });

  it("FET timetable CSV: an activity's hours are one course, each students set gets it", () => {
    expect(read('fet-timetable.csv')).toEqual([
      '3e B | 1 08:00-10:00 | Français | Claire Dubois | A2',
      '3e B | 2 10:00-11:00 | SVT | Paul Girard | Labo',
      '3e C | 2 10:00-11:00 | SVT | Paul Girard | Labo',
      '3e C | 5 14:00-15:00 | Musique |  | ',
    ]);
  });

  it('Untis GPU001.TXT: day numbers and periods, consecutive periods merged, hours from 8:00 without a bell', () => {
    expect(read('GPU001.TXT')).toEqual([
      '5A | 1 08:00-09:50 | MAT | DUP | R12',
      '5A | 2 10:00-10:50 | ANG | LEB | R14',
      '5B | 3 12:00-12:50 | MAT | DUP | R12',
      '5B | 4 13:00-13:50 | EPS |  | GYM',
    ]);
  });

  it("Untis and aSc periods take the organisation's saved bell schedule (typed once in the guided mapping)", () => {
    const saved = [
      {
        fingerprint: 'older',
        savedAt: '2026-01-01T08:00:00.000Z',
        mapping: { kind: 'grid', bell: [{ label: '1', start: '09:00', end: '09:30' }] },
      },
      {
        fingerprint: 'latest',
        savedAt: '2026-02-01T08:00:00.000Z',
        mapping: {
          kind: 'grid',
          bell: [
            { label: '1', start: '07:45', end: '08:40' },
            { label: '2', start: '08:45', end: '09:40' },
            { label: 'P3', start: '10:00', end: '10:55' },
            { label: 'Pause', start: '09:40', end: '10:00' },
          ],
        },
      },
    ] as unknown as SavedMapping[];
    const bell = savedBell(saved);
    expect([...bell.keys()]).toEqual(['1', '2', '3']);
    const result = readTimetableBytes(readFileSync(join(DIR, 'GPU001.TXT')), 'GPU001.TXT', {}, bell);
    expect(result.ok ? courses(result.value) : result.issues).toEqual([
      '5A | 1 07:45-09:40 | MAT | DUP | R12',
      '5A | 2 10:00-10:55 | ANG | LEB | R14',
      // Periods the bell does not name keep the hour from 8:00.
      '5B | 3 12:00-12:50 | MAT | DUP | R12',
      '5B | 4 13:00-13:50 | EPS |  | GYM',
    ]);
  });

  it('a broken or empty export is a French message, never a JavaScript error', () => {
    const broken = new TextEncoder().encode('<?xml version="1.0"?><timetable><lessons><lesson id="L1"');
    const result = readTimetableBytes(broken, 'asc.xml');
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(readIssueMessage(result.issues)).toBe(
        'Impossible de lire le fichier: fichier XML incomplet ou mal formé',
      );
    const empty = new TextEncoder().encode(
      '<?xml version="1.0"?><fet><Activities_List></Activities_List></fet>',
    );
    const none = readTimetableBytes(empty, 'x.fet');
    expect(none.ok).toBe(false);
    if (!none.ok)
      expect(readIssueMessage(none.issues)).toMatch(
        /^Impossible de lire le fichier: fichier FET sans emploi du temps placé/,
      );
    expect(
      readIssueMessage([{ code: 'unreadable', reason: "Cannot read properties of undefined (reading '0')" }]),
    ).toBe("Impossible de lire le fichier: le contenu du fichier n'a pas pu être interprété");
  });

  it('the XML reader: attributes, entities, CDATA, comments; null on unclosed elements', () => {
    const root = parseXml(
      '<?xml version="1.0"?><!-- c --><a x="1 &amp; 2" y=\'&#233;\'><b>t&lt;u</b><c><![CDATA[<raw>]]></c><d/></a>',
    );
    expect(root?.name).toBe('a');
    expect(root?.attributes).toEqual({ x: '1 & 2', y: 'é' });
    expect(root?.children.map((c) => [c.name, c.text])).toEqual([
      ['b', 't<u'],
      ['c', '<raw>'],
      ['d', ''],
    ]);
    expect(parseXml('<a><b></a>')?.children[0]?.name).toBe('b');
    expect(parseXml('<a><b>')).not.toBeNull();
    expect(parseXml('</a>')).toBeNull();
    expect(parseXml('<a x="1>')).toBeNull();
  });
});
