/// <reference lib="webworker" />
import { browserFetch } from '../api/http';
import { openDatabase } from '../db/database';
import type { ScopeViewer } from '../session/view-scope';
import { loadWholeStoreHere, type WholeStoreOutcome } from './whole-store';

/**
 * The whole load of the store off the page's thread (sync/whole-store.ts): a new device's 15 MB are fetched,
 * parsed, validated and written here, so the page keeps drawing (Dexie tells the page's live queries of each
 * write: its storagemutated events cross contexts). Same origin: the request carries the session cookie.
 */

export interface StoreLoadRequest {
  dbName: string;
  viewer: ScopeViewer;
}

export type StoreLoadMessage = { type: 'first-step' } | { type: 'done'; result: WholeStoreOutcome };

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (event: MessageEvent<StoreLoadRequest>) => {
  const { dbName, viewer } = event.data;
  const db = openDatabase(dbName);
  const post = (message: StoreLoadMessage) => scope.postMessage(message);
  void loadWholeStoreHere(db, browserFetch, viewer, () => post({ type: 'first-step' }))
    .catch((): WholeStoreOutcome => 'failed')
    .then((result) => {
      db.close();
      post({ type: 'done', result });
    });
};
