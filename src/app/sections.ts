import { canOpen, type Access, type GuardedPath } from '../domain/auth/routes';
import { fr } from '../i18n/fr';

export interface SectionTab {
  label: string;
  path: GuardedPath;
}

export interface Section {
  id: string;
  title: string;
  /** Where the side navigation entry leads (section roots redirect to their first permitted tab). */
  href: string;
  /** Path prefixes that belong to this section, for the header title and tabs. */
  prefixes: readonly string[];
  tabs: readonly SectionTab[];
}

/** Side navigation "Modules" in the catalogue's order, labels of spec part 1 point 2. */
export const SECTIONS: readonly Section[] = [
  {
    id: 'user-mgmt',
    title: fr.sections.users,
    href: '/users',
    prefixes: ['/users', '/profiles', '/journal'],
    tabs: [
      { label: fr.tabs.users, path: '/users' },
      { label: fr.tabs.profiles, path: '/profiles' },
      { label: fr.tabs.journal, path: '/journal' },
    ],
  },
  {
    id: 'planning',
    title: fr.sections.planning,
    href: '/planning',
    prefixes: ['/planning'],
    tabs: [
      { label: fr.tabs.importer, path: '/planning/importer' },
      { label: fr.tabs.consulter, path: '/planning/consulter' },
      { label: fr.tabs.reprogrammation, path: '/planning/reprogrammation' },
      { label: fr.tabs.historique, path: '/planning/historique' },
    ],
  },
  {
    id: 'workload',
    title: fr.sections.workload,
    href: '/workload',
    prefixes: ['/workload'],
    tabs: [{ label: fr.sections.workload, path: '/workload' }],
  },
  {
    id: 'contracts',
    title: fr.sections.contracts,
    href: '/contracts',
    prefixes: ['/contracts'],
    tabs: [
      { label: fr.tabs.vh, path: '/contracts/vh' },
      { label: fr.tabs.compliance, path: '/contracts/compliance' },
    ],
  },
  {
    id: 'attendance',
    title: fr.sections.attendance,
    href: '/attendance',
    prefixes: ['/attendance'],
    tabs: [{ label: fr.sections.attendance, path: '/attendance' }],
  },
  {
    id: 'teacher',
    title: fr.sections.teacher,
    href: '/teacher',
    prefixes: ['/teacher/today', '/teacher/planning', '/teacher/workload'],
    tabs: [
      { label: fr.tabs.today, path: '/teacher/today' },
      { label: fr.tabs.myPlanning, path: '/teacher/planning' },
      { label: fr.tabs.myHours, path: '/teacher/workload' },
    ],
  },
  {
    id: 'teacher.contract',
    title: fr.sections.teacherContract,
    href: '/teacher/contract',
    prefixes: ['/teacher/contract'],
    tabs: [{ label: fr.sections.teacherContract, path: '/teacher/contract' }],
  },
  {
    id: 'settings',
    title: fr.sections.settings,
    href: '/settings',
    prefixes: ['/settings'],
    tabs: [
      { label: fr.tabs.instituts, path: '/settings/instituts' },
      { label: fr.tabs.niveaux, path: '/settings/niveaux' },
      { label: fr.tabs.classes, path: '/settings/classes' },
      { label: fr.tabs.modules, path: '/settings/modules' },
      { label: fr.tabs.donnees, path: '/settings/donnees' },
    ],
  },
];

export function visibleTabs(section: Section, access: Access): SectionTab[] {
  return section.tabs.filter((t) => canOpen(t.path, access));
}

/** A section is shown when any of its tabs may be opened (a parent counts if any child is granted). */
export function visibleSections(access: Access): Section[] {
  return SECTIONS.filter((s) => visibleTabs(s, access).length > 0);
}

export function sectionOf(pathname: string): Section | undefined {
  return SECTIONS.find((s) => s.prefixes.some((p) => pathname === p || pathname.startsWith(`${p}/`)));
}

/** The side navigation entry of a section leads to its first permitted tab. */
export function sectionHref(section: Section, access: Access): string {
  return visibleTabs(section, access)[0]?.path ?? section.href;
}
