import type { AppDatabase, OutboxMutation } from '../db/database';
import { revisionKey } from '../db/database';
import { COLLECTION_NAMES } from '../domain/store/collections';
import { overlayPending, type RecordData } from '../domain/sync/merge';
import type { RemoteRecord } from '../domain/sync/protocol';

export const APPLY_TABLES = [...COLLECTION_NAMES, 'outbox', 'revisions', 'meta'] as const;

/**
 * Writes records received from the server into the tables, each with the device's unsent edits of that
 * record re-applied on top (issue 11: a pull never clobbers a pending local edit). Runs inside the caller's
 * transaction when there is one.
 */
export async function applyRemoteRecords(db: AppDatabase, records: readonly RemoteRecord[]): Promise<void> {
  if (records.length === 0) return;
  await db.transaction('rw', [...APPLY_TABLES], async () => {
    const pendingByKey = new Map<string, OutboxMutation[]>();
    const collections = new Set(records.map((r) => r.collection));
    for (const collection of collections) {
      const pending = await db.outbox.where('collection').equals(collection).sortBy('seq');
      for (const m of pending) {
        const key = revisionKey(m.collection, m.recordId);
        pendingByKey.set(key, [...(pendingByKey.get(key) ?? []), m]);
      }
    }
    for (const remote of records) {
      const key = revisionKey(remote.collection, remote.id);
      let record: RecordData | null = remote.deleted ? null : remote.data;
      for (const m of pendingByKey.get(key) ?? []) record = overlayPending(record, m);
      const table = db[remote.collection];
      if (record === null) await table.delete(remote.id);
      else await table.put(record as never);
      await db.revisions.put({ key, rev: remote.rev });
    }
  });
}
