// Guided mapping that always finishes (issue 30, Deliver 4): what a choice that reads nothing says, the bell
// schedule proposed from the cells' own labels, periods over several rows, lists with whole-day rows and
// ISO date-times, and three real files (tests/fixtures/timetables/world) read through the mapping alone.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  applyMapping,
  countCourses,
  DAYS_OF_WEEK,
  diagnoseMapping,
  formatBellSchedule,
  normalizeGrid,
  parseBellSchedule,
  proposeBell,
  type GridMapping,
  type LayoutMapping,
  type ListMapping,
  type MappingProblem,
  type ParsedTable,
} from '../../src/domain/timetable-parsing';
import { workbookToGrids } from '../../src/services/sheets/workbook-to-grids';

const AUTO = { kind: 'auto' } as const;

function grid(partial: Partial<GridMapping>): GridMapping {
  return {
    kind: 'grid',
    days: { axis: 'row', index: 0 },
    times: null,
    bell: [],
    firstCourse: null,
    className: AUTO,
    ...partial,
  };
}

function list(columns: ListMapping['columns'], headerRow = 0): ListMapping {
  return { kind: 'list', headerRow, columns, className: { kind: 'typed', name: 'L1' } };
}

/** "day start-end module", sorted. */
function lines(tables: readonly ParsedTable[]): string[] {
  return tables
    .flatMap((table) =>
      table.rows.flatMap((row) =>
        DAYS_OF_WEEK.flatMap((day) =>
          row.cells[day].map((cell) => `${day} ${row.startTime}-${row.endTime} ${cell.moduleName}`),
        ),
      ),
    )
    .sort();
}

const read = (rows: string[][], mapping: LayoutMapping) => applyMapping({ sheetName: 'S', rows }, mapping);

const DAYS = ['', 'Lundi', 'Mardi'];

describe('diagnoseMapping: each choice that reads nothing says which line and why', () => {
  const cases: { name: string; rows: string[][]; mapping: LayoutMapping; problems: MappingProblem[] }[] = [
    {
      name: 'a time column of labels nobody reads, no bell',
      rows: [DAYS, ['Cours A', 'Maths', 'SVT'], ['Cours B', 'EPS', '']],
      mapping: grid({ times: { axis: 'column', index: 0 } }),
      problems: [{ kind: 'times', line: { axis: 'column', index: 0 }, sample: 'Cours A' }],
    },
    {
      name: 'the days row pointed at a row without days',
      rows: [['Emploi du temps de la 5e B'], DAYS, ['08:00-09:00', 'Maths', 'SVT']],
      mapping: grid({ days: { axis: 'row', index: 0 }, times: { axis: 'column', index: 0 } }),
      problems: [{ kind: 'days', line: { axis: 'row', index: 0 }, sample: 'Emploi du temps de la 5…' }],
    },
    {
      name: 'no time line and no bell',
      rows: [DAYS, ['', 'Maths', 'SVT']],
      mapping: grid({}),
      problems: [{ kind: 'no-times' }],
    },
    {
      name: 'days and times both across',
      rows: [DAYS, ['', '08:00', '09:00']],
      mapping: grid({ times: { axis: 'row', index: 1 } }),
      problems: [{ kind: 'times-across' }],
    },
    {
      name: 'everything reads but the course area is empty',
      rows: [DAYS, ['08:00-09:00', '', '']],
      mapping: grid({ times: { axis: 'column', index: 0 } }),
      problems: [{ kind: 'empty-area', first: { row: 1, column: 1 } }],
    },
    {
      name: 'a list start column that holds no time',
      rows: [
        ['Cours', 'Jour', 'Début'],
        ['Maths', 'Lundi', 'matin'],
      ],
      mapping: list({ module: 0, day: 1, start: 2 }),
      problems: [{ kind: 'list-column', role: 'start', column: 2, sample: 'matin' }],
    },
    {
      name: 'a list without a course column nor a day',
      rows: [['Début'], ['08:00']],
      mapping: list({ start: 0 }),
      problems: [
        { kind: 'list-missing', role: 'module' },
        { kind: 'list-missing', role: 'day' },
      ],
    },
  ];
  it.each(cases)('$name', ({ rows, mapping, problems }) => {
    expect(countCourses(read(rows, mapping))).toBe(0);
    expect(diagnoseMapping(rows, mapping)).toEqual(problems);
  });
});

describe('proposeBell: the cells own labels, one a line, times prefilled', () => {
  const cases: { name: string; rows: string[][]; mapping: GridMapping; text: string }[] = [
    {
      name: 'labels nobody reads: the hour after the previous one',
      rows: [DAYS, ['Cours A', 'Maths'], ['Cours B', 'EPS'], ['Cours A', 'SVT']],
      mapping: grid({ times: { axis: 'column', index: 0 } }),
      text: 'Cours A 08:00-09:00\nCours B 09:00-10:00',
    },
    {
      name: 'bare period starts "8", "10", "13": each ends where the next starts, the last after the usual step',
      rows: [DAYS, ['8', 'RTEL'], ['', 'il 1'], ['10', 'ARES'], ['13', 'PR']],
      mapping: grid({ times: { axis: 'column', index: 0 } }),
      text: '8 08:00-10:00\n10 10:00-13:00\n13 13:00-15:00',
    },
    {
      name: 'no time line: one period per line that holds a course',
      rows: [DAYS, ['', 'Maths'], ['', ''], ['', 'EPS']],
      mapping: grid({}),
      text: '1 08:00-09:00\n2 09:00-10:00\n3 10:00-11:00',
    },
    {
      name: 'no time line, two lines a period',
      rows: [DAYS, ['', 'Maths'], ['', 'M. Sy'], ['', 'EPS'], ['', 'Mme Ba']],
      mapping: grid({ periodRows: 2 }),
      text: '1 08:00-09:00\n2 09:00-10:00',
    },
  ];
  it.each(cases)('$name', ({ rows, mapping, text }) => {
    const proposed = formatBellSchedule(proposeBell(rows, mapping));
    expect(proposed).toBe(text);
    // What is proposed reads back as typed.
    expect(parseBellSchedule(proposed).problems).toEqual([]);
  });

  it('more than 16 labels are all proposed (a 15-minute ruler)', () => {
    const rows = [
      DAYS,
      ...Array.from({ length: 40 }, (_, i) => [
        `Créneau ${String.fromCharCode(65 + (i % 26))}${Math.floor(i / 26)}`,
        'X',
      ]),
    ];
    expect(proposeBell(rows, grid({ times: { axis: 'column', index: 0 } }))).toHaveLength(40);
  });
});

describe('applyMapping: the bell schedule and periods over several rows', () => {
  const cases: { name: string; rows: string[][]; mapping: GridMapping; lines: string[] }[] = [
    {
      name: 'bell labels typed as the cells write them',
      rows: [DAYS, ['Cours A', 'Maths', 'SVT'], ['Cours B', 'EPS', '']],
      mapping: grid({
        times: { axis: 'column', index: 0 },
        bell: parseBellSchedule('Cours A 08:30-09:30\nCours B 09:45-10:45').periods,
      }),
      lines: ['1 08:30-09:30 Maths', '1 09:45-10:45 EPS', '2 08:30-09:30 SVT'],
    },
    {
      name: 'labels the bell does not name: its periods in order',
      rows: [DAYS, ['Première', 'Maths', ''], ['Deuxième', 'EPS', '']],
      mapping: grid({
        times: { axis: 'column', index: 0 },
        bell: parseBellSchedule('08:00-09:00\n09:00-10:00').periods,
      }),
      lines: ['1 08:00-09:00 Maths', '1 09:00-10:00 EPS'],
    },
    {
      name: 'a start hour over several rows: every row below it is the same period, up to the next hour',
      rows: [
        DAYS,
        ['8', 'RTEL', 'DLP'],
        ['', 'il 1', ''],
        ['', 'il 2', ''],
        ['10', 'ARES', ''],
        ['', 'ESA', ''],
        ['13', 'PR', ''],
      ],
      mapping: grid({ times: { axis: 'column', index: 0 } }),
      lines: [
        '1 08:00-10:00 RTEL',
        '1 08:00-10:00 il 1',
        '1 08:00-10:00 il 2',
        '1 10:00-13:00 ARES',
        '1 10:00-13:00 ESA',
        '1 13:00-15:00 PR',
        '2 08:00-10:00 DLP',
      ],
    },
    {
      name: 'a label that is not a time ends the period above it',
      rows: [DAYS, ['08:00-10:00', 'Maths', ''], ['Pause', 'Cour', ''], ['10:00-12:00', 'EPS', '']],
      mapping: grid({ times: { axis: 'column', index: 0 } }),
      lines: ['1 08:00-10:00 Maths', '1 10:00-12:00 EPS'],
    },
    {
      name: 'consecutive labels: the last one takes no row after it',
      rows: [DAYS, ['08:00-09:00', 'Maths', ''], ['09:00-10:00', 'EPS', ''], ['', 'Légende : salle', '']],
      mapping: grid({ times: { axis: 'column', index: 0 } }),
      lines: ['1 08:00-09:00 Maths', '1 09:00-10:00 EPS'],
    },
    {
      name: 'a typed bell, two rows a period',
      rows: [DAYS, ['', 'Maths', 'SVT'], ['', 'Algèbre', ''], ['', 'EPS', '']],
      mapping: grid({ periodRows: 2, bell: parseBellSchedule('1 08:00-09:00\n2 09:00-10:00').periods }),
      lines: ['1 08:00-09:00 Algèbre', '1 08:00-09:00 Maths', '1 09:00-10:00 EPS', '2 08:00-09:00 SVT'],
    },
  ];
  it.each(cases)('$name', ({ rows, mapping, lines: expected }) => {
    expect(lines(read(rows, mapping))).toEqual(expected);
  });
});

describe('applyMapping: lists mapped by hand', () => {
  it('ISO UTC date-times in the start and end columns are read, the day from the date', () => {
    const rows = [
      ['SUMMARY', 'DTSTART', 'DTEND', 'LOCATION'],
      ['Analyse', '2026-03-02T08:00:00Z', '2026-03-02T10:00:00Z', 'A1'],
      ['Algèbre', '2026-03-04T13:30:00', '2026-03-04T15:00:00', 'B2'],
    ];
    const tables = read(rows, list({ module: 0, start: 1, end: 2, room: 3 }));
    const expectedMonday = new Date('2026-03-02T08:00:00Z');
    const hh = String(expectedMonday.getHours()).padStart(2, '0');
    const hhEnd = String(new Date('2026-03-02T10:00:00Z').getHours()).padStart(2, '0');
    expect(lines(tables)).toEqual([`1 ${hh}:00-${hhEnd}:00 Analyse`, '3 13:30-15:00 Algèbre']);
    expect(tables[0]?.weekStartDate).toBe('2026-03-02');
  });

  it('a row without a start time is a whole-day session at the default hours; an unreadable start is not', () => {
    const rows = [
      ['Date', 'Début', 'Fin', 'Intitulé'],
      ['02/03/2026', '', '', 'Séminaire'],
      ['03/03/2026', '14:00', '', 'Gestion de projet'],
      ['04/03/2026', 'matin', '', 'Visite'],
    ];
    expect(lines(read(rows, list({ date: 0, start: 1, end: 2, module: 3 })))).toEqual([
      '1 09:00-17:00 Séminaire',
      '2 14:00-15:00 Gestion de projet',
    ]);
  });
});

// Three real files of the world set, read through the guided mapping alone (the choices a person makes in
// three or four clicks): bare hours "8-9", period starts over ten rows, "8:0:AM-8:55:AM" across the top.
const WORLD = join(process.cwd(), 'tests', 'fixtures', 'timetables', 'world');

function sheetOf(file: string) {
  const result = workbookToGrids(readFileSync(join(WORLD, file)), file);
  if (!result.ok) throw new Error(file);
  const sheet = result.value[0];
  if (sheet === undefined) throw new Error(file);
  return { sheetName: sheet.sheetName, rows: normalizeGrid(sheet.grid), merges: sheet.merges };
}

describe('real files through the guided mapping', () => {
  const cases: { file: string; mapping: GridMapping; courses: number; some: string }[] = [
    {
      file: 'eetfp_emploi-temps-classe.xlsx',
      mapping: grid({ days: { axis: 'row', index: 1 }, times: { axis: 'column', index: 0 } }),
      courses: 13,
      some: '2 08:00-09:00 Arabe',
    },
    {
      file: 'androide_edt-ue.ods',
      mapping: grid({ days: { axis: 'row', index: 0 }, times: { axis: 'column', index: 0 } }),
      courses: 84,
      some: '1 08:00-10:00 MOBJ',
    },
    {
      file: 'gyft_timetable.xlsx',
      mapping: grid({ days: { axis: 'column', index: 0 }, times: { axis: 'row', index: 0 } }),
      courses: 16,
      some: '1 08:00-09:55 MA20202NR111',
    },
  ];
  it.each(cases)('$file', ({ file, mapping, courses, some }) => {
    const sheet = sheetOf(file);
    const tables = applyMapping(sheet, mapping);
    // As many as a careful person counts (expected.json's slots; androide: one per group and period).
    expect(countCourses(tables)).toBe(courses);
    expect(lines(tables)).toContain(some);
  });
});
