// Builds tests/fixtures/timetables/real: timetable files imitating what the tools schools use produce (Excel
// and LibreOffice grids with merged cells, Pronote/EDT and aSc list exports, university ADE-like grids), none
// written to the specification's rules. Run with `node scripts/make-real-timetables.mjs`; the generated
// files are committed, tests/unit/timetable-parsing-corpus.test.ts holds what must be read from each.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as XLSX from 'xlsx';

const OUT = join(dirname(fileURLToPath(import.meta.url)), '..', 'tests', 'fixtures', 'timetables', 'real');
mkdirSync(OUT, { recursive: true });

const WEEK = ['Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi'];
const UPPER_WEEK = WEEK.map((d) => d.toUpperCase());

/** A sheet from rows of cells; merges as [top, left, bottom, right], 0-based. */
function sheet(rows, merges = []) {
  const ws = XLSX.utils.aoa_to_sheet(rows);
  if (merges.length > 0)
    ws['!merges'] = merges.map(([r1, c1, r2, c2]) => ({ s: { r: r1, c: c1 }, e: { r: r2, c: c2 } }));
  return ws;
}

/** Excel stores times of day as fractions of a day, shown through a number format ("h:mm"). */
function timeCell(text) {
  const [h, m] = text.split(':').map(Number);
  return { t: 'n', v: (h * 60 + m) / 1440, z: 'h:mm' };
}

function workbook(sheets) {
  const wb = XLSX.utils.book_new();
  for (const [name, ws] of sheets) XLSX.utils.book_append_sheet(wb, ws, name);
  return wb;
}

function save(fileName, wb, bookType) {
  const data = XLSX.write(wb, { type: 'buffer', bookType, compression: bookType !== 'biff8' });
  writeFileSync(join(OUT, fileName), data);
}

// Windows-1252 for the characters these files use: Latin-1 maps to itself, the 0x80-0x9F block differs.
const CP1252_EXTRA = new Map([
  ['\u20ac', 0x80],
  ['\u2019', 0x92],
  ['\u0153', 0x9c],
  ['\u0152', 0x8c],
  ['\u2013', 0x96],
]);
function windows1252(text) {
  const bytes = [];
  for (const char of text) {
    const code = char.codePointAt(0);
    if (code < 0x80 || (code >= 0xa0 && code <= 0xff)) bytes.push(code);
    else if (CP1252_EXTRA.has(char)) bytes.push(CP1252_EXTRA.get(char));
    else throw new Error(`not in the Windows-1252 subset: ${char}`);
  }
  return Buffer.from(bytes);
}

function utf16le(text) {
  return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
}

const csv = (rows, sep) =>
  `${rows.map((r) => r.map((c) => (c.includes(sep) || c.includes('"') ? `"${c.replace(/"/g, '""')}"` : c)).join(sep)).join('\r\n')}\r\n`;

// ---------------------------------------------------------------------------------------------------------
// Family 1: no time-range column.

// 1a. Excel grid, hourly start times, courses merged over the rows they last (LibreOffice "merge cells").
save(
  'start-times-merged.xlsx',
  workbook([
    [
      'Feuil1',
      sheet(
        [
          ['Classe : BTS SIO 1'],
          ['', ...WEEK],
          ['8h00', 'Mathématiques\nM. Dupont\n104', '', '', '', ''],
          ['9h00', '', 'Algorithmique\nM. Diallo\nU2 218', '', '', ''],
          ['10h00', 'Anglais\nMme Martin\nB12', '', '', '', ''],
          ['11h00', '', '', 'Culture générale\nMme Fall', '', ''],
          ['12h00', '', '', '', '', ''],
          ['13h30', '', '', '', 'Réseaux\nMme Sow\nB12', ''],
          ['14h30', '', '', '', '', ''],
          ['15h30', '', '', '', '', 'EPS\nM. Ba\nGYMNASE'],
          ['16h30', '', '', '', '', ''],
        ],
        [
          [2, 1, 3, 1],
          [3, 2, 5, 2],
          [7, 4, 8, 4],
          [9, 5, 10, 5],
        ],
      ),
    ],
  ]),
  'xlsx',
);

// 1b. Collège grid (Pronote-like print): times stored as Excel time values, 55-minute periods, the last
// row only closes the day; no Wednesday column; class from the sheet name.
save(
  'start-times-numeric.xlsx',
  workbook([
    [
      '6e B',
      sheet(
        [
          ['', 'LUNDI', 'MARDI', 'JEUDI', 'VENDREDI'],
          [timeCell('7:45'), 'MATHEMATIQUES\nM. PETIT\n104', '', '', ''],
          [timeCell('8:40'), '', '', '', ''],
          [timeCell('9:35'), '', 'FRANCAIS\nMme LEROY\n205', '', ''],
          [timeCell('10:45'), '', '', '', ''],
          [timeCell('11:40'), '', '', '', ''],
          [timeCell('13:30'), '', '', 'SVT\nM. GARCIA\nLABO 2', ''],
          [timeCell('14:25'), '', '', '', ''],
          [timeCell('15:20'), '', '', '', 'EPS\nMme ROUX\nGYMNASE'],
          [timeCell('16:15'), '', '', '', ''],
        ],
        [
          [1, 1, 2, 1],
          [6, 3, 7, 3],
        ],
      ),
    ],
  ]),
  'xlsx',
);

// 1c. University grid (ADE-like): no time column at all, each cell starts with its day and times; one cell
// holds two courses.
save(
  'times-in-cells.xlsx',
  workbook([
    [
      'EDT',
      sheet([
        ['Classe : L2 Informatique'],
        ['', ...WEEK],
        [
          'Matin',
          'Lun 08h00–10h00\nAlgorithmique\nM. Diallo\nAmphi A\n\nLun 10h15–12h15\nBases de données\nMme Fall\nB12',
          'Mar 09h00–12h30\nGestion de projet\nMme Sow\nB12',
          '',
          'Jeu 08h30–10h30\nAnglais\nMme Martin\nC04',
          '',
        ],
        [
          'Après-midi',
          '',
          '',
          'Mer 14h00–17h00\nProjet tutoré\nM. Diallo',
          '',
          'Ven 13h30–15h30\nRéseaux\nMme Sow',
        ],
      ]),
    ],
  ]),
  'xlsx',
);

// 1d. Training centre: "de 10h à 18h" inside the cells, one row for the whole week, class from the sheet.
save(
  'times-in-cells-de-a.xlsx',
  workbook([
    [
      'CAP Cuisine',
      sheet([
        ['Semaine', ...WEEK],
        [
          'S37',
          'Pâtisserie de 8h à 12h\nM. Gueye',
          'Service en salle de 14h à 18h\nMme Diatta',
          'Hygiène de 10h à 12h / M. Gueye',
          '',
          'Cuisine du monde de 10h à 18h\nM. Gueye',
        ],
      ]),
    ],
  ]),
  'xlsx',
);

// 1e. Numbered periods 1..7, the bell schedule printed beside the grid.
save(
  'periods-bell-beside.xlsx',
  workbook([
    [
      '4e A',
      sheet(
        [
          ['Séance', ...WEEK, '', 'Séance', 'Horaire'],
          [
            '1',
            'Mathématiques\nM. Dupont\n104',
            '',
            '',
            'Histoire-géographie\nM. Lefèvre\n201',
            '',
            '',
            '1',
            '8h00 - 8h55',
          ],
          ['2', '', '', '', '', '', '', '2', '8h55 - 9h50'],
          ['3', '', 'Français\nMme Leroy\n205', '', '', '', '', '3', '10h05 - 11h00'],
          ['4', '', '', 'Anglais\nMme Martin\n112', '', '', '', '4', '11h00 - 11h55'],
          ['5', '', '', '', '', 'Technologie\nM. Garcia\nATELIER 1', '', '5', '13h30 - 14h25'],
          ['6', '', '', '', '', '', '', '6', '14h25 - 15h20'],
          ['7', '', '', '', '', '', '', '7', '15h35 - 16h30'],
        ],
        [
          [1, 1, 2, 1],
          [5, 5, 6, 5],
        ],
      ),
    ],
  ]),
  'xlsx',
);

// 1f. Periods P1..P6, the bell schedule on its own sheet with start and end in two columns.
save(
  'periods-bell-sheet.xlsx',
  workbook([
    [
      'Terminale S2',
      sheet([
        ['', ...WEEK, 'Samedi'],
        ['P1', 'Philosophie\nM. Sarr', '', 'Physique-chimie\nMme Kane\nLABO 1', '', '', ''],
        ['P2', '', 'Mathématiques\nM. Dupont', '', '', '', 'Mathématiques\nM. Dupont'],
        ['P3', '', '', '', 'SVT\nMme Ba', '', ''],
        ['P4', '', '', '', '', 'Anglais\nMme Martin', ''],
      ]),
    ],
    [
      'Horaires',
      sheet([
        ['Période', 'Début', 'Fin'],
        ['P1', '08:00', '10:00'],
        ['P2', '10:00', '12:00'],
        ['P3', '15:00', '17:00'],
        ['P4', '17:00', '19:00'],
      ]),
    ],
  ]),
  'xlsx',
);

// ---------------------------------------------------------------------------------------------------------
// Family 2: days not in one header row.

// 2a. Transposed: days as row labels, time ranges across the top.
save(
  'days-as-rows.xlsx',
  workbook([
    [
      'Planning',
      sheet([
        ['Classe : M1 Finance'],
        ['Jour', '8h30-10h30', '10h45-12h45', '14h00-16h00', '16h15-18h15'],
        ['Lundi', 'Finance de marché / M. Ba', '', 'Économétrie / Mme Ndour', ''],
        ['Mardi', '', 'Comptabilité approfondie / M. Faye', '', ''],
        ['Mercredi', '', '', '', ''],
        ['Jeudi', 'Anglais des affaires / Mme Martin', '', '', 'Fiscalité / M. Sy'],
        ['Vendredi', '', '', 'Finance de marché / M. Ba', ''],
      ]),
    ],
  ]),
  'xlsx',
);

// 2b. Row blocks: the day merged down over its rows, a time column beside it, the course to the right.
save(
  'days-row-blocks.xlsx',
  workbook([
    [
      'L3',
      sheet(
        [
          ['Licence 3 Droit'],
          ['Jour', 'Horaire', 'Cours'],
          ['LUNDI', '8h-10h', 'Droit des affaires\nMme Diop\nAmphi B'],
          ['', '10h-12h', 'Droit fiscal\nM. Sy'],
          ['MARDI', '8h-10h', ''],
          ['', '14h-17h', 'Procédure civile\nM. Ndiaye\n204'],
          ['JEUDI', '8h-10h', 'Droit des affaires\nMme Diop\nAmphi B'],
          ['', '10h-12h', ''],
        ],
        [
          [2, 0, 3, 0],
          [4, 0, 5, 0],
          [6, 0, 7, 0],
        ],
      ),
    ],
  ]),
  'xlsx',
);

// 2c. A dated row per day (dates only, no weekday names), periods across the top; the week comes from the
// dates.
save(
  'dated-rows.xlsx',
  workbook([
    [
      'S37',
      sheet([
        ['Classe : BTS NDRC 1'],
        ['Date', '08:30 - 10:30', '10:45 - 12:45', '13:45 - 15:45', '16:00 - 18:00'],
        ['12/09/2022', 'Négociation\nMme Diallo', '', 'Culture économique\nM. Faye', ''],
        ['13/09/2022', '', 'Marketing digital\nM. Sarr', '', ''],
        ['14/09/2022', '', '', '', ''],
        ['15/09/2022', 'Anglais\nMme Martin', '', '', 'Négociation\nMme Diallo'],
      ]),
    ],
  ]),
  'xlsx',
);

// 2d. One sheet per day, classes as columns.
const perDayRows = (courses) => [
  ['Horaires', 'L1 Info', 'L2 Info', 'M1 Info'],
  ['08:00-10:00', ...courses[0]],
  ['10:15-12:15', ...courses[1]],
  ['14:00-16:00', ...courses[2]],
];
save(
  'sheet-per-day.xlsx',
  workbook([
    [
      'Lundi',
      sheet(
        perDayRows([
          ['Algorithmique\nM. Diallo\nB12', '', 'Big data\nM. Ndiaye\nB14'],
          ['', 'Réseaux\nMme Sow', ''],
          ['Anglais\nMme Martin', '', ''],
        ]),
      ),
    ],
    [
      'Mardi',
      sheet(
        perDayRows([
          ['', 'Systèmes\nM. Kane\nB12', ''],
          ['Mathématiques\nM. Dupont', '', 'Big data\nM. Ndiaye\nB14'],
          ['', '', ''],
        ]),
      ),
    ],
    [
      'Mercredi',
      sheet(
        perDayRows([
          ['', '', ''],
          ['', '', ''],
          ['', 'Réseaux\nMme Sow', ''],
        ]),
      ),
    ],
  ]),
  'xlsx',
);

// 2e. One sheet per day (short dated sheet names), classes as rows, times across.
const perDayTransposed = (courses) => [
  ['Classe', '8h-10h', '10h-12h', '14h-16h'],
  ['BTS1 CG', ...courses[0]],
  ['BTS2 CG', ...courses[1]],
];
save(
  'sheet-per-day-rows.xlsx',
  workbook([
    [
      'LUN 12-09',
      sheet(
        perDayTransposed([
          ['Comptabilité\nM. Ba', '', ''],
          ['', 'Droit\nMme Diop', ''],
        ]),
      ),
    ],
    [
      'MAR 13-09',
      sheet(
        perDayTransposed([
          ['', '', 'Économie\nM. Faye'],
          ['Comptabilité\nM. Ba', '', ''],
        ]),
      ),
    ],
    [
      'JEU 15-09',
      sheet(
        perDayTransposed([
          ['', 'Anglais\nMme Martin', ''],
          ['', '', 'Gestion\nM. Ba'],
        ]),
      ),
    ],
  ]),
  'xlsx',
);

// 2f. A month planning printed week by week, the days written with their day number only ("Lun 31",
// "Mar 1"): the month and year are in the title; the first week starts in the previous month. Holidays are
// marked "FÉRIÉ".
const dayNumbers = (days) => ['Horaires', ...WEEK.map((d, i) => `${d.slice(0, 3)} ${days[i]}`)];
save(
  'day-numbers.xlsx',
  workbook([
    [
      'Novembre',
      sheet(
        [
          ['Classe : BTS CI 1'],
          ['Planning de novembre 2022'],
          [],
          dayNumbers([31, 1, 2, 3, 4]),
          [
            '08:00 - 10:00',
            'Commerce international\nM. Sarr\nB12',
            'FÉRIÉ',
            'Anglais\nMme Martin',
            '',
            'Logistique\nM. Kane',
          ],
          ['10:15 - 12:15', '', '', '', 'Douane\nMme Diouf\nB12', ''],
          [],
          dayNumbers([7, 8, 9, 10, 11]),
          ['08:00 - 10:00', '', 'Commerce international\nM. Sarr\nB12', '', '', 'FÉRIÉ'],
          ['10:15 - 12:15', 'Douane\nMme Diouf\nB12', '', 'Anglais\nMme Martin', 'Logistique\nM. Kane', ''],
        ],
        [
          [4, 2, 5, 2],
          [8, 5, 9, 5],
        ],
      ),
    ],
  ]),
  'xlsx',
);

// ---------------------------------------------------------------------------------------------------------
// Family 3: several weeks in one file.

// 3a. Week blocks one under another, each under "Semaine du ...".
save(
  'weeks-stacked.xlsx',
  workbook([
    [
      'BTS1',
      sheet([
        ['Classe : BTS1 CG'],
        ['Semaine du 12/09/2022'],
        ['Horaire', ...WEEK],
        ['08h00-10h00', 'Comptabilité\nM. Ba', '', 'Droit\nMme Diop', '', ''],
        ['10h00-12h00', '', 'Économie\nM. Faye', '', '', ''],
        [],
        ['Semaine du 19/09/2022'],
        ['Horaire', ...WEEK],
        ['08h00-10h00', '', 'Comptabilité\nM. Ba', '', '', ''],
        ['10h00-12h00', 'Droit\nMme Diop', '', '', 'Économie\nM. Faye', ''],
      ]),
    ],
  ]),
  'xlsx',
);

// 3b. Dated day headers ("lundi 12/09/2022"), two weeks in one sheet.
const datedHeader = (monday) => [
  'Horaire',
  ...WEEK.map((d, i) => `${d.toLowerCase()} ${String(monday + i).padStart(2, '0')}/09/2022`),
];
save(
  'weeks-dated-headers.xlsx',
  workbook([
    [
      'L1 Eco',
      sheet([
        datedHeader(12),
        ['8h30-10h30', 'Microéconomie\nM. Faye', '', '', 'Statistiques\nMme Ndour', ''],
        ['14h-16h', '', 'Droit\nMme Diop', '', '', ''],
        [],
        datedHeader(19),
        ['8h30-10h30', '', '', 'Microéconomie\nM. Faye', '', ''],
        ['14h-16h', 'Statistiques\nMme Ndour', '', '', '', 'Droit\nMme Diop'],
      ]),
    ],
  ]),
  'xlsx',
);

// 3c. One column per week ("Semaine du 02/09", no year: the school year in the title gives it), days merged
// down over their rows, a time-range column beside them.
save(
  'weeks-columns.xlsx',
  workbook([
    [
      'MCO1',
      sheet(
        [
          ['BTS MCO 1', '', 'Année scolaire 2024-2025'],
          ['Jour', 'Horaire', 'Semaine du 02/09', 'Semaine du 09/09', 'Semaine du 16/09'],
          ['Lundi', '08:00-10:00', 'Marketing\nMme Sow\nB12', 'Gestion\nM. Ba', ''],
          ['', '10:00-12:00', '', 'Marketing\nMme Sow\nB12', 'Anglais\nMme Martin'],
          ['Mardi', '08:00-10:00', 'Anglais\nMme Martin', '', 'Gestion\nM. Ba'],
          ['', '10:00-12:00', 'Culture générale\nM. Diop', '', ''],
          ['Jeudi', '08:00-10:00', '', 'Droit\nMme Fall\n104', ''],
          ['', '10:00-12:00', '', '', 'Marketing\nMme Sow\nB12'],
        ],
        [
          [2, 0, 3, 0],
          [4, 0, 5, 0],
          [6, 0, 7, 0],
        ],
      ),
    ],
  ]),
  'xlsx',
);

// 3d. LibreOffice: week columns dated in full ("S37 - Semaine du 09/09/2024"), one row per day and start
// time ("8h", "10h", "14h"), a course lasting until the next start.
save(
  'weeks-columns-dated.ods',
  workbook([
    [
      'Planning',
      sheet([
        ['Classe : Licence 1 Gestion'],
        ['', '', 'S37 - Semaine du 09/09/2024', 'S38 - Semaine du 16/09/2024'],
        ['Lundi', '8h', 'Comptabilité\nM. Ba', 'Comptabilité\nM. Ba'],
        ['Lundi', '10h', 'Statistiques\nM. Ndour', ''],
        ['Mercredi', '8h', '', 'Droit\nMme Diop\nAmphi A'],
        ['Mercredi', '10h', 'Économie\nM. Faye', 'Économie\nM. Faye'],
        ['Vendredi', '14h', 'Anglais\nMme Martin', ''],
        ['Vendredi', '16h', '', ''],
      ]),
    ],
  ]),
  'ods',
);

// ---------------------------------------------------------------------------------------------------------
// Family 4: grids by teacher and by room, the class inside the cell.

save(
  'by-teacher.xlsx',
  workbook([
    [
      'M. Diallo',
      sheet([
        ['Enseignant : M. Diallo'],
        ['Horaire', ...WEEK],
        ['08:00-10:00', 'L1 Info\nAlgorithmique\nB12', '', 'L2 Info\nRéseaux\nB14', '', ''],
        ['10:15-12:15', '', 'L1 Info\nAlgorithmique\nB12', '', '', ''],
      ]),
    ],
    [
      'Mme Sow',
      sheet([
        ['Enseignant : Mme Sow'],
        ['Horaire', ...WEEK],
        ['08:00-10:00', '', 'L2 Info\nSystèmes\nB14', '', '', 'M1 Info\nCloud\nAmphi A'],
        ['14:00-16:00', '', '', '', 'L1 Info\nAnglais', ''],
      ]),
    ],
  ]),
  'xlsx',
);

save(
  'by-room.xlsx',
  workbook([
    [
      'Amphi A',
      sheet([
        ['Salle : Amphi A'],
        ['Horaire', ...UPPER_WEEK],
        ['08:00-10:00', 'L2 Info - Réseaux - M. Diallo', '', '', 'L1 Info - Mathématiques - M. Dupont', ''],
        ['10:00-12:00', '', 'M1 Info - Cloud - Mme Sow', '', '', ''],
      ]),
    ],
    [
      'B12',
      sheet([
        ['Salle : B12'],
        ['Horaire', ...UPPER_WEEK],
        ['08:00-10:00', '', 'L1 Info - Algorithmique - M. Diallo', '', '', ''],
        ['14:00-16:00', '', '', 'L2 Info - Anglais - Mme Martin', '', ''],
      ]),
    ],
  ]),
  'xlsx',
);

// ---------------------------------------------------------------------------------------------------------
// Family 5: one course per line, as school timetable tools export them.

// 5a. Pronote/EDT-like export: semicolons, Windows-1252, a start and a duration.
writeFileSync(
  join(OUT, 'list-pronote.csv'),
  windows1252(
    csv(
      [
        ['Jour', 'Heure', 'Durée', 'Matière', 'Professeur', 'Classe', 'Salle'],
        ['lundi', '08h00', '2h00', 'MATHÉMATIQUES', 'M. DUPONT', '3e A', '104'],
        ['lundi', '10h05', '1h00', 'FRANÇAIS', 'Mme LEROY', '3e A', '205'],
        ['mardi', '13h30', '1h30', 'SCIENCES ÉCONOMIQUES ET SOCIALES', 'M. FAYE', '3e B', '112'],
        ['jeudi', '08h00', '1h00', 'ÉDUCATION PHYSIQUE', 'Mme ROUX', '3e B', 'GYMNASE'],
        ['vendredi', '14h25', '0h55', 'ŒUVRES ET LANGUE D’OC', 'M. SARR', '3e A', 'CDI'],
      ],
      ';',
    ),
  ),
);

// 5b. Dated list (EDT export): date, start, end; two weeks.
writeFileSync(
  join(OUT, 'list-edt-dated.csv'),
  windows1252(
    csv(
      [
        ['Date', 'Début', 'Fin', 'Classe', 'Module', 'Intervenant', 'Salle'],
        ['12/09/2022', '08:30', '10:30', 'BTS SIO 2', 'Cybersécurité', 'M. Ndiaye', 'B12'],
        ['13/09/2022', '14:00', '17:00', 'BTS SIO 2', 'Développement web', 'Mme Fall', 'B14'],
        ['15/09/2022', '10:45', '12:45', 'BTS SIO 1', 'Algorithmique', 'M. Diallo', 'B12'],
        ['19/09/2022', '08:30', '10:30', 'BTS SIO 2', 'Cybersécurité', 'M. Ndiaye', 'B12'],
        ['20/09/2022', '10:45', '12:45', 'BTS SIO 1', 'Économie–droit', 'Mme Diop', 'Amphi A'],
      ],
      ';',
    ),
  ),
);

// 5c. aSc-like export saved by Excel as "Unicode text": UTF-16 with BOM, tabs, 12-hour clocks.
writeFileSync(
  join(OUT, 'list-asc.txt'),
  utf16le(
    csv(
      [
        ['Jour', 'Période', 'Début', 'Fin', 'Classe', 'Matière', 'Enseignant', 'Salle'],
        ['Lundi', '1', '8:00 AM', '9:00 AM', 'Grade 10', 'Physics', 'Dr. Kane', 'LAB 1'],
        ['Lundi', '2', '9:00 AM', '10:30 AM', 'Grade 10', 'English', 'Mrs Smith', 'R204'],
        ['Mardi', '5', '1:00 PM', '3:00 PM', 'Grade 11', 'Chemistry', 'Dr. Kane', 'LAB 1'],
        ['Mercredi', '3', '10:45 AM', '12:15 PM', 'Grade 11', 'History', 'Mr Brown', 'R101'],
      ],
      '\t',
    ),
  ),
);

// 5e. A grid (not a list) saved by Excel as "Texte Unicode": UTF-16LE with BOM, tabs, CRLF between rows,
// every row padded to the used range, a cell with line breaks (LF inside) or quotes written between quotes
// (quotes doubled). Text keeps no merged cells: a two-hour course is written in each of its hourly rows.
// "Nguyễn" is outside Windows-1252, the reason the school saved as Unicode.
const excelText = (rows) => {
  const width = Math.max(...rows.map((r) => r.length));
  const quote = (c) => (/[\t\n"]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c);
  return `${rows.map((r) => [...r, ...Array(width - r.length).fill('')].map(quote).join('\t')).join('\r\n')}\r\n`;
};
writeFileSync(
  join(OUT, 'grid-unicode.txt'),
  utf16le(
    excelText([
      ['Lycée Lamine Guèye – Emploi du temps 2023-2024'],
      ['Classe : 2nde 3'],
      [],
      ['Horaires', ...WEEK, 'Samedi'],
      [
        '8h',
        'Français\nMme Leroy\n205',
        '',
        'Atelier "Théâtre"\nM. Sarr\nCDI',
        '',
        '',
        'EPS\nM. Ba\nGYMNASE',
      ],
      [
        '9h',
        'Français\nMme Leroy\n205',
        'Mathématiques\nM. Dupont\n104',
        'Atelier "Théâtre"\nM. Sarr\nCDI',
        '',
        '',
        '',
      ],
      ['10h', 'Anglais\nMme Nguyễn\n112', 'Mathématiques\nM. Dupont\n104', '', '', '', ''],
      ['11h', '', '', '', '', 'Histoire-géographie\nM. Lefèvre\n201', ''],
      ['12h', '', '', '', '', '', ''],
      ['14h', '', '', '', 'SVT\nMme Fall\nLABO 1', '', ''],
      ['15h', '', '', '', 'SVT\nMme Fall\nLABO 1', '', ''],
      ['16h', '', '', '', '', 'Vie de classe\nMme Leroy', ''],
      ['17h', '', '', '', '', '', ''],
    ]),
  ),
);

// 5d. The same kind of list as an OpenDocument spreadsheet.
save(
  'list.ods',
  workbook([
    [
      'Cours',
      sheet([
        ['Jour', 'Début', 'Fin', 'Groupe', 'Enseignement', 'Formateur', 'Salle'],
        ['Lundi', '9h', '12h', 'CAP Pâtisserie', 'Tour de main', 'M. Gueye', 'ATELIER 2'],
        ['Mardi', '13h30', '16h30', 'CAP Pâtisserie', 'Sciences appliquées', 'Mme Diatta', '108'],
        ['Jeudi', '9h', '12h', 'CAP Cuisine', 'Techniques culinaires', 'M. Gueye', 'ATELIER 1'],
      ]),
    ],
  ]),
  'ods',
);

// ---------------------------------------------------------------------------------------------------------
// Family 6: cell text and clocks.

// 6a. Rooms without "salle", " - " inside cells, "/" inside a module name, mixed clocks in the time
// column ("08.00-10.00", a 12-hour "1:20-2:00" after noon, "13h30 à 15h30 :").
save(
  'cell-text-mix.xlsx',
  workbook([
    [
      'M2 Data',
      sheet([
        ['Horaires', ...WEEK],
        [
          '08.00-10.00',
          'Mathématiques - M. Dupont - Salle 12',
          'CONCEP.LOGICIELLE/BIG DATA\nM. Ndiaye\nB12',
          '',
          '',
          '',
        ],
        ['10.15-12.15', '', '', 'Apprentissage automatique\nMme Sow\nU2 218', '', ''],
        ['1:20-2:00', '', '', '', 'Anglais\nMme Martin\n104', ''],
        ['13h30 à 15h30 :', '', '', '', '', 'Projet - Mme Sow'],
      ]),
    ],
  ]),
  'xlsx',
);

// 6b. English school print: "8:00 AM - 9:00 AM" ranges.
save(
  'cell-text-ampm.xlsx',
  workbook([
    [
      'Grade 9',
      sheet([
        ['Time', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        ['8:00 AM - 9:00 AM', 'Physics\nDr. Kane\nU2 218', '', 'Biology\nMrs Smith\nLAB 2', '', ''],
        ['9:00 AM - 10:30 AM', '', 'Mathematics\nMr Brown\nR101', '', '', ''],
        ['1:00 PM - 2:30 PM', '', '', '', 'History\nMr Brown\nR101', 'Art\nMrs Smith\nATELIER 1'],
      ]),
    ],
  ]),
  'xlsx',
);

// ---------------------------------------------------------------------------------------------------------
// Family 7: a title repeated on every sheet.

const titledSheet = (title, subtitle, courses) =>
  sheet(
    [[title], [subtitle], [], ['Horaire', ...WEEK], ['8h-10h', ...courses[0]], ['10h-12h', ...courses[1]]],
    [[0, 0, 0, 5]],
  );
save(
  'title-every-sheet.xlsx',
  workbook([
    [
      'L1 Info',
      titledSheet('Emploi du temps', 'Année 2022-2023', [
        ['Algorithmique\nM. Diallo', '', '', '', ''],
        ['', 'Anglais\nMme Martin', '', '', ''],
      ]),
    ],
    [
      'L2 Info',
      titledSheet('Emploi du temps', 'Année 2022-2023', [
        ['Réseaux\nMme Sow', '', '', '', ''],
        ['', '', 'Systèmes\nM. Kane', '', ''],
      ]),
    ],
  ]),
  'xlsx',
);

save(
  'title-every-sheet.ods',
  workbook([
    [
      'BTS1',
      titledSheet('EMPLOI DU TEMPS', 'Semestre 1', [
        ['Comptabilité\nM. Ba', '', '', '', ''],
        ['', '', '', 'Droit\nMme Diop', ''],
      ]),
    ],
    [
      'BTS2',
      titledSheet('EMPLOI DU TEMPS', 'Semestre 1', [
        ['', 'Marketing\nMme Sow', '', '', ''],
        ['Comptabilité\nM. Ba', '', '', '', ''],
      ]),
    ],
  ]),
  'ods',
);

// ---------------------------------------------------------------------------------------------------------
// Guided mapping (tests/e2e/import-guided-mapping.spec.ts): a collège grid printed without any time, days
// across, one unlabelled row per period; the second week has the same shape and other courses.
function guidedWeek(rows) {
  return workbook([['5e C', sheet([['Collège Jean Moulin'], ['Classe : 5e C'], ['', ...WEEK], ...rows])]]);
}
save(
  'guided-no-times-week1.xlsx',
  guidedWeek([
    ['', 'Mathématiques\nM. Dupont\n104', '', 'Anglais\nMme Martin\n112', '', 'Français\nMme Leroy\n205'],
    ['', '', 'Histoire-géographie\nM. Lefèvre\n201', '', 'SVT\nM. Garcia\nLABO 2', ''],
    ['', 'EPS\nM. Ba\nGYMNASE', '', '', '', ''],
    ['', '', 'Technologie\nM. Sow\nATELIER 1', '', '', ''],
  ]),
  'xlsx',
);
save(
  'guided-no-times-week2.xlsx',
  guidedWeek([
    ['', '', 'Physique-chimie\nM. Kane\nLABO 1', '', '', ''],
    ['', 'Mathématiques\nM. Dupont\n104', '', '', 'Musique\nMme Diatta\n108', ''],
    ['', '', '', 'Anglais\nMme Martin\n112', '', ''],
    ['', '', '', '', '', 'Arts plastiques\nMme Roux\n110'],
  ]),
  'xlsx',
);

console.log(`real-world timetable corpus written to ${OUT}`);
