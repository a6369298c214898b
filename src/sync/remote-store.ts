import { browserFetch } from '../api/http';
import type { AppDatabase } from '../db/database';
import { getMeta, setMeta } from '../db/meta';
import { toStoreV1 } from '../db/store-io';
import { MAX_CHANGES_PAGE } from '../domain/sync/protocol';
import { authorFilterFor, expectedServerUser } from '../session/authors';
import { exchangeOnce, pullPages, type ExchangeResult, type FetchLike } from './engine';
import { deviceViewer, viewScope, type ScopeViewer } from '../session/view-scope';
import type { StoreLoadMessage, StoreLoadRequest } from './store-load.worker';
import {
  loadWholeStoreHere,
  shownFor,
  storeUrl,
  trackSecondStep,
  type WholeStoreOutcome,
} from './whole-store';

export type { FetchLike } from './engine';
export { replayOutbox } from './apply-remote';

/** How a load ended: 'replaced' means the tables now equal the server's view of this viewer. */
export type LoadResult = WholeStoreOutcome;

export interface LoadOptions {
  /** Load the whole store even when a catch-up would do (a Données restore, tests). */
  whole?: boolean;
  /**
   * Who the server session acts for (a sign-in passes the person it just signed in); by default the device's
   * own session (session/view-scope.ts deviceViewer), which the server's matches once reconciled.
   */
  viewer?: ScopeViewer;
}

/**
 * Spec part 1 point 4: on the first load of a session the remote store replaces the local copy when valid;
 * failures are silent and keep local data. Unsent local edits of the session's author are re-applied on top.
 *
 * A device that already holds this viewer's view at a known revision (same organisation, same person or
 * kiosk, same rights: meta loadedScope) reaches the same result through the change feed, at the cost of the
 * changes only: every record changed since, tombstones included (a deleted record is deleted here too).
 * Anything else loads the whole store: another person (what they may see differs), changed rights (records
 * that entered or left their view were not changed themselves, so the feed does not carry them), a server
 * whose revision went back (restored elsewhere), or an unknown scope. 'replaced' means, either way, that the
 * tables now equal the server's view of this viewer.
 */
export async function loadRemoteStore(
  db: AppDatabase,
  fetchImpl: FetchLike,
  options: LoadOptions = {},
): Promise<LoadResult> {
  try {
    const viewer = options.viewer ?? (await deviceViewer(db));
    if (!options.whole) {
      const caught = await catchUp(db, fetchImpl, viewer);
      if (caught !== 'whole') return caught;
    }
    return await loadWholeStore(db, fetchImpl, viewer);
  } catch {
    return 'failed';
  }
}

/** The catch-up through the change feed, or 'whole' when only a whole load gives this viewer's view. */
async function catchUp(
  db: AppDatabase,
  fetchImpl: FetchLike,
  viewer: ScopeViewer,
): Promise<LoadResult | 'whole'> {
  const since = await getMeta(db, 'revision');
  const loaded = await getMeta(db, 'loadedScope');
  if (since === null || loaded === null) return 'whole';
  if (loaded.who !== (await viewScope(db, viewer)).who) return 'whole';
  const pulled = await pullPages(db, fetchImpl, MAX_CHANGES_PAGE, shownFor(viewer));
  if (pulled.result === 'failed' || pulled.result === 'unauthorised') return 'failed';
  if (pulled.serverRevision === null || pulled.serverRevision < since) return 'whole';
  // The person's own record and the profiles came with the changes: their rights are the server's now.
  if ((await viewScope(db, viewer)).rights !== loaded.rights) return 'whole';
  await setMeta(db, 'lastSyncAt', new Date().toISOString());
  return 'replaced';
}

/**
 * GET /api/store: the viewer's whole view replaces the tables, in two steps (sync/whole-store.ts). In the app
 * (the page's own fetch, module workers) it runs in the store-load worker, and this answers as soon as the
 * first step is stored: the screens have their people and timetables, the journals follow, and the sync engine
 * waits for them (wholeStoreSettled). Elsewhere (tests, a fetch of their own) it runs here, to the end.
 */
async function loadWholeStore(
  db: AppDatabase,
  fetchImpl: FetchLike,
  viewer: ScopeViewer,
): Promise<LoadResult> {
  if (fetchImpl === browserFetch && typeof Worker === 'function') {
    const { first, done } = loadInWorker(db, viewer);
    trackSecondStep(done);
    return first;
  }
  const done = loadWholeStoreHere(db, fetchImpl, viewer);
  trackSecondStep(done);
  return done;
}

/** The load in the store-load worker: the first step's outcome, and the whole load's. */
function loadInWorker(
  db: AppDatabase,
  viewer: ScopeViewer,
): { first: Promise<LoadResult>; done: Promise<LoadResult> } {
  let resolveFirst: (result: LoadResult) => void = () => undefined;
  const first = new Promise<LoadResult>((resolve) => (resolveFirst = resolve));
  const done = new Promise<LoadResult>((resolveDone) => {
    const worker = new Worker(new URL('./store-load.worker.ts', import.meta.url), { type: 'module' });
    const finish = (result: LoadResult) => {
      worker.terminate();
      resolveFirst(result); // no effect once the first step was told
      resolveDone(result);
    };
    worker.onmessage = (event: MessageEvent<StoreLoadMessage>) => {
      if (event.data.type === 'first-step') resolveFirst('replaced');
      else finish(event.data.result);
    };
    worker.onerror = () => finish('failed');
    const request: StoreLoadRequest = { dbName: db.name, viewer };
    worker.postMessage(request);
  });
  return { first, done };
}

/**
 * One exchange with the server (the engine's, without its timers): the outbox changes of the person signed in
 * here, under their own session only, and the remote changes, in one round trip per batch.
 */
export async function syncNow(db: AppDatabase, fetchImpl: FetchLike): Promise<ExchangeResult> {
  const expectedUserId = await expectedServerUser(db);
  const result = await exchangeOnce(db, fetchImpl, {
    expectedUserId,
    canSend: authorFilterFor({ userId: expectedUserId, kiosk: expectedUserId === null }),
  });
  return result === 'session-changed' ? 'unauthorised' : result;
}

/**
 * The first device of a new organisation writes its store (defaults and the emergency administrator) with
 * no session: the server accepts that only while the organisation is empty, and only with the setup code
 * printed in its terminal (only the owner of the server creates organisations).
 */
export async function seedServer(
  db: AppDatabase,
  fetchImpl: FetchLike,
  setupCode: string,
): Promise<'ok' | 'setup-code' | 'rate-limited' | 'failed'> {
  try {
    const orgId = await getMeta(db, 'orgId');
    const store = await toStoreV1(db, { deviceState: false });
    const response = await fetchImpl(storeUrl(orgId), {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-setup-code': setupCode },
      body: JSON.stringify(store),
    });
    if (response.status === 403) return 'setup-code';
    if (response.status === 429) return 'rate-limited';
    if (!response.ok) return 'failed';
    // No revision is kept: the server also adds what it creates with the school (its default profiles), so
    // these tables are not its copy; the first sign-in loads the whole store (issue 29, item 7).
    return 'ok';
  } catch {
    return 'failed';
  }
}
