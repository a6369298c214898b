import { appDb, type AppDatabase } from '../db/database';
import { onLocalWrite } from '../db/repository';
import { ensureInitialised, importLegacyLocalStorage } from '../db/store-io';
import { loadRemoteStore, syncNow, type FetchLike } from '../sync/remote-store';

const SESSION_FLAG = 'remote-store-loaded';
const PUSH_DEBOUNCE_MS = 400;

/**
 * Start-up order: the legacy localStorage copy (once), then the remote store on the first load of the
 * session (spec part 1 point 4), then defaults for a brand-new device, then pushes of local writes.
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
  let timer: ReturnType<typeof setTimeout> | null = null;
  onLocalWrite(() => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void syncNow(db, fetchImpl), PUSH_DEBOUNCE_MS);
  });
  // A server that has never been written gets this device's copy; otherwise only pending edits travel.
  void syncNow(db, fetchImpl, { force: serverEmpty });
}
