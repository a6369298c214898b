import { mustCompleteContractFile, TEACHER_CONTRACT_ROUTE } from '../contracts/teacher-routing';
import { isTeacherType } from '../module-catalogue';
import type { LoginMode } from '../store/schema';

/** Route table of spec part 1 point 2 and part 2 point 2: each guarded path and the module id it needs. */
export const ROUTE_PERMISSIONS = {
  '/users': 'users',
  '/profiles': 'profiles',
  '/journal': 'journal',
  '/settings/instituts': 'settings.instituts',
  '/settings/niveaux': 'settings.niveaux',
  '/settings/classes': 'settings.classes',
  '/settings/modules': 'settings.modules',
  '/settings/donnees': 'settings.donnees',
  '/planning/importer': 'planning.importer',
  '/planning/consulter': 'planning.consulter',
  '/planning/reprogrammation': 'planning.reprogrammation',
  '/planning/historique': 'planning.historique',
  '/workload': 'workload',
  '/attendance': 'attendance',
  '/contracts/vh': 'contracts.vh',
  '/contracts/compliance': 'contracts.compliance',
  '/teacher/today': 'teacher.today',
  '/teacher/planning': 'teacher.planning',
  '/teacher/workload': 'teacher.workload',
  '/teacher/contract': 'teacher.contract',
} as const;

export type GuardedPath = keyof typeof ROUTE_PERMISSIONS;

/** Spec part 1 point 2, "Landing route after login": the first route the user may open, in this order. */
export const LANDING_ORDER: readonly GuardedPath[] = [
  '/users',
  '/profiles',
  '/journal',
  '/settings/instituts',
  '/settings/niveaux',
  '/settings/classes',
  '/settings/modules',
  '/settings/donnees',
  '/planning/importer',
  '/planning/consulter',
  '/planning/reprogrammation',
  '/planning/historique',
  '/teacher/today',
  '/teacher/planning',
  '/teacher/workload',
  '/contracts/vh',
  '/contracts/compliance',
];

export interface Access {
  granted: ReadonlySet<string>;
  loginMode: LoginMode;
}

/**
 * Whether a session may open a guarded path. In PIN mode only /teacher/today is reachable (spec part 1
 * point 6). /teacher/contract is also open to every teacher-type user: the teacher routing rule sends them
 * there (spec part 2 point 4) even when their profile does not list teacher.contract.
 */
export function canOpen(path: GuardedPath, access: Access): boolean {
  if (access.loginMode === 'pin') return path === '/teacher/today' && access.granted.has('teacher.today');
  if (path === '/teacher/contract')
    return access.granted.has('teacher.contract') || isTeacherType(access.granted);
  return access.granted.has(ROUTE_PERMISSIONS[path]);
}

export function landingRoute(access: Access): GuardedPath | null {
  return LANDING_ORDER.find((path) => canOpen(path, access)) ?? null;
}

/** Default sub-route of a section when its empty path is opened (spec part 1 point 2, part 2 point 2). */
const SECTION_ORDER: Record<string, readonly GuardedPath[]> = {
  '/settings': [
    '/settings/instituts',
    '/settings/niveaux',
    '/settings/classes',
    '/settings/modules',
    '/settings/donnees',
  ],
  '/planning': [
    '/planning/importer',
    '/planning/consulter',
    '/planning/historique',
    '/planning/reprogrammation',
  ],
  '/contracts': ['/contracts/vh', '/contracts/compliance'],
  '/teacher': ['/teacher/planning', '/teacher/today', '/teacher/workload', '/teacher/contract'],
};

const SECTION_DEFAULT: Record<string, GuardedPath> = {
  '/settings': '/settings/instituts',
  '/planning': '/planning/consulter',
  '/contracts': '/contracts/vh',
  '/teacher': '/teacher/planning',
};

export type Section = keyof typeof SECTION_DEFAULT;

export function sectionDefault(section: string, access: Access): GuardedPath | null {
  const order = SECTION_ORDER[section];
  if (!order) return null;
  return order.find((path) => canOpen(path, access)) ?? SECTION_DEFAULT[section] ?? null;
}

export interface PostLoginInput {
  access: Access;
  mustChangePassword: boolean;
  usedInitialPassword: boolean;
  hasValidatedContractFile: boolean;
}

/**
 * Where a user goes right after signing in (spec part 1 point 4): forced password change first, then the
 * landing route. Deviation from the spec's teacher routing rule (part 2 point 4, issue 33): a teacher whose
 * contract file is not validated lands on "Module du jour" (today's course) like every teacher, which shows a
 * banner pointing to /teacher/contract (mustCompleteContractFile, the one rule for both); the contract page is
 * the landing only for a teacher who can open nothing else.
 */
export function postLoginRoute(input: PostLoginInput): string | null {
  if (input.access.loginMode === 'pin')
    return canOpen('/teacher/today', input.access) ? '/teacher/today' : null;
  if (input.mustChangePassword || input.usedInitialPassword) return '/first-login';
  const landing = landingRoute(input.access);
  if (landing) return landing;
  const status = input.hasValidatedContractFile ? 'validated' : 'draft';
  return mustCompleteContractFile(input.access.granted, { status }) ? TEACHER_CONTRACT_ROUTE : null;
}
