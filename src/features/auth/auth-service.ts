import { fetchOrgStatus } from '../../api/session';
import { browserFetch, type FetchLike } from '../../api/http';
import type { AppDatabase } from '../../db/database';
import { getMeta } from '../../db/meta';
import { offersEmergencyArea, type StorageState } from '../../domain/auth/emergency-offer';
import { holdsTeacherToday } from '../../domain/store/access';
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
 * Day one (issue 33 point 9): the organisation does not exist on the server yet, so nobody can sign in and
 * the emergency area is the only way in. Offline (no answer) it is not said: the device's own data decides.
 */
export async function isNewSchool(db: AppDatabase, fetchImpl: FetchLike = browserFetch): Promise<boolean> {
  const status = await fetchOrgStatus(fetchImpl, await getMeta(db, 'orgId'));
  if (status) return !status.initialised;
  return (await db.users.count()) === 0;
}

/**
 * The emergency area is offered when the server says no real (non-emergency) full administrator is active,
 * on a device whose database did not vanish (domain/auth/emergency-offer.ts). Offline, nothing is offered:
 * the device's copy cannot detect it (it may have been emptied by the browser) and only the server promotes.
 * `readStorage` is asked after the server's answer, so a database deleted during the question is seen.
 */
export async function needsEmergencyAdmin(
  db: AppDatabase,
  readStorage: () => Promise<StorageState>,
  fetchImpl: FetchLike = browserFetch,
): Promise<boolean> {
  const server = await fetchOrgStatus(fetchImpl, await getMeta(db, 'orgId'));
  return offersEmergencyArea({ server, storage: await readStorage() });
}
