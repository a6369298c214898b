import { describe, expect, it } from 'vitest';
import { authorizeWrite } from '../../src/domain/access/write';
import { EVENT_TOLERANCE_MS } from '../../src/domain/access/write-closures';
import { closedRecord, reopenedRecord, type MonthClosure } from '../../src/domain/payroll/closing';
import type { RecordData } from '../../src/domain/sync/merge';
import { lookup, viewers, type ViewerName } from './access-fixture';

/**
 * Who may close and reopen a month (collection monthClosures, issue 32): a full administrator only
 * (users, profiles and settings: domain/users/administrator.ts), never in PIN mode, never a kiosk; the history
 * only grows by one event of the session's own person, dated by the server's clock; never deleted.
 */
const NOW = new Date('2026-05-02T10:00:00.000Z');
const ADMIN = { byUserId: 'admin', byUserName: 'Nom admin' };
const closing = (at = NOW.toISOString(), who = ADMIN, month = '2026-04'): MonthClosure =>
  closedRecord({ month, instituteId: null, at, ...who });
const write = (viewer: ViewerName, before: MonthClosure | null, after: MonthClosure | null, now = NOW) =>
  authorizeWrite(
    viewers[viewer],
    {
      collection: 'monthClosures',
      recordId: (after ?? before)!.id,
      before: before as unknown as RecordData | null,
      after: after as unknown as RecordData | null,
    },
    lookup,
    { now },
  );
const reason = (r: { ok: boolean; reason?: string }) => (r.ok ? null : (r as { reason: string }).reason);

describe('monthClosures writes', () => {
  it.each([
    ['admin', null],
    ['adminPin', 'not-administrator'],
    ['profiler', 'not-administrator'],
    ['donnees', 'not-administrator'],
    ['rev', 'not-administrator'],
    ['plan', 'not-administrator'],
    ['t1', 'not-administrator'],
    ['kiosk', 'not-permitted'],
  ] as const)('a closing by %s: %s', (viewer, expected) => {
    expect(reason(write(viewer, null, closing()))).toBe(expected);
  });

  it.each([
    ['event dated now', NOW.toISOString(), null],
    ['at the tolerance', new Date(NOW.getTime() - EVENT_TOLERANCE_MS).toISOString(), null],
    ['1 ms beyond it', new Date(NOW.getTime() - EVENT_TOLERANCE_MS - 1).toISOString(), 'closure-time'],
  ])('closing time: %s', (_name, at, expected) => {
    expect(reason(write('admin', null, closing(at)))).toBe(expected);
  });

  it('refuses a month not over, another actor, a forged id, a rewritten history and a deletion', () => {
    expect(reason(write('admin', null, closing(undefined, undefined, '2026-05')))).toBe('month-not-over');
    expect(reason(write('admin', null, closing(undefined, { byUserId: 't1', byUserName: 'Nom t1' })))).toBe(
      'actor-mismatch',
    );
    expect(reason(write('admin', null, { ...closing(), id: 'closure-2026-03-org' }))).toBe('closure-id');
    const closed = closing('2026-05-01T09:00:00.000Z');
    const reopened = reopenedRecord(closed, { at: NOW.toISOString(), ...ADMIN, reason: 'oubli' });
    expect(reason(write('admin', closed, reopened))).toBeNull();
    expect(reason(write('admin', closed, { ...reopened, history: reopened.history.slice(1) }))).toBe(
      'closure-history',
    );
    expect(
      reason(
        write('admin', closed, reopenedRecord(closed, { at: NOW.toISOString(), ...ADMIN, reason: ' ' })),
      ),
    ).toBe('reopen-reason-required');
    expect(reason(write('t1', closed, reopened))).toBe('not-administrator');
    expect(reason(write('admin', closed, null))).toBe('closure-permanent');
    // Reopened, then closed again: one more 'close' event.
    const again = closedRecord({
      previous: reopened,
      month: '2026-04',
      instituteId: null,
      at: NOW.toISOString(),
      ...ADMIN,
    });
    expect(reason(write('admin', reopened, again))).toBeNull();
  });
});
