import { describe, expect, it } from 'vitest';
import {
  detectedNames,
  fixedName,
  NO_NAME_FIXES,
  resolveWithFixes,
  userChoiceLabel,
  userMatchingText,
  type FixableReferences,
  type NameFixes,
} from '../../src/domain/planning/import-renames';
import type { DayOfWeek, ParsedCell, ParsedFile, ParsedRow } from '../../src/domain/timetable-parsing';

function row(startTime: string, monday: Omit<ParsedCell, 'sourceColumn'>[], sourceRow = 1): ParsedRow {
  const cells = {} as Record<DayOfWeek, ParsedCell[]>;
  for (const day of [1, 2, 3, 4, 5, 6, 7] as DayOfWeek[]) cells[day] = [];
  cells[1] = monday.map((cell) => ({ ...cell, sourceColumn: 1 }));
  const endTime = `${String(Number(startTime.slice(0, 2)) + 2).padStart(2, '0')}:00`;
  return { startTime, endTime, cells, sourceRow };
}

/** Two classes; "Anglais" and "M. Diallo" twice; a room on one course. */
const parsed: ParsedFile = {
  tables: [
    {
      className: 'L1 Info',
      sheetName: 'L1',
      headerRow: 0,
      timeColumn: 0,
      classNameSource: 'sheet-name',
      rows: [
        row('08:00', [{ moduleName: 'Anglais', teacherName: 'M. Diallo', room: 'B12' }], 1),
        row('10:00', [{ moduleName: 'Algo', teacherName: 'Mme Sow' }], 2),
      ],
    },
    {
      className: 'L2 Info',
      sheetName: 'L2',
      headerRow: 0,
      timeColumn: 0,
      classNameSource: 'sheet-name',
      rows: [row('08:00', [{ moduleName: ' anglais ', teacherName: 'M. Diallo' }], 1)],
    },
  ],
};

/** Two modules named "Anglais" (two levels), two users named "Awa Diop". */
const references: FixableReferences = {
  classes: [{ id: 'c-lic1', code: 'Licence 1 Informatique' }],
  courseModules: [
    { id: 'm-ang-l1', name: 'Anglais', code: 'ANG1' },
    { id: 'm-ang-l2', name: 'Anglais', code: 'ANG2' },
    { id: 'm-algo', name: 'Algorithmique' },
  ],
  users: [
    { id: 'u-awa-1', name: 'Awa Diop', email: 'awa.diop@ecole.sn', status: 'Active' },
    { id: 'u-awa-2', name: 'Awa Diop', email: 'awa.diop2@ecole.sn', status: 'Active' },
    { id: 'u-sow', name: 'Fatou Sow', email: 'fatou.sow@ecole.sn', status: 'Active' },
  ],
};

const fixes = (changes: Partial<{ [K in keyof NameFixes]: Partial<NameFixes[K]> }>): NameFixes => ({
  renames: { ...NO_NAME_FIXES.renames, ...changes.renames },
  mappings: { ...NO_NAME_FIXES.mappings, ...changes.mappings },
});

/** Each saved slot as "class|module id|teacher id|room", in file order. */
function slots(fix: NameFixes): string[] {
  return resolveWithFixes(parsed, fix, references).timetables.flatMap((t) =>
    t.slots.map((s) => `${t.classId}|${s.moduleId}|${s.teacherUserId}|${s.room ?? ''}`),
  );
}

describe('names fixed in the verification dialog, applied before matching', () => {
  const cases: {
    name: string;
    fix: NameFixes;
    missing: { classes: string[]; modules: string[]; teachers: string[] };
    slots: string[];
  }[] = [
    {
      name: 'nothing fixed: every name of the file is missing except Anglais (first of its name)',
      fix: NO_NAME_FIXES,
      missing: { classes: ['L1 Info', 'L2 Info'], modules: ['Algo'], teachers: ['M. Diallo', 'Mme Sow'] },
      slots: [],
    },
    {
      name: 'a class renamed to an existing code is that class',
      fix: fixes({ renames: { classes: { 'l1 info': 'licence 1 informatique' } } }),
      missing: { classes: ['L2 Info'], modules: ['Algo'], teachers: ['M. Diallo', 'Mme Sow'] },
      slots: [],
    },
    {
      name: 'a class mapped by id, module and teachers mapped: the courses are saved on the chosen records',
      fix: fixes({
        mappings: {
          classes: { 'l1 info': 'c-lic1' },
          modules: { algo: 'm-algo', anglais: 'm-ang-l2' },
          teachers: { 'm. diallo': 'u-awa-2', 'mme sow': 'u-sow' },
        },
      }),
      missing: { classes: ['L2 Info'], modules: [], teachers: [] },
      slots: ['c-lic1|m-ang-l2|u-awa-2|B12', 'c-lic1|m-algo|u-sow|'],
    },
    {
      name: 'a blank rename keeps the file name',
      fix: fixes({ renames: { modules: { algo: '   ' } } }),
      missing: { classes: ['L1 Info', 'L2 Info'], modules: ['Algo'], teachers: ['M. Diallo', 'Mme Sow'] },
      slots: [],
    },
    {
      name: 'a rename is trimmed and its spaces folded; a mapping wins over a rename of the same name',
      fix: fixes({
        renames: { teachers: { 'mme sow': '  Fatou   Sow ' }, classes: { 'l1 info': 'Autre' } },
        mappings: { classes: { 'l1 info': 'c-lic1' } },
      }),
      missing: { classes: ['L2 Info'], modules: ['Algo'], teachers: ['M. Diallo'] },
      slots: [],
    },
    {
      name: 'a mapping onto a record that no longer exists is ignored',
      fix: fixes({ mappings: { classes: { 'l1 info': 'c-deleted' } } }),
      missing: { classes: ['L1 Info', 'L2 Info'], modules: ['Algo'], teachers: ['M. Diallo', 'Mme Sow'] },
      slots: [],
    },
  ];
  it.each(cases)('$name', ({ fix, missing, slots: expected }) => {
    const resolution = resolveWithFixes(parsed, fix, references);
    expect({
      classes: resolution.missingClasses,
      modules: resolution.missingModules,
      teachers: resolution.missingTeachers,
    }).toEqual(missing);
    expect(slots(fix)).toEqual(expected);
  });

  it('shows the chosen records under their own names, never the stand-in', () => {
    const fix = fixes({
      mappings: { classes: { 'l1 info': 'c-lic1' }, teachers: { 'm. diallo': 'u-awa-1' } },
    });
    const resolution = resolveWithFixes(parsed, fix, references);
    expect(resolution.timetables.map((t) => t.className)).toEqual(['Licence 1 Informatique']);
    const names = resolution.skipped.map((s) => `${s.className}/${s.moduleName}/${s.teacherName}`);
    expect(names).toEqual(['Licence 1 Informatique/Algo/Mme Sow', 'L2 Info/ anglais /Awa Diop']);
    expect(JSON.stringify(resolution)).not.toContain('\u0000');
  });

  it.each([
    [
      'classes',
      'L1 Info',
      'Licence 1 Informatique',
      fixes({ mappings: { classes: { 'l1 info': 'c-lic1' } } }),
    ],
    [
      'modules',
      'Algo',
      'Algorithmique avancée',
      fixes({ renames: { modules: { algo: ' Algorithmique  avancée' } } }),
    ],
    ['teachers', 'M. Diallo', 'Fatou Sow', fixes({ mappings: { teachers: { 'm. diallo': 'u-sow' } } })],
    ['teachers', 'M. Diallo', 'M. Diallo', fixes({ mappings: { teachers: { 'm. diallo': 'u-gone' } } })],
    ['modules', 'Algo', 'Algo', NO_NAME_FIXES],
  ] as const)('%s: %s is shown as %s', (kind, name, expected, fix) => {
    expect(fixedName(kind, name, fix, references)).toBe(expected);
  });
});

describe('module and teacher names read in the file', () => {
  it('lists each name once (case and spaces folded), in file order, with its courses', () => {
    expect(detectedNames(parsed, 'modules')).toEqual([
      { name: 'Anglais', courseCount: 2 },
      { name: 'Algo', courseCount: 1 },
    ]);
    expect(detectedNames(parsed, 'teachers')).toEqual([
      { name: 'M. Diallo', courseCount: 2 },
      { name: 'Mme Sow', courseCount: 1 },
    ]);
  });
});

describe('a teacher mapped onto an existing user by name or e-mail', () => {
  it.each([
    ['e-mail, any case', ' AWA.DIOP2@ecole.sn ', 'u-awa-2'],
    ['the suggestion "Name <email>"', 'Awa Diop <awa.diop@ecole.sn>', 'u-awa-1'],
    ['a name one user carries', 'fatou  sow', 'u-sow'],
    ['a name two users carry: no one', 'Awa Diop', null],
    ['an unknown e-mail: no one', 'x@ecole.sn', null],
    ['a half-typed name: no one', 'Fatou', null],
    ['nothing typed', '  ', null],
  ])('%s', (_, text, expected) => {
    expect(userMatchingText(references.users, text)?.id ?? null).toBe(expected);
  });

  it('labels each user with name and e-mail, so two of the same name are told apart', () => {
    expect(references.users.map(userChoiceLabel)).toEqual([
      'Awa Diop <awa.diop@ecole.sn>',
      'Awa Diop <awa.diop2@ecole.sn>',
      'Fatou Sow <fatou.sow@ecole.sn>',
    ]);
    expect(userChoiceLabel({ name: 'Sans Email' })).toBe('Sans Email');
  });
});
