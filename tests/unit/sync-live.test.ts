import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type AppDatabase } from '../../src/db/database';
import { getMeta, setMeta } from '../../src/db/meta';
import { writeBatch } from '../../src/db/repository';
import { LIVE_DEBOUNCE_MS, liveRevisionOf, SyncEngine } from '../../src/sync/engine';
import { checkServerSession } from '../../src/session/server-session';
import { SERVER_TIME_HEADER } from '../../src/domain/sync/server-time';
import { serverClock } from '../../src/sync/server-clock';
import {
  fakeLive,
  heldTimers,
  LIVE_STATE,
  SEED_ADMIN_ID,
  SEED_REVISION,
  startTestServer,
  type TestServer,
} from './sync-helpers';

/**
 * Live follow-up (issue 18 point 4): the engine opens a stream of the organisation's revisions after a
 * successful exchange, and each revision it does not hold yet brings a pull within the debounce. The stream is
 * the test's (SyncEngineOptions.live), the engine's own timers are held (the periodic pull fires only when the
 * test says so), and the server is the real app behind `inject`.
 */

const PERIODIC_MS = 60_000;

let server: TestServer;
let devices: AppDatabase[] = [];
let engines: SyncEngine[] = [];
let n = 0;

async function startServer(): Promise<void> {
  server = await startTestServer();
}
async function stopAll(): Promise<void> {
  serverTimeSent = null;
  serverClock.observe(Date.now(), serverClock.mono(), serverClock.mono());
  for (const engine of engines) {
    engine.stop();
    await engine.whenIdle();
  }
  engines = [];
  for (const db of devices) await db.delete();
  devices = [];
  await server.close();
}

function device(): AppDatabase {
  const db = openDatabase(`sync-live-${(n += 1)}`);
  devices.push(db);
  void setMeta(db, 'currentUserId', SEED_ADMIN_ID);
  return db;
}

/**
 * A change made on another device, sent straight to the server: a write through the repository here would
 * wake the engine under test (local writes schedule a push) and hide what the live stream does.
 */
async function changeElsewhere(id: string): Promise<number> {
  const response = await server.fetch('/api/mutations?orgId=demo', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      clientId: 'another-device',
      mutations: [
        {
          mutationId: `m-${id}`,
          collection: 'levels',
          recordId: id,
          op: 'put',
          changedFields: ['name', 'abbr'],
          values: { name: `Niveau ${id}`, abbr: id },
          baseRevision: 0,
          createdAt: new Date().toISOString(),
        },
      ],
    }),
  });
  if (!response.ok) throw new Error(`push refused: ${response.status}`);
  return ((await response.json()) as { revision: number }).revision;
}

/** The clock the server's answers carry (X-Server-Time); null: the test server's own. */
let serverTimeSent: number | null = null;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Long enough for a debounced live pull to have started and ended. */
async function settle(engine: SyncEngine): Promise<void> {
  await sleep(LIVE_DEBOUNCE_MS * 4);
  await engine.whenIdle();
}

/** A started engine whose first exchange has run: its live stream is open, its periodic pull pending. */
async function liveDevice() {
  const db = device();
  const requests: string[] = [];
  const live = fakeLive();
  const timers = heldTimers();
  const engine = new SyncEngine({
    db,
    fetch: async (url, init) => {
      requests.push(`${init?.method ?? 'GET'} ${url.split('?')[0]}`);
      const res = await server.fetch(url, init);
      if (serverTimeSent === null) return res;
      const headers = new Headers(res.headers);
      headers.set(SERVER_TIME_HEADER, new Date(serverTimeSent).toISOString());
      return new Response(res.status === 204 ? null : await res.arrayBuffer(), {
        status: res.status,
        headers,
      });
    },
    session: checkServerSession,
    pullIntervalMs: PERIODIC_MS,
    live: live.open,
    setTimer: timers.setTimer,
    clearTimer: timers.clearTimer,
  });
  engines.push(engine);
  engine.start();
  // Nothing opens before an exchange has checked the session.
  expect(live.sources).toEqual([]);
  timers.fire(0);
  await engine.whenIdle();
  expect(live.sources).toHaveLength(1);
  const source = live.sources[0]!;
  source.open();
  await settle(engine);
  // The first opening pulls nothing: the exchange that opened the stream has just caught up.
  requests.length = 0;
  return { db, engine, requests, live, source, timers };
}

describe('live events', () => {
  it('carry the revision as JSON; anything else is ignored', () => {
    const event = (data: unknown) => new MessageEvent('revision', { data });
    expect(liveRevisionOf(event('{"revision":42}'))).toBe(42);
    expect(liveRevisionOf(event('{"revision":"42"}'))).toBeNull();
    expect(liveRevisionOf(event('{"revision":4.2}'))).toBeNull();
    expect(liveRevisionOf(event('not json'))).toBeNull();
    expect(liveRevisionOf(new Event('revision'))).toBeNull();
  });
});

describe('live follow-up', () => {
  beforeEach(startServer);
  afterEach(stopAll);

  it('opens the organisation’s stream once an exchange has succeeded', async () => {
    const { live, source } = await liveDevice();
    expect(source.url).toBe('/api/live?orgId=demo');
    expect(source.closed).toBe(false);
    expect(live.sources).toHaveLength(1);
  });

  it('a revision the device lacks makes exactly one pull, however many events arrive at once', async () => {
    const { db, engine, requests, source } = await liveDevice();
    const first = await changeElsewhere('l-a');
    const second = await changeElsewhere('l-b');
    expect(second).toBe(SEED_REVISION + 2);
    // A burst (a batch per teacher at 08:00): five announcements within the debounce.
    source.revision(first);
    source.revision(second);
    source.revision(first);
    source.revision(second);
    source.revision(second);
    await vi.waitFor(async () => expect(await db.levels.count()).toBe(2), { timeout: 2_000, interval: 20 });
    await settle(engine);
    // One pull of the change feed: not three requests of a full exchange, not one per event.
    expect(requests).toEqual(['GET /api/changes']);
    expect(await getMeta(db, 'revision')).toBe(second);
  });

  it('the live pull notes the server’s clock too (trusted time of the next check-in)', async () => {
    const { engine, requests, source } = await liveDevice();
    serverTimeSent = Date.parse('2025-03-10T07:55:00.000Z');
    source.revision(await changeElsewhere('l-a'));
    await vi.waitFor(() => expect(requests).toEqual(['GET /api/changes']), { timeout: 2_000, interval: 20 });
    await settle(engine);
    expect(Math.abs(serverClock.serverNowMs() - serverTimeSent)).toBeLessThan(5_000);
  });

  it('an event with the device’s own revision (its own push announced back) makes none', async () => {
    const { db, engine, requests, source } = await liveDevice();
    await writeBatch(db, (w) => w.put('levels', { id: 'l-own', name: 'Propre', abbr: 'P' }));
    expect(await engine.syncOnce()).toBe('ok');
    const own = await getMeta(db, 'revision');
    expect(own).toBe(SEED_REVISION + 1);
    requests.length = 0;
    source.revision(own!);
    source.revision(SEED_REVISION);
    await settle(engine);
    expect(requests).toEqual([]);
  });

  it('an event while changes wait in the outbox takes the full exchange (push first)', async () => {
    const { db, engine, requests, source } = await liveDevice();
    const elsewhere = await changeElsewhere('l-a');
    await writeBatch(db, (w) => w.put('levels', { id: 'l-own', name: 'Propre', abbr: 'P' }));
    source.revision(elsewhere);
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0), { timeout: 2_000, interval: 20 });
    await settle(engine);
    expect(requests).toEqual(['POST /api/mutations']);
    expect(await db.levels.get('l-a')).toMatchObject({ name: 'Niveau l-a' });
  });

  it('an event after another person signed in here takes the full exchange (their session is checked)', async () => {
    const { db, engine, requests, source } = await liveDevice();
    const elsewhere = await changeElsewhere('l-a');
    // The stream was opened for the administrator; someone else is signed in on the device now.
    await setMeta(db, 'currentUserId', 'u-t');
    source.revision(elsewhere);
    await vi.waitFor(() => expect(requests.length).toBeGreaterThan(0), { timeout: 2_000, interval: 20 });
    await settle(engine);
    expect(requests).not.toContain('GET /api/changes');
    expect(requests[0]).toBe('POST /api/mutations');
  });

  it('a reconnection pulls (events may have been missed meanwhile)', async () => {
    const { db, engine, requests, source } = await liveDevice();
    // The connection drops; the browser retries (the stream is kept, not closed).
    source.fail(LIVE_STATE.connecting);
    expect(source.closed).toBe(false);
    const missed = await changeElsewhere('l-missed');
    await settle(engine);
    expect(requests).toEqual([]);
    source.open();
    await vi.waitFor(async () => expect(await db.levels.get('l-missed')).toBeDefined(), {
      timeout: 2_000,
      interval: 20,
    });
    await settle(engine);
    expect(requests).toEqual(['GET /api/changes']);
    expect(await getMeta(db, 'revision')).toBe(missed);
  });

  it('when the stream closes, the periodic pull goes on and the next exchange opens a new stream', async () => {
    const { db, engine, requests, live, source, timers } = await liveDevice();
    source.fail(LIVE_STATE.closed);
    expect(source.closed).toBe(true);
    // The periodic pull is still due, untouched by the stream's end.
    expect(timers.pending().map((t) => t.ms)).toEqual([PERIODIC_MS]);
    await changeElsewhere('l-later');
    await settle(engine);
    expect(requests).toEqual([]);
    timers.fire(PERIODIC_MS);
    await engine.whenIdle();
    expect(requests).toEqual(['POST /api/mutations']);
    expect(await db.levels.get('l-later')).toBeDefined();
    expect(timers.pending().map((t) => t.ms)).toEqual([PERIODIC_MS]);
    // Back to live: a fresh stream, followed as the first one was.
    expect(live.sources).toHaveLength(2);
    const next = live.sources[1]!;
    next.open();
    requests.length = 0;
    next.revision(await changeElsewhere('l-next'));
    await vi.waitFor(async () => expect(await db.levels.get('l-next')).toBeDefined(), {
      timeout: 2_000,
      interval: 20,
    });
    await settle(engine);
    expect(requests).toEqual(['GET /api/changes']);
  });

  it('a failed exchange closes the stream; the periodic retry goes on and reopens it once it succeeds', async () => {
    const { engine, requests, live, source, timers } = await liveDevice();
    server.isDown = true;
    expect(await engine.syncOnce()).toBe('failed');
    expect(source.closed).toBe(true);
    // The back-off retry is pending (1 s with the default jitter at most).
    const retry = timers.pending();
    expect(retry).toHaveLength(1);
    expect(retry[0]!.ms).toBeLessThanOrEqual(1_000);
    server.isDown = false;
    requests.length = 0;
    timers.fire(retry[0]!.ms);
    await engine.whenIdle();
    expect(requests).toEqual(['POST /api/mutations']);
    expect(live.sources).toHaveLength(2);
    expect(live.sources[1]!.closed).toBe(false);
  });
});
