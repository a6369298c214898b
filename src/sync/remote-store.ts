import { parseStoreV1, type StoreV1 } from '../domain/store/schema';
import type { AppDatabase, OutboxMutation } from '../db/database';
import { getMeta, setMeta } from '../db/meta';
import { fromStoreV1, toStoreV1 } from '../db/store-io';
import { COLLECTION_NAMES } from '../domain/store/schema';

/** How the app reaches the server (tests pass their own). */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

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
      if (m.op === 'delete') {
        await table.delete(m.recordId);
        continue;
      }
      const current = (await table.get(m.recordId)) as Record<string, unknown> | undefined;
      const next: Record<string, unknown> = { ...(current ?? { id: m.recordId }) };
      for (const field of m.changedFields) {
        const value = m.values?.[field];
        if (value === undefined) delete next[field];
        else next[field] = value;
      }
      await table.put(next as never);
    }
  });
}

export type LoadResult = 'replaced' | 'kept-local' | 'server-empty' | 'failed';

/**
 * Spec part 1 point 4: the remote store replaces the local copy when valid; failures are silent and keep
 * local data. Unsent local edits (outbox) are replayed on top of the remote copy.
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
    const parsed = parseStoreV1(json);
    if (!parsed.ok) return 'kept-local';
    const pending = await db.outbox.orderBy('seq').toArray();
    const result = await fromStoreV1(db, parsed.value);
    if (!result.ok) return 'kept-local';
    await replayOutbox(db, pending);
    await setMeta(db, 'revision', revision);
    await setMeta(db, 'lastSyncAt', new Date().toISOString());
    return 'replaced';
  } catch {
    return 'failed';
  }
}

export type PushResult = 'pushed' | 'nothing' | 'conflict' | 'failed';

/** Whole-store PUT with If-Match; on success the mutations it carried leave the outbox. */
export async function pushStore(
  db: AppDatabase,
  fetchImpl: FetchLike,
  options: { force?: boolean } = {},
): Promise<PushResult> {
  try {
    const pending = await db.outbox.orderBy('seq').toArray();
    if (pending.length === 0 && !options.force) return 'nothing';
    const lastSeq = pending.at(-1)?.seq ?? 0;
    const orgId = await getMeta(db, 'orgId');
    const revision = await getMeta(db, 'revision');
    const body: StoreV1 = await toStoreV1(db);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    headers['if-match'] = `"${revision ?? 0}"`;
    const response = await fetchImpl(storeUrl(orgId), { method: 'PUT', headers, body: JSON.stringify(body) });
    if (response.status === 412) return 'conflict';
    if (!response.ok) return 'failed';
    const newRevision = revisionFrom(response);
    await db.transaction('rw', [db.outbox, db.meta], async () => {
      await db.outbox.where('seq').belowOrEqual(lastSeq).delete();
      await setMeta(db, 'revision', newRevision);
      await setMeta(db, 'lastSyncAt', new Date().toISOString());
    });
    return 'pushed';
  } catch {
    return 'failed';
  }
}

/** Push; when another device pushed first, reload its store, replay ours on top, and push again. */
export async function syncNow(
  db: AppDatabase,
  fetchImpl: FetchLike,
  options: { force?: boolean } = {},
): Promise<PushResult> {
  let result = await pushStore(db, fetchImpl, options);
  for (let attempt = 0; result === 'conflict' && attempt < 3; attempt += 1) {
    const loaded = await loadRemoteStore(db, fetchImpl);
    if (loaded !== 'replaced') return 'failed';
    result = await pushStore(db, fetchImpl, { force: true });
  }
  return result;
}
