// Builds the timetable fixtures of tests/fixtures/timetables: real-world layouts a school sends.
// Run with `node scripts/make-timetable-fixtures.mjs`; the generated files are committed, the unit tests in
// tests/unit/timetable-parsing-fixtures.test.ts assert what is read from each.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as XLSX from 'xlsx';

const OUT = join(dirname(fileURLToPath(import.meta.url)), '..', 'tests', 'fixtures', 'timetables');
mkdirSync(OUT, { recursive: true });

const WEEK = ['Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi'];

/** A sheet from rows of cells; merges as [top, left, bottom, right], 0-based. */
function sheet(rows, merges = []) {
  const ws = XLSX.utils.aoa_to_sheet(rows);
  if (merges.length > 0)
    ws['!merges'] = merges.map(([r1, c1, r2, c2]) => ({ s: { r: r1, c: c1 }, e: { r: r2, c: c2 } }));
  return ws;
}

function workbook(sheets) {
  const wb = XLSX.utils.book_new();
  for (const [name, ws] of sheets) XLSX.utils.book_append_sheet(wb, ws, name);
  return wb;
}

function save(fileName, wb, bookType) {
  const data = XLSX.write(wb, { type: 'buffer', bookType, compression: bookType === 'xlsx' });
  writeFileSync(join(OUT, fileName), data);
}

/** Deterministic bytes, so regenerating does not change the committed files. */
function pseudoRandomBytes(length, seed) {
  const bytes = new Uint8Array(length);
  let state = seed >>> 0;
  for (let i = 0; i < length; i += 1) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    bytes[i] = state >>> 24;
  }
  return bytes;
}

// 1. One sheet per class: class from the sheet name, from the title above, and a third layout.
save(
  'one-sheet-per-class.xlsx',
  workbook([
    [
      'L1 Informatique',
      sheet([
        ['Horaires', ...WEEK],
        [
          '08:00 - 10:00',
          'Algorithmique\nM. Diallo',
          'Mathématiques\nMme Sow',
          '',
          'Anglais\nDr John Smith',
          '',
        ],
        [
          '10:15 - 12:15',
          '',
          'Algorithmique\nM. Diallo',
          'Physique\nPr Ndiaye',
          '',
          'Mathématiques\nMme Sow',
        ],
        [
          '12:15 - 13:30',
          'Pause déjeuner',
          'Pause déjeuner',
          'Pause déjeuner',
          'Pause déjeuner',
          'Pause déjeuner',
        ],
        ['14h-16h', 'Programmation web\nMme. Fall', '', '', '', ''],
        ['', '', '', '', '', ''],
        ['Document provisoire', '', '', '', '', ''],
      ]),
    ],
    [
      'L2 Info',
      sheet(
        [
          ['Licence 2 Informatique'],
          [],
          ['Heures', 'Lun', 'Mar', 'Mer', 'Jeu', 'Ven'],
          ['8h-10h', 'Réseaux\nM. Diallo', '', 'Systèmes\nMme Fall', '', ''],
          ['10h30-12h30', '', 'Compilation\nPr Ndiaye', '', 'Réseaux\nM. Diallo', ''],
          ['pause', '', '', '', '', ''],
          ['14h-17h', '', '', '', '', 'Projet\nMme Fall'],
        ],
        [[0, 0, 0, 5]],
      ),
    ],
    [
      'M1 Gestion',
      sheet([
        ['', 'LUNDI', 'MARDI', 'MERCREDI', 'JEUDI', 'VENDREDI'],
        ['8h30 - 10h', 'Comptabilité / M. Ba', '', 'Finance / Mme Diop', '', ''],
        ['10h \u2013 12h', '', 'Contrôle de gestion / M. Ba', '', '', 'Fiscalité / Dr Sy'],
      ]),
    ],
  ]),
  'xlsx',
);

// 2. Several classes stacked in one sheet, each under a "Classe :" label written three different ways.
const stackedHeader = ['Horaire', ...WEEK];
save(
  'stacked-classes.xlsx',
  workbook([
    [
      'Planning S1',
      sheet([
        ['Emploi du temps \u2014 semaine du 8 septembre'],
        [],
        ['Classe : BTS1 A'],
        stackedHeader,
        ['8:00 à 10:00', 'Économie\nM. Faye', '', 'Droit\nMme Diop', '', ''],
        ['10:00 à 12:00', '', 'Management\nM. Faye', '', '', 'Économie\nM. Faye'],
        [],
        ['Classe :', 'BTS1 B'],
        stackedHeader,
        ['08h00-10h00', '', 'Économie\nM. Faye', '', 'Informatique\nM. Diallo', ''],
        ['10h00-12h00', 'Droit\nMme Diop', '', '', '', ''],
        [],
        ['CLASSE: BTS2'],
        ['', 'Lun.', 'Mar.', 'Mer.', 'Jeu.', 'Ven.'],
        ['14:00 - 16:00', 'Marketing\nMme Sow', '', '', '', 'Droit\nMme Diop'],
        ['16:00 - 18:00', '', '', 'Marketing\nMme Sow', '', ''],
      ]),
    ],
  ]),
  'xlsx',
);

// 3. English day names and a class column, semicolon-separated CSV as French Excel saves it.
const csvRows = [
  ['Class', 'Time', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
  ['GI-1', '08:00-10:00', 'Networks / Dr. Jane Smith', '', 'Databases / Mme Aïssatou Bâ', '', ''],
  ['', '10:00-12:00', '', 'Networks / Dr. Jane Smith', '', '', 'Web, M. Diallo'],
  ['GI-1', '14:00-16:00', '', '', '', 'Databases / Mme Aïssatou Bâ', ''],
  ['GI-2', '08:00-10:00', '', 'Operating systems\nPr Moussa Kane', '', '', ''],
  ['', '10:00-12:00', 'Web, M. Diallo', '', '', '', 'Operating systems\nPr Moussa Kane'],
];
const csvCell = (cell) => (/[;"\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
writeFileSync(
  join(OUT, 'english-class-column.csv'),
  `${csvRows.map((r) => r.map(csvCell).join(';')).join('\r\n')}\r\n`,
);

// 4. Legacy .xls (BIFF8): title rows, the class in an unlabelled left column, Saturday and Sunday columns.
save(
  'legacy-weekend.xls',
  workbook([
    [
      'EDT',
      sheet([
        ['INSTITUT SUPÉRIEUR DE MANAGEMENT'],
        ['Emploi du temps \u2014 Formation continue'],
        ['Année académique 2025-2026'],
        [],
        ['', 'Heure', 'LUNDI', 'MARDI', 'MERCREDI', 'JEUDI', 'VENDREDI', 'SAMEDI', 'DIMANCHE'],
        ['LP RH', '08h00-10h00', '', '', '', '', '', 'Droit du travail\nM. Sarr', ''],
        ['', '10h00-12h00', '', '', '', '', '', 'Paie\nMme Ndour', 'Séminaire RH\nDr Gaye'],
        ['', '18h00-20h00', 'Gestion RH\nMme Ndour', '', 'Gestion RH\nMme Ndour', '', '', '', ''],
      ]),
    ],
    ['Notes', sheet([['Document interne'], ['Mise à jour : voir secrétariat']])],
  ]),
  'biff8',
);

// 5. Labelled and slash-separated cells with rooms; classes in a "Parcours" column.
save(
  'labelled-cells-rooms.xlsx',
  workbook([
    [
      'Semaine 37',
      sheet([
        ['Parcours', 'Créneau', ...WEEK],
        [
          'MIAGE 3',
          '8h-10h',
          'Matière: Algo avancée\nProf : M. Diallo\nSalle 12',
          'Réseaux / Mme Sow / Room B',
          'UE: Compta | Intervenant: Dr Ba',
          'Cours : Anglais; Enseignant : Pr. Ndiaye; Salle B2',
          'Module: Droit, Teacher: M Faye',
        ],
        ['', '10h-12h', 'Base de données (Salle 4)\nMme Sow', '', 'Salle 3\nStatistiques\nM. Diallo', '', ''],
        [
          'MIAGE 4',
          '8h-10h',
          'Intervenant : Mme Sow\nMatière : Réseaux avancés',
          '',
          '',
          '',
          'UV: Éthique | Amphi A',
        ],
      ]),
    ],
  ]),
  'xlsx',
);

// 6. Merged cells: a 2-hour course over two 1-hour rows, a seminar across two days, a label over the
// width of the table, and Friday spread over two columns (module, teacher).
save(
  'merged-cells.xlsx',
  workbook([
    [
      'S38',
      sheet(
        [
          ['Classe : L3 MIAGE'],
          ['Horaire', ...WEEK, ''],
          [
            '08:00-09:00',
            'Algorithmique\nM. Diallo',
            '',
            '',
            'Anglais\nDr John Smith',
            'Projet tutoré',
            'Mme Sow',
          ],
          ['09:00-10:00', '', '', '', '', '', ''],
          ['10:00-11:00', '', 'Séminaire\nDr Kane', '', '', '', ''],
          ['11:00-12:00', '', '', '', '', '', ''],
        ],
        [
          [0, 0, 0, 6],
          [1, 5, 1, 6],
          [2, 1, 3, 1],
          [4, 2, 4, 3],
        ],
      ),
    ],
  ]),
  'xlsx',
);

// 7. A workbook with one empty sheet.
save('empty.xlsx', workbook([['Feuil1', sheet([])]]), 'xlsx');

// 8. Files that are not spreadsheets: a PNG renamed .xlsx, and random bytes named .csv.
const png = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00,
  0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4, 0x89,
]);
writeFileSync(join(OUT, 'not-a-spreadsheet.xlsx'), Buffer.concat([png, pseudoRandomBytes(512, 42)]));
writeFileSync(join(OUT, 'random-bytes.csv'), pseudoRandomBytes(2048, 7));

console.log(`timetable fixtures written to ${OUT}`);
