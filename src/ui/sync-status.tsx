import { useEffect, useRef } from 'react';
import { appDb, type AppDatabase } from '../db/database';
import { setMeta } from '../db/meta';
import { fr } from '../i18n/fr';
import { frSync } from '../i18n/fr-sync';
import { frFirstMonthUx } from '../i18n/fr-first-month-ux';
import { useSyncStatus, type SyncStatus } from '../sync/use-sync-status';
import { useToast } from './toast';

/** How long the "modifications synchronisées" confirmation stays (longer than a toast: the person looks up). */
export const SYNC_CONFIRMATION_MS = 6000;

/** The sync status texts live in the catalogue (fr.sync); re-exported under their former name for tests. */
export const syncTexts = fr.sync;

/** HH:MM of an ISO instant in the device's time zone: the person reads it against their own clock. */
export function formatSyncTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

export function syncLabel(status: SyncStatus): string {
  if (status.state === 'offline') return syncTexts.offline;
  if (status.state === 'sign-in') return syncTexts.signIn;
  if (status.state === 'pending') return syncTexts.pending(status.pending);
  return syncTexts.synced;
}

/** Leaf view of the status, for the header; `SyncStatusIndicator` feeds it. */
export function SyncStatusView({
  status,
  onDismissRefused,
}: {
  status: SyncStatus;
  onDismissRefused?: () => void;
}) {
  const label = syncLabel(status);
  const time = status.lastSyncAt ? formatSyncTime(status.lastSyncAt) : '';
  return (
    <>
      {status.refused > 0 ? (
        <span className="sync-status sync-status--refused" role="alert">
          {syncTexts.refused(status.refused)}{' '}
          {onDismissRefused ? (
            <button type="button" className="link-button" onClick={onDismissRefused}>
              {syncTexts.dismiss}
            </button>
          ) : null}
        </span>
      ) : null}
      <span className={`sync-status sync-status--${status.state}`} role="status" aria-live="polite">
        <span className="sync-status__label">{label}</span>
        {status.state === 'offline' && status.notice ? (
          <span className="sync-status__notice"> · {frSync.serverSays(status.notice)}</span>
        ) : null}
        {status.state === 'offline' && status.pending > 0 ? (
          <span className="sync-status__pending"> · {syncTexts.pending(status.pending)}</span>
        ) : null}
        {time ? <span className="sync-status__time"> · {syncTexts.lastSync(time)}</span> : null}
      </span>
    </>
  );
}

/**
 * Issue 33 point 7: once the network is back and the changes made offline reached the server, the person is
 * told so. `waiting` is the largest count of actions seen waiting while offline since the last confirmation;
 * a synced state then confirms that count. Changes sent while online are not announced (no noise).
 */
export function nextSyncConfirmation(
  waiting: number,
  status: SyncStatus,
): { waiting: number; confirmed: number | null } {
  if (status.state === 'offline') return { waiting: Math.max(waiting, status.pending), confirmed: null };
  if (status.state === 'synced' && waiting > 0) return { waiting: 0, confirmed: waiting };
  return { waiting, confirmed: null };
}

export function SyncStatusIndicator({ db }: { db?: AppDatabase }) {
  const status = useSyncStatus(db);
  const toast = useToast();
  const waiting = useRef(0);
  useEffect(() => {
    const next = nextSyncConfirmation(waiting.current, status);
    waiting.current = next.waiting;
    if (next.confirmed !== null)
      toast.show(frFirstMonthUx.sync.confirmed(next.confirmed), 'success', SYNC_CONFIRMATION_MS);
  }, [status, toast]);
  const dismiss = () => void setMeta(db ?? appDb(), 'refusedChanges', 0);
  return <SyncStatusView status={status} onDismissRefused={dismiss} />;
}
