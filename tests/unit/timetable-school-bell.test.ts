// Untis GPU001's bell schedule, asked once and saved for the organisation (issue 30, Deliver 3).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SavedMapping } from '../../src/domain/timetable-parsing';
import {
  periodsWithoutBell,
  proposedSchoolBell,
  schoolBellEntry,
} from '../../src/domain/timetable-parsing/exports/bell-question';
import { parseSavedMappings } from '../../src/domain/timetable-parsing';
import { readTimetableBytes, workbookToGrids } from '../../src/services/sheets/workbook-to-grids';
import { savedBell } from '../../src/domain/timetable-parsing/exports/saved-bell';

const DIR = join(process.cwd(), 'tests', 'fixtures', 'timetables', 'programs');
const bytes = readFileSync(join(DIR, 'GPU001.TXT'));
const grids = workbookToGrids(bytes, 'GPU001.TXT');
const sheets = grids.ok ? grids.value : [];

const bell = (pairs: [string, string, string][]) =>
  schoolBellEntry(
    pairs.map(([label, start, end]) => ({ label, start, end })),
    '2026-03-01T08:00:00.000Z',
  );

describe('periodsWithoutBell', () => {
  const cases: { name: string; saved: SavedMapping[]; periods: number[] }[] = [
    { name: 'no bell saved: every period the file uses', saved: [], periods: [1, 2, 3, 5, 6] },
    {
      name: 'a bell that gives periods 1-3: the others',
      saved: [
        bell([
          ['1', '07:45', '08:40'],
          ['2', '08:45', '09:40'],
          ['3', '10:00', '10:55'],
        ]),
      ],
      periods: [5, 6],
    },
    {
      name: 'a bell that gives them all: nothing to ask',
      saved: [bell(Array.from({ length: 6 }, (_, i) => [String(i + 1), `0${i + 1}:00`, `0${i + 1}:50`]))],
      periods: [],
    },
  ];
  it.each(cases)('$name', ({ saved, periods }) => {
    expect(periodsWithoutBell(sheets, saved)).toEqual(periods);
  });

  it('a sheet that is not an Untis export asks nothing', () => {
    expect(
      periodsWithoutBell(
        [
          {
            grid: [
              ['', 'Lundi'],
              ['08:00', 'Maths'],
            ],
          },
        ],
        [],
      ),
    ).toEqual([]);
  });
});

describe('proposedSchoolBell and the saved entry', () => {
  it('proposes periods 1 to the highest asked, saved times kept, default hours from 8:00 otherwise', () => {
    const saved = [bell([['2', '09:10', '10:05']])];
    expect(proposedSchoolBell([1, 3], saved)).toEqual([
      { label: '1', start: '08:00', end: '08:50' },
      { label: '2', start: '09:10', end: '10:05' },
      { label: '3', start: '10:00', end: '10:50' },
    ]);
  });

  it('the saved entry is a valid saved mapping; the Untis file then reads at its times', () => {
    const entry = bell([
      ['1', '07:30', '08:25'],
      ['2', '08:30', '09:25'],
      ['3', '09:45', '10:40'],
      ['4', '10:45', '11:40'],
      ['5', '11:45', '12:40'],
      ['6', '14:00', '14:55'],
    ]);
    const saved = parseSavedMappings([entry]);
    expect(saved).toHaveLength(1);
    expect(periodsWithoutBell(sheets, saved)).toEqual([]);
    const result = readTimetableBytes(bytes, 'GPU001.TXT', {}, savedBell(saved));
    const starts = result.ok
      ? result.value.tables.flatMap((t) => t.rows.map((r) => `${r.startTime}-${r.endTime}`)).sort()
      : [];
    expect(starts).toEqual(['07:30-09:25', '09:45-10:40', '11:45-12:40', '14:00-14:55']);
  });
});
