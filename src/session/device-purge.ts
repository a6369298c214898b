import { anyTable, revisionKey, type AppDatabase } from '../db/database';
import { getMeta, setMeta } from '../db/meta';
import type { AccessLookup } from '../domain/access';
import {
  keptWhole,
  retainedOfflineHashes,
  retainedRecord,
  type DeviceReaders,
} from '../domain/access/device-retention';
import { COLLECTION_NAMES } from '../domain/store/collections';
import type { RecordData } from '../domain/sync/merge';

export interface PurgeReport {
  /** Records removed from the device. */
  removed: number;
  /** Records kept without some of their fields (other people's private fields, hashes). */
  trimmed: number;
}

const PURGE_TABLES = [...COLLECTION_NAMES, 'meta', 'revisions'] as const;

/** Who may use this device now that nobody is signed in: the kiosk, and the people remembered here. */
async function deviceReaders(db: AppDatabase): Promise<DeviceReaders> {
  const remembered = (await getMeta(db, 'offlineHashesRememberedOnly'))
    ? Object.keys(await getMeta(db, 'offlineHashes'))
    : [];
  return { kiosk: (await getMeta(db, 'kioskName')) !== null, remembered: new Set(remembered) };
}

/**
 * A shared device keeps only what its next user may see (ARCHITECTURE.md "Trust"): after a sign-out, every
 * record is cut down to what the device's remaining readers receive from the server (device-retention.ts),
 * in one transaction. The outbox is not touched: unsent changes leave under their author's session when that
 * person signs in again. If anything was removed, the device no longer holds a complete view at its revision:
 * the revision and the view it was of are forgotten (each kept record keeps its own revision), so the next
 * session loads the whole store.
 */
export async function keepOnlyWhatTheDeviceNeeds(db: AppDatabase): Promise<PurgeReport> {
  return db.transaction('rw', [...PURGE_TABLES], async () => {
    const readers = await deviceReaders(db);
    const users = await db.users.toArray();
    const usersById = new Map(users.map((u) => [u.id, u]));
    const timetables = new Map((await db.timetables.toArray()).map((t) => [t.id, t]));
    const lookup: AccessLookup = {
      profiles: await db.profiles.toArray(),
      user: (id) => usersById.get(id) ?? null,
      timetable: (id) => timetables.get(id) ?? null,
    };
    const report: PurgeReport = { removed: 0, trimmed: 0 };
    const keptKeys: string[] = [];
    for (const name of COLLECTION_NAMES) {
      const table = anyTable(db, name);
      if (keptWhole(name)) {
        for (const id of await table.toCollection().primaryKeys()) keptKeys.push(revisionKey(name, id));
        continue;
      }
      const rows: RecordData[] = name === 'users' ? users : await table.toArray();
      const removed: string[] = [];
      const trimmed: RecordData[] = [];
      for (const row of rows) {
        const id = String(row.id);
        const kept = retainedRecord(readers, name, row, lookup);
        if (kept === null) removed.push(id);
        else {
          keptKeys.push(revisionKey(name, id));
          if (kept !== row) trimmed.push(kept);
        }
      }
      await table.bulkDelete(removed);
      await table.bulkPut(trimmed);
      await db.revisions.bulkDelete(removed.map((id) => revisionKey(name, id)));
      report.removed += removed.length;
      report.trimmed += trimmed.length;
    }
    const hashes = await getMeta(db, 'offlineHashes');
    const keptHashes = retainedOfflineHashes(readers, hashes);
    if (Object.keys(keptHashes).length !== Object.keys(hashes).length)
      await setMeta(db, 'offlineHashes', keptHashes);
    await setMeta(db, 'retainedForNextUser', true);
    const revision = await getMeta(db, 'revision');
    if (report.removed + report.trimmed > 0 && revision !== null) {
      // Each kept record's base revision stays what it was (repository.baseRevisionOf), the store's goes.
      const known = new Set(await db.revisions.toCollection().primaryKeys());
      const missing = keptKeys.filter((key) => !known.has(key));
      await db.revisions.bulkPut(missing.map((key) => ({ key, rev: revision })));
      await setMeta(db, 'revision', null);
      await setMeta(db, 'loadedScope', null);
    }
    return report;
  });
}

/**
 * On start, with nobody signed in: a device whose last password session did not end through endSession (an
 * earlier version of the app, or a tab closed during a sign-out) is cut down as a sign-out would have.
 */
export async function keepOnlyWhatTheDeviceNeedsOnStart(db: AppDatabase): Promise<PurgeReport | null> {
  if ((await getMeta(db, 'currentUserId')) !== null) return null;
  if (await getMeta(db, 'retainedForNextUser')) return null;
  return keepOnlyWhatTheDeviceNeeds(db);
}
