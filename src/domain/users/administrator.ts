import { isModuleGranted } from '../module-catalogue';
import type { Profile, User } from '../store/schema';

/**
 * The one definition of "administrator" (spec part 1 point 4: « no active user holds users, profiles and
 * settings access »), used by the last-administrator rule (user and profile writes, bulk actions, restore),
 * the emergency area (server and login screen), the kiosk routes and the screens.
 *
 * A full administrator is an active account, other than the server's emergency account, whose profile holds
 * `users`, `profiles` and at least one `settings` module. The organisation always keeps one: no write may
 * remove the last, and the emergency area opens exactly when none is left.
 *
 * Not to be confused with the spec's "admin-type module" (any of users, profiles, settings or
 * contracts.compliance: module-catalogue isAdminType), which only routes a teacher and hides an account from
 * a kiosk's roster: a compliance reviewer or a "Profils" manager is admin-type, not an administrator.
 */

/** Whether these modules make their holder a full administrator. */
export function isFullAdministration(granted: ReadonlySet<string>): boolean {
  return granted.has('users') && granted.has('profiles') && isModuleGranted(granted, 'settings');
}

/** Whether a profile makes its active holders full administrators (a missing profile grants nothing). */
export function isFullAdminProfile(profile: Pick<Profile, 'moduleIds'> | null | undefined): boolean {
  return !!profile && isFullAdministration(new Set(profile.moduleIds));
}

export type AdminCandidate = Pick<User, 'status' | 'profileId' | 'isEmergency'>;

/** An active full administrator; the emergency account counts only when `countsEmergency`. */
export function isActiveFullAdmin(
  user: AdminCandidate,
  profiles: readonly Pick<Profile, 'id' | 'moduleIds'>[],
  options: { countsEmergency?: boolean } = {},
): boolean {
  if (user.status !== 'Active') return false;
  if (user.isEmergency === true && options.countsEmergency !== true) return false;
  return isFullAdminProfile(profiles.find((p) => p.id === user.profileId));
}

/** Whether the organisation has an active full administrator (the emergency area stays closed while so). */
export function hasFullAdmin(
  users: readonly AdminCandidate[],
  profiles: readonly Pick<Profile, 'id' | 'moduleIds'>[],
  options: { countsEmergency?: boolean } = {},
): boolean {
  return users.some((u) => isActiveFullAdmin(u, profiles, options));
}

export interface OrgAdmins {
  users: readonly AdminCandidate[];
  profiles: readonly Pick<Profile, 'id' | 'moduleIds'>[];
}

/**
 * Whether going from `before` to `after` leaves the organisation without a full administrator while it had
 * one: a user's status or profile, a profile's modules, a deletion, a whole restore alike.
 */
export function removesLastFullAdmin(before: OrgAdmins, after: OrgAdmins): boolean {
  return hasFullAdmin(before.users, before.profiles) && !hasFullAdmin(after.users, after.profiles);
}

/**
 * The same for one profile replaced by `next` (null: deleted), the users unchanged: stripping the
 * administration modules from the last administrators' profile, or deleting it, is refused.
 */
export function profileChangeRemovesLastFullAdmin(
  users: readonly AdminCandidate[],
  profiles: readonly Pick<Profile, 'id' | 'moduleIds'>[],
  profileId: string,
  next: Pick<Profile, 'id' | 'moduleIds'> | null,
): boolean {
  const after = profiles.filter((p) => p.id !== profileId);
  return removesLastFullAdmin({ users, profiles }, { users, profiles: next ? [...after, next] : after });
}
