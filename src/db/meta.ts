import type { LoginMode } from '../domain/store/schema';
import type { AppDatabase } from './database';

/** Device-local state: never taken from or written to the server (ARCHITECTURE.md "Data"). */
export interface DeviceMeta {
  currentUserId: string | null;
  currentLoginMode: LoginMode;
  orgId: string;
  /** Server revision the local tables are caught up to: every change up to it has been pulled. */
  revision: number | null;
  /**
   * Whose view of the organisation the tables hold (session/view-scope.ts): set by each whole load of the store.
   * A new session of the same viewer with the same rights catches up through the change feed; anyone else
   * loads the whole store (the server filters what each viewer receives). null: unknown, load it whole.
   */
  loadedScope: { who: string; rights: string } | null;
  lastSyncAt: string | null;
  legacyImported: boolean;
  /** Random id of this device, sent with pushes so its own successive edits are never seen as concurrent. */
  deviceId: string | null;
  /** Whether the last exchange with the server succeeded (the header shows « Hors ligne » otherwise). */
  serverReachable: boolean;
  /** This tablet is an enrolled classroom kiosk: its name, or null. */
  kioskName: string | null;
  /** The server answered that this device has no valid session: unsent changes wait for a sign-in. */
  signInNeeded: boolean;
  /** Changes the server refused as outside the author's rights since the count was last reset. */
  refusedChanges: number;
  /**
   * The French message of the server's last 503 (storage failing) or 426 (app too old) answer to a push,
   * shown by the sync status until a push is answered again (sync/outbox-push.ts sendBatch).
   */
  serverNotice: string | null;
  /**
   * Password hashes of the people who signed in online on this device (user id -> PBKDF2 hash): they can sign
   * in here offline later, although the store a session receives holds no one else's hash.
   */
  offlineHashes: Record<string, string>;
  /**
   * offlineHashes holds only the people who ticked "Se souvenir de moi" (session/offline-sign-in.ts). Earlier
   * versions kept everyone's who signed in online: false until the first sign-in or sign-out drops those.
   */
  offlineHashesRememberedOnly: boolean;
  /**
   * The tables hold only what the device keeps when nobody is signed in (session/device-purge.ts); false from
   * a password sign-in until the purge that follows its end.
   */
  retainedForNextUser: boolean;
}

export const META_DEFAULTS: DeviceMeta = {
  currentUserId: null,
  currentLoginMode: 'password',
  orgId: 'demo',
  revision: null,
  loadedScope: null,
  lastSyncAt: null,
  legacyImported: false,
  deviceId: null,
  serverReachable: true,
  kioskName: null,
  signInNeeded: false,
  refusedChanges: 0,
  serverNotice: null,
  offlineHashes: {},
  offlineHashesRememberedOnly: false,
  retainedForNextUser: false,
};

/** The author stamped on outbox mutations (see OutboxMutation.author). */
export async function currentAuthor(db: AppDatabase): Promise<string | null> {
  const userId = await getMeta(db, 'currentUserId');
  if (!userId) return null;
  return (await getMeta(db, 'currentLoginMode')) === 'pin' ? 'kiosk' : userId;
}

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
