import { appDb, type AppDatabase } from '../db/database';
import { getMeta } from '../db/meta';
import { keepOnlyWhatTheDeviceNeedsOnStart } from '../session/device-purge';
import { reconcileServerSession } from '../session/reconcile';
import { checkServerSession } from '../session/server-session';
import { endSession } from '../session/session';
import type { FetchLike, SyncEngine } from '../sync/engine';
import { fetchOrgStatus } from '../api/session';
import { browserFetch } from '../api/http';
import { isRemoteStoreLoaded, markRemoteStoreLoaded, SESSION_EVENT } from '../session/session-events';

let engine: SyncEngine | null = null;

/**
 * The old localStorage copy's key (LEGACY_STORAGE_KEY of db/store-io.ts, checked equal by a unit test):
 * read here so a device without it never loads the store import code (zod, luxon) before anyone signs in.
 */
export const LEGACY_KEY = 'user-mgmt-store/v1';

/** The running sync engine, once bootstrap() has started it. */
export function syncEngine(): SyncEngine | null {
  return engine;
}

/**
 * Start-up order: the legacy localStorage copy (once); then what the server says about this browser,
 * reconciled with the device (session/reconcile.ts):
 * - a session (a person's, or an enrolled kiosk's): the remote store, filtered for it, on the first load of
 *   the browser session (spec part 1 point 4); a person signed in here whose server session ended signs in again;
 * - no session, and the organisation does not exist yet: this device prepares its defaults; the emergency
 *   area creates the organisation on the server with the setup code (features/auth/emergency-service);
 * - no answer (offline): the device's copy, as it is.
 * Then the sync engine (push of the outbox, delta pulls, retries).
 */
export async function bootstrap(
  db: AppDatabase = appDb(),
  fetchImpl: FetchLike = browserFetch,
): Promise<void> {
  if (window.localStorage.getItem(LEGACY_KEY) !== null)
    await (await import('../db/store-io')).importLegacyLocalStorage(db, window.localStorage);
  await keepOnlyWhatTheDeviceNeedsOnStart(db);
  const session = await reconcileServerSession(db, fetchImpl);
  if (session.status !== 'offline') {
    // On start, a person signed in here without a matching server session signs in again (it expired, or
    // was opened offline): online, that takes a moment and lets their waiting changes leave.
    const localUser = await getMeta(db, 'currentUserId');
    const passwordMode = (await getMeta(db, 'currentLoginMode')) === 'password';
    const userId = session.status === 'signed-in' ? session.userId : null;
    if (localUser && passwordMode && localUser !== userId) await endSession(db);
    if (localUser && !passwordMode && session.status === 'none') await endSession(db);
  }
  if (session.status === 'signed-in' || session.status === 'kiosk-only') {
    if (!isRemoteStoreLoaded()) {
      const { loadRemoteStore } = await import('../sync/remote-store');
      const result = await loadRemoteStore(db, fetchImpl);
      if (result !== 'failed') markRemoteStoreLoaded();
    }
  } else if (session.status === 'none') {
    const status = await fetchOrgStatus(fetchImpl, await getMeta(db, 'orgId'));
    if (status && !status.initialised) {
      await (await import('../db/store-io')).ensureInitialised(db);
    }
  }
  // Light start: with nobody signed in there is nothing to exchange, so the engine (and the protocol's
  // schemas) loads with the first sign-in; a device with a session, or offline, starts it now.
  const startEngine = async () => {
    const { SyncEngine } = await import('../sync/engine');
    engine?.stop();
    const { requestOutboxSync } = await import('./pwa/register-sw');
    engine = new SyncEngine({
      db,
      fetch: fetchImpl,
      session: checkServerSession,
      onPushFailed: requestOutboxSync,
    });
    engine.start();
  };
  if (session.status === 'none') {
    globalThis.addEventListener(SESSION_EVENT, () => void startEngine(), { once: true });
  } else await startEngine();
}
