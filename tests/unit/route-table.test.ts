import { describe, expect, it } from 'vitest';
import { KIOSK_VIEWER, mayReadConflicts, SYSTEM_VIEWER, userViewer } from '../../src/domain/access';
import { GUARDED_PATHS, SECTION_HOMES, SECTION_TABLE } from '../../src/domain/auth/paths';
import {
  canOpen,
  LANDING_ORDER,
  ROUTE_PERMISSIONS,
  sectionDefault,
  type GuardedPath,
} from '../../src/domain/auth/routes';
import { sectionOf, SECTIONS } from '../../src/app/sections';
import { MODULE_IDS } from '../../src/domain/module-catalogue';

/**
 * Issue 34: one table of screens (domain/auth/paths.ts) from which the permissions, the landing order, the
 * side navigation and the router are derived. These tests check that the derived views agree, so that a
 * screen added to the table is reachable, guarded and listed in the same order everywhere.
 */
const everyModule = {
  granted: new Set<string>(Object.values(ROUTE_PERMISSIONS)),
  loginMode: 'password' as const,
};

describe('the route and section table', () => {
  it('gives every section of the navigation at least one route, guarded by a module of the catalogue', () => {
    expect(SECTIONS.map((s) => s.id)).toEqual(SECTION_TABLE.map((s) => s.id));
    for (const section of SECTIONS) {
      expect(section.tabs.length, section.id).toBeGreaterThan(0);
      for (const tab of section.tabs) {
        expect(GUARDED_PATHS).toContain(tab.path);
        expect(MODULE_IDS.has(ROUTE_PERMISSIONS[tab.path]), tab.path).toBe(true);
        expect(tab.label.length, tab.path).toBeGreaterThan(0);
        expect(sectionOf(tab.path)?.id).toBe(section.id);
      }
    }
  });

  it('lists every guarded path once, and only those of a section', () => {
    expect(new Set(GUARDED_PATHS).size).toBe(GUARDED_PATHS.length);
    expect(Object.keys(ROUTE_PERMISSIONS).sort()).toEqual([...GUARDED_PATHS].sort());
    expect(SECTIONS.flatMap((s) => s.tabs.map((t) => t.path))).toEqual(GUARDED_PATHS);
  });

  it('keeps each section’s tabs in the same order in the navigation and in the landing order', () => {
    for (const section of SECTIONS) {
      const tabs = section.tabs.map((t) => t.path);
      const landing = LANDING_ORDER.filter((path) => tabs.includes(path));
      if (landing.length > 0) expect(landing, section.id).toEqual(tabs);
    }
    // Spec part 2 point 10: planning (importer, consulter, reprogrammation, historique).
    expect(SECTIONS.find((s) => s.id === 'planning')?.tabs.map((t) => t.path)).toEqual([
      '/planning/importer',
      '/planning/consulter',
      '/planning/reprogrammation',
      '/planning/historique',
    ]);
  });

  it('redirects every section path that is not a screen to one of its own tabs', () => {
    for (const home of SECTION_HOMES) {
      expect(GUARDED_PATHS).not.toContain(home);
      const target = sectionDefault(home, everyModule);
      expect(target, home).not.toBeNull();
      expect(sectionOf(target ?? '')?.href === home || target === '/teacher/contract').toBe(true);
    }
  });

  it.each<[string, string[], GuardedPath]>([
    // Spec part 2 point 1: importer, else consulter, else historique; /planning/consulter by default.
    ['/planning', ['planning.importer', 'planning.consulter'], '/planning/importer'],
    ['/planning', ['planning.consulter', 'planning.historique'], '/planning/consulter'],
    ['/planning', ['planning.reprogrammation', 'planning.historique'], '/planning/historique'],
    ['/planning', [], '/planning/consulter'],
    ['/teacher', ['teacher.today', 'teacher.planning'], '/teacher/planning'],
    ['/teacher', ['teacher.today'], '/teacher/today'],
    ['/contracts', ['contracts.compliance'], '/contracts/compliance'],
    ['/settings', ['settings.donnees'], '/settings/donnees'],
  ])('opens %s with %j at %s', (home, granted, expected) => {
    expect(sectionDefault(home, { granted: new Set(granted), loginMode: 'password' })).toBe(expected);
  });

  it('opens nothing but today’s course in PIN mode, whatever the table lists', () => {
    const pin = { granted: everyModule.granted, loginMode: 'pin' as const };
    expect(GUARDED_PATHS.filter((path) => canOpen(path, pin))).toEqual(['/teacher/today']);
  });
});

describe('who reads the conflict log (GET /api/conflicts)', () => {
  it.each([
    ['users and Données', ['users', 'settings.donnees'], 'password', true],
    ['users alone', ['users'], 'password', false],
    ['Données alone', ['settings.donnees'], 'password', false],
    ['users and Données, signed in by PIN', ['users', 'settings.donnees', 'teacher.today'], 'pin', false],
    ['a teacher', ['teacher', 'teacher.today'], 'password', false],
  ] as const)('%s', (_who, granted, loginMode, expected) => {
    expect(mayReadConflicts(userViewer('u-1', new Set(granted), loginMode))).toBe(expected);
  });

  it('is closed to a kiosk credential and to the server’s own viewer', () => {
    expect(mayReadConflicts(KIOSK_VIEWER)).toBe(false);
    expect(mayReadConflicts(SYSTEM_VIEWER)).toBe(false);
  });
});
