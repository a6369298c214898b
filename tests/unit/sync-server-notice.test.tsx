import 'fake-indexeddb/auto';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_FAILURE_MESSAGES, STORAGE_RETRY_AFTER_SECONDS } from '../../server/storage/storage-failure';
import { openDatabase, type AppDatabase } from '../../src/db/database';
import { getMeta, setMeta } from '../../src/db/meta';
import { writeBatch } from '../../src/db/repository';
import { PROTOCOL_VERSION } from '../../src/domain/sync/protocol';
import { frSync } from '../../src/i18n/fr-sync';
import { checkServerSession } from '../../src/session/server-session';
import { SyncEngine, type FetchLike } from '../../src/sync/engine';
import { syncStatusOf } from '../../src/sync/use-sync-status';
import { SyncStatusView } from '../../src/ui/sync-status';
import { SEED_ADMIN_ID, startTestServer, type TestServer } from './sync-helpers';

/**
 * Issue 31's device side, through the one batch loop of issue 34: a push the server answers 503 (its storage
 * fails) keeps the outbox, shows the server's French message in the sync status and is tried again later;
 * the first answered push clears the message. Every push names the protocol version it speaks.
 */
let server: TestServer;
let db: AppDatabase;

beforeEach(async () => {
  server = await startTestServer();
  db = openDatabase('sync-server-notice');
  await setMeta(db, 'currentUserId', SEED_ADMIN_ID);
});
afterEach(async () => {
  cleanup();
  await db.delete();
  await server.close();
});

const DISK_FULL = STORAGE_FAILURE_MESSAGES.full;

/** The real server behind a storage that fails while `failing` is set, answering as server/failure-answers.ts. */
function withFailingStorage(): { fetch: FetchLike; state: { failing: boolean; pushBodies: unknown[] } } {
  const state = { failing: true, pushBodies: [] as unknown[] };
  const fetch: FetchLike = async (url, init) => {
    if (url.startsWith('/api/mutations')) {
      state.pushBodies.push(JSON.parse(typeof init?.body === 'string' ? init.body : 'null'));
      if (state.failing)
        return Response.json(
          { error: 'storage-unavailable', reason: 'full', message: DISK_FULL },
          { status: 503, headers: { 'retry-after': String(STORAGE_RETRY_AFTER_SECONDS) } },
        );
    }
    return server.fetch(url, init);
  };
  return { fetch, state };
}

describe('a push the server answers 503 with its French message', () => {
  it('keeps the change, shows the message, retries later, and clears it once the server answers', async () => {
    const { fetch, state } = withFailingStorage();
    const timers: { run: () => void; ms: number }[] = [];
    const engine = new SyncEngine({
      db,
      fetch,
      session: checkServerSession,
      random: () => 1,
      live: null,
      setTimer: (run, ms) => timers.push({ run, ms }),
      clearTimer: () => undefined,
    });
    await writeBatch(db, (w) => w.put('levels', { id: 'l-1', name: 'Licence 1', abbr: 'L1' }));

    // The engine's first exchange, as at start.
    engine.start();
    timers.shift()?.run();
    await engine.whenIdle();
    expect(await db.outbox.count()).toBe(1);
    expect(await getMeta(db, 'serverNotice')).toBe(DISK_FULL);
    expect(state.pushBodies.at(-1)).toMatchObject({ protocol: PROTOCOL_VERSION });

    // What the header shows: offline, the server's own words, the change waiting.
    const status = syncStatusOf({
      isOnline: true,
      serverReachable: await getMeta(db, 'serverReachable'),
      pending: await db.outbox.count(),
      lastSyncAt: null,
      notice: await getMeta(db, 'serverNotice'),
    });
    render(<SyncStatusView status={status} />);
    expect(screen.getByRole('status').textContent).toContain(frSync.serverSays(DISK_FULL));

    // A retry is scheduled (back-off), and it is the retry that delivers the change once the disk has room.
    expect(engine.retryDelays).toEqual([1_000]);
    const retry = timers.find((t) => t.ms === 1_000);
    expect(retry).toBeDefined();
    state.failing = false;
    retry?.run();
    await engine.whenIdle();
    engine.stop();
    expect(await db.outbox.count()).toBe(0);
    expect(await getMeta(db, 'serverNotice')).toBeNull();
    expect(await getMeta(db, 'serverReachable')).toBe(true);
  });

  it('shows nothing from the server while the answers carry no message', () => {
    const status = syncStatusOf({ isOnline: true, serverReachable: false, pending: 1, lastSyncAt: null });
    render(<SyncStatusView status={status} />);
    expect(screen.getByRole('status').textContent).not.toContain('Serveur :');
  });
});
