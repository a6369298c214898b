import { hasFullAdmin } from '../users/administrator';
import type { Profile, StoreV1, User } from './schema';

// Kept apart from migrate.ts (luxon) so the login screen does not download the date library.

function profileModules(profiles: readonly Profile[], profileId: string | null | undefined): Set<string> {
  const profile = profiles.find((p) => p.id === profileId);
  return new Set(profile?.moduleIds ?? []);
}

/** A user holds teacher.today through their profile (PIN login and generated PIN, spec part 1 point 4). */
export function holdsTeacherToday(profiles: readonly Profile[], user: Pick<User, 'profileId'>): boolean {
  return profileModules(profiles, user.profileId).has('teacher.today');
}

/**
 * Spec part 1 point 4: the emergency admin exists when no active user holds users, profiles and settings
 * access (the one definition: domain/users/administrator).
 */
export function hasActiveFullAdmin(
  store: Pick<StoreV1, 'users' | 'profiles'>,
  options: { excludeEmergency: boolean },
): boolean {
  return hasFullAdmin(store.users, store.profiles, { countsEmergency: !options.excludeEmergency });
}
