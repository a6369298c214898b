import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DAYS_OF_WEEK, type ParsedFile } from '../../src/domain/timetable-parsing';
import { decodeTextBytes, detectTextEncoding } from '../../src/domain/timetable-parsing/text-decoding';
import { readTimetableBytes } from '../../src/services/sheets/workbook-to-grids';

/**
 * The real-world corpus (built by scripts/make-real-timetables.mjs): files laid out the way schools' tools
 * write them. Each file lists every course it holds, one line "class | week | day start-end | module |
 * teacher | room" (week: Monday of a dated week, else empty).
 */
const CORPUS: Record<string, string[]> = {
  // Family 1: no time-range column.
  'start-times-merged.xlsx': [
    'BTS SIO 1 |  | 1 08:00-10:00 | Mathématiques | Dupont | 104',
    'BTS SIO 1 |  | 2 09:00-12:00 | Algorithmique | Diallo | U2 218',
    'BTS SIO 1 |  | 1 10:00-11:00 | Anglais | Martin | B12',
    'BTS SIO 1 |  | 3 11:00-12:00 | Culture générale | Fall | ',
    'BTS SIO 1 |  | 4 13:30-15:30 | Réseaux | Sow | B12',
    'BTS SIO 1 |  | 5 15:30-17:30 | EPS | Ba | GYMNASE',
  ],
  'start-times-numeric.xlsx': [
    '6e B |  | 1 07:45-09:35 | MATHEMATIQUES | PETIT | 104',
    '6e B |  | 2 09:35-10:45 | FRANCAIS | LEROY | 205',
    '6e B |  | 4 13:30-15:20 | SVT | GARCIA | LABO 2',
    '6e B |  | 5 15:20-16:15 | EPS | ROUX | GYMNASE',
  ],
  'times-in-cells.xlsx': [
    'L2 Informatique |  | 1 08:00-10:00 | Algorithmique | Diallo | Amphi A',
    'L2 Informatique |  | 1 10:15-12:15 | Bases de données | Fall | B12',
    'L2 Informatique |  | 2 09:00-12:30 | Gestion de projet | Sow | B12',
    'L2 Informatique |  | 4 08:30-10:30 | Anglais | Martin | C04',
    'L2 Informatique |  | 3 14:00-17:00 | Projet tutoré | Diallo | ',
    'L2 Informatique |  | 5 13:30-15:30 | Réseaux | Sow | ',
  ],
  'times-in-cells-de-a.xlsx': [
    'CAP Cuisine |  | 1 08:00-12:00 | Pâtisserie | Gueye | ',
    'CAP Cuisine |  | 2 14:00-18:00 | Service en salle | Diatta | ',
    'CAP Cuisine |  | 3 10:00-12:00 | Hygiène | Gueye | ',
    'CAP Cuisine |  | 5 10:00-18:00 | Cuisine du monde | Gueye | ',
  ],
  'periods-bell-beside.xlsx': [
    '4e A |  | 1 08:00-09:50 | Mathématiques | Dupont | 104',
    '4e A |  | 4 08:00-08:55 | Histoire-géographie | Lefèvre | 201',
    '4e A |  | 2 10:05-11:00 | Français | Leroy | 205',
    '4e A |  | 3 11:00-11:55 | Anglais | Martin | 112',
    '4e A |  | 5 13:30-15:20 | Technologie | Garcia | ATELIER 1',
  ],
  'periods-bell-sheet.xlsx': [
    'Terminale S2 |  | 1 08:00-10:00 | Philosophie | Sarr | ',
    'Terminale S2 |  | 3 08:00-10:00 | Physique-chimie | Kane | LABO 1',
    'Terminale S2 |  | 2 10:00-12:00 | Mathématiques | Dupont | ',
    'Terminale S2 |  | 6 10:00-12:00 | Mathématiques | Dupont | ',
    'Terminale S2 |  | 4 15:00-17:00 | SVT | Ba | ',
    'Terminale S2 |  | 5 17:00-19:00 | Anglais | Martin | ',
  ],
  // Family 2: days not in one header row.
  'days-as-rows.xlsx': [
    'M1 Finance |  | 1 08:30-10:30 | Finance de marché | Ba | ',
    'M1 Finance |  | 1 14:00-16:00 | Économétrie | Ndour | ',
    'M1 Finance |  | 2 10:45-12:45 | Comptabilité approfondie | Faye | ',
    'M1 Finance |  | 4 08:30-10:30 | Anglais des affaires | Martin | ',
    'M1 Finance |  | 4 16:15-18:15 | Fiscalité | Sy | ',
    'M1 Finance |  | 5 14:00-16:00 | Finance de marché | Ba | ',
  ],
  'days-row-blocks.xlsx': [
    'Licence 3 Droit |  | 1 08:00-10:00 | Droit des affaires | Diop | Amphi B',
    'Licence 3 Droit |  | 1 10:00-12:00 | Droit fiscal | Sy | ',
    'Licence 3 Droit |  | 2 14:00-17:00 | Procédure civile | Ndiaye | 204',
    'Licence 3 Droit |  | 4 08:00-10:00 | Droit des affaires | Diop | Amphi B',
  ],
  'dated-rows.xlsx': [
    'BTS NDRC 1 | 2022-09-12 | 1 08:30-10:30 | Négociation | Diallo | ',
    'BTS NDRC 1 | 2022-09-12 | 1 13:45-15:45 | Culture économique | Faye | ',
    'BTS NDRC 1 | 2022-09-12 | 2 10:45-12:45 | Marketing digital | Sarr | ',
    'BTS NDRC 1 | 2022-09-12 | 4 08:30-10:30 | Anglais | Martin | ',
    'BTS NDRC 1 | 2022-09-12 | 4 16:00-18:00 | Négociation | Diallo | ',
  ],
  'sheet-per-day.xlsx': [
    'L1 Info |  | 1 08:00-10:00 | Algorithmique | Diallo | B12',
    'M1 Info |  | 1 08:00-10:00 | Big data | Ndiaye | B14',
    'L2 Info |  | 1 10:15-12:15 | Réseaux | Sow | ',
    'L1 Info |  | 1 14:00-16:00 | Anglais | Martin | ',
    'L2 Info |  | 2 08:00-10:00 | Systèmes | Kane | B12',
    'L1 Info |  | 2 10:15-12:15 | Mathématiques | Dupont | ',
    'M1 Info |  | 2 10:15-12:15 | Big data | Ndiaye | B14',
    'L2 Info |  | 3 14:00-16:00 | Réseaux | Sow | ',
  ],
  'sheet-per-day-rows.xlsx': [
    'BTS1 CG |  | 1 08:00-10:00 | Comptabilité | Ba | ',
    'BTS2 CG |  | 1 10:00-12:00 | Droit | Diop | ',
    'BTS1 CG |  | 2 14:00-16:00 | Économie | Faye | ',
    'BTS2 CG |  | 2 08:00-10:00 | Comptabilité | Ba | ',
    'BTS1 CG |  | 4 10:00-12:00 | Anglais | Martin | ',
    'BTS2 CG |  | 4 14:00-16:00 | Gestion | Ba | ',
  ],
  'day-numbers.xlsx': [
    'BTS CI 1 | 2022-10-31 | 1 08:00-10:00 | Commerce international | Sarr | B12',
    'BTS CI 1 | 2022-10-31 | 3 08:00-10:00 | Anglais | Martin | ',
    'BTS CI 1 | 2022-10-31 | 5 08:00-10:00 | Logistique | Kane | ',
    'BTS CI 1 | 2022-10-31 | 4 10:15-12:15 | Douane | Diouf | B12',
    'BTS CI 1 | 2022-11-07 | 2 08:00-10:00 | Commerce international | Sarr | B12',
    'BTS CI 1 | 2022-11-07 | 1 10:15-12:15 | Douane | Diouf | B12',
    'BTS CI 1 | 2022-11-07 | 3 10:15-12:15 | Anglais | Martin | ',
    'BTS CI 1 | 2022-11-07 | 4 10:15-12:15 | Logistique | Kane | ',
  ],
  // Family 3: several weeks in one file.
  'weeks-stacked.xlsx': [
    'BTS1 CG | 2022-09-12 | 1 08:00-10:00 | Comptabilité | Ba | ',
    'BTS1 CG | 2022-09-12 | 3 08:00-10:00 | Droit | Diop | ',
    'BTS1 CG | 2022-09-12 | 2 10:00-12:00 | Économie | Faye | ',
    'BTS1 CG | 2022-09-19 | 2 08:00-10:00 | Comptabilité | Ba | ',
    'BTS1 CG | 2022-09-19 | 1 10:00-12:00 | Droit | Diop | ',
    'BTS1 CG | 2022-09-19 | 4 10:00-12:00 | Économie | Faye | ',
  ],
  'weeks-dated-headers.xlsx': [
    'L1 Eco | 2022-09-12 | 1 08:30-10:30 | Microéconomie | Faye | ',
    'L1 Eco | 2022-09-12 | 4 08:30-10:30 | Statistiques | Ndour | ',
    'L1 Eco | 2022-09-12 | 2 14:00-16:00 | Droit | Diop | ',
    'L1 Eco | 2022-09-19 | 3 08:30-10:30 | Microéconomie | Faye | ',
    'L1 Eco | 2022-09-19 | 1 14:00-16:00 | Statistiques | Ndour | ',
    'L1 Eco | 2022-09-19 | 5 14:00-16:00 | Droit | Diop | ',
  ],
  'weeks-columns.xlsx': [
    'BTS MCO 1 | 2024-09-02 | 1 08:00-10:00 | Marketing | Sow | B12',
    'BTS MCO 1 | 2024-09-02 | 2 08:00-10:00 | Anglais | Martin | ',
    'BTS MCO 1 | 2024-09-02 | 2 10:00-12:00 | Culture générale | Diop | ',
    'BTS MCO 1 | 2024-09-09 | 1 08:00-10:00 | Gestion | Ba | ',
    'BTS MCO 1 | 2024-09-09 | 1 10:00-12:00 | Marketing | Sow | B12',
    'BTS MCO 1 | 2024-09-09 | 4 08:00-10:00 | Droit | Fall | 104',
    'BTS MCO 1 | 2024-09-16 | 1 10:00-12:00 | Anglais | Martin | ',
    'BTS MCO 1 | 2024-09-16 | 2 08:00-10:00 | Gestion | Ba | ',
    'BTS MCO 1 | 2024-09-16 | 4 10:00-12:00 | Marketing | Sow | B12',
  ],
  'weeks-columns-dated.ods': [
    'Licence 1 Gestion | 2024-09-09 | 1 08:00-10:00 | Comptabilité | Ba | ',
    'Licence 1 Gestion | 2024-09-09 | 1 10:00-12:00 | Statistiques | Ndour | ',
    'Licence 1 Gestion | 2024-09-09 | 3 10:00-12:00 | Économie | Faye | ',
    'Licence 1 Gestion | 2024-09-09 | 5 14:00-16:00 | Anglais | Martin | ',
    'Licence 1 Gestion | 2024-09-16 | 1 08:00-10:00 | Comptabilité | Ba | ',
    'Licence 1 Gestion | 2024-09-16 | 3 08:00-10:00 | Droit | Diop | Amphi A',
    'Licence 1 Gestion | 2024-09-16 | 3 10:00-12:00 | Économie | Faye | ',
  ],
  // Family 4: grids by teacher and by room.
  'by-teacher.xlsx': [
    'L1 Info |  | 1 08:00-10:00 | Algorithmique | Diallo | B12',
    'L2 Info |  | 3 08:00-10:00 | Réseaux | Diallo | B14',
    'L1 Info |  | 2 10:15-12:15 | Algorithmique | Diallo | B12',
    'L2 Info |  | 2 08:00-10:00 | Systèmes | Sow | B14',
    'M1 Info |  | 5 08:00-10:00 | Cloud | Sow | Amphi A',
    'L1 Info |  | 4 14:00-16:00 | Anglais | Sow | ',
  ],
  'by-room.xlsx': [
    'L2 Info |  | 1 08:00-10:00 | Réseaux | Diallo | Amphi A',
    'L1 Info |  | 4 08:00-10:00 | Mathématiques | Dupont | Amphi A',
    'M1 Info |  | 2 10:00-12:00 | Cloud | Sow | Amphi A',
    'L1 Info |  | 2 08:00-10:00 | Algorithmique | Diallo | B12',
    'L2 Info |  | 3 14:00-16:00 | Anglais | Martin | B12',
  ],
  // Family 5: one course per line.
  'list-pronote.csv': [
    '3e A |  | 1 08:00-10:00 | MATHÉMATIQUES | DUPONT | 104',
    '3e A |  | 1 10:05-11:05 | FRANÇAIS | LEROY | 205',
    '3e B |  | 2 13:30-15:00 | SCIENCES ÉCONOMIQUES ET SOCIALES | FAYE | 112',
    '3e B |  | 4 08:00-09:00 | ÉDUCATION PHYSIQUE | ROUX | GYMNASE',
    '3e A |  | 5 14:25-15:20 | ŒUVRES ET LANGUE D’OC | SARR | CDI',
  ],
  'list-edt-dated.csv': [
    'BTS SIO 2 | 2022-09-12 | 1 08:30-10:30 | Cybersécurité | Ndiaye | B12',
    'BTS SIO 2 | 2022-09-12 | 2 14:00-17:00 | Développement web | Fall | B14',
    'BTS SIO 1 | 2022-09-12 | 4 10:45-12:45 | Algorithmique | Diallo | B12',
    'BTS SIO 2 | 2022-09-19 | 1 08:30-10:30 | Cybersécurité | Ndiaye | B12',
    'BTS SIO 1 | 2022-09-19 | 2 10:45-12:45 | Économie–droit | Diop | Amphi A',
  ],
  'list-asc.txt': [
    'Grade 10 |  | 1 08:00-09:00 | Physics | Kane | LAB 1',
    'Grade 10 |  | 1 09:00-10:30 | English | Smith | R204',
    'Grade 11 |  | 2 13:00-15:00 | Chemistry | Kane | LAB 1',
    'Grade 11 |  | 3 10:45-12:15 | History | Brown | R101',
  ],
  'grid-unicode.txt': [
    '2nde 3 |  | 1 08:00-10:00 | Français | Leroy | 205',
    '2nde 3 |  | 1 10:00-11:00 | Anglais | Nguyễn | 112',
    '2nde 3 |  | 2 09:00-11:00 | Mathématiques | Dupont | 104',
    '2nde 3 |  | 3 08:00-10:00 | Atelier "Théâtre" | Sarr | CDI',
    '2nde 3 |  | 4 14:00-16:00 | SVT | Fall | LABO 1',
    '2nde 3 |  | 5 11:00-12:00 | Histoire-géographie | Lefèvre | 201',
    '2nde 3 |  | 5 16:00-17:00 | Vie de classe | Leroy | ',
    '2nde 3 |  | 6 08:00-09:00 | EPS | Ba | GYMNASE',
  ],
  'list.ods': [
    'CAP Pâtisserie |  | 1 09:00-12:00 | Tour de main | Gueye | ATELIER 2',
    'CAP Pâtisserie |  | 2 13:30-16:30 | Sciences appliquées | Diatta | 108',
    'CAP Cuisine |  | 4 09:00-12:00 | Techniques culinaires | Gueye | ATELIER 1',
  ],
  // Family 6: cell text and clocks.
  'cell-text-mix.xlsx': [
    'M2 Data |  | 1 08:00-10:00 | Mathématiques | Dupont | Salle 12',
    'M2 Data |  | 2 08:00-10:00 | CONCEP.LOGICIELLE/BIG DATA | Ndiaye | B12',
    'M2 Data |  | 3 10:15-12:15 | Apprentissage automatique | Sow | U2 218',
    'M2 Data |  | 4 13:20-14:00 | Anglais | Martin | 104',
    'M2 Data |  | 5 13:30-15:30 | Projet | Sow | ',
  ],
  'cell-text-ampm.xlsx': [
    'Grade 9 |  | 1 08:00-09:00 | Physics | Kane | U2 218',
    'Grade 9 |  | 3 08:00-09:00 | Biology | Smith | LAB 2',
    'Grade 9 |  | 2 09:00-10:30 | Mathematics | Brown | R101',
    'Grade 9 |  | 4 13:00-14:30 | History | Brown | R101',
    'Grade 9 |  | 5 13:00-14:30 | Art | Smith | ATELIER 1',
  ],
  // Family 7: a title repeated on every sheet.
  'title-every-sheet.xlsx': [
    'L1 Info |  | 1 08:00-10:00 | Algorithmique | Diallo | ',
    'L1 Info |  | 2 10:00-12:00 | Anglais | Martin | ',
    'L2 Info |  | 1 08:00-10:00 | Réseaux | Sow | ',
    'L2 Info |  | 3 10:00-12:00 | Systèmes | Kane | ',
  ],
  'title-every-sheet.ods': [
    'BTS1 |  | 1 08:00-10:00 | Comptabilité | Ba | ',
    'BTS1 |  | 4 10:00-12:00 | Droit | Diop | ',
    'BTS2 |  | 2 08:00-10:00 | Marketing | Sow | ',
    'BTS2 |  | 1 10:00-12:00 | Comptabilité | Ba | ',
  ],
};

function courseLines(file: ParsedFile): string[] {
  return file.tables.flatMap((table) =>
    table.rows.flatMap((row) =>
      DAYS_OF_WEEK.flatMap((day) =>
        row.cells[day].map(
          (cell) =>
            `${table.className} | ${table.weekStartDate ?? ''} | ${day} ${row.startTime}-${row.endTime} | ${cell.moduleName} | ${cell.teacherName} | ${cell.room ?? ''}`,
        ),
      ),
    ),
  );
}

function readCorpusFile(name: string): string[] {
  const bytes = readFileSync(join(process.cwd(), 'tests', 'fixtures', 'timetables', 'real', name));
  const result = readTimetableBytes(bytes, name);
  return result.ok ? courseLines(result.value) : [];
}

type Score = 'full' | 'partial' | 'none';

function score(expected: readonly string[], actual: readonly string[]): Score {
  const sortedActual = [...actual].sort();
  if (JSON.stringify([...expected].sort()) === JSON.stringify(sortedActual)) return 'full';
  return expected.some((line) => actual.includes(line)) ? 'partial' : 'none';
}

const scores = new Map<string, Score>();

describe('real-world corpus: every course of every file, exactly', () => {
  it.each(Object.keys(CORPUS))('%s', (name) => {
    const actual = readCorpusFile(name);
    scores.set(name, score(CORPUS[name] ?? [], actual));
    expect([...actual].sort()).toEqual([...(CORPUS[name] ?? [])].sort());
  });
});

describe('real-world corpus: Unicode text files', () => {
  it.each(['list-asc.txt', 'grid-unicode.txt'])(
    '%s is UTF-16LE with a byte order mark, tab-separated',
    (name) => {
      const bytes = readFileSync(join(process.cwd(), 'tests', 'fixtures', 'timetables', 'real', name));
      expect([bytes[0], bytes[1]]).toEqual([0xff, 0xfe]);
      expect(detectTextEncoding(bytes)).toBe('utf-16le');
      const lines = decodeTextBytes(bytes).split('\r\n');
      expect(lines[0]).toContain('\t');
    },
  );
});

describe('real-world corpus: score table', () => {
  it('prints files read fully / partly / not at all', () => {
    const rows = Object.keys(CORPUS).map((name) => {
      const value = scores.get(name) ?? score(CORPUS[name] ?? [], readCorpusFile(name));
      scores.set(name, value);
      return `${name.padEnd(28)} ${value}`;
    });
    const count = (value: Score) => [...scores.values()].filter((s) => s === value).length;
    console.log(
      [
        'Timetable corpus score',
        ...rows,
        `fully: ${count('full')} / partly: ${count('partial')} / not at all: ${count('none')} (of ${scores.size})`,
      ].join('\n'),
    );
    expect(scores.size).toBe(Object.keys(CORPUS).length);
  });
});

afterAll(() => scores.clear());
