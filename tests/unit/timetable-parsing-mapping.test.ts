import { describe, expect, it } from 'vitest';
import {
  applyMapping,
  DAYS_OF_WEEK,
  cellReference,
  findSavedMapping,
  MAX_SAVED_MAPPINGS,
  parseBellSchedule,
  parseCellReference,
  pointAt,
  parseSavedMappings,
  readTimetableGrids,
  rememberMapping,
  shapeFingerprint,
  suggestMapping,
  type GridMapping,
  type LayoutMapping,
  type ListMapping,
  type ParsedTable,
  type SavedMapping,
} from '../../src/domain/timetable-parsing';
import { parseWeekTitle, schoolYearOf } from '../../src/domain/timetable-parsing/dates';

const WEEK = ['Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi'];

/** "class | week | day start-end | module | teacher | room", as the corpus test writes courses. */
function lines(tables: readonly ParsedTable[]): string[] {
  return tables
    .flatMap((table) =>
      table.rows.flatMap((row) =>
        DAYS_OF_WEEK.flatMap((day) =>
          row.cells[day].map(
            (cell) =>
              `${table.className} | ${table.weekStartDate ?? ''} | ${day} ${row.startTime}-${row.endTime} | ${cell.moduleName} | ${cell.teacherName} | ${cell.room ?? ''}`,
          ),
        ),
      ),
    )
    .sort();
}

const BELL = [
  { label: '1', start: '08:00', end: '09:00' },
  { label: '2', start: '09:00', end: '10:00' },
  { label: '3', start: '10:15', end: '11:15' },
];

// A collège grid printed without any time: days across, three unlabelled period rows.
const NO_TIMES = [
  ['Classe : 5e C'],
  ['', ...WEEK],
  ['', 'Maths\nM. Dupont\n104', '', 'Anglais\nMme Martin', '', ''],
  ['', '', 'Français\nMme Leroy', '', '', ''],
  ['', '', '', '', 'SVT\nM. Garcia\nLABO 2', ''],
];
const NO_TIMES_MAPPING: GridMapping = {
  kind: 'grid',
  days: { axis: 'row', index: 1 },
  times: null,
  bell: BELL,
  firstCourse: { row: 2, column: 1 },
  className: { kind: 'auto' },
};

describe('parseBellSchedule: one period a line, typed once', () => {
  it.each([
    ['1 08:00-09:00', [{ label: '1', start: '08:00', end: '09:00' }], []],
    ['M2 : 9h-10h', [{ label: 'M2', start: '09:00', end: '10:00' }], []],
    ['P3 = 10h15 à 11h15', [{ label: 'P3', start: '10:15', end: '11:15' }], []],
    [
      '08h00 - 09h00\n09h00 - 10h00',
      [
        { label: '1', start: '08:00', end: '09:00' },
        { label: '2', start: '09:00', end: '10:00' },
      ],
      [],
    ],
    [
      '1 08:00-09:00\nRécréation\n\n2 09:15-10:15',
      [
        { label: '1', start: '08:00', end: '09:00' },
        { label: '2', start: '09:15', end: '10:15' },
      ],
      [{ line: 2, problem: 'no-times' }],
    ],
    ['1 10:00-09:00', [], [{ line: 1, problem: 'no-times' }]],
  ])('%j', (text, periods, problems) => {
    expect(parseBellSchedule(text)).toEqual({ periods, problems });
  });

  it('takes 64 periods at most (a day of 15-minute lines), no longer 16', () => {
    const hhmm = (m: number) =>
      `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    const text = Array.from(
      { length: 65 },
      (_, i) => `${i + 1} ${hhmm(360 + i * 15)}-${hhmm(375 + i * 15)}`,
    ).join('\n');
    const schedule = parseBellSchedule(text);
    expect(schedule.periods).toHaveLength(64);
    expect(schedule.problems).toEqual([{ line: 65, problem: 'too-many' }]);
  });
});

describe('applyMapping: grids', () => {
  const cases: {
    name: string;
    rows: string[][];
    merges?: GridMapping[];
    mapping: GridMapping;
    expected: string[];
  }[] = [
    {
      name: 'days across, no time column: the typed bell gives the rows their times in order',
      rows: NO_TIMES,
      mapping: NO_TIMES_MAPPING,
      expected: [
        '5e C |  | 1 08:00-09:00 | Maths | Dupont | 104',
        '5e C |  | 2 09:00-10:00 | Français | Leroy | ',
        '5e C |  | 3 08:00-09:00 | Anglais | Martin | ',
        '5e C |  | 4 10:15-11:15 | SVT | Garcia | LABO 2',
      ],
    },
    {
      name: 'a bell shorter than the rows: the rows after the last period are not read',
      rows: NO_TIMES,
      mapping: { ...NO_TIMES_MAPPING, bell: BELL.slice(0, 2) },
      expected: [
        '5e C |  | 1 08:00-09:00 | Maths | Dupont | 104',
        '5e C |  | 2 09:00-10:00 | Français | Leroy | ',
        '5e C |  | 3 08:00-09:00 | Anglais | Martin | ',
      ],
    },
    {
      name: 'days across, a column of period numbers read through the typed bell, class typed',
      rows: [
        ['', ...WEEK],
        ['S1', 'Maths\nM. Dupont', '', '', '', ''],
        ['S3', '', '', 'Anglais\nMme Martin', '', ''],
      ],
      mapping: {
        kind: 'grid',
        days: { axis: 'row', index: 0 },
        times: { axis: 'column', index: 0 },
        bell: [
          { label: 'S1', start: '08:00', end: '09:00' },
          { label: 'S3', start: '10:15', end: '11:15' },
        ],
        firstCourse: null,
        className: { kind: 'typed', name: ' 4e  B ' },
      },
      expected: [
        '4e B |  | 1 08:00-09:00 | Maths | Dupont | ',
        '4e B |  | 3 10:15-11:15 | Anglais | Martin | ',
      ],
    },
    {
      name: 'days down, start times across the top, class pointed at in a "Classe :" cell',
      rows: [
        ['Classe : M1 Finance'],
        ['', '8h30', '10h45', '14h00'],
        ['Lundi', 'Finance\nM. Ba', '', 'Économétrie\nM. Ndour'],
        ['Mardi', '', 'Comptabilité\nMme Faye', ''],
      ],
      mapping: {
        kind: 'grid',
        days: { axis: 'column', index: 0 },
        times: { axis: 'row', index: 1 },
        bell: [],
        firstCourse: null,
        className: { kind: 'cell', row: 0, column: 0 },
      },
      expected: [
        'M1 Finance |  | 1 08:30-10:45 | Finance | Ba | ',
        'M1 Finance |  | 1 14:00-16:15 | Économétrie | Ndour | ',
        'M1 Finance |  | 2 10:45-14:00 | Comptabilité | Faye | ',
      ],
    },
    {
      name: 'days down with times beside them, one column per week (year from "Année 2024-2025")',
      rows: [
        ['BTS MCO 1', 'Année 2024-2025'],
        ['Jour', 'Horaire', 'Semaine du 02/09', 'Semaine du 09/09'],
        ['Lundi', '08:00-10:00', 'Marketing\nMme Sow', 'Gestion\nM. Ba'],
        ['', '10:00-12:00', '', 'Marketing\nMme Sow'],
        ['Mardi', '08:00-10:00', 'Anglais\nMme Martin', ''],
      ],
      mapping: {
        kind: 'grid',
        days: { axis: 'column', index: 0 },
        times: { axis: 'column', index: 1 },
        bell: [],
        firstCourse: { row: 2, column: 2 },
        className: { kind: 'auto' },
      },
      expected: [
        'BTS MCO 1 | 2024-09-02 | 1 08:00-10:00 | Marketing | Sow | ',
        'BTS MCO 1 | 2024-09-02 | 2 08:00-10:00 | Anglais | Martin | ',
        'BTS MCO 1 | 2024-09-09 | 1 08:00-10:00 | Gestion | Ba | ',
        'BTS MCO 1 | 2024-09-09 | 1 10:00-12:00 | Marketing | Sow | ',
      ],
    },
    {
      name: 'days and times both across: nothing',
      rows: NO_TIMES,
      mapping: { ...NO_TIMES_MAPPING, times: { axis: 'row', index: 2 } },
      expected: [],
    },
  ];
  it.each(cases)('$name', ({ rows, mapping, expected }) => {
    expect(lines(applyMapping({ sheetName: 'Feuil1', rows }, mapping))).toEqual([...expected].sort());
  });

  it('a course merged over two period rows lasts until the end of the second period', () => {
    const tables = applyMapping(
      { sheetName: '5e C', rows: NO_TIMES, merges: [{ top: 2, left: 1, bottom: 3, right: 1 }] },
      NO_TIMES_MAPPING,
    );
    expect(lines(tables)).toContain('5e C |  | 1 08:00-10:00 | Maths | Dupont | 104');
  });
});

describe('applyMapping: lists', () => {
  const rows = [
    ['Export du 30/08'],
    ['Quand', 'De', 'À', 'Groupe', 'Intitulé', 'Formateur', 'Lieu'],
    ['02/09/2024', '8h30', '10h30', 'CAP 1', 'Hygiène', 'M. Gueye', 'ATELIER 1'],
    ['03/09/2024', '14h00', '17h00', 'CAP 2', 'Service', 'Mme Diatta', ''],
    ['', '', '', '', '', '', ''],
    ['04/09/2024', '', '', 'CAP 1', 'Sans heure', 'M. Gueye', ''],
  ];
  const mapping: ListMapping = {
    kind: 'list',
    headerRow: 1,
    columns: { date: 0, start: 1, end: 2, class: 3, module: 4, teacher: 5, room: 6 },
    className: { kind: 'auto' },
  };
  it.each([
    {
      name: 'every mapped column',
      mapping,
      // A row without any start time is a whole-day session at the default hours (issue 30).
      expected: [
        'CAP 1 | 2024-09-02 | 1 08:30-10:30 | Hygiène | Gueye | ATELIER 1',
        'CAP 2 | 2024-09-02 | 2 14:00-17:00 | Service | Diatta | ',
        'CAP 1 | 2024-09-02 | 3 09:00-17:00 | Sans heure | Gueye | ',
      ],
    },
    {
      name: 'no class column: the class is typed',
      mapping: {
        ...mapping,
        columns: { ...mapping.columns, class: undefined },
        className: { kind: 'typed', name: 'CAP' },
      },
      expected: [
        'CAP | 2024-09-02 | 1 08:30-10:30 | Hygiène | Gueye | ATELIER 1',
        'CAP | 2024-09-02 | 2 14:00-17:00 | Service | Diatta | ',
        'CAP | 2024-09-02 | 3 09:00-17:00 | Sans heure | Gueye | ',
      ],
    },
    {
      name: 'no end column: a course lasts an hour (mapped by hand, the rows are kept)',
      mapping: { ...mapping, columns: { ...mapping.columns, end: undefined } },
      expected: [
        'CAP 1 | 2024-09-02 | 1 08:30-09:30 | Hygiène | Gueye | ATELIER 1',
        'CAP 2 | 2024-09-02 | 2 14:00-15:00 | Service | Diatta | ',
        'CAP 1 | 2024-09-02 | 3 09:00-17:00 | Sans heure | Gueye | ',
      ],
    },
  ] satisfies { name: string; mapping: ListMapping; expected: string[] }[])(
    '$name',
    ({ mapping: m, expected }) => {
      expect(lines(applyMapping({ sheetName: 'Export', rows }, m))).toEqual([...expected].sort());
    },
  );
});

describe('shapeFingerprint: the next file of the same shape, and only it', () => {
  const nextWeek = [
    ['Classe : 5e C'],
    ['', ...WEEK],
    ['', '', 'Histoire\nM. Lefèvre', '', '', 'EPS\nMme Roux'],
    ['', 'Maths\nM. Dupont', '', '', '', ''],
    ['', '', '', '', '', ''],
    ['', '', 'Français\nMme Leroy', '', '', ''],
  ];
  const fingerprint = shapeFingerprint({ rows: NO_TIMES }, NO_TIMES_MAPPING);
  it.each([
    { name: 'next week: other courses, one more row', rows: nextWeek, same: true },
    { name: 'another class of the same layout', rows: [['Classe : 5e D'], ...NO_TIMES.slice(1)], same: true },
    {
      name: 'days in upper case (case is not shape)',
      rows: [NO_TIMES[0] ?? [], ['', ...WEEK.map((d) => d.toUpperCase())], ...NO_TIMES.slice(2)],
      same: true,
    },
    {
      name: 'a Saturday column added',
      rows: [NO_TIMES[0] ?? [], ['', ...WEEK, 'Samedi'], ...NO_TIMES.slice(2)],
      same: false,
    },
    {
      name: 'a file with a time column where the mapped one has none',
      rows: NO_TIMES.map((row, r) => (r >= 2 ? [`${6 + r}h-${7 + r}h`, ...row.slice(1)] : row)),
      same: false,
    },
  ])('$name', ({ rows, same }) => {
    expect(shapeFingerprint({ rows }, NO_TIMES_MAPPING) === fingerprint).toBe(same);
  });

  it('list: the same titles match whatever the lines; other titles do not', () => {
    const mapping: LayoutMapping = {
      kind: 'list',
      headerRow: 0,
      columns: { date: 0, module: 1 },
      className: { kind: 'auto' },
    };
    const a = shapeFingerprint(
      {
        rows: [
          ['Quand', 'Intitulé'],
          ['02/09/2024', 'Hygiène'],
        ],
      },
      mapping,
    );
    expect(
      shapeFingerprint(
        {
          rows: [
            ['Quand', 'Intitulé'],
            ['09/09/2024', 'Service'],
            ['x', 'y'],
          ],
        },
        mapping,
      ),
    ).toBe(a);
    expect(
      shapeFingerprint(
        {
          rows: [
            ['Date', 'Intitulé'],
            ['02/09/2024', 'Hygiène'],
          ],
        },
        mapping,
      ),
    ).not.toBe(a);
  });

  it('findSavedMapping keeps the newest mapping whose shape matches', () => {
    const other: SavedMapping = {
      fingerprint: 'ffffffffffffffff',
      mapping: NO_TIMES_MAPPING,
      savedAt: '2024-09-03T10:00:00.000Z',
    };
    const mine: SavedMapping = {
      fingerprint,
      mapping: NO_TIMES_MAPPING,
      savedAt: '2024-09-02T10:00:00.000Z',
    };
    expect(findSavedMapping({ rows: nextWeek }, [other, mine])).toBe(mine);
    expect(findSavedMapping({ rows: [['Emploi du temps']] }, [other, mine])).toBeNull();
  });
});

describe('saved mappings (synced settings record)', () => {
  const entry = (fingerprint: string, savedAt: string): SavedMapping => ({
    fingerprint,
    mapping: NO_TIMES_MAPPING,
    savedAt,
  });
  it('parseSavedMappings keeps the valid entries, newest first, and drops the rest', () => {
    const value: unknown = [
      entry('a', '2024-09-01T00:00:00.000Z'),
      { fingerprint: 'b', mapping: { kind: 'grid' }, savedAt: 'x' },
      entry('c', '2024-09-05T00:00:00.000Z'),
      {
        ...entry('d', '2024-09-06T00:00:00.000Z'),
        mapping: { ...NO_TIMES_MAPPING, bell: [{ label: '1', start: '10:00', end: '09:00' }] },
      },
      'nonsense',
    ];
    expect(parseSavedMappings(value).map((m) => m.fingerprint)).toEqual(['c', 'a']);
    expect(parseSavedMappings(undefined)).toEqual([]);
  });
  it('rememberMapping replaces the same shape and keeps the most recent ones', () => {
    const saved = Array.from({ length: MAX_SAVED_MAPPINGS }, (_, i) =>
      entry(`f${i}`, `2024-09-${String(i + 1).padStart(2, '0')}T00:00:00.000Z`),
    );
    const next = rememberMapping(saved, entry('f3', '2024-10-01T00:00:00.000Z'));
    expect(next).toHaveLength(MAX_SAVED_MAPPINGS);
    expect(next[0]?.fingerprint).toBe('f3');
    expect(next.filter((m) => m.fingerprint === 'f3')).toHaveLength(1);
    const more = rememberMapping(next, entry('new', '2024-10-02T00:00:00.000Z'));
    expect(more).toHaveLength(MAX_SAVED_MAPPINGS);
    expect(more.map((m) => m.fingerprint)).not.toContain('f0');
  });
});

describe('readTimetableGrids with saved mappings', () => {
  it('a sheet the reader cannot lay out is read with the mapping saved for its shape, without a question', () => {
    const sheets = [{ sheetName: '5e C', grid: NO_TIMES }];
    expect(readTimetableGrids(sheets)).toEqual({ ok: false, issues: [{ code: 'empty' }] });
    const saved: SavedMapping = {
      fingerprint: shapeFingerprint({ rows: NO_TIMES }, NO_TIMES_MAPPING),
      mapping: NO_TIMES_MAPPING,
      savedAt: '2024-09-02T10:00:00.000Z',
    };
    const result = readTimetableGrids(sheets, { mappings: [saved] });
    expect(result.ok && result.mappedSheets).toEqual(['5e C']);
    expect(result.ok ? lines(result.value.tables) : []).toHaveLength(4);
  });
});

describe('suggestMapping: the starting point of the dialog', () => {
  it.each<[string, string[][], LayoutMapping]>([
    [
      'a list header',
      [['Date', 'Début', 'Fin', 'Matière', 'Salle']],
      {
        kind: 'list',
        headerRow: 0,
        columns: { date: 0, start: 1, end: 2, module: 3, room: 4 },
        className: { kind: 'auto' },
      },
    ],
    [
      'a row of days with start times left of it',
      [['Emploi du temps'], ['', ...WEEK], ['8h', 'Maths'], ['9h', '']],
      {
        kind: 'grid',
        days: { axis: 'row', index: 1 },
        times: { axis: 'column', index: 0 },
        bell: [],
        firstCourse: null,
        className: { kind: 'auto' },
      },
    ],
    [
      'a column of days',
      [
        ['', 'M1', 'M2'],
        ['Lundi', 'Maths'],
        ['Mardi', ''],
        ['Jeudi', ''],
      ],
      {
        kind: 'grid',
        days: { axis: 'column', index: 0 },
        times: null,
        bell: [],
        firstCourse: null,
        className: { kind: 'auto' },
      },
    ],
  ])('%s', (_name, rows, expected) => {
    expect(suggestMapping({ rows })).toEqual(expected);
  });
});

describe('pointing at the preview', () => {
  it.each([
    ['B3', { row: 2, column: 1 }],
    [' aa10 ', { row: 9, column: 26 }],
    ['A0', null],
    ['3B', null],
    ['', null],
  ])('parseCellReference(%j)', (text, expected) => {
    expect(parseCellReference(text)).toEqual(expected);
    if (expected !== null) expect(parseCellReference(cellReference(expected))).toEqual(expected);
  });

  const transposed = [
    ['', '8h30', '10h45', '14h00'],
    ['Lundi', 'Finance', '', ''],
    ['Mardi', '', 'Compta', ''],
    ['Jeudi', '', '', ''],
  ];
  const start: GridMapping = { ...NO_TIMES_MAPPING, bell: [], firstCourse: { row: 5, column: 5 } };
  it.each<
    [string, string[][], Parameters<typeof pointAt>[2], { row: number; column: number }, Partial<GridMapping>]
  >([
    [
      'days on a row of day names',
      NO_TIMES,
      'days',
      { row: 1, column: 2 },
      { days: { axis: 'row', index: 1 }, firstCourse: null },
    ],
    [
      'days on a column of day names',
      transposed,
      'days',
      { row: 2, column: 0 },
      { days: { axis: 'column', index: 0 }, firstCourse: null },
    ],
    [
      'times across the days: their column',
      NO_TIMES,
      'times',
      { row: 3, column: 0 },
      { times: { axis: 'column', index: 0 } },
    ],
    [
      'first course: the cell',
      NO_TIMES,
      'first',
      { row: 2, column: 1 },
      { firstCourse: { row: 2, column: 1 } },
    ],
    [
      'class: the cell',
      NO_TIMES,
      'class',
      { row: 0, column: 0 },
      { className: { kind: 'cell', row: 0, column: 0 } },
    ],
  ])('%s', (_name, rows, role, cell, expected) => {
    expect(pointAt(start, rows, role, cell)).toMatchObject(expected);
  });

  it('times when the days run down: the row of the cell when it holds several times', () => {
    const down: GridMapping = { ...start, days: { axis: 'column', index: 0 } };
    expect(pointAt(down, transposed, 'times', { row: 0, column: 2 }).times).toEqual({
      axis: 'row',
      index: 0,
    });
    expect(pointAt(down, NO_TIMES, 'times', { row: 3, column: 1 }).times).toEqual({
      axis: 'column',
      index: 1,
    });
  });
});

describe('week titles of week columns', () => {
  it.each<[string, number | null, string | null]>([
    ['Semaine du 02/09', 2024, '2024-09-02'],
    ['Semaine du 06/01', 2024, '2025-01-06'],
    ['Semaine du 02/09', null, null],
    ['S37 - Semaine du 09/09/2024', null, '2024-09-09'],
    ['Sem. du 04/09/2024', null, '2024-09-02'],
    ['Réunion du 02/09', 2024, null],
  ])('parseWeekTitle(%j, %j)', (text, year, expected) => {
    expect(parseWeekTitle(text, year)).toBe(expected);
  });
  it.each<[string[][], number | null]>([
    [[['BTS MCO 1', 'Année scolaire 2024-2025']], 2024],
    [[['EDT 2024/25']], 2024],
    [[['Du 2024-09-02']], null],
    [[['2023-2025']], null],
  ])('schoolYearOf(%j)', (rows, expected) => {
    expect(schoolYearOf(rows)).toBe(expected);
  });
});
