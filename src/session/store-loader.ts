import type { FetchLike } from '../api/http';
import type { AppDatabase } from '../db/database';
import type { ScopeViewer } from './view-scope';

/**
 * After a sign-in, a sign-out on a kiosk or a reconciliation, the device loads the store for its new viewer
 * (spec part 1 point 4). Loading is the sync layer's (sync/remote-store.ts loadRemoteStore), which sits above
 * the session module and asks it who may exchange; so the app hands the loader to the session module at start
 * (app/start-app.ts), as it hands the session gate to the sync engine (app/bootstrap.ts). No import, static
 * or dynamic, goes from session/ up to sync/.
 */
export type StoreLoader = (db: AppDatabase, fetchImpl: FetchLike, viewer: ScopeViewer) => Promise<void>;

let loader: StoreLoader | null = null;

export function provideStoreLoader(load: StoreLoader): void {
  loader = load;
}

export async function loadStoreFor(
  db: AppDatabase,
  fetchImpl: FetchLike,
  viewer: ScopeViewer,
): Promise<void> {
  if (!loader)
    throw new Error('session/store-loader: provideStoreLoader() must run at start (app/start-app.ts)');
  await loader(db, fetchImpl, viewer);
}
