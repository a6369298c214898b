import { afterEach, describe, expect, it } from 'vitest';
import type { Mutation } from '../../src/domain/sync/protocol';
import { putMutation } from '../support/builders';
import {
  api,
  pushAccepted,
  seedOrg,
  serverBackends,
  startServer,
  useTestDb,
  type Backend,
  type RunningServer,
} from './helpers';

/**
 * Live follow-up (GET /api/live): a device's open stream hears the organisation's revision as soon as a
 * batch commits, on SQLite (in-process) and across two app servers sharing PostgreSQL (LISTEN/NOTIFY).
 */
const backends = await serverBackends();
const HEARTBEAT_MS = 150;

/** An EventSource as the browser runs it, on fetch: events by name, and whether the stream ended. */
interface LiveStream {
  status: number;
  revisions: number[];
  pings: number;
  ended: Promise<void>;
  next: (predicate: (revision: number) => boolean, timeoutMs?: number) => Promise<number>;
  close: () => void;
}

async function openStream(base: string, orgId: string, cookie: string | null): Promise<LiveStream> {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/live?orgId=${orgId}`, {
    headers: { accept: 'text/event-stream', ...(cookie ? { cookie } : {}) },
    signal: controller.signal,
  });
  const revisions: number[] = [];
  const waiters: (() => void)[] = [];
  const stream: LiveStream = {
    status: response.status,
    revisions,
    pings: 0,
    ended: Promise.resolve(),
    next: (predicate, timeoutMs = 5_000) =>
      new Promise<number>((resolve, reject) => {
        const check = () => {
          const found = revisions.find(predicate);
          if (found === undefined) return false;
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => reject(new Error(`no revision event in ${timeoutMs} ms`)), timeoutMs);
        if (!check()) waiters.push(() => void check());
      }),
    close: () => controller.abort(),
  };
  if (!response.ok || !response.body) return stream;
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  stream.ended = (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let cut = buffer.indexOf('\n\n');
        while (cut >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          if (block.startsWith(': ping')) stream.pings += 1;
          const data = /^event: revision\ndata: (.*)$/m.exec(block);
          if (data?.[1]) {
            revisions.push((JSON.parse(data[1]) as { revision: number }).revision);
            for (const wake of waiters.splice(0)) wake();
          }
          cut = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // aborted by the test
    }
  })();
  return stream;
}

const levelMutation = (id: string): Mutation =>
  putMutation({
    collection: 'levels',
    recordId: id,
    values: { id, name: `Niveau ${id}`, abbr: id.toUpperCase() },
  });

async function push(base: string, cookie: string, orgId: string, mutations: Mutation[]): Promise<number> {
  return (await pushAccepted(base, orgId, cookie, mutations, { clientId: 'live-test' })).revision;
}

/** The streams (and a second app server) of the test that runs now, closed before its server. */
const cleanups: (() => Promise<void>)[] = [];

/**
 * useTestDb with live streams' heartbeat shortened: `start()` is the test's server, `another()` a second app
 * server on the same database (PostgreSQL's LISTEN/NOTIFY between servers).
 */
function useLiveDb(backend: Backend) {
  const db = useTestDb(backend, {}, { deferStart: true });
  // Registered after useTestDb's: after-hooks run as a stack, so the streams end before the server closes.
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  const live = { liveHeartbeatMs: HEARTBEAT_MS };
  return {
    start: (): Promise<RunningServer> => db.startWith({}, live),
    another: async (): Promise<RunningServer> => {
      const server = await startServer(db.data, {}, live);
      cleanups.push(() => server.app.close());
      return server;
    },
  };
}

describe.each(backends)('$name', (backend) => {
  const db = useLiveDb(backend);

  it('sends a revision event once a batch is committed, only to its organisation, with heartbeats', async () => {
    const server = await db.start();
    const { cookie, revision: seeded } = await seedOrg(server.url, 'live-a');
    const other = await seedOrg(server.url, 'live-b');

    const stream = await openStream(server.url, 'live-a', cookie);
    cleanups.push(() => Promise.resolve(stream.close()));
    const otherStream = await openStream(server.url, 'live-b', other.cookie);
    cleanups.push(() => Promise.resolve(otherStream.close()));
    expect(stream.status).toBe(200);

    const first = levelMutation('l1');
    const revision = await push(server.url, cookie, 'live-a', [first]);
    expect(revision).toBeGreaterThan(seeded);
    expect(await stream.next((r) => r === revision)).toBe(revision);
    // A batch that changes nothing (a replay) moves no revision and sends nothing: the next event is the next change.
    expect(await push(server.url, cookie, 'live-a', [first])).toBe(revision);
    const second = await push(server.url, cookie, 'live-a', [levelMutation('l2')]);
    await stream.next((r) => r === second);
    expect(stream.revisions).toEqual([revision, second]);
    expect(otherStream.revisions).toEqual([]);
    await expect.poll(() => stream.pings, { timeout: 3_000 }).toBeGreaterThan(0);
  });

  it('refuses a stream without a session or for another organisation, and ends it with its session', async () => {
    const server = await db.start();
    const { cookie } = await seedOrg(server.url, 'live-c');
    await seedOrg(server.url, 'live-d');

    expect((await openStream(server.url, 'live-c', null)).status).toBe(401);
    expect((await openStream(server.url, 'live-d', cookie)).status).toBe(403);

    const stream = await openStream(server.url, 'live-c', cookie);
    cleanups.push(() => Promise.resolve(stream.close()));
    expect(stream.status).toBe(200);
    let ended = false;
    void stream.ended.then(() => {
      ended = true;
    });
    const logout = await api(`${server.url}/api/auth/logout`, cookie, { method: 'POST', body: {} });
    expect(logout.status).toBeLessThan(300);
    // Ends at the next heartbeat, when the session is checked again.
    await expect.poll(() => ended, { timeout: 3_000 }).toBe(true);
    expect((await openStream(server.url, 'live-c', cookie)).status).toBe(401);
  });
});

// Only PostgreSQL has several app servers (the suite reports when it is absent: report-backends.ts).
describe.each(backends.filter((b) => b.name === 'postgres'))('$name: two app servers', (backend) => {
  const db = useLiveDb(backend);

  it('reaches a stream on another app server sharing the database (LISTEN/NOTIFY)', async () => {
    const [one, two] = [await db.start(), await db.another()];
    const { cookie, revision: seeded } = await seedOrg(one.url, 'live-e');
    const onTwo = await openStream(two.url, 'live-e', cookie);
    cleanups.push(() => Promise.resolve(onTwo.close()));
    expect(onTwo.status).toBe(200);
    // The LISTEN connection opens with the first stream: wait until it hears a commit of its own server.
    const warm = await push(two.url, cookie, 'live-e', [levelMutation('warm')]);
    await onTwo.next((r) => r === warm);

    const sentAt = Date.now();
    const revision = await push(one.url, cookie, 'live-e', [levelMutation('l1')]);
    expect(revision).toBeGreaterThan(seeded);
    expect(await onTwo.next((r) => r === revision, 2_000)).toBe(revision);
    expect(Date.now() - sentAt).toBeLessThan(2_000);
  });
});
