import { INITIAL_PASSWORD } from '../config';
import type { AppDatabase } from '../db/database';
import { getKioskListsAdmins } from '../db/kiosk-options';
import { getMeta, setMeta } from '../db/meta';
import { isKioskTeacher } from '../domain/auth/kiosk-roster';
import {
  afterPinFailure,
  afterPinSuccess,
  isPinFormatValid,
  PIN_MAX_ATTEMPTS,
  pinGate,
} from '../domain/auth/pin';
import { postLoginRoute } from '../domain/auth/routes';
import { isEncodedHash, verifySecret } from '../domain/secrets';
import { holdsTeacherToday } from '../domain/store/access';
import type { LoginMode, User } from '../domain/store/schema';
import { findByEmail } from '../domain/users/find-by-email';
import { passwordOpensAccount } from '../domain/auth/invitation';
import type { FetchLike } from '../api/http';
import { serverPinCheck, serverSignIn } from '../api/auth';
import { browserFetch } from '../api/http';
import { markRemoteStoreLoaded, notifySessionChanged } from './session-events';
import { deferServerSignIn, forgetDeferredSignIn } from './deferred-sign-in';
import { keepOfflineSignIn, offlineHashOf } from './offline-sign-in';
import { forgetPinProof, rememberPinProof } from './pin-proof';
import { startSession } from './session';
import { loadStoreFor } from './store-loader';

async function grantedOf(db: AppDatabase, user: User): Promise<Set<string>> {
  const profile = user.profileId ? await db.profiles.get(user.profileId) : undefined;
  return new Set(profile?.moduleIds ?? []);
}

export async function findUserByEmail(db: AppDatabase, email: string): Promise<User | undefined> {
  return findByEmail(await db.users.where('email').equalsIgnoreCase(email.trim()).toArray(), email);
}

async function hasValidatedContractFile(db: AppDatabase, userId: string): Promise<boolean> {
  const files = await db.teacherContractSubmissions.where('teacherUserId').equals(userId).toArray();
  return files.some((f) => f.status === 'validated');
}

export async function destinationFor(
  db: AppDatabase,
  user: User,
  loginMode: LoginMode,
  usedInitialPassword: boolean,
): Promise<string> {
  const route = postLoginRoute({
    access: { granted: await grantedOf(db, user), loginMode },
    mustChangePassword: user.mustChangePassword === true,
    usedInitialPassword,
    hasValidatedContractFile: await hasValidatedContractFile(db, user.id),
  });
  return route ?? '/';
}

export type PasswordSignInError =
  | 'unknown-user'
  | 'inactive'
  | 'empty-password'
  | 'wrong-password'
  | 'invitation-expired'
  | 'rate-limited'
  | 'needs-network';
export type SignInResult<E> = { ok: true; destination: string } | { ok: false; code: E };

/**
 * The server decides when it can be reached (its answer sets the session cookie, and the person's own
 * record, hash included, is kept for offline sign-ins); then the store is loaded for this session. Offline,
 * the device's copy decides, which it can only for people who signed in here before: others get the
 * "first sign-in needs the network" message.
 */
export async function signInWithPassword(
  db: AppDatabase,
  input: { email: string; password: string; remember: boolean },
  fetchImpl: FetchLike = browserFetch,
): Promise<SignInResult<PasswordSignInError>> {
  const orgId = await getMeta(db, 'orgId');
  const remote = await serverSignIn(fetchImpl, { orgId, ...input });
  if (!remote.ok && remote.code !== 'offline') return { ok: false, code: remote.code };
  if (remote.ok) {
    forgetDeferredSignIn();
    // The server session exists from now on: the header must not keep asking for a sign-in meanwhile.
    await setMeta(db, 'signInNeeded', false);
    await setMeta(db, 'serverReachable', true);
    // From here the device holds this person's view (device-purge.ts cuts it down when nobody is signed in).
    await setMeta(db, 'retainedForNextUser', false);
    await db.users.put(remote.user);
    await keepOfflineSignIn(db, remote.user, input.remember);
    // This person's view: caught up through the change feed when the device last loaded exactly it.
    await loadStoreFor(db, fetchImpl, { kind: 'user', userId: remote.user.id });
    markRemoteStoreLoaded();
    // The store may have replaced the record: read it back for the destination rule.
    const user = (await db.users.get(remote.user.id)) ?? remote.user;
    await startSession(db, user.id, 'password', input.remember);
    notifySessionChanged();
    return {
      ok: true,
      destination: await destinationFor(db, user, 'password', input.password === INITIAL_PASSWORD),
    };
  }
  const user = await findUserByEmail(db, input.email);
  if (!user || user.status === 'Archived') return { ok: false, code: 'needs-network' };
  if (user.status !== 'Active') return { ok: false, code: 'inactive' };
  if (input.password === '') return { ok: false, code: 'empty-password' };
  // Only the hash of a person who ticked "Se souvenir de moi" here opens an offline sign-in (session/).
  const hash = await offlineHashOf(db, user.id);
  if (!isEncodedHash(hash)) return { ok: false, code: 'needs-network' };
  if (!(await verifySecret(input.password, hash))) return { ok: false, code: 'wrong-password' };
  // A one-time password past its invitation opens nothing, offline either (issue 29; the server's rule).
  if (!passwordOpensAccount(user, new Date(), false)) return { ok: false, code: 'invitation-expired' };
  await keepOfflineSignIn(db, { id: user.id, passwordHash: hash }, input.remember);
  await startSession(db, user.id, 'password', input.remember);
  deferServerSignIn({
    orgId,
    userId: user.id,
    email: input.email,
    password: input.password,
    remember: input.remember,
  });
  notifySessionChanged();
  return {
    ok: true,
    destination: await destinationFor(db, user, 'password', input.password === INITIAL_PASSWORD),
  };
}

export type PinSignInError =
  | {
      code:
        | 'pin-format'
        | 'cooldown'
        | 'expired'
        | 'no-pin'
        | 'not-allowed'
        | 'not-in-roster'
        | 'not-kiosk'
        | 'rate-limited';
    }
  | { code: 'wrong-pin'; remaining: number };

/**
 * PIN mode on an enrolled kiosk: the server checks the PIN when it answers (its rate limits apply, it counts
 * the spec's 3 tries for this kiosk and this teacher, and a right PIN brings its proof for the check-in), the
 * tablet's copy of the PIN hash when offline. The tablet keeps its own count too (its messages, offline).
 */
export async function signInWithPin(
  db: AppDatabase,
  input: { userId: string; pin: string },
  now: Date,
  fetchImpl: FetchLike = browserFetch,
): Promise<{ ok: true; destination: string } | ({ ok: false } & PinSignInError)> {
  if (!(await getMeta(db, 'kioskName'))) return { ok: false, code: 'not-kiosk' };
  if (!isPinFormatValid(input.pin)) return { ok: false, code: 'pin-format' };
  const user = await db.users.get(input.userId);
  const profiles = await db.profiles.toArray();
  if (!user || user.status !== 'Active' || !holdsTeacherToday(profiles, user))
    return { ok: false, code: 'not-allowed' };
  // The kiosk roster (teachers only unless an administrator set otherwise): the server applies its own copy.
  const includesAdminProfiles = await getKioskListsAdmins(db);
  if (!isKioskTeacher(profiles, user, { includesAdminProfiles })) return { ok: false, code: 'not-in-roster' };
  const gate = pinGate(user, now);
  if (!gate.ok) return { ok: false, code: gate.code };
  const orgId = await getMeta(db, 'orgId');
  const remote = await serverPinCheck(fetchImpl, {
    orgId,
    userId: user.id,
    pin: input.pin,
  });
  if (remote === 'rate-limited') return { ok: false, code: 'rate-limited' };
  if (remote === 'not-allowed' || remote === 'not-in-roster' || remote === 'expired' || remote === 'no-pin')
    return { ok: false, code: remote };
  const isOnline = typeof remote === 'object';
  const isRight = isOnline
    ? true
    : remote === 'wrong-pin' || remote === 'cooldown'
      ? false
      : await verifySecret(input.pin, user.pinHash);
  forgetPinProof();
  // The tablet's own count is written on the tablet only, never sent: a kiosk cannot set anyone's cooldown
  // (the server counts the tries it checks itself: server/auth/kiosk-pin-tries.ts).
  if (!isRight) {
    // The server's "cooldown" (its third wrong PIN, or one running) starts the tablet's too.
    const tries = remote === 'cooldown' ? { pinFailedAttempts: PIN_MAX_ATTEMPTS - 1 } : user;
    const failure = afterPinFailure(tries, now);
    await db.users.update(user.id, failure.next);
    return failure.isCoolingDown
      ? { ok: false, code: 'cooldown' }
      : { ok: false, code: 'wrong-pin', remaining: failure.remaining };
  }
  if (isOnline) rememberPinProof(user.id, remote.proof, remote.expiresAt);
  await startSession(db, user.id, 'pin', false);
  if ((user.pinFailedAttempts ?? 0) > 0 || user.pinCooldownUntil)
    await db.users.update(user.id, afterPinSuccess());
  notifySessionChanged();
  return { ok: true, destination: '/teacher/today' };
}
