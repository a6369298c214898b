import { serverChangePassword } from '../../api/auth';
import { browserFetch, type FetchLike } from '../../api/http';
import { INITIAL_PASSWORD } from '../../config';
import type { AppDatabase } from '../../db/database';
import { checkNewPassword, type NewPasswordIssue } from '../../domain/auth/password';
import { isEncodedHash, verifySecret } from '../../domain/secrets';
import type { User } from '../../domain/store/schema';
import { updateOfflineSignIn } from '../../session/offline-sign-in';
import { destinationFor } from '../../session/sign-in';

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
 * itself: it needs the network. The spec's messages are checked here first, in the spec's order.
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
