import type { AppDatabase } from '../db/database';
import { getMeta } from '../db/meta';
import type { FetchLike } from '../api/http';
import { serverSignIn } from '../api/auth';
import { notifySessionChanged } from './session-events';
import { keepOfflineSignIn } from './offline-sign-in';

/**
 * An offline sign-in opens no server session. The password the person just typed is kept in this
 * page's memory only — never written anywhere — so that when the network returns the device signs in to the
 * server for them and their offline changes leave under their own session, without asking again. A reload
 * forgets it; the header then asks to sign in again.
 */
interface Deferred {
  orgId: string;
  userId: string;
  email: string;
  password: string;
  remember: boolean;
}

let deferred: Deferred | null = null;

export function deferServerSignIn(input: Deferred): void {
  deferred = { ...input };
}

export function forgetDeferredSignIn(): void {
  deferred = null;
}

/** 'signed-in': the server session now exists; 'refused': the server said no (forgotten); 'waiting': offline. */
export async function completeDeferredSignIn(
  db: AppDatabase,
  fetchImpl: FetchLike,
): Promise<'signed-in' | 'refused' | 'waiting' | 'none'> {
  const pending = deferred;
  if (!pending) return 'none';
  const localUser = await getMeta(db, 'currentUserId');
  const passwordMode = (await getMeta(db, 'currentLoginMode')) === 'password';
  if (localUser !== pending.userId || !passwordMode || (await getMeta(db, 'orgId')) !== pending.orgId) {
    deferred = null;
    return 'none';
  }
  const result = await serverSignIn(fetchImpl, pending);
  if (!result.ok && result.code === 'offline') return 'waiting';
  deferred = null;
  if (!result.ok || result.user.id !== pending.userId) return 'refused';
  // The person's own record as the server has it now (their hash may have changed meanwhile).
  await db.users.put(result.user);
  await keepOfflineSignIn(db, result.user, pending.remember);
  notifySessionChanged();
  return 'signed-in';
}
