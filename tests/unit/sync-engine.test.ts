import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type AppDatabase } from '../../src/db/database';
import { getMeta, setMeta } from '../../src/db/meta';
import { baseRevisionOf, writeBatch } from '../../src/db/repository';
import { fromStoreV1 } from '../../src/db/store-io';
import type { Timetable } from '../../src/domain/store/schema';
import { pullChanges, pushOutbox, retryDelayMs, SyncEngine } from '../../src/sync/engine';
import { nextBatch } from '../../src/sync/outbox-push';
import { ServerClock, serverClock, withServerClock } from '../../src/sync/server-clock';
import { SERVER_TIME_HEADER } from '../../src/domain/sync/server-time';
import { checkIn } from '../../src/services/attendance';
import { checkServerSession } from '../../src/session/server-session';
import { loadRemoteStore, syncNow } from '../../src/sync/remote-store';
import { testContext } from '../fixtures/sample-store';
import { slot as builtSlot, weekTimetable } from '../support/builders';
import { SEED_ADMIN_ID, SEED_REVISION, startTestServer, type TestServer } from './sync-helpers';

let server: TestServer;
let devices: AppDatabase[] = [];
let n = 0;

function device(): AppDatabase {
  const db = openDatabase(`sync-engine-${(n += 1)}`);
  devices.push(db);
  // The test server's session is the seeded administrator's: they are the person signed in on every device
  // (IndexedDB runs this write before any later transaction on the table).
  void setMeta(db, 'currentUserId', SEED_ADMIN_ID);
  return db;
}

beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  for (const db of devices) await db.delete();
  devices = [];
  await server.close();
});

const level = { id: 'l-1', name: 'Licence 1', abbr: 'L1' };
const slot = (id: string, dayOfWeek: number) => ({
  id,
  dayOfWeek,
  startTime: '08:00',
  endTime: '10:00',
  moduleId: 'm-1',
  teacherUserId: 'u-1',
  deliveryMode: 'presentiel' as const,
  canceled: false,
});
const timetable: Timetable = {
  id: 't-1',
  periodicity: 'week',
  year: 2026,
  weekStartDate: '2026-11-16',
  classId: 'c-1',
  createdAt: '2026-11-15T10:00:00.000Z',
  slots: [slot('s-1', 1), slot('s-2', 2)],
};

async function serverStore() {
  const res = await server.fetch('/api/store?orgId=demo');
  return (await res.json()) as { levels: unknown[]; timetables: Timetable[]; planningLogs: unknown[] };
}

describe('push', () => {
  it('sends the outbox as mutations, empties it once acknowledged, and notes the sync time', async () => {
    const a = device();
    await writeBatch(a, async (w) => w.put('levels', level));
    expect(await pushOutbox(a, server.fetch)).toBe('ok');
    expect(await a.outbox.count()).toBe(0);
    expect((await serverStore()).levels).toEqual([level]);
    expect(await syncNow(a, server.fetch)).toBe('ok');
    expect(await getMeta(a, 'revision')).toBe(SEED_REVISION + 1);
  });

  it('drops a change over the server size limits (counted as refused) instead of blocking the outbox', async () => {
    const a = device();
    await writeBatch(a, async (w) => w.put('levels', { id: 'l-big', name: 'x'.repeat(50_000), abbr: 'X' }));
    await writeBatch(a, async (w) => w.put('levels', level));
    expect(await pushOutbox(a, server.fetch)).toBe('ok');
    expect(await a.outbox.count()).toBe(0);
    expect((await serverStore()).levels).toEqual([level]);
    expect(await getMeta(a, 'refusedChanges')).toBe(1);
  });

  it('never sends device-local state', async () => {
    const a = device();
    const bodies: string[] = [];
    const spy: typeof server.fetch = (url, init) => {
      if (typeof init?.body === 'string') bodies.push(init.body);
      return server.fetch(url, init);
    };
    await writeBatch(a, async (w) => w.put('levels', level));
    expect(await syncNow(a, spy)).toBe('ok');
    const sent = bodies.map((b) => JSON.parse(b) as { mutations: unknown[]; expectedUserId?: unknown });
    expect(sent.flatMap((b) => b.mutations)).toHaveLength(1);
    // Who is signed in here travels only as the person the session must be (the server knows it already).
    expect(sent.map((b) => b.expectedUserId)).toEqual([SEED_ADMIN_ID]);
    const changes = JSON.stringify(sent.map((b) => b.mutations));
    expect(changes).not.toContain(SEED_ADMIN_ID);
    expect(changes).not.toContain('currentUserId');
    expect(changes).not.toContain('currentLoginMode');
  });

  it('sends the difference of a Données import, and nothing for a re-import of the same file', async () => {
    const a = device();
    const file = { users: [], profiles: [], levels: [level] };
    await fromStoreV1(a, file, { context: testContext() });
    await syncNow(a, server.fetch);
    expect((await serverStore()).levels).toEqual([level]);
    await fromStoreV1(a, file, { context: testContext() });
    // (The emergency administrator the migration creates gets a fresh hash each time; the levels are equal.)
    expect((await a.outbox.toArray()).filter((m) => m.collection === 'levels')).toEqual([]);
  });

  it('is harmless to send twice: an answer lost on the way back leaves nothing doubled', async () => {
    const a = device();
    await writeBatch(a, async (w) =>
      w.put('planningLogs', {
        id: 'pl-1',
        timestamp: '2026-11-16T07:55:00.000Z',
        // A log the server takes without a slot to check (a check-in needs its timetable), from its actor's
        // own session (actor fields are the session's).
        action: 'planning-cancel',
        actorUserId: SEED_ADMIN_ID,
        timetableId: 't-1',
        slotIndex: 0,
      }),
    );
    let dropAnswer = true;
    const flaky: typeof server.fetch = async (url, init) => {
      const res = await server.fetch(url, init);
      if (dropAnswer && init?.method === 'POST') {
        dropAnswer = false;
        throw new TypeError('connexion coupée');
      }
      return res;
    };
    expect(await pushOutbox(a, flaky)).toBe('failed');
    expect(await a.outbox.count()).toBe(1);
    expect(await pushOutbox(a, flaky)).toBe('ok');
    expect((await serverStore()).planningLogs).toHaveLength(1);
  });
});

describe('pull', () => {
  it('brings remote changes in pages and records each record’s revision', async () => {
    const a = device();
    const b = device();
    await writeBatch(a, async (w) => {
      for (let i = 0; i < 250; i += 1) await w.put('levels', { id: `l-${i}`, name: `N${i}`, abbr: 'A' });
    });
    await pushOutbox(a, server.fetch);
    expect(await pullChanges(b, server.fetch, 40)).toBe('ok');
    expect(await b.levels.count()).toBe(250);
    expect(await getMeta(b, 'revision')).toBe(SEED_REVISION + 2);
    // Caught up: every record's base revision is the store's (own entries only above it, none here).
    expect(await baseRevisionOf(b, 'levels', 'l-7')).toBe(SEED_REVISION + 2);
    expect(await b.revisions.count()).toBe(0);
    expect(await pullChanges(b, server.fetch)).toBe('nothing');
  });

  it('re-applies unsent local edits over pulled records, then both edits reach the server', async () => {
    const a = device();
    const b = device();
    await writeBatch(a, async (w) => w.put('levels', level));
    await syncNow(a, server.fetch);
    await syncNow(b, server.fetch);
    // b edits the name offline; a changes the abbreviation and syncs.
    await writeBatch(b, async (w) => {
      await w.patch('levels', 'l-1', { name: 'Licence un' });
    });
    await writeBatch(a, async (w) => {
      await w.patch('levels', 'l-1', { abbr: 'LIC1' });
    });
    await syncNow(a, server.fetch);
    await pullChanges(b, server.fetch);
    expect(await b.levels.get('l-1')).toEqual({ id: 'l-1', name: 'Licence un', abbr: 'LIC1' });
    expect(await b.outbox.count()).toBe(1);
    await syncNow(b, server.fetch);
    await syncNow(a, server.fetch);
    for (const db of [a, b])
      expect(await db.levels.get('l-1')).toEqual({ id: 'l-1', name: 'Licence un', abbr: 'LIC1' });
  });

  it('keeps both devices’ changes to different slots of one timetable, and both added slots', async () => {
    const a = device();
    const b = device();
    await writeBatch(a, async (w) => w.put('timetables', timetable));
    await syncNow(a, server.fetch);
    await syncNow(b, server.fetch);
    await writeBatch(a, async (w) => {
      const t = await w.get('timetables', 't-1');
      if (!t) throw new Error('absent');
      await w.put('timetables', {
        ...t,
        slots: [{ ...t.slots[0]!, canceled: true }, t.slots[1]!, slot('s-a', 5)],
      });
    });
    await writeBatch(b, async (w) => {
      const t = await w.get('timetables', 't-1');
      if (!t) throw new Error('absent');
      await w.put('timetables', {
        ...t,
        slots: [t.slots[0]!, { ...t.slots[1]!, startTime: '14:00' }, slot('s-b', 6)],
      });
    });
    // b pulls a's change before pushing: its pending slot edit stays visible, a's too.
    await syncNow(a, server.fetch);
    await pullChanges(b, server.fetch);
    const seen = (await b.timetables.get('t-1'))?.slots.map((s) => [s.id, s.canceled, s.startTime]);
    expect(seen).toEqual([
      ['s-1', true, '08:00'],
      ['s-2', false, '14:00'],
      ['s-a', false, '08:00'],
      ['s-b', false, '08:00'],
    ]);
    await syncNow(b, server.fetch);
    await syncNow(a, server.fetch);
    const expected = (await serverStore()).timetables[0]?.slots;
    expect(expected?.map((s) => [s.id, s.canceled, s.startTime])).toEqual(seen);
    for (const db of [a, b]) expect((await db.timetables.get('t-1'))?.slots).toEqual(expected);
  });

  it('restores a log whose deletion the server refused (append-only)', async () => {
    const a = device();
    await writeBatch(a, async (w) =>
      w.put('planningLogs', {
        id: 'pl-1',
        timestamp: '2026-11-16T07:55:00.000Z',
        // A log the server takes without a slot to check (a check-in needs its timetable), from its actor's
        // own session (actor fields are the session's).
        action: 'planning-cancel',
        actorUserId: SEED_ADMIN_ID,
        timetableId: 't-1',
        slotIndex: 0,
      }),
    );
    await syncNow(a, server.fetch);
    await writeBatch(a, async (w) => w.remove('planningLogs', 'pl-1'));
    expect(await a.planningLogs.count()).toBe(0);
    await syncNow(a, server.fetch);
    expect(await a.planningLogs.count()).toBe(1);
  });
});

describe('first load of a session', () => {
  it('replaces the local copy with the server’s and keeps unsent edits on top', async () => {
    const a = device();
    const b = device();
    await writeBatch(a, async (w) => {
      await w.put('levels', level);
      await w.put('levels', { id: 'l-2', name: 'Licence 2', abbr: 'L2' });
    });
    await syncNow(a, server.fetch);
    await writeBatch(b, async (w) => w.put('levels', { id: 'l-2', name: 'Deuxième', abbr: 'L2' }));
    expect(await loadRemoteStore(b, server.fetch)).toBe('replaced');
    expect(await b.levels.get('l-1')).toEqual(level);
    expect((await b.levels.get('l-2'))?.name).toBe('Deuxième');
    expect(await getMeta(b, 'revision')).toBe(SEED_REVISION + 1);
  });

  it('keeps local data silently when the server cannot be reached', async () => {
    const a = device();
    server.isDown = true;
    expect(await loadRemoteStore(a, server.fetch)).toBe('failed');
  });
});

describe('engine', () => {
  it('backs off exponentially while the server is unreachable, keeps the outbox, then recovers', async () => {
    const a = device();
    const timers: number[] = [];
    const engine = new SyncEngine({
      db: a,
      fetch: server.fetch,
      session: checkServerSession,
      random: () => 1,
      setTimer: (_fn, ms) => timers.push(ms),
      clearTimer: () => undefined,
    });
    await writeBatch(a, async (w) => w.put('levels', level));
    server.isDown = true;
    for (let i = 0; i < 4; i += 1) expect(await engine.syncOnce()).toBe('failed');
    expect(engine.retryDelays).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(await getMeta(a, 'serverReachable')).toBe(false);
    expect(await a.outbox.count()).toBe(1);
    server.isDown = false;
    expect(await engine.syncOnce()).toBe('ok');
    expect(await getMeta(a, 'serverReachable')).toBe(true);
    expect(await a.outbox.count()).toBe(0);
    expect(await getMeta(a, 'lastSyncAt')).not.toBeNull();
  });

  it('caps the back-off at five minutes and spreads retries with jitter', () => {
    expect(retryDelayMs(30, () => 1)).toBe(300_000);
    expect(retryDelayMs(0, () => 0)).toBe(500);
  });

  it('pushes by itself after a local write, once started', async () => {
    const a = device();
    const engine = new SyncEngine({
      db: a,
      fetch: server.fetch,
      session: checkServerSession,
      pullIntervalMs: 60_000,
    });
    engine.start();
    try {
      await writeBatch(a, async (w) => w.put('levels', level));
      for (let i = 0; i < 50 && (await a.outbox.count()) > 0; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(await a.outbox.count()).toBe(0);
      expect((await serverStore()).levels).toEqual([level]);
    } finally {
      engine.stop();
      await engine.whenIdle();
    }
  });
});

describe('engine timers', () => {
  it('pushes a write made during an exchange within a second, not at the next periodic pull', async () => {
    const a = device();
    let pulls = 0;
    let wroteDuringExchange = false;
    // A write lands while an exchange is pulling (a saved import while the periodic pull runs).
    const fetchDuringWrite: typeof server.fetch = async (url, init) => {
      // An exchange is one request (push with the changes in its answer).
      if (url.startsWith('/api/mutations')) {
        pulls += 1;
        if (pulls === 2) {
          await writeBatch(a, async (w) => w.put('levels', level));
          wroteDuringExchange = true;
        }
      }
      return server.fetch(url, init);
    };
    const engine = new SyncEngine({
      db: a,
      fetch: fetchDuringWrite,
      session: checkServerSession,
      pullIntervalMs: 60_000,
    });
    engine.start();
    try {
      await vi.waitFor(async () => expect(await getMeta(a, 'lastSyncAt')).not.toBeNull(), { timeout: 3_000 });
      // The next exchange (the periodic pull, or a sign-in) is the one the write lands in.
      await engine.syncOnce();
      expect(wroteDuringExchange).toBe(true);
      const exchangedAt = await getMeta(a, 'lastSyncAt');
      // The push that follows within the debounce, not 60 s later (its end moves lastSyncAt).
      await vi.waitFor(
        async () => {
          expect(await a.outbox.count()).toBe(0);
          expect(await getMeta(a, 'lastSyncAt')).not.toBe(exchangedAt);
        },
        { timeout: 3_000, interval: 50 },
      );
      expect((await serverStore()).levels).toEqual([level]);
    } finally {
      engine.stop();
      await engine.whenIdle();
    }
  });

  it('asks for a Background Sync when a push fails with changes waiting, and only then', async () => {
    const a = device();
    let online = false;
    const flaky: typeof server.fetch = (url, init) =>
      online ? server.fetch(url, init) : Promise.reject(new TypeError('Failed to fetch'));
    const requests: number[] = [];
    const engine = new SyncEngine({
      db: a,
      fetch: flaky,
      session: checkServerSession,
      setTimer: () => 0,
      clearTimer: () => undefined,
      onPushFailed: () => requests.push(Date.now()),
    });
    // Offline with nothing waiting: nothing to wake the worker for.
    expect(await engine.syncOnce()).toBe('failed');
    expect(requests).toHaveLength(0);
    // An offline check-in waits: the failed push asks the browser to wake the service worker later.
    await writeBatch(a, async (w) => w.put('levels', level));
    expect(await engine.syncOnce()).toBe('failed');
    expect(requests).toHaveLength(1);
    online = true;
    expect(await engine.syncOnce()).not.toBe('failed');
    expect(await a.outbox.count()).toBe(0);
    expect(requests).toHaveLength(1);
  });
});

describe('outbox batches', () => {
  it('never end between a user change and the journal entry written after it', async () => {
    const a = device();
    for (const id of ['u-a', 'u-b']) {
      await writeBatch(a, async (w) => {
        await w.put('users', { id, name: id, email: `${id}@ecole.sn`, profileId: null, status: 'Active' });
        await w.put('userLogs', {
          id: `log-${id}`,
          timestamp: '2026-11-26T10:00:00.000Z',
          action: 'create',
          actorUserId: SEED_ADMIN_ID,
          actorName: 'Admin',
          targetUserId: id,
          targetName: id,
          details: null,
        });
      });
    }
    const all = () => true;
    // A batch of 1 would leave the first entry for the next request, where its change is no longer known.
    const first = await nextBatch(a, -1, all, 1);
    expect(first.map((m) => `${m.collection}/${m.recordId}`)).toEqual(['users/u-a', 'userLogs/log-u-a']);
    const second = await nextBatch(a, first.at(-1)?.seq ?? -1, all, 3);
    expect(second.map((m) => m.collection)).toEqual(['users', 'userLogs']);
    // Pushed in batches of one change, every entry still reaches the server with its change.
    expect(await pushOutbox(a, server.fetch, 1)).toBe('ok');
    expect(await a.outbox.count()).toBe(0);
    expect(await getMeta(a, 'refusedChanges')).toBe(0);
  });
});

describe('trusted time: the server clock each exchange brings', () => {
  // The server's clock on a Monday, 5 minutes before an 08:00 course; the device's own clock is today's.
  const SERVER_NOW = Date.parse('2025-03-10T07:55:00.000Z');
  const course = weekTimetable('tt-clock', '2025-03-10', [builtSlot()]);
  const actor = { userId: 'teacher-a', userName: 'Awa' };

  /** The test server's answers with its clock header set to `serverMs`. */
  const answeringAt =
    (serverMs: () => number): typeof server.fetch =>
    async (url, init) => {
      const res = await server.fetch(url, init);
      const headers = new Headers(res.headers);
      headers.set(SERVER_TIME_HEADER, new Date(serverMs()).toISOString());
      return new Response(res.status === 204 ? null : await res.arrayBuffer(), {
        status: res.status,
        headers,
      });
    };

  afterEach(() => {
    // Back to the device's own clock for the tests after these.
    serverClock.observe(Date.now(), serverClock.mono(), serverClock.mono());
  });

  it('a sync answer’s X-Server-Time sets the offset the next check-in’s estimated server time uses', async () => {
    const a = device();
    await writeBatch(a, async (w) => w.put('timetables', course));
    // Estimated from the device's clock (today): the 2025 course is not on today.
    const before = await checkIn(a, { timetableId: course.id, slotIndex: 0, actor, position: null });
    expect(before.ok).toBe(false);
    const engine = new SyncEngine({
      db: a,
      fetch: answeringAt(() => SERVER_NOW),
      session: checkServerSession,
      live: null,
    });
    expect(await engine.syncOnce()).toBe('ok');
    const offset = serverClock.offsetMs() ?? 0;
    expect(Math.abs(offset - (SERVER_NOW - Date.now()))).toBeLessThan(5_000);
    const deviceBefore = Date.now();
    const after = await checkIn(a, { timetableId: course.id, slotIndex: 0, actor, position: null });
    if (!after.ok) throw new Error(`refused: ${after.code}`);
    // The log carries the server's time as estimated (the answer's time plus the monotonic time since)...
    const stamped = Date.parse(after.log.timestamp);
    expect(stamped).toBeGreaterThanOrEqual(SERVER_NOW);
    expect(stamped - SERVER_NOW).toBeLessThan(5_000);
    // ...and the device's own clock beside it.
    expect(Date.parse(after.log.deviceTimestamp ?? '')).toBeGreaterThanOrEqual(deviceBefore - 1_000);
    expect(Date.parse(after.log.deviceTimestamp ?? '')).toBeLessThanOrEqual(Date.now() + 1_000);
  });

  it('a later exchange moves the offset again; an answer without the header leaves it', async () => {
    const a = device();
    let serverMs = SERVER_NOW;
    const engine = new SyncEngine({
      db: a,
      fetch: answeringAt(() => serverMs),
      session: checkServerSession,
      live: null,
    });
    await engine.syncOnce();
    const first = serverClock.serverNowMs();
    expect(Math.abs(first - SERVER_NOW)).toBeLessThan(5_000);
    // The server's clock is an hour further at the next exchange.
    serverMs = SERVER_NOW + 3_600_000;
    await writeBatch(a, async (w) => w.put('levels', level));
    await engine.syncOnce();
    expect(Math.abs(serverClock.serverNowMs() - (SERVER_NOW + 3_600_000))).toBeLessThan(5_000);
    // A server that sends no clock (SEND_SERVER_TIME=0) changes nothing.
    const offset = serverClock.offsetMs() ?? 0;
    const withoutHeader: typeof server.fetch = async (url, init) => {
      const res = await server.fetch(url, init);
      const headers = new Headers(res.headers);
      headers.delete(SERVER_TIME_HEADER);
      return new Response(res.status === 204 ? null : await res.arrayBuffer(), {
        status: res.status,
        headers,
      });
    };
    const silent = new SyncEngine({ db: a, fetch: withoutHeader, session: checkServerSession, live: null });
    await writeBatch(a, async (w) => w.put('levels', { ...level, name: 'Licence un' }));
    expect(await silent.syncOnce()).toBe('ok');
    expect(Math.abs((serverClock.offsetMs() ?? 0) - offset)).toBeLessThan(1_000);
  });

  it('withServerClock takes half the round trip and ignores answers without the header', async () => {
    const mono = { now: 1_000 };
    const clock = new ServerClock({ wallMs: () => 0, monoMs: () => mono.now });
    const answer = (header: string | null) => () => {
      mono.now += 400; // a 400 ms round trip
      return Promise.resolve(new Response('{}', { headers: header ? { [SERVER_TIME_HEADER]: header } : {} }));
    };
    await withServerClock(answer(null), clock)('/api/changes');
    expect(clock.offsetMs()).toBeNull();
    await withServerClock(answer(new Date(SERVER_NOW).toISOString()), clock)('/api/changes');
    expect(clock.serverNowMs()).toBe(SERVER_NOW + 200);
    expect(clock.offsetMs()).toBe(SERVER_NOW + 200);
  });
});
