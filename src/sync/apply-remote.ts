import type { AppDatabase, OutboxMutation } from '../db/database';
import { anyTable, revisionKey } from '../db/database';
import { setMeta } from '../db/meta';
import type { CollectionName } from '../domain/store/collections';
import { overlayPending, type RecordData } from '../domain/sync/merge';
import type { RemoteRecord } from '../domain/sync/protocol';
import { deviceAuthorFilter, type AuthorFilter } from '../session/authors';

function listIn<K, V>(map: Map<K, V[]>, key: K): V[] {
  let list = map.get(key);
  if (!list) map.set(key, (list = []));
  return list;
}

/** Pending mutations by record key, oldest first, of the authors `shown` lets through. */
async function pendingByRecord(
  db: AppDatabase,
  collections: Iterable<CollectionName>,
  shown: AuthorFilter,
): Promise<Map<string, OutboxMutation[]>> {
  const byKey = new Map<string, OutboxMutation[]>();
  for (const collection of collections) {
    const pending = await db.outbox.where('collection').equals(collection).sortBy('seq');
    for (const m of pending) {
      if (shown(m.author)) listIn(byKey, revisionKey(m.collection, m.recordId)).push(m);
    }
  }
  return byKey;
}

export interface ApplyOptions {
  /** Whose unsent edits are re-applied on top (by default deviceAuthorFilter: the current user's). */
  shown?: AuthorFilter;
  /**
   * For a page of the change feed: the store revision the tables are caught up to once it is written (meta
   * revision, set in the same transaction). A record's own revision is then kept only when above it, and
   * entries at or below it are dropped (absent = the store revision, repository.baseRevisionOf): one write
   * per record instead of two.
   */
  caughtUpTo?: number;
}

/**
 * Writes records received from the server into the tables, each with the device's unsent edits of that
 * record re-applied on top (a pull never clobbers a pending local edit). Only the edits of the authors the
 * device's current user may send are shown: on a shared device, another person's unsent changes wait in the
 * outbox for their own session and are not shown to this one. One bulk write per table in one transaction
 * (the caller's, when there is one): a page of 500 records is a handful of IndexedDB requests, not a
 * thousand.
 */
export async function applyRemoteRecords(
  db: AppDatabase,
  records: readonly RemoteRecord[],
  options: ApplyOptions = {},
): Promise<void> {
  const { caughtUpTo } = options;
  if (records.length === 0 && caughtUpTo === undefined) return;
  const collections = new Set(records.map((r) => r.collection));
  // Only the tables this page touches: IndexedDB schedules a transaction by the tables it names.
  await db.transaction('rw', [...collections, 'outbox', 'revisions', 'meta'], async () => {
    // The last version of a record in the list wins (a page lists each record once; push answers may not).
    const latest = new Map<string, RemoteRecord>();
    for (const remote of records) latest.set(revisionKey(remote.collection, remote.id), remote);
    const pending = await pendingByRecord(db, collections, options.shown ?? (await deviceAuthorFilter(db)));
    const puts = new Map<CollectionName, RecordData[]>();
    const deletes = new Map<CollectionName, string[]>();
    const revisions: { key: string; rev: number }[] = [];
    for (const [key, remote] of latest) {
      let record: RecordData | null = remote.deleted ? null : remote.data;
      for (const m of pending.get(key) ?? []) record = overlayPending(record, m);
      if (record === null) listIn(deletes, remote.collection).push(remote.id);
      else listIn(puts, remote.collection).push(record);
      if (caughtUpTo === undefined || remote.rev > caughtUpTo) revisions.push({ key, rev: remote.rev });
    }
    for (const [collection, rows] of puts) await anyTable(db, collection).bulkPut(rows);
    for (const [collection, ids] of deletes) await anyTable(db, collection).bulkDelete(ids);
    if (caughtUpTo !== undefined) {
      await db.revisions.where('rev').belowOrEqual(caughtUpTo).delete();
      await setMeta(db, 'revision', caughtUpTo);
    }
    await db.revisions.bulkPut(revisions);
  });
}

/**
 * Re-applies unsent local mutations on top of freshly loaded tables, so a remote load never erases them: only
 * those of the authors `shown` lets through (by default the device's current user's, deviceAuthorFilter).
 * Bulk reads and writes per table, in the caller's transaction when there is one.
 */
export async function replayOutbox(
  db: AppDatabase,
  mutations: readonly OutboxMutation[],
  shown?: AuthorFilter,
): Promise<void> {
  if (mutations.length === 0) return;
  const collections = new Set(mutations.map((m) => m.collection));
  // meta only to find the device's author when the caller did not say whose edits are shown.
  await db.transaction('rw', shown ? [...collections] : [...collections, 'meta'], async () => {
    const filter = shown ?? (await deviceAuthorFilter(db));
    const byCollection = new Map<CollectionName, OutboxMutation[]>();
    for (const m of mutations) if (filter(m.author)) listIn(byCollection, m.collection).push(m);
    for (const [collection, list] of byCollection) {
      const table = anyTable(db, collection);
      const ids = [...new Set(list.map((m) => m.recordId))];
      const current = await table.bulkGet(ids);
      const records = new Map<string, RecordData | null>(ids.map((id, i) => [id, current[i] ?? null]));
      for (const m of list) records.set(m.recordId, overlayPending(records.get(m.recordId) ?? null, m));
      const puts: RecordData[] = [];
      const deletes: string[] = [];
      for (const [id, record] of records) {
        if (record === null) deletes.push(id);
        else puts.push(record);
      }
      await table.bulkPut(puts);
      await table.bulkDelete(deletes);
    }
  });
}
