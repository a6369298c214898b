import { describe, expect, it } from 'vitest';
import {
  countCourses,
  DAYS_OF_WEEK,
  foldText,
  HEADER_SEARCH_ROWS,
  parseCellText,
  parseSheet,
  parseTimeRange,
  parseWeekday,
  readTimetableGrids,
  stripTeacherTitle,
  type Grid,
  type ParsedFile,
} from '../../src/domain/timetable-parsing';
import { datedDayLabel, parseMonthTitle } from '../../src/domain/timetable-parsing/dates';

const WEEK = ['Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi'];

/** "className [source]: day start-end module / teacher" lines, easy to compare exactly. */
function summarize(parsed: ParsedFile): string[] {
  return parsed.tables.flatMap((table) =>
    table.rows.flatMap((row) =>
      DAYS_OF_WEEK.flatMap((day) =>
        row.cells[day].map(
          (cell) =>
            `${table.className} [${table.classNameSource}]: ${day} ${row.startTime}-${row.endTime} ${cell.moduleName} / ${cell.teacherName}`,
        ),
      ),
    ),
  );
}

function classNames(parsed: ParsedFile): string[] {
  return parsed.tables.map((table) => `${table.className} [${table.classNameSource}]`);
}

describe('time ranges (spec part 2, point 5)', () => {
  it.each([
    ['8h-10h', '08:00', '10:00'],
    ['8h30 - 10h', '08:30', '10:00'],
    ['08:00 - 10:00', '08:00', '10:00'],
    ['8:00 à 10:00', '08:00', '10:00'],
    ['8:00 a 10:00', '08:00', '10:00'],
    ['08h00-10h00', '08:00', '10:00'],
    ['8H30\u201310H', '08:30', '10:00'],
    ['8h30 \u2014 10h', '08:30', '10:00'],
    ['8 h 30 - 10 h 30', '08:30', '10:30'],
    ['de 8h à 10h', '08:00', '10:00'],
    ['08:00:00 - 10:00:00', '08:00', '10:00'],
    ['8-10h', '08:00', '10:00'],
    ['8h-10', '08:00', '10:00'],
    ['08:00\n10:00', '08:00', '10:00'],
    ['  07:45 - 09:15  ', '07:45', '09:15'],
    ['10:00 - 12:00 (2h)', '10:00', '12:00'],
    ['9h to 11h', '09:00', '11:00'],
    ['0h-1h', '00:00', '01:00'],
    ['22h-24h', '22:00', '24:00'],
    ['8h59-9h', '08:59', '09:00'],
  ])('%j -> %s-%s', (text, startTime, endTime) => {
    expect(parseTimeRange(text)).toEqual({ startTime, endTime });
  });

  it.each([
    [''],
    ['8-10'],
    ['8 10'],
    ['10h-8h'],
    ['10h-10h'],
    ['8h60-10h'],
    ['25h-26h'],
    ['24h-25h'],
    ['08:00'],
    ['Lundi'],
    ['Algo'],
    ['12/09 - 13/09'],
    ['2025-09-08'],
    ['S1-S2'],
    ['8h-10h et 14h-16h'],
  ])('%j is not a time range', (text) => {
    expect(parseTimeRange(text)).toBeNull();
  });
});

describe('weekday names (spec part 2, point 5)', () => {
  it.each([
    ['Lundi', 1],
    ['LUNDI', 1],
    ['lun', 1],
    ['Lun.', 1],
    ['Lundi 08/09', 1],
    ['Lundi\n08/09/2025', 1],
    ['Mardi', 2],
    ['mar', 2],
    ['MERCREDI', 3],
    ['Mércredi', 3],
    ['mer.', 3],
    ['Jeudi', 4],
    ['jeu', 4],
    ['Vendredi', 5],
    ['ven', 5],
    ['Samedi', 6],
    ['sam', 6],
    ['Dimanche', 7],
    ['dim.', 7],
    ['Monday', 1],
    ['mon', 1],
    ['Tuesday', 2],
    ['tue', 2],
    ['Tues', 2],
    ['Wednesday', 3],
    ['WED', 3],
    ['Thursday', 4],
    ['thu', 4],
    ['thur', 4],
    ['thurs', 4],
    ['Friday', 5],
    ['fri', 5],
    ['Saturday', 6],
    ['sat', 6],
    ['Sunday', 7],
    ['sun', 7],
  ])('%j -> %i', (text, day) => {
    expect(parseWeekday(text)).toBe(day);
  });

  it.each([
    [''],
    ['Horaires'],
    ['Lundis'],
    ['Month'],
    ['Marché'],
    ['Monde'],
    ['Semaine'],
    ['constructor'],
    ['8h-10h'],
  ])('%j is not a weekday', (text) => {
    expect(parseWeekday(text)).toBeNull();
  });
});

describe('day numbers without their year', () => {
  const november = { month: { year: 2022, month: 11 }, schoolYear: null };
  it.each<
    [string, { month: { year: number; month: number } | null; schoolYear: number | null }, string | null]
  >([
    ['Lun 7', november, '2022-11-07'],
    ['LUN. 7', november, '2022-11-07'],
    ['Mardi 1er', november, '2022-11-01'],
    // A week across two months: the month before or after, whichever gives the weekday written.
    ['Lun 31', november, '2022-10-31'],
    ['Jeu 1', { month: { year: 2022, month: 11 }, schoolYear: null }, '2022-12-01'],
    ['Lun 2', { month: { year: 2023, month: 1 }, schoolYear: null }, '2023-01-02'],
    ['Sam 31', { month: { year: 2023, month: 1 }, schoolYear: null }, '2022-12-31'],
    // Day and month written: the year from the month title or the school year.
    ['Jeu 12/09', { month: null, schoolYear: 2024 }, '2024-09-12'],
    ['Lun 13-01', { month: null, schoolYear: 2024 }, '2025-01-13'],
    ['lundi 31 oct.', november, '2022-10-31'],
    // A full date needs nothing more.
    ['lundi 12/09/2022', { month: null, schoolYear: null }, '2022-09-12'],
    // No weekday agrees, nothing tells the month or year, or no day number at all.
    ['Lun 8', november, null],
    ['Lun 7', { month: null, schoolYear: 2022 }, null],
    ['Jeu 12/09', { month: null, schoolYear: null }, null],
    ['Lundi', november, null],
    ['Lundi 8h', november, null],
    ['Lun 7 groupe B', november, null],
  ])('%j -> %s', (text, context, expected) => {
    expect(datedDayLabel(text, context)).toBe(expected);
  });

  it.each<[string, { year: number; month: number } | null]>([
    ['Planning de novembre 2022', { year: 2022, month: 11 }],
    ['NOVEMBRE 2022', { year: 2022, month: 11 }],
    ['Février 2023', { year: 2023, month: 2 }],
    ['oct. 2023', { year: 2023, month: 10 }],
    ['Semaine du 12 septembre 2022', { year: 2022, month: 9 }],
    ['Année 2022-2023', null],
    ['Novembre', null],
    ['Mardi 2022', null],
  ])('month title %j', (text, expected) => {
    expect(parseMonthTitle(text)).toEqual(expected);
  });

  it('dates the weeks of days written as rows ("Lundi 31") under a month title', () => {
    const grid = [
      ['Classe : BTS CI 1'],
      ['NOVEMBRE 2022'],
      ['', '08:00-10:00', '10:15-12:15'],
      ['Lundi 31', 'Douane / M. Sarr', ''],
      ['Mercredi 2', '', 'Anglais / Mme Martin'],
      ['Jeudi 3', 'Logistique / M. Kane', ''],
      ['Lundi 7', '', 'Douane / M. Sarr'],
    ];
    const result = readTimetableGrids([{ sheetName: 'Nov', grid }]);
    expect(
      result.ok &&
        result.value.tables.map((t) => `${t.className} ${t.weekStartDate ?? ''} ${countCourses([t])}`),
    ).toEqual(['BTS CI 1 2022-10-31 3', 'BTS CI 1 2022-11-07 1']);
  });
});

describe('cell text (spec part 2, point 5)', () => {
  it.each<[string, [string, string][]]>([
    ['Algo', [['Algo', '']]],
    ['Algo\nM. Diallo', [['Algo', 'Diallo']]],
    ['Algo\r\nM. Diallo', [['Algo', 'Diallo']]],
    ['Algo; M. Diallo', [['Algo', 'Diallo']]],
    ['Algo, M. Diallo', [['Algo', 'Diallo']]],
    ['Algo | M. Diallo', [['Algo', 'Diallo']]],
    ['Algo / M. Diallo', [['Algo', 'Diallo']]],
    ['  Algo   avancée \n  Mme   Awa  Sow ', [['Algo avancée', 'Awa Sow']]],
    ['Matière: Algo\nProf : M. Diallo', [['Algo', 'Diallo']]],
    ['Prof : M. Diallo\nMatière: Algo', [['Algo', 'Diallo']]],
    ['MATIERE : Algo / ENSEIGNANT : Mme Sow', [['Algo', 'Sow']]],
    ['Module: Algo', [['Algo', '']]],
    ['Enseignant: Mme Sow', [['', 'Sow']]],
    ['Intervenant : Dr Ba\nAlgo', [['Algo', 'Ba']]],
    ['Cours : Anglais; Enseignant : Pr. Ndiaye; Salle B2', [['Anglais', 'Ndiaye']]],
    ['UE: Compta | Intervenant: Dr Ba', [['Compta', 'Ba']]],
    ['UV : Éthique', [['Éthique', '']]],
    ['Teacher: M Faye / Module: Droit', [['Droit', 'Faye']]],
    ['Salle 12\nAlgo\nM. Diallo', [['Algo', 'Diallo']]],
    ['Algo\nSALLE: B2\nM. Diallo', [['Algo', 'Diallo']]],
    ['Algo (Salle 4)\nMme Sow', [['Algo', 'Sow']]],
    ['Algo - Salle 4 / Mme Sow', [['Algo', 'Sow']]],
    ['Room B / Networks / Dr Smith', [['Networks', 'Smith']]],
    ['UV: Éthique | Amphi A', [['Éthique', '']]],
    ['Gestion de salle de marché / M. Ba', [['Gestion de salle de marché', 'Ba']]],
    [
      'Algo / M. Diallo / Réseaux / Mme Sow',
      [
        ['Algo', 'Diallo'],
        ['Réseaux', 'Sow'],
      ],
    ],
    [
      // The session kind alone on a line is a note, not a course (real university grids: "TP", "EXAMEN").
      'Algo\nM. Diallo\nTD',
      [['Algo', 'Diallo']],
    ],
    ['', []],
    ['   ', []],
    ['Salle 12', []],
    ['Pause déjeuner', []],
    [' - ', []],
    ['Algo\n\n\nM. Diallo', [['Algo', 'Diallo']]],
  ])('%j', (text, expected) => {
    expect(parseCellText(text).map((c) => [c.moduleName, c.teacherName])).toEqual(expected);
  });
});

describe("cell text with the organisation's known modules", () => {
  const known = {
    classes: new Set<string>(),
    modules: new Set(['Stage', 'Algorithmique', 'Réseaux', 'Projet tutoré'].map(foldText)),
    teachers: new Set<string>(),
    rooms: new Set<string>(),
  };
  const read = (text: string) =>
    parseCellText(text, { known }).map((c) => [c.moduleName, c.teacherName, c.room ?? '']);

  it.each<[string, string[][]]>([
    // A known module after a plain line: that line was the teacher, not a module of its own.
    ['Kane\nStage', [['Stage', 'Kane', '']]],
    ['KANE\nSTAGE', [['STAGE', 'KANE', '']]],
    ['Awa Kane\nstage', [['stage', 'Awa Kane', '']]],
    ['Kane\nStage\nB12', [['Stage', 'Kane', 'B12']]],
    ['B12\nKane\nStage', [['Stage', 'Kane', 'B12']]],
    ['Kane / Réseaux', [['Réseaux', 'Kane', '']]],
    // A labelled module line is as sure as a known one.
    ['Kane\nMatière : Biologie', [['Biologie', 'Kane', '']]],
    [
      'Kane\nStage\nDiop\nRéseaux',
      [
        ['Stage', 'Kane', ''],
        ['Réseaux', 'Diop', ''],
      ],
    ],
    // Already right before: the module first, or a teacher with a title.
    ['Stage\nKane', [['Stage', 'Kane', '']]],
    ['M. Kane\nStage', [['Stage', 'Kane', '']]],
    // Two known modules are two courses.
    [
      'Algorithmique\nStage',
      [
        ['Algorithmique', '', ''],
        ['Stage', '', ''],
      ],
    ],
    // A plain line that cannot be a person's name stays a module.
    [
      'Projet 2\nStage',
      [
        ['Projet 2', '', ''],
        ['Stage', '', ''],
      ],
    ],
    // The earlier course already has its teacher: the known module opens a new course.
    [
      'Algo\nM. Diallo\nStage',
      [
        ['Algo', 'Diallo', ''],
        ['Stage', '', ''],
      ],
    ],
    [
      'Algo\nDiallo\nStage',
      [
        ['Algo', 'Diallo', ''],
        ['Stage', '', ''],
      ],
    ],
  ])('%j', (text, expected) => {
    expect(read(text)).toEqual(expected);
  });

  it('without known names, "Kane\\nStage" keeps the first line as the module', () => {
    expect(parseCellText('Kane\nStage').map((c) => [c.moduleName, c.teacherName])).toEqual([
      ['Kane', 'Stage'],
    ]);
  });
});

describe('teacher titles (spec part 2, point 5)', () => {
  it.each([
    ['M. Diallo', 'Diallo'],
    ['M Diallo', 'Diallo'],
    ['M.Diallo', 'Diallo'],
    ['Mme Sow', 'Sow'],
    ['Mme. Sow', 'Sow'],
    ['MME SOW', 'SOW'],
    ['Dr Ba', 'Ba'],
    ['Dr. Ba', 'Ba'],
    ['Pr Ndiaye', 'Ndiaye'],
    ['Pr. Ndiaye', 'Ndiaye'],
    ['Mlle Ndour', 'Ndour'],
    ['Prof. Kane', 'Kane'],
    ['Pr. Dr. Kane', 'Kane'],
    ['  M.   Awa   Diop ', 'Awa Diop'],
    ['Mohamed Diallo', 'Mohamed Diallo'],
    ['Mamadou', 'Mamadou'],
    ['Drissa Traoré', 'Drissa Traoré'],
    ['Prisca Mendy', 'Prisca Mendy'],
    ['Mme', 'Mme'],
  ])('%j -> %j', (name, expected) => {
    expect(stripTeacherTitle(name)).toBe(expected);
  });
});

describe('header row (spec part 2, point 5)', () => {
  const body = [['08:00-10:00', 'Algo\nM. Diallo', 'Maths\nMme Sow', 'Anglais\nDr Ba']];

  it('needs at least 3 distinct weekday names in one row', () => {
    expect(parseSheet([['Horaire', 'Lundi', 'Mardi'], ...body], 'L1').tables).toEqual([]);
    expect(parseSheet([['Horaire', 'Lundi', 'Lundi', 'Mardi'], ...body], 'L1').tables).toEqual([]);
    expect(classNames(parseSheet([['Horaire', 'Lundi', 'Mardi', 'Mercredi'], ...body], 'L1'))).toEqual([
      'L1 [sheet-name]',
    ]);
  });

  it('accepts the header on the 50th row, not on the 51st', () => {
    const header = ['Horaire', 'Lundi', 'Mardi', 'Mercredi'];
    const at = (row: number): Grid => [...Array.from({ length: row }, () => ['']), header, ...body];
    expect(parseSheet(at(HEADER_SEARCH_ROWS - 1), 'L1').tables).toHaveLength(1);
    expect(parseSheet(at(HEADER_SEARCH_ROWS), 'L1').tables).toEqual([]);
  });

  it('reads the header under title rows, and tables stacked up to 50 rows apart', () => {
    const header = ['Horaire', 'Lun', 'Mar', 'Mer'];
    const gap = (rows: number): Grid => Array.from({ length: rows }, () => []);
    const grid = (distance: number): Grid => [
      ['Classe : A'],
      header,
      ...body,
      ...gap(distance - 1),
      header,
      ...body,
    ];
    // The second header sits exactly 50 rows below the last row of the first table, then 51.
    expect(classNames(parseSheet(grid(HEADER_SEARCH_ROWS), 'S'))).toEqual(['A [label]', 'S [sheet-name]']);
    expect(classNames(parseSheet(grid(HEADER_SEARCH_ROWS + 1), 'S'))).toEqual(['A [label]']);
  });

  it('reads a weekday spread over two columns (module | teacher) as one cell', () => {
    const grid: Grid = [
      ['Horaire', 'Lundi', 'Lundi', 'Mardi', 'Mercredi'],
      ['08:00-10:00', 'Algo', 'M. Diallo', 'Maths / Mme Sow', ''],
    ];
    expect(summarize(parseSheet(grid, 'L1'))).toEqual([
      'L1 [sheet-name]: 1 08:00-10:00 Algo / Diallo',
      'L1 [sheet-name]: 2 08:00-10:00 Maths / Sow',
    ]);
  });

  it('keeps weekend columns', () => {
    const grid: Grid = [
      ['', 'Vendredi', 'Samedi', 'Dimanche'],
      ['9h-12h', '', 'Algo / M. Diallo', 'Maths / Mme Sow'],
    ];
    expect(summarize(parseSheet(grid, 'L1'))).toEqual([
      'L1 [sheet-name]: 6 09:00-12:00 Algo / Diallo',
      'L1 [sheet-name]: 7 09:00-12:00 Maths / Sow',
    ]);
  });
});

describe('time column (spec part 2, point 5)', () => {
  it('is the column with most time ranges; ties go left', () => {
    const grid: Grid = [
      ['Semaine', 'Horaire', 'Lundi', 'Mardi', 'Mercredi'],
      ['8h-9h', '08:00-10:00', 'Algo', '', ''],
      ['', '10:00-12:00', '', 'Maths', ''],
    ];
    const [table] = parseSheet(grid, 'L1').tables;
    expect(table?.timeColumn).toBe(1);
    expect(table?.rows.map((r) => r.startTime)).toEqual(['08:00', '10:00']);
  });

  it('may sit right of the days, within the first 12 columns only', () => {
    const row = (time: string) => ['Algo', 'Maths', 'Droit', ...Array<string>(8).fill(''), time];
    const header = ['Lundi', 'Mardi', 'Mercredi', ...Array<string>(8).fill(''), 'Horaire'];
    expect(parseSheet([header, row('8h-10h')], 'L1').tables[0]?.timeColumn).toBe(11);
    const tooFar = (cells: string[]) => [...cells.slice(0, 11), '', ...cells.slice(11)];
    expect(parseSheet([tooFar(header), tooFar(row('8h-10h'))], 'L1').tables).toEqual([]);
  });

  it('skips rows without a valid time range, and rows with a time but no course', () => {
    const grid: Grid = [
      ['Horaire', 'Lundi', 'Mardi', 'Mercredi'],
      ['08:00-10:00', 'Algo', '', ''],
      ['Pause', 'Déjeuner', '', ''],
      ['12:00-13:00', '', '', ''],
      [],
      ['12h-10h', 'Maths', '', ''],
      ['14:00-16:00', '', '', 'Droit'],
    ];
    const [table] = parseSheet(grid, 'L1').tables;
    expect(table?.rows.map((r) => [r.sourceRow, r.startTime, r.endTime])).toEqual([
      [1, '08:00', '10:00'],
      [6, '14:00', '16:00'],
    ]);
  });
});

describe('class name (spec part 2, point 5)', () => {
  const header = ['Horaire', 'Lundi', 'Mardi', 'Mercredi'];
  const row = ['08:00-10:00', 'Algo / M. Diallo', '', ''];

  it.each<[string, Grid, string, string[]]>([
    ['a "Classe :" label in the cell', [['Classe : L1 Info'], header, row], 'Feuil1', ['L1 Info [label]']],
    ['a "classe:" label without spaces', [['classe:L1'], header, row], 'Feuil1', ['L1 [label]']],
    ['a label inside a title', [['Emploi du temps - Classe : L2'], header, row], 'Feuil1', ['L2 [label]']],
    [
      'a label and its value in the next cell',
      [['Classe :', '', 'L3'], header, row],
      'Feuil1',
      ['L3 [label]'],
    ],
    ['a label exactly 5 rows above', [['Classe : L1'], [], [], [], [], header, row], 'F', ['L1 [label]']],
    [
      'a label 6 rows above is too far',
      [['Classe : L1'], [], [], [], [], [], header, row],
      'F',
      ['F [sheet-name]'],
    ],
    [
      'a label beats a class column',
      [['Classe : L1'], ['Promo', ...header], ['P9', ...row]],
      'F',
      ['L1 [label]'],
    ],
    [
      'a "Promo" column',
      [
        ['Promo', ...header],
        ['P9', ...row],
      ],
      'F',
      ['P9 [class-column]'],
    ],
    [
      'a "Section" column',
      [
        [...header, 'Section'],
        [...row, 'S2'],
      ],
      'F',
      ['S2 [class-column]'],
    ],
    [
      'a "Niveau" column',
      [
        ['Niveau', ...header],
        ['N1', ...row],
      ],
      'F',
      ['N1 [class-column]'],
    ],
    [
      'a "Parcours" column',
      [
        ['PARCOURS', ...header],
        ['MIAGE', ...row],
      ],
      'F',
      ['MIAGE [class-column]'],
    ],
    [
      'a "Classe" column',
      [
        ['Classe', ...header],
        ['3e B', ...row],
      ],
      'F',
      ['3e B [class-column]'],
    ],
    [
      'a class column with several classes, carried down',
      [
        ['Class', ...header],
        ['A', ...row],
        ['', ...row],
        ['B', ...row],
      ],
      'F',
      ['A [class-column]', 'B [class-column]'],
    ],
    [
      'the leftmost text column',
      [
        ['', ...header],
        ['L1 Info', ...row],
      ],
      'F',
      ['L1 Info [text-column]'],
    ],
    [
      'a period column is not a class',
      [
        ['', ...header],
        ['Matin', ...row],
      ],
      'F',
      ['F [sheet-name]'],
    ],
    ['the text above the header', [['Licence 1'], [], header, row], 'F', ['Licence 1 [text-above]']],
    ['the sheet name', [header, row], 'L1 Info', ['L1 Info [sheet-name]']],
    ['nothing: the table is dropped', [header, row], '  ', []],
  ])('%s', (_title, grid, sheetName, expected) => {
    expect(classNames(parseSheet(grid, sheetName))).toEqual(expected);
  });

  it('does not take the label of the table above', () => {
    const grid: Grid = [['Classe : A'], header, row, header, row];
    expect(classNames(parseSheet(grid, 'F'))).toEqual(['A [label]', 'F [sheet-name]']);
  });

  it('can be chosen by hand, with the header row and time column (beyond the spec)', () => {
    const grid: Grid = [
      ['Semaine 2', 'L', 'M'],
      ['8-10', 'Algo / M. Diallo', 'Maths / Mme Sow'],
    ];
    expect(parseSheet(grid, 'F').tables).toEqual([]);
    // Still needs weekday names in the chosen header row.
    expect(parseSheet(grid, 'F', { headerRow: 0, timeColumn: 0, className: 'L1' }).tables).toEqual([]);
    const withDays: Grid = [
      ['Créneau', 'Lundi', 'Mardi'],
      ['08:00-10:00', 'Algo / M. Diallo', 'Maths / Mme Sow'],
    ];
    expect(summarize(parseSheet(withDays, 'F', { headerRow: 0, timeColumn: 0, className: 'L1' }))).toEqual([
      'L1 [manual]: 1 08:00-10:00 Algo / Diallo',
      'L1 [manual]: 2 08:00-10:00 Maths / Sow',
    ]);
  });
});

describe('readTimetableGrids', () => {
  it('joins the sheets, warns about a sheet with content and no timetable', () => {
    const result = readTimetableGrids([
      {
        sheetName: 'L1',
        grid: [
          ['Horaire', ...WEEK],
          ['8h-10h', 'Algo / M. Diallo'],
        ],
      },
      { sheetName: 'Notes', grid: [['Rien à voir']] },
      { sheetName: 'Vide', grid: [] },
    ]);
    expect(result).toMatchObject({
      ok: true,
      warnings: [{ code: 'sheet-without-timetable', sheetName: 'Notes' }],
    });
    expect(result.ok && classNames(result.value)).toEqual(['L1 [sheet-name]']);
  });

  it('gives the "empty" code when no table is found, and reports progress per sheet', () => {
    const progress: string[] = [];
    const result = readTimetableGrids(
      [
        { sheetName: 'A', grid: [['x']] },
        { sheetName: 'B', grid: [] },
      ],
      { onSheetParsed: (done, count) => progress.push(`${done}/${count}`) },
    );
    expect(result).toEqual({ ok: false, issues: [{ code: 'empty' }] });
    expect(progress).toEqual(['1/2', '2/2']);
  });
});
