/**
 * The one table of the app's screens (issue 34, after bulletproof-react's config/paths.ts): every guarded
 * path with the module id it needs, grouped in the sections of the side navigation in the catalogue's order
 * (spec part 1 point 2), tabs in the order the spec lists them. The permission map and the landing order
 * (domain/auth/routes.ts), the navigation (app/sections.ts) and the router's screens (app/router.tsx) are
 * derived from it, so a screen is added in one place. Labels are keys of the catalogue (fr.tabs, or the
 * section's own title when `label` is null).
 */
export const SECTION_TABLE = [
  {
    id: 'user-mgmt',
    title: 'users',
    home: '/users',
    tabs: [
      { path: '/users', module: 'users', label: 'users' },
      { path: '/profiles', module: 'profiles', label: 'profiles' },
      { path: '/journal', module: 'journal', label: 'journal' },
    ],
  },
  {
    id: 'planning',
    title: 'planning',
    home: '/planning',
    tabs: [
      { path: '/planning/importer', module: 'planning.importer', label: 'importer' },
      { path: '/planning/consulter', module: 'planning.consulter', label: 'consulter' },
      { path: '/planning/reprogrammation', module: 'planning.reprogrammation', label: 'reprogrammation' },
      { path: '/planning/historique', module: 'planning.historique', label: 'historique' },
    ],
    // Spec part 2 point 1: the empty sub-path tries importer, consulter, then historique (reprogrammation,
    // which the rule does not name, last); spec part 1 point 2: /planning/consulter by default.
    emptyPath: {
      order: [
        '/planning/importer',
        '/planning/consulter',
        '/planning/historique',
        '/planning/reprogrammation',
      ],
      fallback: '/planning/consulter',
    },
  },
  {
    id: 'workload',
    title: 'workload',
    home: '/workload',
    tabs: [{ path: '/workload', module: 'workload', label: null }],
  },
  {
    id: 'contracts',
    title: 'contracts',
    home: '/contracts',
    tabs: [
      { path: '/contracts/vh', module: 'contracts.vh', label: 'vh' },
      { path: '/contracts/compliance', module: 'contracts.compliance', label: 'compliance' },
    ],
    emptyPath: { order: null, fallback: '/contracts/vh' },
  },
  {
    id: 'attendance',
    title: 'attendance',
    home: '/attendance',
    tabs: [{ path: '/attendance', module: 'attendance', label: null }],
  },
  {
    id: 'teacher',
    title: 'teacher',
    home: '/teacher',
    tabs: [
      { path: '/teacher/today', module: 'teacher.today', label: 'today' },
      { path: '/teacher/planning', module: 'teacher.planning', label: 'myPlanning' },
      { path: '/teacher/workload', module: 'teacher.workload', label: 'myHours' },
    ],
    // Spec part 2 "Espace enseignant": /teacher opens /teacher/planning by default, then the others.
    emptyPath: {
      order: ['/teacher/planning', '/teacher/today', '/teacher/workload', '/teacher/contract'],
      fallback: '/teacher/planning',
    },
  },
  {
    id: 'teacher.contract',
    title: 'teacherContract',
    home: '/teacher/contract',
    tabs: [{ path: '/teacher/contract', module: 'teacher.contract', label: null }],
  },
  {
    id: 'settings',
    title: 'settings',
    home: '/settings',
    tabs: [
      { path: '/settings/instituts', module: 'settings.instituts', label: 'instituts' },
      { path: '/settings/niveaux', module: 'settings.niveaux', label: 'niveaux' },
      { path: '/settings/classes', module: 'settings.classes', label: 'classes' },
      { path: '/settings/modules', module: 'settings.modules', label: 'modules' },
      { path: '/settings/donnees', module: 'settings.donnees', label: 'donnees' },
    ],
    // Spec part 1 point 5: the empty path opens /settings/instituts.
    emptyPath: { order: null, fallback: '/settings/instituts' },
  },
] as const;

type SectionRow = (typeof SECTION_TABLE)[number];
export type SectionId = SectionRow['id'];
export type SectionTitleKey = SectionRow['title'];
export type TabRow = SectionRow['tabs'][number];
export type GuardedPath = TabRow['path'];
export type TabLabelKey = Exclude<TabRow['label'], null>;

/** Every guarded path, section by section in the table's order. */
export const GUARDED_PATHS: readonly GuardedPath[] = SECTION_TABLE.flatMap((s) =>
  s.tabs.map((t): GuardedPath => t.path),
);

export function isGuardedPath(path: string): path is GuardedPath {
  return (GUARDED_PATHS as readonly string[]).includes(path);
}

/** The sections whose bare path is not a screen: it redirects to a permitted tab (sectionDefault). */
export const SECTION_HOMES: readonly string[] = SECTION_TABLE.filter((s) => 'emptyPath' in s).map(
  (s) => s.home,
);
