import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as DatabaseModule from '../../src/db/database';
import type * as MetaModule from '../../src/db/meta';
import type * as RepositoryModule from '../../src/db/repository';
import type * as PresenceModule from '../../src/db/storage-presence';
import type * as WatchPendingModule from '../../src/app/lost-work/watch-pending';
import type * as EngineModule from '../../src/sync/engine';
import type * as RemoteStoreModule from '../../src/sync/remote-store';
import type * as ServerSessionModule from '../../src/session/server-session';
import { heldTimers, SEED_ADMIN_ID, startTestServer, type TestServer } from './sync-helpers';

/**
 * Issue 31 item 7: the browser deletes the app's IndexedDB while the page is open and its sync engine runs.
 * Dexie reopens an empty database of the same name at the next read; an engine that went on would exchange for
 * a device that knows nobody: its "session changed" answer led the session check to end the person's server
 * session (POST /api/auth/logout; the lost-work report needs that session), then it kept exchanging every
 * minute behind the "données effacées" screen. Once the database is gone the engine stops: no request, no
 * timer, no error. The app's modules are loaded afresh for each case (their state is the page's).
 */
interface App {
  database: typeof DatabaseModule;
  meta: typeof MetaModule;
  repository: typeof RepositoryModule;
  presence: typeof PresenceModule;
  watch: typeof WatchPendingModule;
  engine: typeof EngineModule;
  remote: typeof RemoteStoreModule;
  session: typeof ServerSessionModule;
}

let app: App;
let server: TestServer;
let n = 0;

beforeEach(async () => {
  vi.resetModules();
  app = {
    database: await import('../../src/db/database'),
    meta: await import('../../src/db/meta'),
    repository: await import('../../src/db/repository'),
    presence: await import('../../src/db/storage-presence'),
    watch: await import('../../src/app/lost-work/watch-pending'),
    engine: await import('../../src/sync/engine'),
    remote: await import('../../src/sync/remote-store'),
    session: await import('../../src/session/server-session'),
  };
  localStorage.clear();
  document.body.innerHTML = '';
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

/** A device with the administrator signed in and the store loaded, as after a start (marker written). */
async function signedInDevice(): Promise<DatabaseModule.AppDatabase> {
  const db = app.database.openDatabase(`vanish-${(n += 1)}-${Math.random()}`);
  await app.meta.setMeta(db, 'currentUserId', SEED_ADMIN_ID);
  await app.meta.setMeta(db, 'currentLoginMode', 'password');
  expect(await app.remote.loadRemoteStore(db, server.fetch)).toBe('replaced');
  await app.watch.checkForLostWork(db);
  return db;
}

/** The engine as bootstrap() starts it, its requests and timers observed. */
function runningEngine(db: DatabaseModule.AppDatabase) {
  const requests: string[] = [];
  const timers = heldTimers();
  const engine = new app.engine.SyncEngine({
    db,
    fetch: (url, init) => {
      requests.push(`${init?.method ?? 'GET'} ${url.split('?')[0] ?? url}`);
      return server.fetch(url, init);
    },
    session: app.session.checkServerSession,
    live: null,
    setTimer: timers.setTimer,
    clearTimer: timers.clearTimer,
  });
  return { engine, requests, timers };
}

function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error ?? new Error('deleteDatabase failed'));
  });
}

/** Fires every timer the engine has pending (its next exchange, whatever the delay), then lets it finish. */
async function fireAll(
  timers: ReturnType<typeof heldTimers>,
  engine: EngineModule.SyncEngine,
): Promise<void> {
  for (const timer of timers.pending()) timers.fire(timer.ms);
  await engine.whenIdle();
}

async function serverSessionUser(): Promise<unknown> {
  const response = await server.fetch('/api/auth/session');
  return ((await response.json()) as { userId: unknown }).userId;
}

const level = { id: 'l-after', name: 'Licence 3', abbr: 'L3' };

describe('the sync engine once the device’s storage vanished', () => {
  it('deleted under a running engine: it stops at once, sends nothing, keeps the server session', async () => {
    const db = await signedInDevice();
    const vanished = vi.fn();
    globalThis.addEventListener(app.watch.STORAGE_EVENTS.vanished, vanished);
    const errors = vi.spyOn(console, 'error');
    const { engine, requests, timers } = runningEngine(db);
    try {
      engine.start();
      await fireAll(timers, engine);
      expect(requests).toContain('POST /api/mutations');
      expect(timers.pending().map((t) => t.ms)).toEqual([app.engine.PULL_INTERVAL_MS]);
      requests.length = 0;

      await deleteDatabase(db.name);
      // The page goes on: someone taps, the network comes back, the periodic pull is due.
      await app.repository.writeBatch(db, async (w) => w.put('levels', level));
      globalThis.dispatchEvent(new Event('online'));
      await fireAll(timers, engine);
      expect(await engine.syncOnce()).toBe('failed');
      await fireAll(timers, engine);

      expect(requests).toEqual([]);
      expect(timers.pending()).toEqual([]);
      expect(await serverSessionUser()).toBe(SEED_ADMIN_ID);
      // Nothing of the server's was written into the emptied database behind the screen.
      expect(await app.meta.getMeta(db, 'revision')).toBeNull();
      expect(await db.users.count()).toBe(0);
      expect(vanished).toHaveBeenCalledTimes(1);
      expect(document.getElementById('storage-vanished')).not.toBeNull();
      expect(errors).not.toHaveBeenCalled();
      // A later start (a sign-in event restarting it) does not bring it back.
      engine.start();
      expect(timers.pending()).toEqual([]);
    } finally {
      engine.stop();
      errors.mockRestore();
      globalThis.removeEventListener(app.watch.STORAGE_EVENTS.vanished, vanished);
      await db.delete();
    }
  });

  it('emptied without a word to the open connection: the first exchange after sees it and stops', async () => {
    const db = await signedInDevice();
    const { engine, requests, timers } = runningEngine(db);
    try {
      engine.start();
      await fireAll(timers, engine);
      requests.length = 0;
      // What a forced close and an eviction leave behind: the same name, another (empty) database.
      await db.transaction('rw', db.tables, async () => {
        for (const table of db.tables) await table.clear();
      });
      await app.repository.writeBatch(db, async (w) => w.put('levels', level));
      await fireAll(timers, engine);

      expect(requests).toEqual([]);
      expect(timers.pending()).toEqual([]);
      expect(app.presence.isStorageGone(db)).toBe(true);
      expect(app.watch.storageHasVanished()).toBe(true);
      expect(await serverSessionUser()).toBe(SEED_ADMIN_ID);
      expect(await db.outbox.count()).toBe(1);
    } finally {
      engine.stop();
      await db.delete();
    }
  });

  it('a database that stays: the engine goes on exchanging (the check costs no request)', async () => {
    const db = await signedInDevice();
    const { engine, requests, timers } = runningEngine(db);
    try {
      engine.start();
      await fireAll(timers, engine);
      requests.length = 0;
      await app.repository.writeBatch(db, async (w) => w.put('levels', level));
      await fireAll(timers, engine);
      expect(requests).toEqual(['POST /api/mutations']);
      expect(await db.outbox.count()).toBe(0);
      expect(timers.pending().map((t) => t.ms)).toEqual([app.engine.PULL_INTERVAL_MS]);
      expect(app.presence.isStorageGone(db)).toBe(false);
    } finally {
      engine.stop();
      await db.delete();
    }
  });
});
