// The rules added for the grid families of real files (issue 30), each at its thresholds.
import { describe, expect, it } from 'vitest';
import { parseCellText } from '../../src/domain/timetable-parsing/cell-text';
import { trailingClassCode } from '../../src/domain/timetable-parsing/class-name';
import {
  bareHourLabels,
  tablesFromCourses,
  type Course,
} from '../../src/domain/timetable-parsing/grid-reader';
import { columnEdges } from '../../src/domain/timetable-parsing/grids/ruler';
import { dropRepeatedSheets } from '../../src/domain/timetable-parsing/repeated-sheets';
import { parseTimeRange } from '../../src/domain/timetable-parsing/time-range';
import type { ParsedTable } from '../../src/domain/timetable-parsing/types';

const cells = (...texts: string[]) => texts.map((text, position) => ({ position, text }));

describe('bare hours on an axis, read as a whole', () => {
  it.each<[string, string[], [number, number | null][]]>([
    [
      'bare ranges "8-9"',
      ['8-9', '9-10', '10-11'],
      [
        [480, 540],
        [540, 600],
        [600, 660],
      ],
    ],
    [
      'bare starts "8", "10", "13"',
      ['8', '10', '13'],
      [
        [480, null],
        [600, null],
        [780, null],
      ],
    ],
    [
      'empty cells between are skipped',
      ['8', '', '10', 'x', '13'],
      [
        [480, null],
        [600, null],
        [780, null],
      ],
    ],
  ])('%s', (_, texts, expected) => {
    expect(bareHourLabels(cells(...texts)).map((l) => [l.start, l.end])).toEqual(expected);
  });

  it.each<[string, string[]]>([
    ['two labels only', ['8', '10']],
    ['period numbers 1..4 (an hour before 6)', ['1', '2', '3', '4']],
    ['a number after 22', ['20', '21', '23']],
    ['not ascending', ['8', '10', '9']],
    ['a range over more than 6 hours', ['8-9', '9-16', '16-17']],
    ['a range ending before it starts', ['8-9', '10-9', '11-12']],
  ])('none: %s', (_, texts) => {
    expect(bareHourLabels(cells(...texts))).toEqual([]);
  });
});

describe('times printed by programs and typed by hand', () => {
  it.each<[string, { startTime: string; endTime: string } | null]>([
    ['8:0:AM-8:55:AM', { startTime: '08:00', endTime: '08:55' }],
    ['12:0:PM-12:55:PM', { startTime: '12:00', endTime: '12:55' }],
    ['5:0:PM-5:55:PM', { startTime: '17:00', endTime: '17:55' }],
    ['09:40:-10:30', { startTime: '09:40', endTime: '10:30' }],
    ['8-9', null],
  ])('%s', (text, range) => {
    expect(parseTimeRange(text)).toEqual(range);
  });
});

describe('cell lines that are notes, not courses', () => {
  it.each<[string, [string, string][]]>([
    ['Arabe\n(1h)', [['Arabe', '']]],
    ['Arabe\n(2h)', [['Arabe', '']]],
    ['EXAMEN \nCONTROLE DE GESTION', [['CONTROLE DE GESTION', '']]],
    ['TP\nChimie', [['Chimie', '']]],
    ['Déjeuner RA Haut Carré', []],
    ['JUMMA NAMAZ BREAK', []],
    ['Reserved for FSM', []],
    ['Pause', []],
    // Not a note: a course whose name starts with a break word's letters.
    ['Pausanias\nDupont', [['Pausanias', 'Dupont']]],
  ])('%j', (text, expected) => {
    expect(parseCellText(text).map((c) => [c.moduleName, c.teacherName])).toEqual(expected);
  });
});

describe('a cell listing parallel sessions by their codes', () => {
  it('3 code lines or more: one course per line', () => {
    expect(parseCellText('RTEL\nMOBJ\nil 1\npr 1').map((c) => c.moduleName)).toEqual([
      'RTEL',
      'MOBJ',
      'il 1',
      'pr 1',
    ]);
  });
  it('2 lines stay a module and its teacher', () => {
    expect(parseCellText('RTEL\nKane').map((c) => [c.moduleName, c.teacherName])).toEqual([['RTEL', 'Kane']]);
  });
  it('3 lines of which fewer than half are codes stay module, teacher, next course', () => {
    expect(parseCellText('Algo\nKane\nReseaux').map((c) => c.moduleName)).toEqual(['Algo', 'Reseaux']);
  });
});

describe('rooms and co-teachers of drawn blocks', () => {
  it('"CREMI - salle 05" is one room; a second full name is a co-teacher', () => {
    expect(
      parseCellText('Projet - Restitution\nDavid Renault\nLaurianne Foulquier\nA29 - salle 102'),
    ).toEqual([
      {
        moduleName: 'Projet - Restitution',
        teacherName: 'David Renault, Laurianne Foulquier',
        room: 'A29 - salle 102',
      },
    ]);
  });
  it('a course after a teacher still opens a course', () => {
    expect(parseCellText('Algo\nM. Diallo\nRéseaux\nMme Sow').map((c) => c.moduleName)).toEqual([
      'Algo',
      'Réseaux',
    ]);
  });
});

describe('section code ending a course line (grid by room)', () => {
  it.each<[string, ReturnType<typeof trailingClassCode>]>([
    ['DAA BCS-5C', { rest: 'DAA', classCode: 'BCS-5C', after: '' }],
    ['NPS BCY-5A (A,B)', { rest: 'NPS', classCode: 'BCY-5A', after: '' }],
    ['CV Lab BAI-7A Sohail Ahmed', { rest: 'CV Lab', classCode: 'BAI-7A', after: 'Sohail Ahmed' }],
    ['DB Lab', null],
    ['Mathématiques', null],
  ])('%s', (line, expected) => {
    expect(trailingClassCode(line)).toEqual(expected);
  });
});

describe('the same course in following periods is one block', () => {
  const course = (start: number, end: number, moduleName = 'MA20202'): Course => ({
    moduleName,
    teacherName: '',
    day: 1,
    start,
    end,
    sourceRow: 1,
    sourceColumn: start,
  });
  const key = {
    className: 'C',
    source: 'sheet-name' as const,
    weekStartDate: null,
    headerRow: 0,
    timeColumn: 0,
  };
  const times = (courses: Course[]) =>
    tablesFromCourses([{ key, courses }], 'S')[0]?.rows.map((r) => `${r.startTime}-${r.endTime}`);

  it.each<[string, Course[], string[]]>([
    ['5 minutes of passing time: one block', [course(480, 535), course(540, 595)], ['08:00-09:55']],
    ['10 minutes: one block', [course(480, 530), course(540, 600)], ['08:00-10:00']],
    ['a quarter-hour break: two', [course(540, 600), course(615, 735)], ['09:00-10:00', '10:15-12:15']],
    [
      'another course between: two',
      [course(480, 540), course(540, 600, 'CH21208')],
      ['08:00-09:00', '09:00-10:00'],
    ],
  ])('%s', (_, courses, expected) => {
    expect(times(courses)).toEqual(expected);
  });
});

describe('a ruler whose labels span two columns', () => {
  const label = (position: number, start: number) => ({
    position,
    start,
    end: start + 15,
    kind: 'start' as const,
  });
  it('each label is the line between its two columns', () => {
    const edge = columnEdges([label(2, 540), label(4, 555), label(6, 570), label(8, 585)]);
    expect([edge(3), edge(11), edge(7), edge(2)]).toEqual([540, 600, 570, 535]);
  });
});

describe('a sheet that repeats part of another', () => {
  const table = (
    sheetName: string,
    modules: string[],
    source: ParsedTable['classNameSource'] = 'sheet-name',
  ) => ({
    className: sheetName,
    sheetName,
    headerRow: 0,
    timeColumn: 0,
    classNameSource: source,
    rows: modules.map((moduleName, i) => ({
      startTime: `0${8 + i}:00`,
      endTime: `0${9 + i}:00`,
      sourceRow: i,
      cells: {
        1: [{ moduleName, teacherName: '', sourceColumn: 1 }],
        2: [],
        3: [],
        4: [],
        5: [],
        6: [],
        7: [],
      },
    })),
  });
  it('is dropped when named by its sheet name only', () => {
    const tables = [table('Tudo', ['BD', 'OC', 'RC']), table('Teoricas', ['BD', 'OC'])];
    expect(dropRepeatedSheets(tables).map((t) => t.sheetName)).toEqual(['Tudo']);
  });
  it('is kept when it names its class, or holds a course of its own', () => {
    expect(
      dropRepeatedSheets([table('A', ['BD', 'OC', 'RC']), table('B', ['BD', 'OC'], 'label')]).map(
        (t) => t.sheetName,
      ),
    ).toEqual(['A', 'B']);
    expect(
      dropRepeatedSheets([table('A', ['BD', 'OC', 'RC']), table('B', ['BD', 'IA'])]).map((t) => t.sheetName),
    ).toEqual(['A', 'B']);
  });
});
