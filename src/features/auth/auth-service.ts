import { INITIAL_PASSWORD } from '../../config';
import type { AppDatabase } from '../../db/database';
import { writeBatch } from '../../db/repository';
import { checkNewPassword, isResetEmailValid, type NewPasswordIssue } from '../../domain/auth/password';
import { afterPinFailure, afterPinSuccess, isPinFormatValid, pinGate } from '../../domain/auth/pin';
import { postLoginRoute } from '../../domain/auth/routes';
import { findByEmail } from '../../domain/users/find-by-email';
import { isEncodedHash, verifySecret } from '../../domain/secrets';
import { hasActiveFullAdmin, holdsTeacherToday } from '../../domain/store/access';
import type { LoginMode, User } from '../../domain/store/schema';
import { getMeta, setMeta } from '../../db/meta';
import { deferServerSignIn, forgetDeferredSignIn } from '../../session/deferred-sign-in';
import { keepOfflineSignIn, offlineHashOf, updateOfflineSignIn } from '../../session/offline-sign-in';
import { startSession } from '../../session/session';
import type { FetchLike } from '../../sync/engine';
import { markRemoteStoreLoaded, notifySessionChanged } from '../../sync/session-events';
import {
  browserFetch,
  fetchOrgStatus,
  serverChangePassword,
  serverEmergencyPromote,
  serverPinCheck,
  serverSignIn,
} from '../../sync/server-auth';

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
  'unknown-user' | 'inactive' | 'empty-password' | 'wrong-password' | 'rate-limited' | 'needs-network';
export type SignInResult<E> = { ok: true; destination: string } | { ok: false; code: E };

/**
 * Issue 12: the server decides when it can be reached (its answer sets the session cookie, and the person's own
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
    await db.users.put(remote.user);
    await keepOfflineSignIn(db, remote.user, input.remember);
    // Loaded on demand: the store's schema and migrations stay out of the login screen's bundle (issue 13).
    const { loadRemoteStore } = await import('../../sync/remote-store');
    await loadRemoteStore(db, fetchImpl);
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

/** Users offered on the PIN pad: active, and their profile holds teacher.today (spec part 1 point 4). */
export async function listPinUsers(db: AppDatabase): Promise<User[]> {
  const profiles = await db.profiles.toArray();
  const users = await db.users.where('status').equals('Active').toArray();
  return users
    .filter((u) => holdsTeacherToday(profiles, u))
    .sort((a, b) => a.name.localeCompare(b.name, 'fr'));
}

export type PinSignInError =
  | { code: 'pin-format' | 'cooldown' | 'expired' | 'no-pin' | 'not-allowed' | 'not-kiosk' | 'rate-limited' }
  | { code: 'wrong-pin'; remaining: number };

/**
 * PIN mode on an enrolled kiosk (issue 12): the server checks the PIN when it answers (its rate limits apply),
 * the tablet's copy of the PIN hash when offline. The spec's 3-tries cooldown is counted on the tablet either way.
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
  const gate = pinGate(user, now);
  if (!gate.ok) return { ok: false, code: gate.code };
  const orgId = await getMeta(db, 'orgId');
  const remote = await serverPinCheck(fetchImpl, { orgId, userId: user.id, pin: input.pin });
  if (remote === 'rate-limited') return { ok: false, code: 'rate-limited' };
  if (remote === 'not-allowed') return { ok: false, code: 'not-allowed' };
  const isRight =
    remote === 'ok' ? true : remote === 'wrong-pin' ? false : await verifySecret(input.pin, user.pinHash);
  if (!isRight) {
    const failure = afterPinFailure(user, now);
    await writeBatch(db, async (w) => {
      await w.patch('users', user.id, failure.next);
    });
    return failure.isCoolingDown
      ? { ok: false, code: 'cooldown' }
      : { ok: false, code: 'wrong-pin', remaining: failure.remaining };
  }
  await startSession(db, user.id, 'pin', false);
  if ((user.pinFailedAttempts ?? 0) > 0 || user.pinCooldownUntil) {
    await writeBatch(db, async (w) => {
      await w.patch('users', user.id, afterPinSuccess());
    });
  }
  notifySessionChanged();
  return { ok: true, destination: '/teacher/today' };
}

export type ChangePasswordError =
  'not-logged-in' | 'current-wrong' | 'new-too-short' | 'offline' | 'rate-limited' | 'session-needed';

/** The server's answer to a password change, applied to the device: own record and offline hash. */
async function keepChangedUser(db: AppDatabase, user: User | null): Promise<void> {
  if (!user) return;
  // Not through the outbox: the server already holds it.
  await db.users.put(user);
  await updateOfflineSignIn(db, user);
}

/**
 * "Changer le mot de passe" (spec part 1 point 5), done by the server, which checks the current password
 * itself (issue 12): it needs the network. The spec's messages are checked here first, in the spec's order.
 */
export async function changePassword(
  db: AppDatabase,
  userId: string | null,
  current: string,
  next: string,
  fetchImpl: FetchLike = browserFetch,
): Promise<{ ok: true } | { ok: false; code: ChangePasswordError }> {
  const user = userId ? await db.users.get(userId) : undefined;
  if (!user) return { ok: false, code: 'not-logged-in' };
  if (isEncodedHash(user.passwordHash) && !(await verifySecret(current, user.passwordHash)))
    return { ok: false, code: 'current-wrong' };
  if (checkNewPassword(next, next) === 'too-short') return { ok: false, code: 'new-too-short' };
  const answer = await serverChangePassword(fetchImpl, { current, next });
  if (!answer.ok)
    return { ok: false, code: answer.code === 'not-logged-in' ? 'session-needed' : answer.code };
  await keepChangedUser(db, answer.user);
  return { ok: true };
}

/**
 * First-login screen: the new password replaces the initial or temporary one, on the server. A forced change
 * right after sign-in needs no current password; a person who signed in with the initial one gives it.
 */
export async function completeFirstLogin(
  db: AppDatabase,
  userId: string,
  password: string,
  confirmation: string,
  fetchImpl: FetchLike = browserFetch,
): Promise<
  | { ok: true; destination: string }
  | {
      ok: false;
      code:
        | NewPasswordIssue
        | 'not-logged-in'
        | 'same-as-initial'
        | 'offline'
        | 'rate-limited'
        | 'session-needed';
    }
> {
  const issue = checkNewPassword(password, confirmation);
  if (issue) return { ok: false, code: issue };
  if (password === INITIAL_PASSWORD) return { ok: false, code: 'same-as-initial' };
  const user = await db.users.get(userId);
  if (!user) return { ok: false, code: 'not-logged-in' };
  const answer = await serverChangePassword(
    fetchImpl,
    user.mustChangePassword === true ? { next: password } : { current: INITIAL_PASSWORD, next: password },
  );
  if (!answer.ok) {
    if (answer.code === 'offline' || answer.code === 'rate-limited') return { ok: false, code: answer.code };
    return { ok: false, code: 'session-needed' };
  }
  await keepChangedUser(db, answer.user);
  return {
    ok: true,
    destination: await destinationFor(db, { ...user, mustChangePassword: false }, 'password', false),
  };
}

/**
 * The emergency area is offered when no real (non-emergency) full administrator is active. The server sees
 * every user and answers; offline, the device's copy is the best guess.
 */
export async function needsEmergencyAdmin(
  db: AppDatabase,
  fetchImpl: FetchLike = browserFetch,
): Promise<boolean> {
  const status = await fetchOrgStatus(fetchImpl, await getMeta(db, 'orgId'));
  if (status) return status.needsEmergency;
  const [users, profiles] = await Promise.all([db.users.toArray(), db.profiles.toArray()]);
  return !hasActiveFullAdmin({ users, profiles }, { excludeEmergency: true });
}

/**
 * Promote an e-mail to active Super Admin (spec part 1 point 4), done by the server (issue 12): only it knows
 * whether an active administrator exists, and nobody is signed in to push a local change.
 */
export async function promoteEmergencyAdmin(
  db: AppDatabase,
  email: string,
  fetchImpl: FetchLike = browserFetch,
): Promise<
  | { ok: true; created: boolean }
  | { ok: false; code: 'invalid-email' | 'refused' | 'offline' | 'rate-limited' }
> {
  if (!isResetEmailValid(email)) return { ok: false, code: 'invalid-email' };
  return serverEmergencyPromote(fetchImpl, { orgId: await getMeta(db, 'orgId'), email: email.trim() });
}
