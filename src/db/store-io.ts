import { INITIAL_PASSWORD } from '../config';
import { generatePin, hashSecret, randomHex, randomId } from '../domain/secrets';
import { migrateStore, type MigrationContext, type MigrationReport } from '../domain/store/migrate';
import {
  COLLECTION_NAMES,
  parseStoreV1,
  type CollectionName,
  type StoreParseResult,
  type StoreV1,
} from '../domain/store/schema';
import { diffStore, type RecordChange } from '../domain/sync/diff';
import type { RecordData } from '../domain/sync/merge';
import { anyTable, type AppDatabase } from './database';
import { currentAuthor, getMeta, setMeta } from './meta';
import { baseRevisionOf, baseValuesOf } from './repository';

export function clientMigrationContext(now: Date = new Date()): MigrationContext {
  return {
    now,
    initialPassword: INITIAL_PASSWORD,
    hashSecret: (secret) => hashSecret(secret),
    generatePin,
    newId: () => randomId('u-'),
    randomToken: () => randomHex(4),
  };
}

export interface StoreIoOptions {
  /** currentUserId and currentLoginMode are device-local; they travel only in same-device copies. */
  deviceState?: boolean;
  /**
   * Whether the replacement is a local edit that must reach the server (the Données import: default), or a
   * copy of what the server or an earlier version of this device already holds (remote load, legacy copy,
   * first-start defaults), which must not be pushed back as new edits.
   */
  track?: boolean;
}

/** Appends outbox mutations for changes, in the caller's transaction (outbox, revisions, meta open). */
export async function enqueueChanges(
  db: AppDatabase,
  changes: readonly RecordChange[],
  before: Partial<Record<CollectionName, ReadonlyMap<string, RecordData>>>,
  createdAt: string = new Date().toISOString(),
): Promise<void> {
  const author = await currentAuthor(db);
  for (const change of changes) {
    const previous = before[change.collection]?.get(change.recordId);
    const baseValues = baseValuesOf(change.collection, previous, change.changedFields);
    await db.outbox.add({
      ...change,
      changedFields: [...change.changedFields],
      mutationId: globalThis.crypto.randomUUID(),
      baseRevision: await baseRevisionOf(db, change.collection, change.recordId),
      createdAt,
      author,
      ...(baseValues ? { baseValues } : {}),
    });
  }
}

async function currentRecords(db: AppDatabase) {
  const maps: Partial<Record<CollectionName, Map<string, RecordData>>> = {};
  for (const name of COLLECTION_NAMES) {
    const rows = await anyTable(db, name).toArray();
    maps[name] = new Map(rows.map((r) => [String(r.id), r]));
  }
  return maps;
}

/** Tables -> v1 object. Arrays come out in primary-key order, which makes the output canonical. */
export async function toStoreV1(db: AppDatabase, options: StoreIoOptions = {}): Promise<StoreV1> {
  return db.transaction('r', [...COLLECTION_NAMES, 'meta'], async () => {
    const out: Record<string, unknown> = {};
    for (const name of COLLECTION_NAMES) out[name] = await db[name].toArray();
    if (options.deviceState) {
      out.currentUserId = await getMeta(db, 'currentUserId');
      out.currentLoginMode = await getMeta(db, 'currentLoginMode');
    }
    return out as StoreV1;
  });
}

/**
 * Replaces every collection table by the store's content, in one transaction. Unless `track: false`, the
 * differences are queued in the outbox so that they reach the server.
 */
export async function replaceTables(
  db: AppDatabase,
  store: StoreV1,
  options: StoreIoOptions = {},
): Promise<void> {
  await db.transaction('rw', [...COLLECTION_NAMES, 'meta', 'outbox', 'revisions'], async () => {
    if (options.track ?? true) {
      // Only the difference travels, as mutations: a re-import of the same file sends nothing.
      const before = await currentRecords(db);
      const after: Partial<Record<CollectionName, RecordData[]>> = {};
      for (const name of COLLECTION_NAMES) after[name] = store[name];
      await enqueueChanges(db, diffStore(before, after), before);
    }
    for (const name of COLLECTION_NAMES) {
      const table = anyTable(db, name);
      await table.clear();
      await table.bulkPut(store[name]);
    }
    if (options.deviceState) {
      await setMeta(db, 'currentUserId', store.currentUserId ?? null);
      await setMeta(db, 'currentLoginMode', store.currentLoginMode ?? 'password');
    }
  });
}

export type FromStoreResult =
  { ok: true; store: StoreV1; report: MigrationReport } | Extract<StoreParseResult, { ok: false }>;

/**
 * Unknown JSON -> validated, migrated store -> tables. Validation and migration finish before the first
 * write, and the write is one transaction: an invalid input changes nothing.
 */
export async function fromStoreV1(
  db: AppDatabase,
  json: unknown,
  options: StoreIoOptions & { context?: MigrationContext } = {},
): Promise<FromStoreResult> {
  const parsed = parseStoreV1(json);
  if (!parsed.ok) return parsed;
  const { store, report } = await migrateStore(parsed.value, options.context ?? clientMigrationContext());
  await replaceTables(db, store, options);
  return { ok: true, store, report };
}

/** Migration + validation without writing (used to show what an import would replace). */
export async function prepareStore(json: unknown, context: MigrationContext = clientMigrationContext()) {
  const parsed = parseStoreV1(json);
  if (!parsed.ok) return parsed;
  const migrated = await migrateStore(parsed.value, context);
  return { ok: true as const, ...migrated };
}

export const LEGACY_STORAGE_KEY = 'user-mgmt-store/v1';

/**
 * The earlier version of the app kept the whole store in localStorage. Import it once, only into an empty
 * database, then remove it: it may hold clear-text passwords.
 */
export async function importLegacyLocalStorage(
  db: AppDatabase,
  storage: Pick<Storage, 'getItem' | 'removeItem'>,
): Promise<boolean> {
  if (await getMeta(db, 'legacyImported')) return false;
  const raw = storage.getItem(LEGACY_STORAGE_KEY);
  let imported = false;
  if (raw !== null && (await db.users.count()) === 0) {
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      json = null;
    }
    const result = await fromStoreV1(db, json, { track: false });
    imported = result.ok;
    if (result.ok) storage.removeItem(LEGACY_STORAGE_KEY);
  }
  await setMeta(db, 'legacyImported', true);
  return imported;
}

/**
 * First start on a device of a school the server does not know yet: a store with defaults and the emergency
 * administrator, the copy the emergency area sends to create the school. Untracked, so never after the device
 * has loaded a server's store (issue 29, item 7): defaults written then, behind a sign-in that already
 * replaced the tables, were records the server lacked while the device said "Synchronisé".
 */
export async function ensureInitialised(db: AppDatabase): Promise<void> {
  if ((await getMeta(db, 'loadedScope')) !== null) return;
  if ((await db.profiles.count()) > 0) return;
  await fromStoreV1(db, { users: [], profiles: [] }, { track: false });
}
