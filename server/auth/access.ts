import type { AccessLookup } from '../../src/domain/access/lookup';
import { lookupKeys } from '../../src/domain/access/lookup';
import { projectRecord } from '../../src/domain/access/read';
import type { Viewer } from '../../src/domain/access/viewer';
import { authorizeWrite } from '../../src/domain/access/write';
import type { CollectionName, Profile, Timetable, User } from '../../src/domain/store/schema';
import type { RecordData, ServerRecord } from '../../src/domain/sync/merge';
import type { MutationResult } from '../../src/domain/sync/protocol';
import type { SyncStorage } from '../storage/sync-storage';
import type { Authorize } from '../sync-service';

/** Glue between the pure access rules (src/domain/access) and the storage: lookups, filtering, authorising. */

function mapLookup(
  profiles: readonly Profile[],
  users: Map<string, User>,
  timetables: Map<string, Timetable>,
) {
  const lookup: AccessLookup = {
    profiles,
    user: (id) => users.get(id) ?? null,
    timetable: (id) => timetables.get(id) ?? null,
  };
  return lookup;
}

/** A lookup over a whole organisation already in memory (GET /api/store). */
export function lookupOfRecords(records: readonly ServerRecord[]): AccessLookup {
  const profiles: Profile[] = [];
  const users = new Map<string, User>();
  const timetables = new Map<string, Timetable>();
  for (const r of records) {
    if (r.deleted) continue;
    if (r.collection === 'profiles') profiles.push(r.data as Profile);
    else if (r.collection === 'users') users.set(r.id, r.data as User);
    else if (r.collection === 'timetables') timetables.set(r.id, r.data as Timetable);
  }
  return mapLookup(profiles, users, timetables);
}

/** A lookup loading only what the rules will ask about these records (delta pages, push answers). */
export async function lookupFor(
  storage: SyncStorage,
  orgId: string,
  profiles: readonly Profile[],
  records: readonly { collection: CollectionName; data: RecordData | null }[],
): Promise<AccessLookup> {
  const keys = new Map<string, { collection: CollectionName; id: string }>();
  for (const r of records) {
    const needed = lookupKeys(r.collection, r.data, null);
    for (const id of needed.users) keys.set(`users/${id}`, { collection: 'users', id });
    for (const id of needed.timetables) keys.set(`timetables/${id}`, { collection: 'timetables', id });
  }
  const found = await storage.readRecords(orgId, [...keys.values()]);
  const users = new Map<string, User>();
  const timetables = new Map<string, Timetable>();
  for (const r of found) {
    if (r.collection === 'users') users.set(r.id, r.data as User);
    else if (r.collection === 'timetables') timetables.set(r.id, r.data as Timetable);
  }
  return mapLookup(profiles, users, timetables);
}

/** The records as this viewer may receive them; hidden ones are left out (tombstones always travel). */
export function projectAll(
  viewer: Viewer,
  records: readonly ServerRecord[],
  lookup: AccessLookup,
): ServerRecord[] {
  const out: ServerRecord[] = [];
  for (const record of records) {
    if (record.deleted) {
      out.push(record);
      continue;
    }
    const data = projectRecord(viewer, record.collection, record.data, lookup);
    if (data !== null) out.push(data === record.data ? record : { ...record, data });
  }
  return out;
}

/** Push answers carry records: filtered like a read (a hidden one becomes a tombstone). */
export async function projectResults(
  storage: SyncStorage,
  orgId: string,
  viewer: Viewer,
  profiles: readonly Profile[],
  results: MutationResult[],
): Promise<MutationResult[]> {
  const withRecords = results.filter((r) => r.record && !r.record.deleted && r.record.data);
  if (withRecords.length === 0) return results;
  const lookup = await lookupFor(
    storage,
    orgId,
    profiles,
    withRecords.map((r) => ({ collection: r.record!.collection, data: r.record!.data })),
  );
  return results.map((result) => {
    const record = result.record;
    if (!record || record.deleted || !record.data) return result;
    const data = projectRecord(viewer, record.collection, record.data, lookup);
    return {
      ...result,
      record: data === null ? { ...record, deleted: true, data: null } : { ...record, data },
    };
  });
}

/** The per-mutation authoriser of a session: rules of src/domain/access, records read in the transaction. */
export function authorizerFor(viewer: Viewer, profiles: readonly Profile[]): Authorize {
  // Within one batch the same timetable is looked up for every check-in of it: read once, and forgotten as
  // soon as the batch itself writes that record (the next lookup then sees the batch's own change).
  const cache = new Map<string, RecordData | null>();
  const read = async (tx: Parameters<Authorize>[0], collection: 'users' | 'timetables', id: string) => {
    const key = `${collection}/${id}`;
    if (!cache.has(key)) {
      const r = await tx.getRecord(collection, id);
      cache.set(key, r && !r.deleted ? r.data : null);
    }
    return cache.get(key) ?? null;
  };
  return async (tx, write) => {
    cache.delete(`${write.collection}/${write.recordId}`);
    const keys = lookupKeys(write.collection, write.before, write.after);
    const users = new Map<string, User>();
    const timetables = new Map<string, Timetable>();
    for (const id of keys.users) {
      const data = await read(tx, 'users', id);
      if (data) users.set(id, data as User);
    }
    for (const id of keys.timetables) {
      const data = await read(tx, 'timetables', id);
      if (data) timetables.set(id, data as Timetable);
    }
    return authorizeWrite(viewer, write, mapLookup(profiles, users, timetables));
  };
}
