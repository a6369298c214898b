// EDT/PRONOTE course exports (Index Éducation; issue 30 item 3), read by their own module from the course
// export's description (EXP_COURS as GEPI reads it, see src/domain/timetable-parsing/exports/edt-columns.ts).
// The files below are small synthetic ones written after that description, not files of a real school; each is
// read end to end through the worker's path (bytes -> reader), as the import dialog reads it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import type { ParsedFile } from '../../src/domain/timetable-parsing';
import {
  edtDay,
  edtDuration,
  edtStart,
  edtTeachers,
  isEdtWeekPattern,
  splitList,
} from '../../src/domain/timetable-parsing/exports/edt-columns';
import { readEdtSheet } from '../../src/domain/timetable-parsing/exports/edt';
import { readIssueMessage } from '../../src/features/planning/import/read-messages';
import { normalizeGrid } from '../../src/domain/timetable-parsing/text';
import { readTimetableBytes, workbookToGrids } from '../../src/services/sheets/workbook-to-grids';

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

const encode = (text: string) => new TextEncoder().encode(text);

function read(name: string, bytes: Uint8Array): string[] {
  const result = readTimetableBytes(bytes, name);
  if (!result.ok) throw new Error(`${name}: ${JSON.stringify(result.issues)}`);
  return courses(result.value);
}

function message(name: string, bytes: Uint8Array): string {
  const result = readTimetableBytes(bytes, name);
  return result.ok ? `read ${courses(result.value).length} courses` : readIssueMessage(result.issues);
}

function xlsx(rows: string[][]): Uint8Array {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Cours');
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
}

// EXP_COURS's fields, in the order GEPI quotes them.
const HEADER =
  'NUMERO;DUREE;FREQUENCE;MAT_CODE;MAT_LIBELLE;PROF_NOM;PROF_PRENOM;CLASSE;SALLE;ALTERNANCE;MODALITE;CO-ENS.;POND.;JOUR;H.DEBUT;EFFECTIF';
const LINES = [
  '1;1h00;H;MATHS;MATHEMATIQUES;DUPONT;Marie;4B;14;H;CG;N;1;lundi;  09h00;29',
  '2;1h30;Q1;SVT;SCIENCES VIE ET TERRE;MARTIN;Alain;4B;LABO;Q1;CG;N;1;mardi;  13h30;29',
  // One week in two, the other week: the same slot (the application has no A/B weeks).
  '3;1h30;Q2;PHYS;PHYSIQUE-CHIMIE;NOEL;Eve;4B;LABO;Q2;CG;N;1;mardi;  13h30;29',
  // Two classes merged, one teacher each, in order.
  '4;2h00;H;EPS;EDUCATION PHYSIQUE;LEROY, PETIT;Paul, Anne;"4A, 4B";GYMNASE;H;CG;O;1;jeudi;  08h00;56',
  // A group without a teacher: imported "à affecter".
  '5;1h00;H;ANGL;ANGLAIS;;;[4A_GR1];12;H;GR;N;1;vendredi;  10h00;14',
  // Hours "à disposition" without a class, and a course not placed: left out, as EDT leaves them out.
  '6;1h00;H;DISPOS;A DISPOSITION;DUPONT;Marie;;;H;;N;1;mercredi;  10h00;',
  '7;1h00;H;FRANC;FRANCAIS;BERNARD;Luc;4A;12;H;CG;N;1;;;28',
  '8;0h55;H;HG;HISTOIRE-GEOGRAPHIE;BERNARD;Luc;4A;12;H;CG;N;1;samedi;  08h00;28',
];
const EXP_COURS_CSV = [HEADER, ...LINES].join('\r\n') + '\r\n';
const EXPECTED = [
  '4A | 4 08:00-10:00 | EDUCATION PHYSIQUE | LEROY Paul | GYMNASE',
  '4A | 6 08:00-08:55 | HISTOIRE-GEOGRAPHIE | BERNARD Luc | 12',
  '4A_GR1 | 5 10:00-11:00 | ANGLAIS |  | 12',
  '4B | 1 09:00-10:00 | MATHEMATIQUES | DUPONT Marie | 14',
  '4B | 2 13:30-15:00 | PHYSIQUE-CHIMIE | NOEL Eve | LABO',
  '4B | 2 13:30-15:00 | SCIENCES VIE ET TERRE | MARTIN Alain | LABO',
  '4B | 4 08:00-10:00 | EDUCATION PHYSIQUE | PETIT Anne | GYMNASE',
];

const ACCENTED = '10;1h00;H;FRANC;FRANÇAIS;LÉGER;Éric;4A;12;H;CG;N;1;mercredi;  11h00;28';

/** Latin-1 text as Windows-1252 bytes (the accents of these fixtures are all in Latin-1). */
function windows1252(text: string): Uint8Array {
  return Uint8Array.from([...text].map((ch) => ch.charCodeAt(0)));
}

function xmlOf(lines: readonly string[]): string {
  const names = HEADER.split(';');
  const records = lines.map((line) => {
    const values =
      line.match(/("[^"]*"|[^;]*)(?:;|$)/g)?.map((v) => v.replace(/;$/, '').replace(/"/g, '')) ?? [];
    const fields = names.map((name, i) => `<${name}>${values[i] ?? ''}</${name}>`).join('');
    return `<Cours numero="${values[0]}">${fields}</Cours>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<TABLE nom="Cours">\n${records.join('\n')}\n</TABLE>\n`;
}

describe('EDT course exports: the three carriers of EXP_COURS', () => {
  it.each([
    ['EXP_COURS.csv (";" text, UTF-8 with BOM)', 'EXP_COURS.csv', encode(`\uFEFF${EXP_COURS_CSV}`)],
    ['EXP_COURS.txt (tab-separated)', 'EXP_COURS.txt', encode(EXP_COURS_CSV.replace(/;/g, '\t'))],
    ['EXP_COURS.xml (<TABLE nom="Cours">)', 'EXP_COURS.xml', encode(xmlOf(LINES))],
    [
      'EXP_COURS.xlsx',
      'EXP_COURS.xlsx',
      xlsx([HEADER.split(';'), ...LINES.map((l) => l.replace('"4A, 4B"', '4A, 4B').split(';'))]),
    ],
  ])('%s: day, start plus duration, merged classes, groups, "à affecter"', (_label, name, bytes) => {
    expect(read(name, bytes)).toEqual(EXPECTED);
  });

  it('Italian edition (DURATA, MAT_COD, DOC_COGN, GIORNO, O.INIZIO): teachers and classes in order', () => {
    const csv = [
      'NUMERO;DURATA;MAT_COD;DOC_COGN;CLASSE;GIORNO;O.INIZIO',
      '1;2h00;MAT;ROSSI, BIANCHI;A1 LS, B1 LS;lunedì;08h00',
      '2;1h00;ING;VERDI;C1 LS;venerdì;11h00',
    ].join('\n');
    expect(read('EXP_COURS.csv', encode(csv))).toEqual([
      'A1 LS | 1 08:00-10:00 | MAT | ROSSI | ',
      'B1 LS | 1 08:00-10:00 | MAT | BIANCHI | ',
      'C1 LS | 5 11:00-12:00 | ING | VERDI | ',
    ]);
  });

  it("EDT's course list copied to a spreadsheet: display titles, a title row, several teachers in a cell", () => {
    const rows = [
      ['Liste des cours'],
      [],
      ['Matière', 'Professeur(s)', 'Classe(s)', 'Salle(s)', 'Jour', 'Heure', 'Durée', 'Fréquence'],
      ['FRANCAIS', 'DUPONT M., MARTIN A.', '2NDE1, 2NDE2', '101', 'Lundi', '08h00', '01h00', 'H'],
      ['MATHEMATIQUES', 'LEBLANC J.', '2NDE1', '102', 'Mardi', '10h00', '01h30', 'Q1'],
      ['PHILOSOPHIE', 'DURAND P.', 'TLE1', '', 'Vendredi', '14h00', '02h00', 'H'],
    ];
    expect(read('cours.xlsx', xlsx(rows))).toEqual([
      '2NDE1 | 1 08:00-09:00 | FRANCAIS | DUPONT M. | 101',
      '2NDE1 | 2 10:00-11:30 | MATHEMATIQUES | LEBLANC J. | 102',
      '2NDE2 | 1 08:00-09:00 | FRANCAIS | MARTIN A. | 101',
      'TLE1 | 5 14:00-16:00 | PHILOSOPHIE | DURAND P. | ',
    ]);
  });

  it.each([
    ['EXP_COURS.csv', `${HEADER}\r\n${ACCENTED}\r\n`],
    ['EXP_COURS.xml', xmlOf([ACCENTED]).replace('encoding="UTF-8"', 'encoding="ISO-8859-1"')],
  ])('%s written in Windows-1252 (ANSI), as Windows programs write text', (name, text) => {
    expect(read(name, windows1252(text))).toEqual(['4A | 3 11:00-12:00 | FRANÇAIS | LÉGER Éric | 12']);
  });

  it('a last line that only lacks its trailing EFFECTIF is a whole course, not a file cut short', () => {
    const csv = `${HEADER}\n${LINES[0]}\n9;1h00;H;MUS;MUSIQUE;FAURE;Gabriel;4A;MUS;H;CG;N;1;lundi;  14h00\n`;
    expect(read('EXP_COURS.csv', encode(csv))).toEqual([
      '4A | 1 14:00-15:00 | MUSIQUE | FAURE Gabriel | MUS',
      '4B | 1 09:00-10:00 | MATHEMATIQUES | DUPONT Marie | 14',
    ]);
  });
});

describe('EDT exports that cannot be imported: a French message, never a JavaScript error', () => {
  const cutMessage =
    /^Impossible de lire le fichier: export EDT incomplet : le fichier s'arrête au milieu d'un cours/;
  const emptyMessage = /^Impossible de lire le fichier: export EDT sans cours placé/;
  const full = xmlOf(LINES);
  it.each([
    [
      'CSV cut in the middle of a line',
      'EXP_COURS.csv',
      encode(`${HEADER}\n${LINES[0]}\n${LINES[1]?.slice(0, 30)}`),
      cutMessage,
    ],
    [
      'CSV cut inside a quoted field',
      'EXP_COURS.csv',
      encode(`${HEADER}\n${LINES[0]}\n${LINES[3]?.slice(0, 70)}`),
      cutMessage,
    ],
    [
      'CSV cut just before the start time',
      'EXP_COURS.csv',
      encode(`${HEADER}\n${LINES[0]}\n${LINES[7]?.replace(/;\s+08h00;28$/, '')}`),
      cutMessage,
    ],
    [
      'XML without its closing </TABLE>',
      'EXP_COURS.xml',
      encode(full.slice(0, full.lastIndexOf('<Cours'))),
      cutMessage,
    ],
    [
      'XML cut inside a tag',
      'EXP_COURS.xml',
      encode(full.slice(0, full.indexOf('<PROF_NOM>', 600) + 5)),
      cutMessage,
    ],
    ['CSV with its header only', 'EXP_COURS.csv', encode(`${HEADER}\n`), emptyMessage],
    ['CSV whose courses are not placed', 'EXP_COURS.csv', encode(`${HEADER}\n${LINES[6]}\n`), emptyMessage],
    [
      'XML with no course',
      'EXP_COURS.xml',
      encode('<?xml version="1.0"?><TABLE nom="Cours"></TABLE>'),
      emptyMessage,
    ],
    ['xlsx with its header only', 'EXP_COURS.xlsx', xlsx([HEADER.split(';')]), emptyMessage],
  ])('%s', (_label, name, bytes, expected) => {
    expect(message(name, bytes)).toMatch(expected);
    expect(message(name, bytes)).not.toMatch(/Cannot read|undefined|null/);
  });
});

describe('ordinary lists are not taken for EDT exports', () => {
  const sheet = (rows: string[][]) => ({ sheetName: 'Feuille 1', rows });
  it.each([
    [
      'start and end columns',
      [
        ['Jour', 'Début', 'Fin', 'Matière', 'Enseignant', 'Classe'],
        ['Lundi', '08:00', '10:00', 'Maths', 'Awa Diallo', '6e A'],
      ],
    ],
    [
      'a duration but no week pattern nor EDT names',
      [
        ['Jour', 'Heure', 'Durée', 'Matière', 'Professeur', 'Classe'],
        ['Lundi', '08h00', '1h30', 'Maths', 'Awa Diallo', '6e A'],
      ],
    ],
    [
      "a week column whose durations are not EDT's",
      [
        ['Jour', 'Heure', 'Durée', 'Matière', 'Classe', 'Semaines'],
        ['Lundi', '08:00', '90 min', 'Maths', '6e A', 'A'],
      ],
    ],
    [
      'a week column holding dates',
      [
        ['Jour', 'Heure', 'Durée', 'Matière', 'Classe', 'Semaines'],
        ['Lundi', '08h00', '1h00', 'Maths', '6e A', '02/09/2024'],
      ],
    ],
    [
      'one EDT-like name only',
      [
        ['Jour', 'H.DEBUT', 'Durée', 'Matière', 'Classe'],
        ['Lundi', '08h00', '1h00', 'Maths', '6e A'],
      ],
    ],
  ])('%s', (_label, rows) => {
    expect(readEdtSheet(sheet(rows))).toBeNull();
  });

  it('no file of the corpora (our own, the real files, the other programs) is taken for an EDT export', () => {
    const root = join(process.cwd(), 'tests', 'fixtures', 'timetables');
    const files = ['', 'real', 'world', 'programs'].flatMap((dir) =>
      readdirSync(join(root, dir))
        .map((name) => join(root, dir, name))
        .filter((path) => statSync(path).isFile() && !/\.(?:md|json)$/.test(path)),
    );
    expect(files.length).toBeGreaterThan(40);
    const taken = files.filter((path) => {
      const grids = workbookToGrids(readFileSync(path), path);
      return (
        grids.ok &&
        grids.value.some(
          (sheet) => readEdtSheet({ sheetName: sheet.sheetName, rows: normalizeGrid(sheet.grid) }) !== null,
        )
      );
    });
    expect(taken).toEqual([]);
  });

  it('an ordinary list with a duration is still read by the list reader', () => {
    const csv = 'Jour;Heure;Durée;Matière;Professeur;Classe\nLundi;08h00;1h30;Maths;Awa Diallo;6e A\n';
    expect(read('liste.csv', encode(csv))).toEqual(['6e A | 1 08:00-09:30 | Maths | Awa Diallo | ']);
  });
});

describe('EDT cell values', () => {
  it.each([
    ['1h00', 60],
    ['01h30', 90],
    ['0h55', 55],
    ['2h', 120],
    ['1h30mn', 90],
    ['12h00', 720],
    ['12h01', null],
    ['0h00', null],
    ['lundi', null],
  ])('duration %s -> %s', (text, minutes) => {
    expect(edtDuration(text)).toBe(minutes);
  });

  it.each([
    ['  09h00', 540],
    ['13h30', 810],
    ['08:00', 480],
    ['9', null],
  ])('start %s -> %s', (text, minutes) => {
    expect(edtStart(text)).toBe(minutes);
  });

  it.each([
    ['lundi', 1],
    ['Mardi', 2],
    ['lunedì', 1],
    ['sabato', 6],
    ['Dimanche', 7],
    ['L', null],
  ])('day %s -> %s', (text, day) => {
    expect(edtDay(text)).toBe(day);
  });

  it.each([
    ['H', true],
    ['Q1', true],
    ['q2', true],
    ['Sem. A', true],
    ['S2', true],
    ['36-42, 45', true],
    ['S36 à S52', true],
    ['Lundi', false],
    ['Maths', false],
    ['02/09/2024', false],
  ])('week pattern %s -> %s', (text, isPattern) => {
    expect(isEdtWeekPattern(text)).toBe(isPattern);
  });

  it.each([
    ['DUPONT, MARTIN', 'Marie, Alain', '', ['DUPONT Marie', 'MARTIN Alain']],
    ['DUPONT, MARTIN', 'Marie', '', ['DUPONT', 'MARTIN']],
    ['', '', 'DUPONT M., MARTIN A.', ['DUPONT M.', 'MARTIN A.']],
    ['', '', 'DUPONT, Marie', ['DUPONT, Marie']],
    ['', '', '', []],
  ])('teachers %s / %s / %s', (last, first, combined, teachers) => {
    expect(edtTeachers(last, first, combined)).toEqual(teachers);
  });

  it('classes of a merged course and groups in brackets', () => {
    expect(splitList('2NDE1, 2NDE2')).toEqual(['2NDE1', '2NDE2']);
    expect(splitList('[3ALL1GR.1]')).toEqual(['3ALL1GR.1']);
    expect(splitList('<4A_GR1>; 4B')).toEqual(['4A_GR1', '4B']);
  });
});

describe('EDT export of a large school', () => {
  it('120 classes, 30 courses each, read in well under 2 s', () => {
    const subjects = ['MATHEMATIQUES', 'FRANCAIS', 'ANGLAIS', 'HISTOIRE-GEOGRAPHIE', 'SVT', 'EPS'];
    const lines = [HEADER];
    let n = 0;
    for (let c = 1; c <= 120; c += 1) {
      for (let k = 0; k < 30; k += 1) {
        n += 1;
        const day = ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi'][k % 5];
        const hour = String(8 + Math.floor(k / 5)).padStart(2, '0');
        lines.push(
          `${n};1h00;H;M${k % 6};${subjects[k % 6]};PROF${(c * 7 + k) % 90};Jean;C${c};${100 + (k % 40)};H;CG;N;1;${day};  ${hour}h00;28`,
        );
      }
    }
    const started = performance.now();
    const result = readTimetableBytes(encode(lines.join('\n')), 'EXP_COURS.csv');
    const elapsed = performance.now() - started;
    expect(result.ok && result.value.tables.length).toBe(120);
    expect(result.ok && courses(result.value).length).toBe(3600);
    console.info(`EDT export, 120 classes x 30 courses: ${elapsed.toFixed(0)} ms`);
    expect(elapsed).toBeLessThan(2000);
  });
});
