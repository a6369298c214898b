import type { AppDatabase } from '../db/database';
import { useSyncStatus, type SyncStatus } from '../sync/use-sync-status';

/**
 * French texts of the sync status. They belong in src/i18n/fr.ts (STYLE.md "Texts"); that file is being
 * edited by another engineer, so they wait here under the key they should take there: `fr.sync`.
 */
export const syncTexts = {
  synced: 'Synchronisé',
  pending: (count: number) => `${count} modification(s) en attente`,
  offline: 'Hors ligne',
  lastSync: (hhmm: string) => `Dernière synchro : ${hhmm}`,
} as const;

/** HH:MM of an ISO instant in the device's time zone: the person reads it against their own clock. */
export function formatSyncTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

export function syncLabel(status: SyncStatus): string {
  if (status.state === 'offline') return syncTexts.offline;
  if (status.state === 'pending') return syncTexts.pending(status.pending);
  return syncTexts.synced;
}

/** Leaf view of the status, for the header; `SyncStatusIndicator` feeds it. */
export function SyncStatusView({ status }: { status: SyncStatus }) {
  const label = syncLabel(status);
  const time = status.lastSyncAt ? formatSyncTime(status.lastSyncAt) : '';
  return (
    <span className={`sync-status sync-status--${status.state}`} role="status" aria-live="polite">
      <span className="sync-status__label">{label}</span>
      {status.state === 'offline' && status.pending > 0 ? (
        <span className="sync-status__pending"> · {syncTexts.pending(status.pending)}</span>
      ) : null}
      {time ? <span className="sync-status__time"> · {syncTexts.lastSync(time)}</span> : null}
    </span>
  );
}

export function SyncStatusIndicator({ db }: { db?: AppDatabase }) {
  const status = useSyncStatus(db);
  return <SyncStatusView status={status} />;
}
