import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SyncStatusView, syncLabel, syncTexts } from '../../src/ui/sync-status';
import { syncStatusOf } from '../../src/sync/use-sync-status';

describe('sync status', () => {
  it.each([
    [{ isOnline: true, serverReachable: true, pending: 0 }, 'synced', syncTexts.synced],
    [{ isOnline: true, serverReachable: true, pending: 3 }, 'pending', syncTexts.pending(3)],
    [{ isOnline: false, serverReachable: true, pending: 3 }, 'offline', syncTexts.offline],
    [{ isOnline: true, serverReachable: false, pending: 0 }, 'offline', syncTexts.offline],
    [{ isOnline: true, serverReachable: true, pending: 2, signInNeeded: true }, 'sign-in', syncTexts.signIn],
    [
      { isOnline: false, serverReachable: true, pending: 2, signInNeeded: true },
      'offline',
      syncTexts.offline,
    ],
  ])('reads %o as %s', (input, state, label) => {
    const status = syncStatusOf({ ...input, lastSyncAt: null });
    expect(status.state).toBe(state);
    expect(syncLabel(status)).toBe(label);
  });

  it('shows the French label, the pending count offline, and the last sync time', () => {
    const lastSyncAt = new Date(2026, 10, 16, 9, 5).toISOString();
    render(<SyncStatusView status={{ state: 'offline', pending: 2, lastSyncAt, refused: 0 }} />);
    expect(screen.getByRole('status').textContent).toBe(
      'Hors ligne · 2 modification(s) en attente · Dernière synchro : 09:05',
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('tells the person that changes outside their rights were refused and undone', () => {
    render(<SyncStatusView status={{ state: 'synced', pending: 0, lastSyncAt: null, refused: 2 }} />);
    expect(screen.getByRole('alert').textContent).toContain(
      '2 modification(s) refusée(s) par le serveur (droits insuffisants)',
    );
  });
});
