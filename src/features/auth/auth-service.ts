import { fetchOrgStatus } from '../../api/session';
import { browserFetch, type FetchLike } from '../../api/http';
import type { AppDatabase } from '../../db/database';
import { getMeta } from '../../db/meta';
import { hasActiveFullAdmin, holdsTeacherToday } from '../../domain/store/access';
import type { User } from '../../domain/store/schema';

// Sign-in itself (server, offline, deferred, PIN) is the session module's (src/session/sign-in.ts); the
// password changes, which write the person's record, are in src/services/auth/password-change.ts.
export {
  destinationFor,
  findUserByEmail,
  signInWithPassword,
  signInWithPin,
  type PasswordSignInError,
  type PinSignInError,
  type SignInResult,
} from '../../session/sign-in';

/** Users offered on the PIN pad: active, and their profile holds teacher.today (spec part 1 point 4). */
export async function listPinUsers(db: AppDatabase): Promise<User[]> {
  const profiles = await db.profiles.toArray();
  const users = await db.users.where('status').equals('Active').toArray();
  return users
    .filter((u) => holdsTeacherToday(profiles, u))
    .sort((a, b) => a.name.localeCompare(b.name, 'fr'));
}

/**
 * The emergency area is offered when no real (non-emergency) full administrator is active. The server sees
 * every user and answers; offline, the device's copy is the best guess.
 */
/**
 * Day one (issue 33 point 9): the organisation does not exist on the server yet, so nobody can sign in and
 * the emergency area is the only way in. Offline (no answer) it is not said: the device's own data decides.
 */
export async function isNewSchool(db: AppDatabase, fetchImpl: FetchLike = browserFetch): Promise<boolean> {
  const status = await fetchOrgStatus(fetchImpl, await getMeta(db, 'orgId'));
  if (status) return !status.initialised;
  return (await db.users.count()) === 0;
}

export async function needsEmergencyAdmin(
  db: AppDatabase,
  fetchImpl: FetchLike = browserFetch,
): Promise<boolean> {
  const status = await fetchOrgStatus(fetchImpl, await getMeta(db, 'orgId'));
  if (status) return status.needsEmergency;
  const [users, profiles] = await Promise.all([db.users.toArray(), db.profiles.toArray()]);
  return !hasActiveFullAdmin({ users, profiles }, { excludeEmergency: true });
}
