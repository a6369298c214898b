import { useLiveQuery } from 'dexie-react-hooks';
import { useSyncExternalStore } from 'react';
import { appDb, type AppDatabase } from '../db/database';
import { getMeta } from '../db/meta';
import { countPendingActions } from '../domain/sync/pending-actions';

export type SyncState = 'synced' | 'pending' | 'offline' | 'sign-in';

export interface SyncStatus {
  state: SyncState;
  /** Local actions (transactions, not records) not yet acknowledged by the server. */
  pending: number;
  lastSyncAt: string | null;
  /** Changes the server refused as outside their author's rights, until the person dismisses it. */
  refused: number;
  /** The server's own French message when it last refused a push for a while (503, 426); null otherwise. */
  notice?: string | null;
}

/** Pure reading of the status, so the header's three cases are tested without a browser. */
export function syncStatusOf(input: {
  isOnline: boolean;
  serverReachable: boolean;
  pending: number;
  lastSyncAt: string | null;
  signInNeeded?: boolean;
  refused?: number;
  notice?: string | null;
}): SyncStatus {
  const state: SyncState =
    !input.isOnline || !input.serverReachable
      ? 'offline'
      : input.signInNeeded
        ? 'sign-in'
        : input.pending > 0
          ? 'pending'
          : 'synced';
  return {
    state,
    pending: input.pending,
    lastSyncAt: input.lastSyncAt,
    refused: input.refused ?? 0,
    notice: input.notice ?? null,
  };
}

function subscribeOnline(callback: () => void): () => void {
  globalThis.addEventListener('online', callback);
  globalThis.addEventListener('offline', callback);
  return () => {
    globalThis.removeEventListener('online', callback);
    globalThis.removeEventListener('offline', callback);
  };
}

const isOnlineNow = () => (typeof navigator === 'undefined' ? true : navigator.onLine);

/**
 * Sync status for the header. It reads the database (outbox size, last sync time, last exchange result),
 * so it stays right whichever context runs the engine (page or worker).
 */
export function useSyncStatus(db: AppDatabase = appDb()): SyncStatus {
  const isOnline = useSyncExternalStore(subscribeOnline, isOnlineNow, () => true);
  const data = useLiveQuery(
    async () => ({
      // Actions, not records: one check-in writes two (issue 33 point 7, domain/sync/pending-actions).
      pending: countPendingActions(await db.outbox.toArray()),
      lastSyncAt: await getMeta(db, 'lastSyncAt'),
      serverReachable: await getMeta(db, 'serverReachable'),
      signInNeeded: await getMeta(db, 'signInNeeded'),
      refused: await getMeta(db, 'refusedChanges'),
      notice: await getMeta(db, 'serverNotice'),
    }),
    [db],
  );
  return syncStatusOf({
    isOnline,
    serverReachable: data?.serverReachable ?? true,
    pending: data?.pending ?? 0,
    lastSyncAt: data?.lastSyncAt ?? null,
    signInNeeded: data?.signInNeeded ?? false,
    refused: data?.refused ?? 0,
    notice: data?.notice ?? null,
  });
}
