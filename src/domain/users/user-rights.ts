import { isActiveFullAdmin } from './administrator';
import type { Profile, User, UserStatus } from '../store/schema';

/**
 * Rights bound what one can grant (the server's authoriser and the /users screen both ask these, so the two
 * never disagree). Pure: callers pass the profiles and, where needed, the organisation's users.
 *
 * - A session may give a user only a profile whose modules it holds itself. Teacher-space modules are the
 *   exception every user-management rule already makes (an import gives them): they open one's own space
 *   and nothing else.
 * - It may edit, reset, deactivate or archive only users whose current profile it could grant.
 * - Nobody deactivates, archives or demotes themselves, nor generates their own temporary password or
 *   reset link (a stolen session would take the account; one's own change goes through the current
 *   password).
 * - The last active full administrator (domain/users/administrator: users, profiles and settings; not the
 *   emergency account) cannot be removed.
 */

/** Teacher-space modules (kept equal to access/rules TEACHER_MODULE_IDS; a unit test checks it). */
export const GRANTABLE_BY_ANY_MANAGER: ReadonlySet<string> = new Set([
  'teacher',
  'teacher.today',
  'teacher.planning',
  'teacher.workload',
  'teacher.contract',
]);

export type UserAction =
  'create' | 'edit' | 'password' | 'pin' | 'reset-link' | 'activate' | 'deactivate' | 'archive' | 'restore';

/** Why an action is refused; each has a French reason in i18n (fr.securityUsers.refusals). */
export type UserActionRefusal =
  | 'no-users-module'
  | 'beyond-rights'
  | 'profile-beyond-rights'
  | 'self'
  | 'last-admin'
  | 'not-applicable'
  | 'duplicate-email';

export interface Manager {
  userId: string;
  /** The modules the session acts with. */
  granted: ReadonlySet<string>;
}

function modulesOf(profiles: readonly Profile[], profileId: string | null | undefined): string[] {
  if (!profileId) return [];
  return profiles.find((p) => p.id === profileId)?.moduleIds ?? [];
}

/** Whether `granted` covers every module of the profile (no profile: nothing to cover). */
export function mayGrantProfile(
  granted: ReadonlySet<string>,
  profiles: readonly Profile[],
  profileId: string | null | undefined,
): boolean {
  return modulesOf(profiles, profileId).every((id) => GRANTABLE_BY_ANY_MANAGER.has(id) || granted.has(id));
}

/** The profiles the wizard offers. */
export function grantableProfiles(granted: ReadonlySet<string>, profiles: readonly Profile[]): Profile[] {
  return profiles.filter((p) => mayGrantProfile(granted, profiles, p.id));
}

/** An active full administrator other than the emergency account (the one definition: ./administrator). */
export function isActiveRealAdmin(
  user: Pick<User, 'status' | 'profileId' | 'isEmergency'>,
  profiles: readonly Profile[],
): boolean {
  return isActiveFullAdmin(user, profiles);
}

/**
 * Whether replacing `before` by `after` (null: deleted) leaves the organisation without an active
 * administrator while it had one: the emergency area would then open to anyone.
 */
export function removesLastAdmin(
  users: readonly Pick<User, 'id' | 'status' | 'profileId' | 'isEmergency'>[],
  profiles: readonly Profile[],
  before: Pick<User, 'id' | 'status' | 'profileId' | 'isEmergency'>,
  after: Pick<User, 'status' | 'profileId' | 'isEmergency'> | null,
): boolean {
  if (!isActiveRealAdmin(before, profiles)) return false;
  if (after && isActiveRealAdmin(after, profiles)) return false;
  return !users.some((u) => u.id !== before.id && isActiveRealAdmin(u, profiles));
}

const STATUS_OF_ACTION: Partial<Record<UserAction, UserStatus>> = {
  activate: 'Active',
  deactivate: 'Inactive',
  archive: 'Archived',
  restore: 'Inactive',
};

/**
 * Whether a row action applies to a user at all: Activer never reaches an archived user (Restaurer is the way
 * back), Restaurer only an archived one (never the server's emergency account), nothing changes a user already in
 * the target status.
 */
export function actionApplies(action: UserAction, target: Pick<User, 'status' | 'isEmergency'>): boolean {
  // The archived emergency account keeps the initial password: it is never brought back (the server refuses).
  if (action === 'restore') return target.status === 'Archived' && target.isEmergency !== true;
  if (target.status === 'Archived') return action === 'edit';
  const status = STATUS_OF_ACTION[action];
  return status === undefined || status !== target.status;
}

/**
 * Why `manager` may not do `action` on `target` (null: allowed). `users` is needed for the last
 * administrator check only (without it, that check is skipped: the server always passes them).
 */
export function userActionRefusal(
  manager: Manager,
  action: UserAction,
  target: Pick<User, 'id' | 'status' | 'profileId' | 'isEmergency'>,
  profiles: readonly Profile[],
  users?: readonly Pick<User, 'id' | 'status' | 'profileId' | 'isEmergency'>[],
): UserActionRefusal | null {
  if (!manager.granted.has('users')) return 'no-users-module';
  if (action !== 'create' && !actionApplies(action, target)) return 'not-applicable';
  const isSelf = target.id === manager.userId;
  if (isSelf && action !== 'edit' && action !== 'pin') return 'self';
  if (!isSelf && !mayGrantProfile(manager.granted, profiles, target.profileId)) return 'beyond-rights';
  const status = STATUS_OF_ACTION[action];
  if (users && status && removesLastAdmin(users, profiles, target, { ...target, status }))
    return 'last-admin';
  return null;
}

/** Whether the row shows any action for this manager (rows beyond their rights show a reason instead). */
export function mayManageRow(
  manager: Manager,
  target: Pick<User, 'id' | 'profileId'>,
  profiles: readonly Profile[],
): UserActionRefusal | null {
  if (!manager.granted.has('users')) return 'no-users-module';
  if (target.id === manager.userId) return null;
  return mayGrantProfile(manager.granted, profiles, target.profileId) ? null : 'beyond-rights';
}

/** The users a bulk action applies to: never the signed-in user, never one beyond rights, none unchanged. */
export function bulkTargets<T extends Pick<User, 'id' | 'status' | 'profileId' | 'isEmergency'>>(
  manager: Manager,
  action: 'activate' | 'deactivate' | 'archive',
  selected: readonly T[],
  profiles: readonly Profile[],
  users: readonly T[],
): T[] {
  // Applied one after the other: the last administrator check sees the earlier ones as done.
  let current = [...users];
  const out: T[] = [];
  for (const target of selected) {
    if (userActionRefusal(manager, action, target, profiles, current) !== null) continue;
    out.push(target);
    const status = STATUS_OF_ACTION[action] as UserStatus;
    current = current.map((u) => (u.id === target.id ? { ...u, status } : u));
  }
  return out;
}

/** Another user holding the same e-mail, case and spaces ignored (empty e-mails never clash). */
export function emailTaken(
  users: readonly Pick<User, 'id' | 'email'>[],
  email: string | null | undefined,
  ownId: string,
): boolean {
  const wanted = (email ?? '').trim().toLowerCase();
  if (wanted === '') return false;
  return users.some(
    (u) => u.id !== ownId && typeof u.email === 'string' && u.email.trim().toLowerCase() === wanted,
  );
}

/** The e-mails (lower case, trimmed) held by more than one user; empty e-mails never clash. */
export function duplicateEmails(users: readonly Pick<User, 'email'>[]): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const user of users) {
    const email = typeof user.email === 'string' ? user.email.trim().toLowerCase() : '';
    if (email === '') continue;
    if (seen.has(email)) twice.add(email);
    seen.add(email);
  }
  return [...twice].sort();
}
