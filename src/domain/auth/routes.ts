import { mustCompleteContractFile, TEACHER_CONTRACT_ROUTE } from '../contracts/teacher-routing';
import { isTeacherType } from '../module-catalogue';
import type { LoginMode } from '../store/schema';
import { SECTION_TABLE, type GuardedPath, type SectionId } from './paths';

/** Route table of spec part 1 point 2 and part 2 point 2: each guarded path and the module id it needs. */
export const ROUTE_PERMISSIONS = Object.fromEntries(
  SECTION_TABLE.flatMap((section) => section.tabs.map((tab) => [tab.path, tab.module])),
) as Record<GuardedPath, string>;

export type { GuardedPath };

/**
 * Spec part 1 point 2, "Landing route after login": the first route the user may open, in this order (user
 * management, settings, planning, the teacher's space, contracts: each section's tabs in their order).
 */
const LANDING_SECTIONS: readonly SectionId[] = ['user-mgmt', 'settings', 'planning', 'teacher', 'contracts'];
export const LANDING_ORDER: readonly GuardedPath[] = LANDING_SECTIONS.flatMap(
  (id) => SECTION_TABLE.find((s) => s.id === id)?.tabs.map((t): GuardedPath => t.path) ?? [],
);

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

/**
 * Where the empty path of a section leads (spec part 1 point 2, part 2 point 2): its first tab the session may
 * open, in the order the section's rule gives (its tabs' by default), else the section's default.
 */
export function sectionDefault(section: string, access: Access): GuardedPath | null {
  const row = SECTION_TABLE.find((s) => s.home === section && 'emptyPath' in s);
  if (!row || !('emptyPath' in row)) return null;
  const order: readonly GuardedPath[] = row.emptyPath.order ?? row.tabs.map((t): GuardedPath => t.path);
  return order.find((path) => canOpen(path, access)) ?? row.emptyPath.fallback;
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
