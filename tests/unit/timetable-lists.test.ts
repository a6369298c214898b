// Lists read from their columns' contents (issue 30 item 2): the value readers at their edges, then small lists
// in each family and language, whose column titles say nothing the reader relies on.
import { describe, expect, it } from 'vitest';
import { NO_KNOWN_NAMES, type ParsedTable } from '../../src/domain/timetable-parsing';
import { readListSheet } from '../../src/domain/timetable-parsing/lists';
import {
  isMarker,
  looksLikePersonName,
  parseDateCell,
  parseDayPattern,
  stripPersonDecorations,
} from '../../src/domain/timetable-parsing/lists/values';

function read(rows: string[][], sheetName = 'Feuille 1'): string[] | null {
  const tables: ParsedTable[] | null = readListSheet(
    { sheetName, rows },
    { bell: new Map(), known: NO_KNOWN_NAMES },
  );
  if (tables === null) return null;
  return tables
    .flatMap((table) =>
      table.rows.flatMap((row) =>
        Object.entries(row.cells).flatMap(([day, cells]) =>
          cells.map(
            (c) =>
              `${table.className}|${table.weekStartDate ?? '-'}|${day} ${row.startTime}-${row.endTime}|${c.moduleName}|${c.teacherName}`,
          ),
        ),
      ),
    )
    .sort();
}

describe('day patterns', () => {
  it.each([
    ['M', [{ days: [1], periods: [] }]],
    ['TTHS', [{ days: [2, 4, 6], periods: [] }]],
    ['MWF', [{ days: [1, 3, 5], periods: [] }]],
    ['T Th F  2', [{ days: [2, 4, 5], periods: [2] }]],
    ['F  6 7', [{ days: [5], periods: [6, 7] }]],
    [
      'M W  3  Th  9',
      [
        { days: [1, 3], periods: [3] },
        { days: [4], periods: [9] },
      ],
    ],
    ['Segunda', [{ days: [1], periods: [] }]],
    ['miércoles', [{ days: [3], periods: [] }]],
    ['Do', [{ days: [4], periods: [] }]],
    ['Lun/Mer', [{ days: [1, 3], periods: [] }]],
    ['MoWe', [{ days: [1, 3], periods: [] }]],
    ['TuTh', [{ days: [2, 4], periods: [] }]],
  ])('%s', (text, groups) => {
    expect(parseDayPattern(text)).toEqual(groups);
  });

  it.each(['MATH', 'TT', 'Salle 12', '3', 'M 17', ''])('%s is not a day pattern', (text) => {
    expect(parseDayPattern(text)).toBeNull();
  });
});

describe('dates and date-times', () => {
  it.each([
    ['14/03/2022', 'dmy', { date: '2022-03-14', minutes: null }],
    ['1/04/2022', 'dmy', { date: '2022-04-01', minutes: null }],
    ['11/30/19', 'mdy', { date: '2019-11-30', minutes: null }],
    ['20210301', 'dmy', { date: '2021-03-01', minutes: null }],
    ['2019-02-05', 'dmy', { date: '2019-02-05', minutes: null }],
    ['2019-02-05 12:30', 'dmy', { date: '2019-02-05', minutes: 750 }],
    ['09/03/2018 02:00 PM CEST', 'mdy', { date: '2018-09-03', minutes: 840 }],
    ['lundi 14/03/2022', 'dmy', { date: '2022-03-14', minutes: null }],
    ['14 mars 2022', 'dmy', { date: '2022-03-14', minutes: null }],
    ['14 de março de 2022', 'dmy', { date: '2022-03-14', minutes: null }],
    ['14. März 2022', 'dmy', { date: '2022-03-14', minutes: null }],
    ['Mon, March 14, 2022', 'dmy', { date: '2022-03-14', minutes: null }],
    ['martes 15 de marzo de 2022', 'dmy', { date: '2022-03-15', minutes: null }],
  ] as const)('%s (%s)', (text, order, expected) => {
    expect(parseDateCell(text, order)).toEqual(expected);
  });

  it('an ISO date-time in UTC is read in the local time of the device', () => {
    const local = new Date('2019-02-05T12:30:00Z');
    expect(parseDateCell('2019-02-05T12:30:00Z')).toEqual({
      date: '2019-02-05',
      minutes: local.getHours() * 60 + local.getMinutes(),
    });
  });

  it.each(['31/02/2022', '2022-13-01', '09/10 FN2', '12345678', '1315', '14 mardi 2022', 'Lundi'])(
    '%s is not a date',
    (text) => {
      expect(parseDateCell(text)).toBeNull();
    },
  );
});

describe('names and markers', () => {
  it.each([
    ['Antoine Petit', true],
    ["Maude L'hoir", true],
    ['JOSEPH ROQUE DOLLRICH FERNANDES', true],
    ['Dr Robin Lovelace', true],
    ['Sayantani Chatterjee(RS)', true],
    ['BIOLOGICAL LABORATORY', false],
    ['Histoire du jeu vidéo et concepts', false],
    ['Graphiste 2D Gaming', false],
    ['Dupont', false],
  ] as const)('%s looks like a person: %s', (text, expected) => {
    expect(looksLikePersonName(text)).toBe(expected);
  });

  it('decorations around a name are dropped', () => {
    expect(stripPersonDecorations('NILESH LAKSHMAN DAHIBHATE .')).toBe('NILESH LAKSHMAN DAHIBHATE');
    expect(stripPersonDecorations('Ramakrishnan S(RS)')).toBe('Ramakrishnan S');
    expect(stripPersonDecorations('Dr Robin Lovelace')).toBe('Robin Lovelace');
  });

  it.each([
    ['---', true],
    ['-- Pâques', true],
    ['----- Congés', true],
    ['Jour d’accueil', false],
    ['Gaming - Game designer', false],
  ] as const)('%s is a marker: %s', (text, expected) => {
    expect(isMarker(text)).toBe(expected);
  });
});

describe('lists of every family', () => {
  it('a planning with one line per day (Portuguese titles): whole days, empty days and holidays skipped', () => {
    expect(
      read([
        ['Data', 'Unidade', 'Formador'],
        ['7/03/2022', 'Redes', 'Ana Sousa'],
        ['8/03/2022', '', ''],
        ['9/03/2022', '-- Carnaval', ''],
        ['10/03/2022', 'Redes', '---'],
      ]),
    ).toEqual([
      'Feuille 1|2022-03-07|1 09:00-17:00|Redes|Ana Sousa',
      'Feuille 1|2022-03-07|4 09:00-17:00|Redes|',
    ]);
  });

  it('an ERP list (Spanish titles): day codes, 12-hour times, one line per instructor of a section', () => {
    expect(
      read([
        ['Asignatura', 'Código', 'Grupo', 'Días', 'Inicio', 'Fin', 'Docente'],
        ['ALGEBRA LINEAL', 'MAT101', 'L1', 'MWF', '9:00:00 AM', '9:50:00 AM', 'Lucia Perez'],
        ['ALGEBRA LINEAL', 'MAT101', 'L1', 'MWF', '9:00:00 AM', '9:50:00 AM', 'Jorge Ruiz'],
        ['FISICA GENERAL', 'FIS100', 'T2', 'TTH', '1:00:00 PM', '2:30:00 PM', 'Marta Gil'],
      ]),
    ).toEqual([
      'FIS100 T2|-|2 13:00-14:30|FISICA GENERAL|Marta Gil',
      'FIS100 T2|-|4 13:00-14:30|FISICA GENERAL|Marta Gil',
      'MAT101 L1|-|1 09:00-09:50|ALGEBRA LINEAL|Lucia Perez',
      'MAT101 L1|-|3 09:00-09:50|ALGEBRA LINEAL|Lucia Perez',
      'MAT101 L1|-|5 09:00-09:50|ALGEBRA LINEAL|Lucia Perez',
    ]);
  });

  it('a calendar export (German titles): start and end date-times on one day, the week of each date', () => {
    expect(
      read([
        ['Veranstaltung', 'Beginn', 'Ende', 'Raum'],
        ['Statistik Vorlesung', '2024-04-08 10:15', '2024-04-08 11:45', 'H 1'],
        ['Statistik Übung', '2024-04-10 14:00', '2024-04-10 15:30', 'S 2'],
        ['Statistik Vorlesung', '2024-04-15 10:15', '2024-04-15 11:45', 'H 1'],
      ]),
    ).toEqual([
      'Feuille 1|2024-04-08|1 10:15-11:45|Statistik Vorlesung|',
      'Feuille 1|2024-04-08|3 14:00-15:30|Statistik Übung|',
      'Feuille 1|2024-04-15|1 10:15-11:45|Statistik Vorlesung|',
    ]);
  });

  it('a course list with weekday and period numbers, and a period table beside it', () => {
    expect(
      read([
        ['Cours', 'De', 'À', 'Jour', '', 'N', 'Début', 'Fin'],
        ['Chimie', '1', '2', '1', '', '1', '0800', '0850'],
        ['Dessin', '3', '3', '4', '', '2', '0900', '0950'],
        ['', '', '', '', '', '3', '1010', '1100'],
      ]),
    ).toEqual(['Feuille 1|-|1 08:00-09:50|Chimie|', 'Feuille 1|-|4 10:10-11:00|Dessin|']);
  });

  it('a start time and a duration without its unit under a duration title (hours up to 8, else minutes)', () => {
    expect(
      read([
        ['Classe', 'Jour', 'Heure', 'Durée', 'Matière', 'Professeur'],
        ['6e A', 'Lundi', '8h00', '2', 'Mathématiques', 'M. Diallo'],
        ['6e A', 'Mardi', '10h15', '90', 'Français', 'Mme Sow'],
      ]),
    ).toEqual(['6e A|-|1 08:00-10:00|Mathématiques|Diallo', '6e A|-|2 10:15-11:45|Français|Sow']);
  });

  it('a US export: month-first dates told by the 12-hour clock, the course in a column titled neither course nor subject', () => {
    expect(
      read([
        ['Subject', 'Catalog', 'Display Name', 'Start', 'End', 'Location'],
        [
          'CS',
          '101',
          'Introduction to Programming',
          '09/03/2018 02:00 PM CEST',
          '09/03/2018 03:15 PM CEST',
          'Room 12',
        ],
        ['MATH', '220', 'Linear Algebra', '09/04/2018 10:00 AM CEST', '09/04/2018 11:15 AM CEST', 'Hall B'],
      ]),
    ).toEqual([
      'Feuille 1|2018-09-03|1 14:00-15:15|Introduction to Programming|',
      'Feuille 1|2018-09-03|2 10:00-11:15|Linear Algebra|',
    ]);
  });

  it('a grid is not a list: days across the top, or a time axis across the top', () => {
    expect(
      read([
        ['Horaire', 'Lundi', 'Mardi'],
        ['08:00-10:00', 'Algorithmique', 'Réseaux'],
        ['10:00-12:00', 'Anglais', ''],
      ]),
    ).toBeNull();
    expect(
      read([
        ['Jour', '8:00', '9:00', '10:00'],
        ['Lundi', 'Maths', 'Maths', 'Anglais'],
        ['Mardi', 'Physique', '', 'Histoire'],
      ]),
    ).toBeNull();
  });
});
