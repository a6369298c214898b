import { describe, expect, it } from 'vitest';
import {
  emptyDayCells,
  resolveReferences,
  TEACHER_PLACEHOLDER_EMAIL_DOMAIN,
  teacherEmailFromName,
  type DayOfWeek,
  type ParsedFile,
  type ParsedTable,
} from '../../src/domain/timetable-parsing';

type Course = [day: DayOfWeek, start: string, end: string, module: string, teacher: string];

function table(className: string, courses: Course[]): ParsedTable {
  return {
    className,
    sheetName: 'S',
    headerRow: 0,
    timeColumn: 0,
    classNameSource: 'sheet-name',
    rows: courses.map(([day, startTime, endTime, moduleName, teacherName], index) => {
      const cells = emptyDayCells();
      cells[day] = [{ moduleName, teacherName, sourceColumn: day }];
      return { startTime, endTime, cells, sourceRow: index + 1 };
    }),
  };
}

const slot = (
  dayOfWeek: DayOfWeek,
  startTime: string,
  endTime: string,
  moduleId: string,
  teacherUserId: string,
) => ({
  dayOfWeek,
  startTime,
  endTime,
  moduleId,
  teacherUserId,
  deliveryMode: 'presentiel',
  canceled: false,
});

const parsed: ParsedFile = {
  tables: [
    table(' l1 info ', [
      [3, '10:00', '12:00', 'ALGO ', '  m diallo'],
      [1, '08:00', '10:00', 'algo', 'M Diallo'],
      [1, '10:00', '12:00', 'Réseaux', 'Sow'],
      [2, '08:00', '10:00', 'Algo', ''],
    ]),
    table('L2', [
      [1, '08:00', '10:00', 'réseaux', 'SOW'],
      [4, '08:00', '10:00', 'Maths', 'Ba'],
    ]),
  ],
};

describe('resolveReferences (spec part 2, point 5 "Matching")', () => {
  it('lists distinct missing classes, modules and teachers, first spelling kept, empty names left out', () => {
    const result = resolveReferences(parsed, { classes: [], courseModules: [], users: [] });
    expect(result.missingClasses).toEqual(['l1 info', 'L2']);
    expect(result.missingModules).toEqual(['ALGO', 'Réseaux', 'Maths']);
    expect(result.missingTeachers).toEqual(['m diallo', 'Sow', 'Ba']);
    expect(result.timetables).toEqual([]);
    expect(result.skippedCount).toBe(6);
    expect(new Set(result.skipped.map((s) => s.reason))).toEqual(new Set(['unknown-class']));
  });

  it('matches classes by code, modules by name, teachers by name, ignoring case and surrounding spaces', () => {
    const result = resolveReferences(parsed, {
      classes: [
        { id: 'c1', code: 'L1 INFO' },
        { id: 'c2', code: ' l2' },
      ],
      courseModules: [
        { id: 'm-algo', name: ' Algo' },
        { id: 'm-res', name: 'RÉSEAUX' },
        { id: 'm-maths', name: 'Mathématiques', code: 'maths' },
      ],
      users: [
        { id: 'u-diallo', name: 'M Diallo ' },
        { id: 'u-sow', name: 'sow' },
        { id: 'u-ba', name: 'Ba' },
      ],
    });
    expect(result.missingClasses).toEqual([]);
    expect(result.missingModules).toEqual([]);
    expect(result.missingTeachers).toEqual([]);
    expect(result.timetables).toEqual([
      {
        classId: 'c1',
        className: ' l1 info ',
        slots: [
          slot(1, '08:00', '10:00', 'm-algo', 'u-diallo'),
          slot(1, '10:00', '12:00', 'm-res', 'u-sow'),
          // The course whose file names no teacher is kept "à affecter" (issue 30 item 5).
          slot(2, '08:00', '10:00', 'm-algo', ''),
          slot(3, '10:00', '12:00', 'm-algo', 'u-diallo'),
        ],
      },
      {
        classId: 'c2',
        className: 'L2',
        slots: [slot(1, '08:00', '10:00', 'm-res', 'u-sow'), slot(4, '08:00', '10:00', 'm-maths', 'u-ba')],
      },
    ]);
    expect(result.skippedCount).toBe(0);
    expect(result.skipped).toEqual([]);
  });

  it('skips and counts each unresolved course with its first reason: class, then module, then teacher', () => {
    const result = resolveReferences(parsed, {
      classes: [{ id: 'c1', code: 'l1 info' }],
      courseModules: [{ id: 'm-algo', name: 'algo' }],
      users: [{ id: 'u-sow', name: 'Sow' }],
    });
    expect(result.skipped.map((s) => `${s.className.trim()} ${s.moduleName} ${s.reason}`)).toEqual([
      'l1 info ALGO  unresolved-teacher',
      'l1 info algo unresolved-teacher',
      'l1 info Réseaux unresolved-module',
      'L2 réseaux unknown-class',
      'L2 Maths unknown-class',
    ]);
    expect(result.skippedCount).toBe(5);
    // The course without a teacher is not skipped: it is kept "à affecter".
    expect(result.timetables).toEqual([
      { classId: 'c1', className: ' l1 info ', slots: [slot(2, '08:00', '10:00', 'm-algo', '')] },
    ]);
  });

  it('merges tables of the same class, drops duplicate courses, prefers an active user of the same name', () => {
    const twice: ParsedFile = {
      tables: [
        table('L1', [[1, '08:00', '10:00', 'Algo', 'Diallo']]),
        table('l1', [[1, '08:00', '10:00', 'algo', 'diallo']]),
      ],
    };
    const result = resolveReferences(twice, {
      classes: [{ id: 'c1', code: 'L1' }],
      courseModules: [{ id: 'm1', name: 'Algo' }],
      users: [
        { id: 'u-old', name: 'Diallo', status: 'Archived' },
        { id: 'u-new', name: 'Diallo', status: 'Active' },
      ],
    });
    expect(result.timetables).toEqual([
      { classId: 'c1', className: 'L1', slots: [slot(1, '08:00', '10:00', 'm1', 'u-new')] },
    ]);
    expect(result.skippedCount).toBe(0);
  });

  it('handles an empty parsed file', () => {
    expect(resolveReferences({ tables: [] }, { classes: [], courseModules: [], users: [] })).toEqual({
      missingClasses: [],
      missingModules: [],
      missingTeachers: [],
      timetables: [],
      skippedCount: 0,
      skipped: [],
    });
  });
});

describe('teacherEmailFromName', () => {
  it.each<[string, string[], string | undefined, string]>([
    ['Awa Diop', [], undefined, 'awa.diop@enseignants.invalid'],
    ['  Aïssatou   Bâ ', [], undefined, 'aissatou.ba@enseignants.invalid'],
    ["Jean-Pierre N'Diaye", [], undefined, 'jean.pierre.n.diaye@enseignants.invalid'],
    ['Awa Diop', ['AWA.DIOP@enseignants.invalid'], undefined, 'awa.diop2@enseignants.invalid'],
    [
      'Awa Diop',
      ['awa.diop@enseignants.invalid', 'awa.diop2@enseignants.invalid'],
      undefined,
      'awa.diop3@enseignants.invalid',
    ],
    ['Awa Diop', ['awa.diop@autre.test'], undefined, 'awa.diop@enseignants.invalid'],
    ['Awa Diop', [], '@Ecole.Test', 'awa.diop@ecole.test'],
    ['Awa Diop', [], '', 'awa.diop@enseignants.invalid'],
    ['', [], undefined, 'enseignant@enseignants.invalid'],
    ['***', ['enseignant@enseignants.invalid'], undefined, 'enseignant2@enseignants.invalid'],
  ])('%j (taken: %j, domain %j) -> %s', (name, taken, domain, expected) => {
    expect(teacherEmailFromName(name, taken, domain)).toBe(expected);
  });

  it('uses the placeholder domain by default', () => {
    expect(TEACHER_PLACEHOLDER_EMAIL_DOMAIN).toBe('enseignants.invalid');
    expect(teacherEmailFromName('Ba', new Set())).toBe('ba@enseignants.invalid');
  });
});
