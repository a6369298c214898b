import { INITIAL_PASSWORD } from '../config';
import { generatePin, hashSecret, randomHex, randomId } from '../domain/secrets';
import { migrateStore, type MigrationContext, type MigrationReport } from '../domain/store/migrate';
import { COLLECTION_NAMES, parseStoreV1, type StoreParseResult, type StoreV1 } from '../domain/store/schema';
import { anyTable, type AppDatabase } from './database';
import { getMeta, setMeta } from './meta';

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

/** Replaces every collection table by the store's content, in one transaction. Outbox untouched. */
export async function replaceTables(
  db: AppDatabase,
  store: StoreV1,
  options: StoreIoOptions = {},
): Promise<void> {
  await db.transaction('rw', [...COLLECTION_NAMES, 'meta'], async () => {
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
    const result = await fromStoreV1(db, json);
    imported = result.ok;
    if (result.ok) storage.removeItem(LEGACY_STORAGE_KEY);
  }
  await setMeta(db, 'legacyImported', true);
  return imported;
}

/** First start on a device: a store with defaults and the emergency administrator. */
export async function ensureInitialised(db: AppDatabase): Promise<void> {
  if ((await db.profiles.count()) > 0) return;
  await fromStoreV1(db, { users: [], profiles: [] });
}
