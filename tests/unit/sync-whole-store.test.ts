import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import type { FetchLike } from '../../src/api/http';
import { openDatabase, type AppDatabase } from '../../src/db/database';
import { getMeta, setMeta } from '../../src/db/meta';
import { ensureInitialised, toStoreV1 } from '../../src/db/store-io';
import type { StoreV1 } from '../../src/domain/store/schema';
import { syncNow, loadRemoteStore } from '../../src/sync/remote-store';
import { COLLECTION_NAMES, STORE_PARTS, type StorePart } from '../../src/domain/store/collections';
import { loadWholeStoreHere } from '../../src/sync/whole-store';
import { planningLog } from '../support/builders';

// The whole load of a viewer's store in two steps (src/sync/whole-store.ts): what a first screen needs, then
// the collections that only grow; the revision last, so that a load cut in between is done again whole.

let devices: AppDatabase[] = [];
let n = 0;
const ADMIN = { kind: 'user', userId: 'emergency-admin' } as const;

afterEach(async () => {
  for (const db of devices) await db.delete();
  devices = [];
});

function device(): AppDatabase {
  const db = openDatabase(`whole-store-${(n += 1)}`);
  devices.push(db);
  return db;
}

/** The server's answer to GET /api/store: an organisation's defaults plus `logs` check-ins, at revision 42. */
async function serverStore(logs: number): Promise<StoreV1> {
  const source = device();
  await ensureInitialised(source);
  const store = await toStoreV1(source, { deviceState: false });
  const day = '2026-11-23';
  store.planningLogs = Array.from({ length: logs }, (_, i) =>
    planningLog(`log-${i}`, 'in', `${day}T08:${String(i % 60).padStart(2, '0')}:00.000Z`),
  );
  return store;
}

/** What GET /api/store?part= answers: the part's collections, the others empty. */
function partOf(store: StoreV1, part: StorePart): StoreV1 {
  const out = { ...store } as Record<string, unknown>;
  for (const name of COLLECTION_NAMES) if (!STORE_PARTS[part].includes(name)) out[name] = [];
  return out as unknown as StoreV1;
}

interface FakeServer {
  fetch: FetchLike;
  requests: string[];
  /** Lets the answer to GET /api/store go (it waits until then when `hold` was asked). */
  release: () => void;
}

function fakeServer(
  store: StoreV1,
  options: { hold?: boolean; onPush?: () => Promise<void> } = {},
): FakeServer {
  let release = () => undefined as void;
  const released = options.hold ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
  const requests: string[] = [];
  return {
    requests,
    release: () => release(),
    fetch: async (url, init) => {
      const path = url.split('?')[0] ?? url;
      requests.push(`${init?.method ?? 'GET'} ${path}`);
      if (path === '/api/store') {
        await released;
        // Each part at its own revision (another device wrote in between): the first part's is kept.
        const part = new URL(url, 'http://device').searchParams.get('part') as StorePart | null;
        const body = part ? partOf(store, part) : store;
        return new Response(JSON.stringify(body), {
          status: 200,
          headers: { etag: part === 'journals' ? '"43"' : '"42"' },
        });
      }
      if (path === '/api/mutations') await options.onPush?.();
      return new Response('{}', { status: 503 });
    },
  };
}

describe('the whole load of a store, in two steps', () => {
  it('stores what a first screen needs first, then the journals, and the revision last', async () => {
    expect(STORE_PARTS.first).toContain('users');
    expect(STORE_PARTS.first).toContain('timetables');
    expect(STORE_PARTS.journals).toEqual(['planningLogs', 'userLogs', 'notifications', 'statementAcks']);
    const store = await serverStore(300);
    const db = device();
    let atFirstStep: Promise<{ users: number; logs: number; revision: number | null }> | null = null;
    const result = await loadWholeStoreHere(db, fakeServer(store).fetch, ADMIN, () => {
      // What a screen reading the device at that moment finds.
      atFirstStep = Promise.all([db.users.count(), db.planningLogs.count(), getMeta(db, 'revision')]).then(
        ([users, logs, revision]) => ({ users, logs, revision }),
      );
    });
    expect(result).toBe('replaced');
    expect(atFirstStep).not.toBeNull();
    const first = await atFirstStep!;
    expect(first.users).toBe(store.users.length);
    expect(first.users).toBeGreaterThan(0);
    expect(first.logs).toBe(0);
    expect(first.revision).toBeNull();
    expect(await db.planningLogs.count()).toBe(300);
    expect(await getMeta(db, 'revision')).toBe(42);
    expect(await getMeta(db, 'loadedScope')).not.toBeNull();
  });

  it("never holds the device's meta while writing the journals: a sign-in reading its session does not wait", async () => {
    const store = await serverStore(6_000);
    const db = device();
    // The page reads its session while the journals are being written (asked from inside the first write of
    // check-ins, outside its transaction): it is answered before the last of them is written.
    let created = 0;
    let createdWhenRead: Promise<number> | null = null;
    db.planningLogs.hook('creating', () => {
      created += 1;
      createdWhenRead ??= Dexie.ignoreTransaction(() => getMeta(db, 'currentUserId')).then(() => created);
    });
    await loadWholeStoreHere(db, fakeServer(store).fetch, ADMIN);
    expect(createdWhenRead).not.toBeNull();
    expect(await createdWhenRead!).toBeLessThan(6_000);
    expect(await db.planningLogs.count()).toBe(6_000);
  });

  it('a load cut between its steps leaves no revision: the next load is whole again, not a catch-up', async () => {
    const store = await serverStore(20);
    const db = device();
    await setMeta(db, 'currentUserId', ADMIN.userId);
    await setMeta(db, 'currentLoginMode', 'password');
    const cut = loadWholeStoreHere(db, fakeServer(store).fetch, ADMIN, () => {
      throw new Error('tab closed');
    });
    await expect(cut).rejects.toThrow('tab closed');
    expect(await db.users.count()).toBe(store.users.length);
    expect(await db.planningLogs.count()).toBe(0);
    expect(await getMeta(db, 'revision')).toBeNull();
    expect(await getMeta(db, 'loadedScope')).toBeNull();

    const again = fakeServer(store);
    expect(await loadRemoteStore(db, again.fetch)).toBe('replaced');
    expect(again.requests).toEqual(['GET /api/store', 'GET /api/store']);
    expect(await db.planningLogs.count()).toBe(20);
    expect(await getMeta(db, 'revision')).toBe(42);
  });

  it('the sync engine exchanges only once a whole load has stored both steps', async () => {
    const store = await serverStore(500);
    const db = device();
    await setMeta(db, 'currentUserId', ADMIN.userId);
    await setMeta(db, 'currentLoginMode', 'password');
    let logsAtPush = -1;
    const server = fakeServer(store, {
      hold: true,
      onPush: async () => {
        logsAtPush = await db.planningLogs.count();
      },
    });
    const load = loadRemoteStore(db, server.fetch, { whole: true });
    const exchange = syncNow(db, server.fetch);
    // The load's request is out and held; the exchange has not pushed meanwhile.
    await expect.poll(() => server.requests.includes('GET /api/store')).toBe(true);
    for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
    expect(server.requests).not.toContain('POST /api/mutations');
    server.release();
    expect(await load).toBe('replaced');
    await exchange;
    expect(server.requests).toContain('POST /api/mutations');
    expect(logsAtPush).toBe(500);
    expect(await getMeta(db, 'revision')).toBe(42);
  });
});
