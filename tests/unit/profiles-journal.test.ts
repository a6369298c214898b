import { describe, expect, it } from 'vitest';
import {
  CSV_HEADER,
  escapeSpreadsheetCell,
  journalCsvRows,
  journalEmptyKind,
  matchesJournalFilter,
  type JournalFilter,
} from '../../src/domain/journal/journal-query';
import {
  moduleCheckState,
  normaliseModuleIds,
  orderedModuleIds,
  toggleModule,
} from '../../src/domain/profiles/module-selection';
import type { UserLog } from '../../src/domain/store/schema';

describe('profile module tree', () => {
  it('ticking a parent grants its whole subtree; unticking clears it', () => {
    const granted = toggleModule(new Set(), 'settings', true);
    expect(orderedModuleIds(granted)).toEqual([
      'settings',
      'settings.instituts',
      'settings.niveaux',
      'settings.classes',
      'settings.modules',
      'settings.donnees',
    ]);
    expect(toggleModule(granted, 'settings', false).size).toBe(0);
  });

  it('a parent is mixed with some children, and stored exactly when a child is granted', () => {
    const some = toggleModule(new Set(), 'users', true);
    expect(orderedModuleIds(some)).toEqual(['user-mgmt', 'users']);
    expect(moduleCheckState(some, 'user-mgmt')).toBe('mixed');
    expect(moduleCheckState(some, 'users')).toBe('checked');
    expect(orderedModuleIds(toggleModule(some, 'users', false))).toEqual([]);
  });

  it('planning.consulter stays granted without its actions child, and actions bring consulter along', () => {
    expect(orderedModuleIds(normaliseModuleIds(['planning.consulter']))).toEqual([
      'planning',
      'planning.consulter',
    ]);
    expect(orderedModuleIds(normaliseModuleIds(['planning.consulter.actions']))).toEqual([
      'planning',
      'planning.consulter',
      'planning.consulter.actions',
    ]);
    expect(orderedModuleIds(normaliseModuleIds(['inconnu', 'workload']))).toEqual(['workload']);
  });
});

const entry = (over: Partial<UserLog>): UserLog => ({
  id: 'l',
  action: 'update',
  timestamp: '2026-11-20T10:00:00.000Z',
  targetUserName: 'Awa Diop',
  actorUserName: 'Admin',
  ...over,
});
const noFilter: JournalFilter = { query: '', from: '', to: '', actions: new Set() };

describe('journal filters', () => {
  it.each([
    [{ from: '2026-11-20' }, true],
    [{ from: '2026-11-21' }, false],
    [{ to: '2026-11-20' }, true],
    [{ to: '2026-11-19' }, false],
    [{ actions: new Set(['create'] as const) }, false],
    [{ actions: new Set(['update'] as const) }, true],
    [{ query: 'awa' }, true],
    [{ query: 'ADMIN' }, true],
    [{ query: 'fatou' }, false],
  ])('%j matches: %s', (over, expected) => {
    expect(matchesJournalFilter(entry({}), { ...noFilter, ...over })).toBe(expected);
  });

  it('includes the whole last day', () => {
    expect(
      matchesJournalFilter(entry({ timestamp: '2026-11-20T23:59:59.999Z' }), {
        ...noFilter,
        to: '2026-11-20',
      }),
    ).toBe(true);
    expect(
      matchesJournalFilter(entry({ timestamp: '2026-11-21T00:00:00.000Z' }), {
        ...noFilter,
        to: '2026-11-20',
      }),
    ).toBe(false);
  });
});

describe('journal CSV', () => {
  it.each([
    ['=SUM(A1)', "'=SUM(A1)"],
    ['+221 77', "'+221 77"],
    ['-1', "'-1"],
    ['@cmd', "'@cmd"],
    ['Élève', 'Élève'],
  ])('escapes %j as %j', (input, output) => {
    expect(escapeSpreadsheetCell(input)).toBe(output);
  });

  it('writes one row per entry with its changes on one cell', () => {
    const rows = journalCsvRows(
      [entry({ fields: [{ label: 'Téléphone', before: '77', after: '=1+1' }] })],
      (a) => a.toUpperCase(),
    );
    expect(rows).toEqual([
      [
        '20/11/2026',
        '10:00:00',
        'UPDATE',
        'Awa Diop',
        'Admin',
        '',
        'Téléphone: 77 -> =1+1',
        '2026-11-20T10:00:00.000Z',
      ],
    ]);
  });

  it('carries French date and time columns for people and the ISO instant for machines', () => {
    expect(CSV_HEADER[0]).toBe('Date');
    expect(CSV_HEADER[1]).toBe('Heure (UTC)');
    expect(CSV_HEADER.at(-1)).toBe('Horodatage ISO (UTC)');
    const [row] = journalCsvRows([entry({ timestamp: '2026-01-02T23:59:58.123Z' })], String);
    expect(row?.slice(0, 2)).toEqual(['02/01/2026', '23:59:58']);
    expect(row?.at(-1)).toBe('2026-01-02T23:59:58.123Z');
  });
});

describe('journal empty texts', () => {
  it.each([
    [{ query: '' }, false, 'empty'],
    [{ query: 'zzz' }, false, 'empty'],
    [{ query: '' }, true, 'empty-period'],
    [{ query: '   ' }, true, 'empty-period'],
    [{ query: 'zzz' }, true, 'no-match'],
  ] as const)('%o with entries %s -> %s', (filter, hasAny, kind) => {
    expect(journalEmptyKind(filter, hasAny)).toBe(kind);
  });
});
