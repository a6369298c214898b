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
  ])('reads %o as %s', (input, state, label) => {
    const status = syncStatusOf({ ...input, lastSyncAt: null });
    expect(status.state).toBe(state);
    expect(syncLabel(status)).toBe(label);
  });

  it('shows the French label, the pending count offline, and the last sync time', () => {
    const lastSyncAt = new Date(2026, 10, 16, 9, 5).toISOString();
    render(<SyncStatusView status={{ state: 'offline', pending: 2, lastSyncAt }} />);
    expect(screen.getByRole('status').textContent).toBe(
      'Hors ligne · 2 modification(s) en attente · Dernière synchro : 09:05',
    );
  });
});
