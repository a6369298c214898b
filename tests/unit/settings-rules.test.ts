import { describe, expect, it } from 'vitest';
import { PIN_VALIDITY_DAYS_DEFAULT } from '../../src/domain/defaults';
import { classLinks, linkCountsBy, slotCountsByModule } from '../../src/domain/settings/linked-counts';
import {
  absentIds,
  exportFileName,
  IMPORT_MAX_BYTES,
  isImportTooBig,
  parseImportText,
  replacementSummary,
  withoutClearSecrets,
  type RecordIds,
} from '../../src/domain/settings/store-file';
import {
  hasNoIssue,
  parsePinValidityDays,
  validateClass,
  validateCourseModule,
  validateReference,
  type CourseModuleDraft,
} from '../../src/domain/settings/validation';
import { emptyStore, COLLECTION_NAMES, type StoreV1 } from '../../src/domain/store/schema';
import { courseModuleMessage, issueMessage } from '../../src/features/settings/messages';
import { fr } from '../../src/i18n/fr';

const choices = { levelIds: new Set(['l-1', 'l-2']), instituteIds: new Set(['i-1']) };

describe('spec part 1 point 5: the catalogue holds the specification’s texts', () => {
  it.each([
    ['name-required', 'Le nom est requis'],
    ['abbr-required', "L'abréviation est requise"],
    ['code-required', 'Le code est requis'],
    ['level-required', 'Le niveau est requis'],
    ['institute-required', "L'institut est requis"],
  ] as const)('%s -> %s', (code, text) => {
    expect(issueMessage(code)).toBe(text);
    if (code !== 'abbr-required') expect(courseModuleMessage(code)).toBe(text);
  });
  it('spec point 8 toasts', () => {
    expect([fr.settings.institutes.saved, fr.settings.institutes.deleted]).toEqual([
      'Institut enregistré',
      'Institut supprimé',
    ]);
    expect([fr.settings.levels.saved, fr.settings.levels.deleted]).toEqual([
      'Niveau enregistré',
      'Niveau supprimé',
    ]);
    expect([fr.settings.classes.saved, fr.settings.classes.deleted]).toEqual([
      'Classe enregistrée',
      'Classe supprimée',
    ]);
    expect([fr.settings.courseModules.saved, fr.settings.courseModules.deleted]).toEqual([
      'Module enregistré',
      'Module supprimé',
    ]);
    expect(fr.settings.courseModules.confirmDelete('ALGO')).toBe('Supprimer le module « ALGO » ?');
    expect(fr.settings.common.confirmDeleteTitle).toBe('Confirmer la suppression');
  });
});

describe('institute and level', () => {
  it.each([
    [{ name: 'Institut Supérieur', abbr: 'ISI' }, {}],
    [{ name: '', abbr: 'ISI' }, { name: fr.settings.validation.nameRequired }],
    [{ name: '   ', abbr: 'ISI' }, { name: fr.settings.validation.nameRequired }],
    [{ name: 'Licence 1', abbr: ' ' }, { abbr: fr.settings.validation.abbrRequired }],
    [
      { name: '', abbr: '' },
      { name: fr.settings.validation.nameRequired, abbr: fr.settings.validation.abbrRequired },
    ],
  ])('%o', (draft, expected) => {
    const issues = validateReference(draft);
    const texts = Object.fromEntries(Object.entries(issues).map(([f, c]) => [f, issueMessage(c)]));
    expect(texts).toEqual(expected);
    expect(hasNoIssue(issues)).toBe(Object.keys(expected).length === 0);
  });
});

describe('class', () => {
  const others = [{ id: 'c-1', code: 'L1-INFO' }];
  const check = (draft: Parameters<typeof validateClass>[0], selfId: string | null = null) =>
    validateClass(draft, { ...choices, others, selfId });
  it.each([
    [{ code: 'L2-INFO', levelId: 'l-1', instituteId: 'i-1' }, {}],
    [{ code: ' ', levelId: 'l-1', instituteId: 'i-1' }, { code: fr.settings.validation.codeRequired }],
    [{ code: 'L2', levelId: null, instituteId: 'i-1' }, { levelId: fr.settings.validation.levelRequired }],
    [{ code: 'L2', levelId: 'l-9', instituteId: 'i-1' }, { levelId: fr.settings.validation.levelRequired }],
    [
      { code: 'L2', levelId: 'l-1', instituteId: null },
      { instituteId: fr.settings.validation.instituteRequired },
    ],
    [
      { code: ' l1-info ', levelId: 'l-1', instituteId: 'i-1' },
      { code: fr.settings.validation.classCodeTaken },
    ],
  ])('%o', (draft, expected) => {
    const texts = Object.fromEntries(Object.entries(check(draft)).map(([f, c]) => [f, issueMessage(c)]));
    expect(texts).toEqual(expected);
  });
  it('a class keeps its own code when edited', () => {
    expect(check({ code: 'L1-INFO', levelId: 'l-1', instituteId: 'i-1' }, 'c-1')).toEqual({});
  });
});

describe('course module: each field on its own', () => {
  const others = [{ id: 'm-1', code: 'ALGO', levelId: 'l-1', instituteId: 'i-1' }];
  const valid = { code: 'BD', name: 'Bases de données', levelId: 'l-1', instituteId: 'i-1' };
  const check = (draft: Partial<CourseModuleDraft>, selfId: string | null = null) =>
    validateCourseModule({ ...valid, ...draft }, { ...choices, others, selfId });
  it.each([
    [{}, {}],
    [{ code: '  ' }, { code: fr.settings.validation.codeRequired }],
    [{ name: '' }, { name: fr.settings.validation.nameRequired }],
    // Issue 33 point 5: no level is "Tous niveaux" (a module of several levels); an unknown level is refused.
    [{ levelId: null }, {}],
    [{ levelId: 'l-deleted' }, { levelId: fr.settings.validation.levelRequired }],
    [{ instituteId: null }, { instituteId: fr.settings.validation.instituteRequired }],
    [{ instituteId: 'i-deleted' }, { instituteId: fr.settings.validation.instituteRequired }],
    [{ code: 'algo' }, { code: fr.settings.validation.moduleCodeTaken }],
    [{ code: 'ALGO', levelId: 'l-2' }, {}],
    [
      { code: '', name: ' ', levelId: 'l-deleted', instituteId: null },
      {
        code: fr.settings.validation.codeRequired,
        name: fr.settings.validation.nameRequired,
        levelId: fr.settings.validation.levelRequired,
        instituteId: fr.settings.validation.instituteRequired,
      },
    ],
  ])('%o', (draft, expected) => {
    const issues = check(draft);
    const texts = Object.fromEntries(Object.entries(issues).map(([f, c]) => [f, courseModuleMessage(c)]));
    expect(texts).toEqual(expected);
  });
  it('a module keeps its own code when edited', () => {
    expect(check({ code: 'ALGO' }, 'm-1')).toEqual({});
  });
});

describe('PIN validity days: 1 to 365, default 90', () => {
  it.each([
    ['1', 1],
    ['90', 90],
    ['365', 365],
    [' 30 ', 30],
  ])('%s is accepted', (text, value) => expect(parsePinValidityDays(text)).toEqual({ ok: true, value }));
  it.each(['0', '366', '', 'abc', '12.5', '-5', '1e2'])('%s is refused', (text) => {
    const result = parsePinValidityDays(text);
    expect(result).toEqual({ ok: false, code: 'pin-validity-range' });
  });
  it('defaults to 90', () => expect(PIN_VALIDITY_DAYS_DEFAULT).toBe(90));
});

describe('linked counts', () => {
  const classes = [
    { id: 'c-1', code: 'A', levelId: 'l-1', instituteId: 'i-1' },
    { id: 'c-2', code: 'B', levelId: 'l-1', instituteId: 'i-2' },
    { id: 'c-3', code: 'C', levelId: null, instituteId: 'i-1' },
  ];
  const modules = [
    { id: 'm-1', code: 'X', name: 'X', levelId: 'l-1', instituteId: 'i-1' },
    { id: 'm-2', code: 'Y', name: 'Y', levelId: 'l-1', instituteId: 'i-1' },
    { id: 'm-3', code: 'Z', name: 'Z', levelId: 'l-2', instituteId: 'i-2' },
  ];
  it('per institute and per level', () => {
    const byInstitute = linkCountsBy('instituteId', classes, modules);
    expect(byInstitute.get('i-1')).toEqual({ classes: 2, modules: 2 });
    expect(byInstitute.get('i-2')).toEqual({ classes: 1, modules: 1 });
    const byLevel = linkCountsBy('levelId', classes, modules);
    expect(byLevel.get('l-1')).toEqual({ classes: 2, modules: 2 });
    expect(byLevel.get('l-2')).toEqual({ classes: 0, modules: 1 });
  });
  it('per class: modules of its level and institute, and its timetables', () => {
    const links = classLinks(classes, modules, [{ classId: 'c-1' }, { classId: 'c-1' }, { classId: 'c-2' }]);
    expect(links.get('c-1')).toEqual({ modules: 2, timetables: 2 });
    expect(links.get('c-2')).toEqual({ modules: 0, timetables: 1 });
    expect(links.get('c-3')).toEqual({ modules: 0, timetables: 0 });
  });
  it('per class: a module of every level counts for each class of its institute', () => {
    const anglais = { id: 'm-4', code: 'ANG', name: 'Anglais', levelId: null, instituteId: 'i-1' };
    const links = classLinks(classes, [...modules, anglais], []);
    expect(links.get('c-1')).toEqual({ modules: 3, timetables: 0 });
    expect(links.get('c-2')).toEqual({ modules: 0, timetables: 0 });
    expect(links.get('c-3')).toEqual({ modules: 1, timetables: 0 });
  });
  it('slots naming a module', () => {
    const slot = (moduleId: string) => ({
      dayOfWeek: 1,
      startTime: '08:00',
      endTime: '10:00',
      moduleId,
      teacherUserId: 'u',
      deliveryMode: 'presentiel' as const,
      canceled: false,
    });
    const counts = slotCountsByModule([{ slots: [slot('m-1'), slot('m-1')] }, { slots: [slot('m-2')] }]);
    expect(counts.get('m-1')).toBe(2);
    expect(counts.get('m-2')).toBe(1);
  });
});

describe('store file', () => {
  it('names the export with a UTC date stamp', () => {
    expect(exportFileName(new Date('2026-11-21T23:30:00.000-02:00'))).toBe('user-mgmt-store-2026-11-22.json');
  });
  it('refuses files above 100 MB, exactly on the limit accepted', () => {
    expect(IMPORT_MAX_BYTES).toBe(100 * 1024 * 1024);
    expect(isImportTooBig(IMPORT_MAX_BYTES)).toBe(false);
    expect(isImportTooBig(IMPORT_MAX_BYTES + 1)).toBe(true);
  });
  it('reads JSON or says it cannot', () => {
    expect(parseImportText('{"users":[]}')).toEqual({ ok: true, json: { users: [] } });
    expect(parseImportText('{users:')).toEqual({ ok: false, code: 'unreadable-json' });
    expect(parseImportText('')).toEqual({ ok: false, code: 'unreadable-json' });
  });
  it('never exports a clear secret', () => {
    const store: StoreV1 = {
      ...emptyStore(),
      users: [
        {
          id: 'u',
          name: 'A',
          email: 'a@b.c',
          status: 'Active',
          password: 'clair',
          pin: '1234',
          passwordResetToken: 'tok',
          passwordHash: 'pbkdf2$x',
        },
      ],
    };
    const [user] = withoutClearSecrets(store).users;
    expect(user).toEqual({ id: 'u', name: 'A', email: 'a@b.c', status: 'Active', passwordHash: 'pbkdf2$x' });
    expect(store.users[0]?.password).toBe('clair');
  });
  it('summarises what an import replaces and removes', () => {
    const current = Object.fromEntries(COLLECTION_NAMES.map((c) => [c, []])) as unknown as RecordIds;
    current.institutes = ['i-1', 'i-2', 'i-3'];
    current.users = ['u-1'];
    const incoming: StoreV1 = {
      ...emptyStore(),
      users: [{ id: 'u-1', name: 'A', email: 'a', status: 'Active' }],
      institutes: [
        { id: 'i-1', name: 'I', abbr: 'I' },
        { id: 'i-9', name: 'J', abbr: 'J' },
      ],
    };
    const rows = replacementSummary(current, incoming);
    expect(rows.find((r) => r.collection === 'institutes')).toEqual({
      collection: 'institutes',
      current: 3,
      incoming: 2,
      removed: 2,
    });
    expect(rows.find((r) => r.collection === 'users')).toEqual({
      collection: 'users',
      current: 1,
      incoming: 1,
      removed: 0,
    });
    expect(absentIds(current, incoming)).toEqual([
      { collection: 'institutes', id: 'i-2' },
      { collection: 'institutes', id: 'i-3' },
    ]);
  });
});
