import type { LoginMode } from '../domain/store/schema';
import type { AppDatabase } from './database';

/** Device-local state: never taken from or written to the server (ARCHITECTURE.md "Data"). */
export interface DeviceMeta {
  currentUserId: string | null;
  currentLoginMode: LoginMode;
  orgId: string;
  /** Server revision the local tables were last based on. */
  revision: number | null;
  lastSyncAt: string | null;
  legacyImported: boolean;
}

export const META_DEFAULTS: DeviceMeta = {
  currentUserId: null,
  currentLoginMode: 'password',
  orgId: 'demo',
  revision: null,
  lastSyncAt: null,
  legacyImported: false,
};

export async function getMeta<K extends keyof DeviceMeta>(db: AppDatabase, key: K): Promise<DeviceMeta[K]> {
  const entry = await db.meta.get(key);
  return entry === undefined ? META_DEFAULTS[key] : (entry.value as DeviceMeta[K]);
}

export async function setMeta<K extends keyof DeviceMeta>(
  db: AppDatabase,
  key: K,
  value: DeviceMeta[K],
): Promise<void> {
  await db.meta.put({ key, value });
}
