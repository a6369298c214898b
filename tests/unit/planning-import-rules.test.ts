import { describe, expect, it } from 'vitest';
import { summarizeNames } from '../../src/domain/planning/name-list';
import { planImportDeletion } from '../../src/domain/planning/import-deletion';
import {
  importPeriodOf,
  validateImportForm,
  type ImportFormDraft,
  type ImportPeriod,
} from '../../src/domain/planning/import-form';
import {
  buildNewReferences,
  moduleCodeFromName,
  teacherDraftIssue,
  teacherProfileId,
} from '../../src/domain/planning/import-references';
import {
  buildImportTimetables,
  filterPreviewRows,
  importConflicts,
  importDisplayItems,
  importPreviewRows,
  importSlotKey,
  previewLegend,
} from '../../src/domain/planning/import-timetables';
import type { PlanningImport, Slot, Timetable } from '../../src/domain/store/schema';
import { resolveReferences, type ParsedFile } from '../../src/domain/timetable-parsing';
import { emptyDayCells } from '../../src/domain/timetable-parsing';

const week: ImportFormDraft = {
  periodicity: 'week',
  year: 2025,
  month: 3,
  weekStartDate: '2025-03-17',
  hasFile: true,
};

describe('import form (spec part 2 point 5)', () => {
  it.each([
    ['valid week', week, []],
    ['week without Monday', { ...week, weekStartDate: null }, ['week-required']],
    ['week not in the month', { ...week, weekStartDate: '2025-04-07' }, ['week-required']],
    ['week without month', { ...week, month: null }, ['week-required']],
    ['valid month', { ...week, periodicity: 'month', weekStartDate: null }, []],
    ['month 13', { ...week, periodicity: 'month', month: 13 }, ['month-invalid']],
    ['month missing', { ...week, periodicity: 'month', month: null }, ['month-invalid']],
    ['no file', { ...week, hasFile: false }, ['file-required']],
    ['nothing', { ...week, month: null, hasFile: false }, ['week-required', 'file-required']],
  ] as const)('%s', (_name, draft, issues) => {
    expect(validateImportForm(draft as ImportFormDraft)).toEqual(issues);
  });

  it('gives the period with its ISO week number', () => {
    expect(importPeriodOf(week)).toEqual({
      periodicity: 'week',
      year: 2025,
      week: 12,
      month: 3,
      weekStartDate: '2025-03-17',
    });
    expect(importPeriodOf({ ...week, periodicity: 'month' })).toEqual({
      periodicity: 'month',
      year: 2025,
      week: null,
      month: 3,
      weekStartDate: null,
    });
    expect(importPeriodOf({ ...week, weekStartDate: null })).toBeNull();
  });
});

describe('new references', () => {
  it('picks the profile whose name contains "enseignant", else the first', () => {
    expect(
      teacherProfileId([
        { id: 'a', name: 'Admin' },
        { id: 't', name: 'Équipe ENSEIGNANTS' },
      ]),
    ).toBe('t');
    expect(teacherProfileId([{ id: 'a', name: 'Admin' }])).toBe('a');
    expect(teacherProfileId([])).toBeNull();
  });

  it('builds unique module codes', () => {
    expect(moduleCodeFromName('Programmation web', [])).toBe('PROGRAMMATIO');
    expect(moduleCodeFromName('Mathématiques', ['MATHEMATIQUE'])).toBe('MATHEMATIQU2');
    expect(moduleCodeFromName('***', [])).toBe('MODULE');
  });

  it('checks a typed e-mail', () => {
    expect(teacherDraftIssue('', [])).toBeNull();
    expect(teacherDraftIssue('nope', [])).toBe('email-invalid');
    expect(teacherDraftIssue('A@b.sn', ['a@B.sn'])).toBe('email-taken');
  });

  it('creates classes, modules and Active teachers marked with the import id', () => {
    let n = 0;
    const created = buildNewReferences({
      classes: [
        { name: ' L1  Info ', levelId: 'l1', instituteId: 'i1' },
        { name: 'l1 info', levelId: 'l1', instituteId: 'i1' },
      ],
      modules: [{ name: 'Algorithmique', levelId: 'l1', instituteId: null }],
      teachers: [
        { name: 'Awa Diop', email: '', profileId: 'teacher' },
        { name: 'Moussa Fall', email: 'moussa@ecole.sn', profileId: 'teacher' },
        { name: 'Known', email: '', profileId: 'teacher' },
      ],
      importId: 'imp-1',
      existing: {
        classes: [],
        courseModules: [{ code: 'ALGORITHMIQU', name: 'Autre' }],
        users: [
          { name: 'Known', email: 'known@x.sn' },
          { name: 'Other', email: 'awa.diop@enseignants.invalid' },
        ],
      },
      passwordHash: 'HASH',
      newId: (prefix) => `${prefix}${(n += 1)}`,
    });
    expect(created.classes).toEqual([
      { id: 'cls-1', code: 'L1 Info', levelId: 'l1', instituteId: 'i1', createdByImportId: 'imp-1' },
    ]);
    expect(created.courseModules).toEqual([
      {
        id: 'cm-2',
        code: 'ALGORITHMIQ2',
        name: 'Algorithmique',
        levelId: 'l1',
        instituteId: null,
        createdByImportId: 'imp-1',
      },
    ]);
    expect(
      created.users.map((u) => [u.name, u.email, u.status, u.mustChangePassword, u.passwordHash]),
    ).toEqual([
      ['Awa Diop', 'awa.diop2@enseignants.invalid', 'Active', true, 'HASH'],
      ['Moussa Fall', 'moussa@ecole.sn', 'Active', true, 'HASH'],
    ]);
    expect(created.users.every((u) => u.createdByImportId === 'imp-1' && u.profileId === 'teacher')).toBe(
      true,
    );
  });
});

const period: ImportPeriod = {
  periodicity: 'week',
  year: 2025,
  week: 12,
  month: 3,
  weekStartDate: '2025-03-17',
};

function parsedFile(): ParsedFile {
  const cells = emptyDayCells();
  cells[1] = [{ moduleName: 'Algo', teacherName: 'Diallo', sourceColumn: 1 }];
  cells[2] = [{ moduleName: 'Inconnu', teacherName: 'Diallo', sourceColumn: 2 }];
  return {
    tables: [
      {
        className: 'L1',
        sheetName: 'L1',
        headerRow: 0,
        timeColumn: 0,
        classNameSource: 'sheet-name',
        rows: [{ startTime: '08:00', endTime: '10:00', cells, sourceRow: 1 }],
      },
    ],
  };
}

const references = {
  classes: [{ id: 'c1', code: 'L1' }],
  courseModules: [{ id: 'm1', name: 'Algo' }],
  users: [{ id: 't1', name: 'Diallo' }],
};

function slot(partial: Partial<Slot>): Slot {
  return {
    dayOfWeek: 1,
    startTime: '09:00',
    endTime: '11:00',
    moduleId: 'm9',
    teacherUserId: 't1',
    deliveryMode: 'presentiel',
    canceled: false,
    ...partial,
  };
}

function timetable(partial: Partial<Timetable>): Timetable {
  return {
    id: 'tt',
    periodicity: 'week',
    year: 2025,
    weekStartDate: '2025-03-17',
    month: null,
    classId: 'c9',
    slots: [],
    createdAt: '2025-03-01T00:00:00.000Z',
    ...partial,
  };
}

describe('import timetables, preview and conflicts', () => {
  const resolution = resolveReferences(parsedFile(), references);
  let n = 0;
  const newId = (prefix: string) => `${prefix}${(n += 1)}`;

  it('builds one timetable per class with slot ids and chosen delivery types', () => {
    const key = importSlotKey('c1', resolution.timetables[0]!.slots[0]!);
    const built = buildImportTimetables({
      resolution,
      period,
      importId: 'imp-1',
      now: '2025-03-10T08:00:00.000Z',
      newId,
      deliveryModes: new Map([[key, 'en-ligne']]),
    });
    expect(built).toEqual([
      {
        id: 'tt-1',
        planningImportId: 'imp-1',
        periodicity: 'week',
        year: 2025,
        weekStartDate: '2025-03-17',
        month: null,
        classId: 'c1',
        createdAt: '2025-03-10T08:00:00.000Z',
        slots: [
          {
            id: 'slot-2',
            dayOfWeek: 1,
            startTime: '08:00',
            endTime: '10:00',
            moduleId: 'm1',
            teacherUserId: 't1',
            deliveryMode: 'en-ligne',
            canceled: false,
          },
        ],
      },
    ]);
  });

  it('lists saved and skipped rows, colours and filters them', () => {
    const rows = importPreviewRows(resolution, {
      modules: new Map([['m1', 'Algo']]),
      teachers: new Map([['t1', 'Diallo']]),
    });
    expect(rows.map((r) => [r.dayOfWeek, r.moduleName, r.teacherName, r.skipReason])).toEqual([
      [1, 'Algo', 'Diallo', null],
      [2, 'Inconnu', 'Diallo', 'unresolved-module'],
    ]);
    expect([...previewLegend(rows, 'module').keys()]).toEqual(['Algo', 'Inconnu']);
    expect([...previewLegend(rows, 'teacher').keys()]).toEqual(['Diallo']);
    expect(filterPreviewRows(rows, { moduleName: 'Inconnu', teacherName: null })).toHaveLength(1);
    expect(filterPreviewRows(rows, { moduleName: null, teacherName: 'X' })).toHaveLength(0);
  });

  it('dates the saved rows for the cards and calendar views', () => {
    const rows = importPreviewRows(resolution, { modules: new Map(), teachers: new Map() });
    const colors = previewLegend(rows, 'module');
    const monthPeriod: ImportPeriod = { ...period, periodicity: 'month', weekStartDate: null, week: null };
    const weekItems = importDisplayItems(rows, period, colors, 'module', new Map());
    expect(weekItems.map((i) => [i.date, i.startTime, i.deliveryMode])).toEqual([
      ['2025-03-17', '08:00', 'presentiel'],
    ]);
    // March 2025 has 5 Mondays; the skipped row is not drawn.
    expect(importDisplayItems(rows, monthPeriod, colors, 'module', new Map()).map((i) => i.date)).toEqual([
      '2025-03-03',
      '2025-03-10',
      '2025-03-17',
      '2025-03-24',
      '2025-03-31',
    ]);
  });

  it('finds conflicts with stored timetables of the same days, canceled and other weeks ignored', () => {
    const candidate = timetable({
      id: 'new',
      planningImportId: 'imp',
      classId: 'c1',
      slots: [slot({ startTime: '08:00', endTime: '10:00' })],
    });
    const overlapping = timetable({ id: 'a', slots: [slot({})] });
    const touching = timetable({ id: 'b', slots: [slot({ startTime: '10:00', endTime: '12:00' })] });
    const canceled = timetable({ id: 'c', slots: [slot({ canceled: true })] });
    const otherWeek = timetable({ id: 'd', weekStartDate: '2025-03-24', slots: [slot({})] });
    const month = timetable({
      id: 'e',
      periodicity: 'month',
      weekStartDate: null,
      month: 3,
      slots: [slot({})],
    });
    const conflicts = importConflicts(
      [candidate],
      [overlapping, touching, canceled, otherWeek, month],
      period,
    );
    expect(conflicts.map((c) => [c.a.timetableId, c.b.timetableId, c.dates])).toEqual([
      ['a', 'new', ['2025-03-17']],
      ['e', 'new', ['2025-03-17']],
    ]);
  });
});

describe('import deletion (spec part 2 point 4)', () => {
  const planningImport: PlanningImport = {
    id: 'imp',
    periodicity: 'week',
    year: 2025,
    week: 12,
    month: 3,
    weekStartDate: '2025-03-17',
    fileName: 'edt.xlsx',
    createdAt: '2025-03-10T08:00:00.000Z',
  };
  const own = timetable({
    id: 'own',
    planningImportId: 'imp',
    classId: 'c-new',
    slots: [slot({ moduleId: 'm-new', teacherUserId: 'u-new' })],
  });
  const legacy = timetable({ id: 'legacy', planningImportId: null, classId: 'c-old' });
  const legacyOtherWeek = timetable({ id: 'legacy-2', weekStartDate: '2025-03-24' });
  const other = timetable({ id: 'other', planningImportId: 'imp-2', classId: 'c-old', slots: [slot({})] });
  const base = {
    planningImport,
    classes: [
      { id: 'c-new', code: 'L1', createdByImportId: 'imp' },
      { id: 'c-old', code: 'L2' },
    ],
    courseModules: [{ id: 'm-new', code: 'ALGO', name: 'Algo', createdByImportId: 'imp' }],
    users: [
      { id: 'u-new', name: 'Diallo', email: 'd@x.sn', status: 'Active' as const, createdByImportId: 'imp' },
      { id: 't1', name: 'Fall', email: 'f@x.sn', status: 'Active' as const },
    ],
  };

  it('removes its timetables, same-period legacy ones and the items it created', () => {
    const result = planImportDeletion({ ...base, timetables: [own, legacy, legacyOtherWeek, other] });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.timetables.map((t) => t.id)).toEqual(['own']);
    expect(result.value.legacyTimetables.map((t) => t.id)).toEqual(['legacy']);
    expect(result.value.classes.map((c) => c.id)).toEqual(['c-new']);
    expect(result.value.courseModules.map((m) => m.id)).toEqual(['m-new']);
    expect(result.value.users.map((u) => u.id)).toEqual(['u-new']);
  });

  it('is blocked when a created item is used by a timetable that stays', () => {
    const usesTeacher = timetable({
      id: 'x',
      planningImportId: 'imp-2',
      slots: [slot({ teacherUserId: 'u-new' })],
    });
    const usesClass = timetable({
      id: 'y',
      planningImportId: 'imp-3',
      classId: 'c-new',
      weekStartDate: '2025-03-24',
    });
    const result = planImportDeletion({ ...base, timetables: [own, usesTeacher, usesClass] });
    expect(result).toEqual({
      ok: false,
      code: 'blocked',
      blockers: [
        { kind: 'class', id: 'c-new', name: 'L1', timetableIds: ['y'] },
        { kind: 'teacher', id: 'u-new', name: 'Diallo', timetableIds: ['x'] },
      ],
    });
  });

  it('a legacy timetable removed with the import does not block', () => {
    const legacyUsing = timetable({
      id: 'l',
      planningImportId: undefined,
      slots: [slot({ moduleId: 'm-new' })],
    });
    expect(planImportDeletion({ ...base, timetables: [own, legacyUsing] }).ok).toBe(true);
  });

  it('lists 5 names then "+ N autres"', () => {
    expect(summarizeNames(['a', 'b', 'c', 'd', 'e', 'f', 'g'])).toEqual({
      shown: ['a', 'b', 'c', 'd', 'e'],
      moreCount: 2,
    });
  });
});
