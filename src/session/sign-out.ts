import type { AppDatabase } from '../db/database';
import { getMeta } from '../db/meta';
import type { FetchLike } from '../api/http';
import { serverSignOut } from '../api/auth';
import { notifySessionChanged } from './session-events';
import { forgetDeferredSignIn } from './deferred-sign-in';
import { endSession } from './session';
import { loadStoreFor } from './store-loader';

/** The running sync loop, when there is one and the network is there (its last exchange before leaving). */
export interface PendingExchange {
  syncOnce(): Promise<unknown>;
}

/**
 * "Déconnexion": changes still in the outbox leave under this person's session first (they would otherwise
 * wait for their next sign-in); then the server ends the session and the device forgets who is signed in,
 * keeping only what its next user may see (endSession). A kiosk then reloads its own view when it can.
 */
export async function signOut(
  db: AppDatabase,
  fetchImpl: FetchLike,
  exchange: PendingExchange | null,
): Promise<void> {
  await exchange?.syncOnce();
  forgetDeferredSignIn();
  await serverSignOut(fetchImpl);
  await endSession(db);
  if (await getMeta(db, 'kioskName')) {
    await loadStoreFor(db, fetchImpl, { kind: 'kiosk' });
  }
  notifySessionChanged();
}
