import type { AppDatabase } from '../db/database';
import { getMeta } from '../db/meta';
import type { FetchLike } from '../api/http';
import { serverSignOut } from '../api/auth';
import { notifySessionChanged } from './session-events';
import { forgetDeferredSignIn } from './deferred-sign-in';
import { endSession } from './session';
import { loadStoreFor } from './store-loader';

/** The device's sync: its last exchange before leaving, and the end of whatever it is still writing. */
export interface PendingExchange {
  syncOnce(): Promise<unknown>;
  /** Resolves once no exchange runs and no store load is still writing (the journals' second step). */
  whenIdle(): Promise<void>;
}

/**
 * "Déconnexion": changes still in the outbox leave under this person's session first when the network is
 * there (they would otherwise wait for their next sign-in); then the server ends the session and the device
 * forgets who is signed in, keeping only what its next user may see (endSession). An exchange or a store load
 * begun under this person's session may still be writing what their rights brought (a pull's journal
 * entries, a new device's second step): the purge waits for it, so nothing lands after it; what starts later
 * is answered as nobody. A kiosk then reloads its own view when it can.
 */
export async function signOut(
  db: AppDatabase,
  fetchImpl: FetchLike,
  exchange: PendingExchange | null,
  options: { online?: boolean } = {},
): Promise<void> {
  if (options.online ?? true) await exchange?.syncOnce();
  forgetDeferredSignIn();
  await serverSignOut(fetchImpl);
  await exchange?.whenIdle();
  await endSession(db);
  if (await getMeta(db, 'kioskName')) {
    await loadStoreFor(db, fetchImpl, { kind: 'kiosk' });
  }
  notifySessionChanged();
}
