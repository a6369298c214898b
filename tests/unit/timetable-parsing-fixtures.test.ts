import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { DAYS_OF_WEEK, resolveReferences, type ParsedFile } from '../../src/domain/timetable-parsing';
import {
  readTimetableBytes,
  workbookToGrids,
  type TimetableFileReadResult,
} from '../../src/services/sheets/workbook-to-grids';

// Built by scripts/make-timetable-fixtures.mjs.
function fixture(name: string): Buffer {
  return readFileSync(join(process.cwd(), 'tests', 'fixtures', 'timetables', name));
}

function read(name: string): TimetableFileReadResult {
  return readTimetableBytes(fixture(name), name);
}

function parsed(name: string): ParsedFile {
  const result = read(name);
  if (!result.ok) throw new Error(`${name}: ${JSON.stringify(result.issues)}`);
  return result.value;
}

/** One line per course: "class [source] | day start-end | module | teacher". */
function slots(file: ParsedFile): string[] {
  return file.tables.flatMap((table) =>
    table.rows.flatMap((row) =>
      DAYS_OF_WEEK.flatMap((day) =>
        row.cells[day].map(
          (cell) =>
            `${table.className} [${table.classNameSource}] | ${day} ${row.startTime}-${row.endTime} | ${cell.moduleName} | ${cell.teacherName}`,
        ),
      ),
    ),
  );
}

function distinct(file: ParsedFile, field: 'moduleName' | 'teacherName'): string[] {
  const values = file.tables.flatMap((t) => t.rows.flatMap((r) => DAYS_OF_WEEK.flatMap((d) => r.cells[d])));
  return [...new Set(values.map((cell) => cell[field]))].sort((a, b) => a.localeCompare(b, 'fr'));
}

describe('fixture: one sheet per class (.xlsx, 3 sheets)', () => {
  const file = parsed('one-sheet-per-class.xlsx');

  it('reads one class per sheet: sheet name, title above, sheet name', () => {
    expect(file.tables.map((t) => [t.sheetName, t.className, t.classNameSource])).toEqual([
      ['L1 Informatique', 'L1 Informatique', 'sheet-name'],
      ['L2 Info', 'Licence 2 Informatique', 'text-above'],
      ['M1 Gestion', 'M1 Gestion', 'sheet-name'],
    ]);
  });

  it('reads the exact slots (lunch break and notes rows skipped)', () => {
    expect(slots(file)).toEqual([
      'L1 Informatique [sheet-name] | 1 08:00-10:00 | Algorithmique | Diallo',
      'L1 Informatique [sheet-name] | 2 08:00-10:00 | Mathématiques | Sow',
      'L1 Informatique [sheet-name] | 4 08:00-10:00 | Anglais | John Smith',
      'L1 Informatique [sheet-name] | 2 10:15-12:15 | Algorithmique | Diallo',
      'L1 Informatique [sheet-name] | 3 10:15-12:15 | Physique | Ndiaye',
      'L1 Informatique [sheet-name] | 5 10:15-12:15 | Mathématiques | Sow',
      'L1 Informatique [sheet-name] | 1 14:00-16:00 | Programmation web | Fall',
      'Licence 2 Informatique [text-above] | 1 08:00-10:00 | Réseaux | Diallo',
      'Licence 2 Informatique [text-above] | 3 08:00-10:00 | Systèmes | Fall',
      'Licence 2 Informatique [text-above] | 2 10:30-12:30 | Compilation | Ndiaye',
      'Licence 2 Informatique [text-above] | 4 10:30-12:30 | Réseaux | Diallo',
      'Licence 2 Informatique [text-above] | 5 14:00-17:00 | Projet | Fall',
      'M1 Gestion [sheet-name] | 1 08:30-10:00 | Comptabilité | Ba',
      'M1 Gestion [sheet-name] | 3 08:30-10:00 | Finance | Diop',
      'M1 Gestion [sheet-name] | 2 10:00-12:00 | Contrôle de gestion | Ba',
      'M1 Gestion [sheet-name] | 5 10:00-12:00 | Fiscalité | Sy',
    ]);
  });

  it('lists the modules and teachers', () => {
    expect(distinct(file, 'moduleName')).toEqual([
      'Algorithmique',
      'Anglais',
      'Compilation',
      'Comptabilité',
      'Contrôle de gestion',
      'Finance',
      'Fiscalité',
      'Mathématiques',
      'Physique',
      'Programmation web',
      'Projet',
      'Réseaux',
      'Systèmes',
    ]);
    expect(distinct(file, 'teacherName')).toEqual([
      'Ba',
      'Diallo',
      'Diop',
      'Fall',
      'John Smith',
      'Ndiaye',
      'Sow',
      'Sy',
    ]);
  });
});

describe('fixture: classes stacked in one sheet with "Classe :" labels (.xlsx)', () => {
  const file = parsed('stacked-classes.xlsx');

  it('reads three tables, each named by its own label', () => {
    expect(file.tables.map((t) => [t.className, t.classNameSource, t.headerRow])).toEqual([
      ['BTS1 A', 'label', 3],
      ['BTS1 B', 'label', 8],
      ['BTS2', 'label', 13],
    ]);
  });

  it('reads the exact slots', () => {
    expect(slots(file)).toEqual([
      'BTS1 A [label] | 1 08:00-10:00 | Économie | Faye',
      'BTS1 A [label] | 3 08:00-10:00 | Droit | Diop',
      'BTS1 A [label] | 2 10:00-12:00 | Management | Faye',
      'BTS1 A [label] | 5 10:00-12:00 | Économie | Faye',
      'BTS1 B [label] | 2 08:00-10:00 | Économie | Faye',
      'BTS1 B [label] | 4 08:00-10:00 | Informatique | Diallo',
      'BTS1 B [label] | 1 10:00-12:00 | Droit | Diop',
      'BTS2 [label] | 1 14:00-16:00 | Marketing | Sow',
      'BTS2 [label] | 5 14:00-16:00 | Droit | Diop',
      'BTS2 [label] | 3 16:00-18:00 | Marketing | Sow',
    ]);
    expect(distinct(file, 'moduleName')).toEqual([
      'Droit',
      'Économie',
      'Informatique',
      'Management',
      'Marketing',
    ]);
    expect(distinct(file, 'teacherName')).toEqual(['Diallo', 'Diop', 'Faye', 'Sow']);
  });

  it('resolves against reference data, listing what is missing', () => {
    const resolution = resolveReferences(file, {
      classes: [{ id: 'c-a', code: 'bts1 a' }],
      courseModules: [
        { id: 'm-eco', name: 'Économie' },
        { id: 'm-droit', name: 'DROIT' },
      ],
      users: [{ id: 'u-faye', name: 'Faye' }],
    });
    expect(resolution.missingClasses).toEqual(['BTS1 B', 'BTS2']);
    expect(resolution.missingModules).toEqual(['Management', 'Informatique', 'Marketing']);
    expect(resolution.missingTeachers).toEqual(['Diop', 'Diallo', 'Sow']);
    expect(resolution.timetables).toEqual([
      {
        classId: 'c-a',
        className: 'BTS1 A',
        slots: [
          {
            dayOfWeek: 1,
            startTime: '08:00',
            endTime: '10:00',
            moduleId: 'm-eco',
            teacherUserId: 'u-faye',
            deliveryMode: 'presentiel',
            canceled: false,
          },
          {
            dayOfWeek: 5,
            startTime: '10:00',
            endTime: '12:00',
            moduleId: 'm-eco',
            teacherUserId: 'u-faye',
            deliveryMode: 'presentiel',
            canceled: false,
          },
        ],
      },
    ]);
    // BTS1 A: Droit/Diop (teacher) and Management (module); BTS1 B: 3; BTS2: 3.
    expect(resolution.skippedCount).toBe(8);
  });
});

describe('fixture: English day names and a class column (.csv, semicolons)', () => {
  const file = parsed('english-class-column.csv');

  it('splits the rows by class, carrying the class down over blank cells', () => {
    expect(file.tables.map((t) => [t.sheetName, t.className, t.classNameSource, t.timeColumn])).toEqual([
      ['english-class-column', 'GI-1', 'class-column', 1],
      ['english-class-column', 'GI-2', 'class-column', 1],
    ]);
  });

  it('reads the exact slots, including a quoted multi-line cell and accents', () => {
    expect(slots(file)).toEqual([
      'GI-1 [class-column] | 1 08:00-10:00 | Networks | Jane Smith',
      'GI-1 [class-column] | 3 08:00-10:00 | Databases | Aïssatou Bâ',
      'GI-1 [class-column] | 2 10:00-12:00 | Networks | Jane Smith',
      'GI-1 [class-column] | 5 10:00-12:00 | Web | Diallo',
      'GI-1 [class-column] | 4 14:00-16:00 | Databases | Aïssatou Bâ',
      'GI-2 [class-column] | 2 08:00-10:00 | Operating systems | Moussa Kane',
      'GI-2 [class-column] | 1 10:00-12:00 | Web | Diallo',
      'GI-2 [class-column] | 5 10:00-12:00 | Operating systems | Moussa Kane',
    ]);
    expect(distinct(file, 'moduleName')).toEqual(['Databases', 'Networks', 'Operating systems', 'Web']);
    expect(distinct(file, 'teacherName')).toEqual(['Aïssatou Bâ', 'Diallo', 'Jane Smith', 'Moussa Kane']);
  });

  it('reads the same file saved as Windows-1252, or with commas', () => {
    const text = fixture('english-class-column.csv').toString('utf8');
    const latin1 = Buffer.from(text, 'latin1');
    expect(slots(parsedFrom(latin1))).toEqual(slots(file));
    const commas = Papa.unparse(Papa.parse<string[]>(text, { delimiter: ';' }).data, { delimiter: ',' });
    expect(commas).toContain('"Web, M. Diallo"');
    expect(slots(parsedFrom(Buffer.from(commas, 'utf8')))).toEqual(slots(file));
  });
});

function parsedFrom(bytes: Uint8Array): ParsedFile {
  const result = readTimetableBytes(bytes, 'english-class-column.csv');
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.value;
}

describe('fixture: legacy .xls (BIFF8) with title rows and weekend columns', () => {
  const result = read('legacy-weekend.xls');

  it('is a compound-file workbook, read with its two sheets', () => {
    expect([...fixture('legacy-weekend.xls').subarray(0, 4)]).toEqual([0xd0, 0xcf, 0x11, 0xe0]);
    const grids = workbookToGrids(fixture('legacy-weekend.xls'), 'legacy-weekend.xls');
    expect(grids.ok && grids.value.map((s) => s.sheetName)).toEqual(['EDT', 'Notes']);
  });

  it('names the class from the unlabelled left column and warns about the notes sheet', () => {
    expect(result.ok && result.warnings).toEqual([{ code: 'sheet-without-timetable', sheetName: 'Notes' }]);
    const file = parsed('legacy-weekend.xls');
    expect(file.tables.map((t) => [t.className, t.classNameSource, t.headerRow, t.timeColumn])).toEqual([
      ['LP RH', 'text-column', 4, 1],
    ]);
    expect(slots(file)).toEqual([
      'LP RH [text-column] | 6 08:00-10:00 | Droit du travail | Sarr',
      'LP RH [text-column] | 6 10:00-12:00 | Paie | Ndour',
      'LP RH [text-column] | 7 10:00-12:00 | Séminaire RH | Gaye',
      'LP RH [text-column] | 1 18:00-20:00 | Gestion RH | Ndour',
      'LP RH [text-column] | 3 18:00-20:00 | Gestion RH | Ndour',
    ]);
    expect(distinct(file, 'moduleName')).toEqual(['Droit du travail', 'Gestion RH', 'Paie', 'Séminaire RH']);
    expect(distinct(file, 'teacherName')).toEqual(['Gaye', 'Ndour', 'Sarr']);
  });
});

describe('fixture: labelled and slash-separated cells with rooms (.xlsx, "Parcours" column)', () => {
  const file = parsed('labelled-cells-rooms.xlsx');

  it('reads the exact slots, rooms dropped, labels honoured in any order', () => {
    expect(slots(file)).toEqual([
      'MIAGE 3 [class-column] | 1 08:00-10:00 | Algo avancée | Diallo',
      'MIAGE 3 [class-column] | 2 08:00-10:00 | Réseaux | Sow',
      'MIAGE 3 [class-column] | 3 08:00-10:00 | Compta | Ba',
      'MIAGE 3 [class-column] | 4 08:00-10:00 | Anglais | Ndiaye',
      'MIAGE 3 [class-column] | 5 08:00-10:00 | Droit | Faye',
      'MIAGE 3 [class-column] | 1 10:00-12:00 | Base de données | Sow',
      'MIAGE 3 [class-column] | 3 10:00-12:00 | Statistiques | Diallo',
      'MIAGE 4 [class-column] | 1 08:00-10:00 | Réseaux avancés | Sow',
      'MIAGE 4 [class-column] | 5 08:00-10:00 | Éthique | ',
    ]);
    expect(distinct(file, 'teacherName')).toEqual(['', 'Ba', 'Diallo', 'Faye', 'Ndiaye', 'Sow']);
  });
});

describe('fixture: merged cells (.xlsx)', () => {
  it('expands every merge so each cell carries the value', () => {
    const grids = workbookToGrids(fixture('merged-cells.xlsx'), 'merged-cells.xlsx');
    if (!grids.ok) throw new Error('unreadable');
    const grid = grids.value[0]?.grid ?? [];
    expect(grid[0]?.[6]).toBe('Classe : L3 MIAGE');
    expect(grid[1]?.slice(5, 7)).toEqual(['Vendredi', 'Vendredi']);
    expect([grid[2]?.[1], grid[3]?.[1]]).toEqual(['Algorithmique\nM. Diallo', 'Algorithmique\nM. Diallo']);
    expect([grid[4]?.[2], grid[4]?.[3]]).toEqual(['Séminaire\nDr Kane', 'Séminaire\nDr Kane']);
    expect(grid[5]?.[1] ?? '').toBe('');
  });

  it('reads a course merged over two time rows as one course, and one merged across two days', () => {
    const file = parsed('merged-cells.xlsx');
    expect(file.tables.map((t) => [t.className, t.classNameSource])).toEqual([['L3 MIAGE', 'label']]);
    // A 2-hour course merged over two 1-hour rows stays one 2-hour course (it was read as two before).
    expect(slots(file)).toEqual([
      'L3 MIAGE [label] | 4 08:00-09:00 | Anglais | John Smith',
      'L3 MIAGE [label] | 5 08:00-09:00 | Projet tutoré | Sow',
      'L3 MIAGE [label] | 1 08:00-10:00 | Algorithmique | Diallo',
      'L3 MIAGE [label] | 2 10:00-11:00 | Séminaire | Kane',
      'L3 MIAGE [label] | 3 10:00-11:00 | Séminaire | Kane',
    ]);
  });
});

describe('fixtures that give no timetable', () => {
  it('an empty workbook is read, then reported as empty', () => {
    const grids = workbookToGrids(fixture('empty.xlsx'), 'empty.xlsx');
    expect(grids.ok && grids.value.map((s) => s.sheetName)).toEqual(['Feuil1']);
    expect(read('empty.xlsx')).toEqual({
      ok: false,
      issues: [{ code: 'empty' }],
      sheets: [{ sheetName: 'Feuil1', grid: [] }],
    });
  });

  it.each(['not-a-spreadsheet.xlsx', 'random-bytes.csv'])('%s is refused as not a spreadsheet', (name) => {
    expect(read(name)).toEqual({ ok: false, issues: [{ code: 'unsupported-format' }], sheets: [] });
  });

  it('an empty file, or a damaged workbook, is unreadable', () => {
    expect(readTimetableBytes(new Uint8Array(0), 'x.xlsx')).toMatchObject({
      ok: false,
      issues: [{ code: 'unreadable' }],
    });
    const truncated = fixture('stacked-classes.xlsx').subarray(0, 600);
    expect(readTimetableBytes(truncated, 'stacked-classes.xlsx')).toMatchObject({
      ok: false,
      issues: [{ code: 'unreadable' }],
    });
  });
});
