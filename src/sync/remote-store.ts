import type { AppDatabase, OutboxMutation } from '../db/database';
import { getMeta, setMeta } from '../db/meta';
import { clientMigrationContext, prepareStore, replaceTables, toStoreV1 } from '../db/store-io';
import { COLLECTION_NAMES, parseStoreV1 } from '../domain/store/schema';
import { overlayPending, type RecordData } from '../domain/sync/merge';
import { pullChanges, pushOutbox, type ExchangeResult, type FetchLike } from './engine';

export type { FetchLike } from './engine';

function storeUrl(orgId: string): string {
  return `/api/store?orgId=${encodeURIComponent(orgId)}`;
}

function revisionFrom(response: Response): number | null {
  const match = /(\d+)/.exec(response.headers.get('etag') ?? '');
  return match ? Number(match[1]) : null;
}

/** Re-applies unsent local mutations on top of freshly loaded tables, so a remote load never erases them. */
export async function replayOutbox(db: AppDatabase, mutations: readonly OutboxMutation[]): Promise<void> {
  await db.transaction('rw', [...COLLECTION_NAMES], async () => {
    for (const m of mutations) {
      const table = db[m.collection];
      const current = ((await table.get(m.recordId)) as RecordData | undefined) ?? null;
      const next = overlayPending(current, m);
      if (next === null) await table.delete(m.recordId);
      else await table.put(next as never);
    }
  });
}

export type LoadResult = 'replaced' | 'kept-local' | 'server-empty' | 'failed';

/**
 * Spec part 1 point 4: on the first load of a session the remote store replaces the local copy when valid;
 * failures are silent and keep local data. Unsent local edits (outbox) are re-applied on top. The ETag
 * revision becomes the base of every record: the snapshot holds every change up to it.
 */
export async function loadRemoteStore(db: AppDatabase, fetchImpl: FetchLike): Promise<LoadResult> {
  try {
    const orgId = await getMeta(db, 'orgId');
    const response = await fetchImpl(storeUrl(orgId), {
      headers: { accept: 'application/json' },
      cache: 'no-store',
    });
    if (!response.ok) return 'failed';
    const revision = revisionFrom(response);
    const json: unknown = await response.json();
    if (revision === 0) return 'server-empty';
    if (revision === null || !parseStoreV1(json).ok) return 'kept-local';
    // Migration hashes with WebCrypto, which would end an IndexedDB transaction: it runs before the write.
    const prepared = await prepareStore(json, { ...clientMigrationContext(), fromServer: true });
    if (!prepared.ok) return 'kept-local';
    await db.transaction('rw', [...COLLECTION_NAMES, 'meta', 'outbox', 'revisions'], async () => {
      const pending = await db.outbox.orderBy('seq').toArray();
      await replaceTables(db, prepared.store, { track: false });
      await replayOutbox(db, pending);
      await db.revisions.clear();
      await setMeta(db, 'revision', revision);
    });
    await setMeta(db, 'lastSyncAt', new Date().toISOString());
    return 'replaced';
  } catch {
    return 'failed';
  }
}

/** One push of the outbox then one pull of remote changes (the engine's exchange, without its timers). */
export async function syncNow(db: AppDatabase, fetchImpl: FetchLike): Promise<ExchangeResult> {
  const pushed = await pushOutbox(db, fetchImpl);
  if (pushed === 'failed') return 'failed';
  const pulled = await pullChanges(db, fetchImpl);
  if (pulled === 'failed') return 'failed';
  return pushed === 'ok' || pulled === 'ok' ? 'ok' : 'nothing';
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
    const revision = revisionFrom(response);
    if (revision !== null) await setMeta(db, 'revision', revision);
    return 'ok';
  } catch {
    return 'failed';
  }
}
