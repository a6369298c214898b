import type { LoginMode } from '../domain/store/schema';
import type { AppDatabase } from './database';

/** Device-local state: never taken from or written to the server (ARCHITECTURE.md "Data"). */
export interface DeviceMeta {
  currentUserId: string | null;
  currentLoginMode: LoginMode;
  orgId: string;
  /** Server revision the local tables are caught up to: every change up to it has been pulled. */
  revision: number | null;
  lastSyncAt: string | null;
  legacyImported: boolean;
  /** Random id of this device, sent with pushes so its own successive edits are never seen as concurrent. */
  deviceId: string | null;
  /** Whether the last exchange with the server succeeded (the header shows « Hors ligne » otherwise). */
  serverReachable: boolean;
}

export const META_DEFAULTS: DeviceMeta = {
  currentUserId: null,
  currentLoginMode: 'password',
  orgId: 'demo',
  revision: null,
  lastSyncAt: null,
  legacyImported: false,
  deviceId: null,
  serverReachable: true,
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
