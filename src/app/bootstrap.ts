import { appDb, type AppDatabase } from '../db/database';
import { ensureInitialised, enqueueWholeStore, importLegacyLocalStorage } from '../db/store-io';
import { SyncEngine, type FetchLike } from '../sync/engine';
import { loadRemoteStore } from '../sync/remote-store';

const SESSION_FLAG = 'remote-store-loaded';

let engine: SyncEngine | null = null;

/** The running sync engine, once bootstrap() has started it. */
export function syncEngine(): SyncEngine | null {
  return engine;
}

/**
 * Start-up order: the legacy localStorage copy (once), then the remote store on the first load of the
 * session (spec part 1 point 4), then defaults for a brand-new device, then the sync engine (push of the
 * outbox, delta pulls, retries). A server never written gets this device's store.
 */
export async function bootstrap(
  db: AppDatabase = appDb(),
  fetchImpl: FetchLike = (i, init) => fetch(i, init),
): Promise<void> {
  await importLegacyLocalStorage(db, window.localStorage);
  let serverEmpty = false;
  if (window.sessionStorage.getItem(SESSION_FLAG) === null) {
    const result = await loadRemoteStore(db, fetchImpl);
    serverEmpty = result === 'server-empty';
    if (result !== 'failed') window.sessionStorage.setItem(SESSION_FLAG, '1');
  }
  await ensureInitialised(db);
  if (serverEmpty) await enqueueWholeStore(db);
  engine?.stop();
  engine = new SyncEngine({ db, fetch: fetchImpl });
  engine.start();
}
