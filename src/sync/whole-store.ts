import type { FetchLike } from '../api/http';
import { anyTable, type AppDatabase } from '../db/database';
import { getMeta, setMeta } from '../db/meta';
import { clientMigrationContext, prepareStore } from '../db/store-io';
import { STORE_PARTS, type CollectionName, type StorePart } from '../domain/store/collections';
import type { StoreV1 } from '../domain/store/schema';
import { authorFilterFor, type AuthorFilter } from '../session/authors';
import { viewScope, type ScopeViewer } from '../session/view-scope';
import { replayOutbox } from './apply-remote';

/**
 * The whole load of a viewer's store (GET /api/store), written in two steps so that a new device shows its
 * first screen before the journals are stored: first the people, profiles, reference data and timetables
 * (what every screen reads), then the collections that only grow (check-ins, planning journal, notifications:
 * 50,000 of the 55,000 records of a 5,001-user group). Each step replaces its tables in short transactions
 * and re-applies the viewer's unsent edits of them on top. The device's revision and loaded scope are written
 * last: a load cut short in between (tab closed) leaves no revision, so the next start loads the whole store
 * again instead of catching up from a store it never finished (spec part 1 point 4 keeps its meaning: the
 * device ends equal to the server's view).
 *
 * Runs where it is called: in the store-load worker for the app (sync/store-load.worker.ts: parsing and
 * writing 15 MB never blocks the page), in the page for tests and browsers without module workers.
 */

export type WholeStoreOutcome = 'replaced' | 'kept-local' | 'server-empty' | 'failed';

/** Whose unsent edits a viewer's load shows over the server's records (apply-remote.ts). */
export function shownFor(viewer: ScopeViewer): AuthorFilter {
  return authorFilterFor(
    viewer.kind === 'user' ? { userId: viewer.userId, kiosk: null } : { userId: null, kiosk: true },
  );
}

export function storeUrl(orgId: string): string {
  return `/api/store?orgId=${encodeURIComponent(orgId)}`;
}

export function revisionFrom(response: Response): number | null {
  const match = /(\d+)/.exec(response.headers.get('etag') ?? '');
  return match ? Number(match[1]) : null;
}

/** Records per write transaction: each holds its tables for a short while, so the page's reads go between. */
export const WRITE_CHUNK = 2_000;

/**
 * Replaces the step's tables by the store's records in short transactions of WRITE_CHUNK records, none of
 * which names meta: the page signing in, reading its session or counting its outbox never waits for 15 MB to
 * be written. The first transaction empties the tables and puts back the viewer's unsent edits; each chunk
 * then puts the server's records with those edits re-applied on top (a pending edit is never hidden, even
 * for a moment). What another viewer left on a shared device is gone from the first transaction on.
 */
async function replaceStep(
  db: AppDatabase,
  store: StoreV1,
  names: readonly CollectionName[],
  shown: AuthorFilter,
): Promise<void> {
  // The viewer's unsent edits of a collection, oldest first (the outbox's collection index, not all of it).
  const pendingOf = async (name: CollectionName, ids?: ReadonlySet<string>) =>
    (await db.outbox.where('collection').equals(name).sortBy('seq')).filter(
      (m) => ids === undefined || ids.has(m.recordId),
    );
  await db.transaction('rw', [...names, 'outbox'], async () => {
    for (const name of names) {
      await anyTable(db, name).clear();
      await replayOutbox(db, await pendingOf(name), shown);
    }
  });
  for (const name of names) {
    const records = store[name];
    for (let start = 0; start < records.length; start += WRITE_CHUNK) {
      const chunk = records.slice(start, start + WRITE_CHUNK);
      await db.transaction('rw', [name, 'outbox'], async () => {
        await anyTable(db, name).bulkPut(chunk);
        await replayOutbox(db, await pendingOf(name, new Set(chunk.map((r) => String(r.id)))), shown);
      });
    }
  }
}

/** One part of the viewer's store, validated and migrated; its revision; or why there is none. */
async function fetchPart(
  fetchImpl: FetchLike,
  orgId: string,
  part: StorePart,
): Promise<{ store: StoreV1; revision: number } | Exclude<WholeStoreOutcome, 'replaced'>> {
  const response = await fetchImpl(`${storeUrl(orgId)}&part=${part}`, {
    headers: { accept: 'application/json' },
    cache: 'no-store',
  });
  if (!response.ok) return 'failed';
  const revision = revisionFrom(response);
  const json: unknown = await response.json();
  if (revision === 0) return 'server-empty';
  if (revision === null) return 'kept-local';
  // Validation (once) and migration: hashing with WebCrypto would end an IndexedDB transaction, so they run
  // before the writes.
  const prepared = await prepareStore(json, { ...clientMigrationContext(), fromServer: true });
  return prepared.ok ? { store: prepared.store, revision } : 'kept-local';
}

/**
 * The viewer's store in its two parts (GET /api/store?part=first, then ?part=journals), each written as soon
 * as it arrives. `onFirstStep` is told when the first part is stored (a screen may show then); the promise
 * settles when the whole view is. The two answers may be at different revisions: the device keeps the first
 * one's, so its next catch-up brings whatever changed since, in either part.
 */
export async function loadWholeStoreHere(
  db: AppDatabase,
  fetchImpl: FetchLike,
  viewer: ScopeViewer,
  onFirstStep: () => void = () => undefined,
): Promise<WholeStoreOutcome> {
  const orgId = await getMeta(db, 'orgId');
  const first = await fetchPart(fetchImpl, orgId, 'first');
  if (typeof first === 'string') return first;
  const shown = shownFor(viewer);
  // The records' own revisions are unknown until the device catches up: none is kept (the store revision is
  // the base of new edits), none is left from an earlier view, and no revision says the tables are whole.
  await db.transaction('rw', ['meta', 'revisions'], async () => {
    await db.revisions.clear();
    await setMeta(db, 'revision', null);
    await setMeta(db, 'loadedScope', null);
  });
  await replaceStep(db, first.store, STORE_PARTS.first, shown);
  onFirstStep();
  const journals = await fetchPart(fetchImpl, orgId, 'journals');
  // The first part is stored but not the journals: no revision, so the next start loads it all again.
  if (typeof journals === 'string') return journals === 'kept-local' ? 'kept-local' : 'failed';
  await replaceStep(db, journals.store, STORE_PARTS.journals, shown);
  const revision = Math.min(first.revision, journals.revision);
  await db.transaction('rw', ['users', 'profiles', 'meta'], async () => {
    await setMeta(db, 'revision', revision);
    await setMeta(db, 'loadedScope', await viewScope(db, viewer));
  });
  await setMeta(db, 'lastSyncAt', new Date().toISOString());
  return 'replaced';
}

let pendingSecondStep: Promise<unknown> | null = null;

/**
 * A whole load whose first step is stored and whose second is still being written (store-load worker): the
 * sync engine waits for it before exchanging, since the device has no revision to catch up from meanwhile.
 */
export function trackSecondStep(settled: Promise<unknown>): void {
  const tracked = settled.catch(() => undefined);
  pendingSecondStep = tracked;
  void tracked.then(() => {
    if (pendingSecondStep === tracked) pendingSecondStep = null;
  });
}

export async function wholeStoreSettled(): Promise<void> {
  await pendingSecondStep;
}
