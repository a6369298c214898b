import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pushOutboxFromWorker } from '../../sw/outbox-sync';
import { openDatabase, type AppDatabase, type OutboxMutation } from '../../src/db/database';
import { setMeta } from '../../src/db/meta';
import { writeBatch } from '../../src/db/repository';
import type { LoginMode } from '../../src/domain/store/schema';
import { OUTBOX_LOCK } from '../../src/sync/outbox-push';

/**
 * The service worker's own push (issue 18 point 5): on Background Sync it reads the outbox from IndexedDB and
 * pushes it under the device's session, with no page open. The worker opens the app's database by its name,
 * as in the browser (fake-indexeddb here); the server is a fake fetch that answers the session route and
 * acknowledges every mutation, noting which ones it received.
 */

type SessionReply = { userId: string | null; kiosk: boolean } | 'none';

interface FakeServer {
  fetch: (input: string, init?: RequestInit) => Promise<Response>;
  /** The browser's session cookie now: another tab may sign someone else in at any moment. */
  session: SessionReply;
  /** Who each received mutation was applied under (the session's person, or 'kiosk'). */
  appliedUnder: (string | null)[];
  /** Every request, as "METHOD /path". */
  requests: string[];
  /** The mutation ids the server received, in order (a repeat = sent twice). */
  received: string[];
  offline: boolean;
  /** The network fails on the push itself (after the session was read). */
  pushFails: boolean;
}

const KIOSK_VIEW = {
  id: 'k-1',
  name: 'Tablette salle 2',
  createdAt: '2026-01-05T08:00:00.000Z',
  lastSeenAt: '2026-01-05T08:00:00.000Z',
};

/**
 * The server's contract for a push (server/routes/sync.ts): a body naming `expectedUserId` that is not the
 * session's person (null: the kiosk credential) is answered 409 with nothing applied; otherwise every mutation
 * is applied under the session, whoever that is.
 */
function fakeServer(initial: SessionReply): FakeServer {
  let revision = 10;
  const server: FakeServer = {
    session: initial,
    appliedUnder: [],
    requests: [],
    received: [],
    offline: false,
    pushFails: false,
    fetch: async (input, init) => {
      const method = init?.method ?? 'GET';
      const path = input.split('?')[0] ?? input;
      server.requests.push(`${method} ${path}`);
      // A turn of the event loop, as a real request: two pushers at once interleave.
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (server.offline) throw new TypeError('Failed to fetch');
      const session = server.session;
      if (path === '/api/auth/session') {
        if (session === 'none') return Response.json({ orgId: null, userId: null, kiosk: null });
        return Response.json({
          orgId: 'demo',
          userId: session.userId,
          kiosk: session.kiosk ? KIOSK_VIEW : null,
        });
      }
      if (path === '/api/mutations' && method === 'POST') {
        if (server.pushFails) throw new TypeError('Failed to fetch');
        if (session === 'none') return new Response(null, { status: 401 });
        const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as {
          mutations: { mutationId: string }[];
          expectedUserId?: string | null;
        };
        if (body.expectedUserId !== undefined && body.expectedUserId !== session.userId)
          return Response.json({ error: 'session-changed' }, { status: 409 });
        server.received.push(...body.mutations.map((m) => m.mutationId));
        server.appliedUnder.push(...body.mutations.map(() => session.userId ?? 'kiosk'));
        revision += 1;
        return Response.json({
          revision,
          results: body.mutations.map((m) => ({ mutationId: m.mutationId, status: 'applied' })),
        });
      }
      return new Response(null, { status: 404 });
    },
  };
  return server;
}

let db: AppDatabase;
beforeEach(() => {
  // The database the worker opens: the app's own (openDatabase's default name).
  db = openDatabase();
});
afterEach(async () => {
  await db.delete();
});

/** Who is signed in on the device (and so who authors its writes). */
async function signedInHere(userId: string | null, mode: LoginMode = 'password'): Promise<void> {
  await setMeta(db, 'currentUserId', userId);
  await setMeta(db, 'currentLoginMode', mode);
}

/** A change written on the device by whoever is signed in: its outbox mutations' ids. */
async function writeLevel(id: string): Promise<string[]> {
  const before = new Set((await db.outbox.toArray()).map((m) => m.mutationId));
  await writeBatch(db, (w) => w.put('levels', { id, name: `Niveau ${id}`, abbr: id }));
  return (await db.outbox.toArray()).map((m) => m.mutationId).filter((m) => !before.has(m));
}

const outbox = async (): Promise<OutboxMutation[]> => db.outbox.orderBy('seq').toArray();

describe('the service worker’s outbox push', () => {
  it('pushes the mutations of the person the server session acts for, and leaves another person’s', async () => {
    // A shared phone: Awa checked in offline, signed out; Moussa signed in (offline) and checked in too.
    await signedInHere('u-awa');
    const awas = await writeLevel('l-awa');
    await signedInHere('u-moussa');
    const moussas = await writeLevel('l-moussa');
    const server = fakeServer({ userId: 'u-moussa', kiosk: false });
    expect(await pushOutboxFromWorker(server.fetch)).toBe('ok');
    expect(server.received).toEqual(moussas);
    // Awa's check-in waits for her own session: never sent under Moussa's.
    expect((await outbox()).map((m) => m.mutationId)).toEqual(awas);
    expect((await outbox()).map((m) => m.author)).toEqual(['u-awa']);
  });

  it('under another person’s session, pushes nothing and keeps the outbox', async () => {
    await signedInHere('u-awa');
    await writeLevel('l-awa');
    const before = await outbox();
    // The browser's cookie is Moussa's (he signed in online in another tab since).
    const server = fakeServer({ userId: 'u-moussa', kiosk: false });
    expect(await pushOutboxFromWorker(server.fetch)).toBe('unauthorised');
    expect(server.requests).toEqual(['GET /api/auth/session']);
    expect(server.received).toEqual([]);
    expect(await outbox()).toEqual(before);
  });

  it('without any session (signed out on the server), pushes nothing', async () => {
    await signedInHere('u-awa');
    await writeLevel('l-awa');
    const server = fakeServer('none');
    expect(await pushOutboxFromWorker(server.fetch)).toBe('unauthorised');
    expect(server.received).toEqual([]);
    expect(await db.outbox.count()).toBe(1);
  });

  it('a sign-in in another tab between the session check and the push takes nothing', async () => {
    await signedInHere('u-awa');
    await writeLevel('l-awa');
    const written = await outbox();
    const server = fakeServer({ userId: 'u-awa', kiosk: false });
    const fetchThenSwitch: FakeServer['fetch'] = async (input, init) => {
      const response = await server.fetch(input, init);
      // Moussa signs in on the same browser right after the worker read Awa's session.
      if (input.startsWith('/api/auth/session')) server.session = { userId: 'u-moussa', kiosk: false };
      return response;
    };
    const result = await pushOutboxFromWorker(fetchThenSwitch);
    expect(server.appliedUnder).toEqual([]);
    expect(await outbox()).toEqual(written);
    // Not a network failure to retry at once: the changes wait for Awa's own session.
    expect(result).toBe('unauthorised');
  });

  it('a kiosk tablet pushes its kiosk mutations under the kiosk credential, not a person’s', async () => {
    await signedInHere('u-awa');
    const awas = await writeLevel('l-awa');
    // A teacher checks in on the classroom tablet with their PIN: the change is the kiosk's.
    await signedInHere('u-moussa', 'pin');
    const kiosks = await writeLevel('l-kiosk');
    expect((await outbox()).map((m) => m.author)).toEqual(['u-awa', 'kiosk']);
    const server = fakeServer({ userId: null, kiosk: true });
    expect(await pushOutboxFromWorker(server.fetch)).toBe('ok');
    expect(server.received).toEqual(kiosks);
    expect((await outbox()).map((m) => m.mutationId)).toEqual(awas);
  });

  it('offline: the outbox stays as it was, whether the session or the push cannot be reached', async () => {
    await signedInHere('u-awa');
    await writeLevel('l-1');
    await writeLevel('l-2');
    const before = await outbox();
    const server = fakeServer({ userId: 'u-awa', kiosk: false });
    server.offline = true;
    expect(await pushOutboxFromWorker(server.fetch)).toBe('offline');
    expect(await outbox()).toEqual(before);
    server.offline = false;
    server.pushFails = true;
    expect(await pushOutboxFromWorker(server.fetch)).toBe('failed');
    expect(await outbox()).toEqual(before);
    // The network back: everything leaves, once.
    server.pushFails = false;
    expect(await pushOutboxFromWorker(server.fetch)).toBe('ok');
    expect(server.received).toEqual(before.map((m) => m.mutationId));
    expect(await db.outbox.count()).toBe(0);
  });

  it('with nothing waiting, asks the server nothing', async () => {
    const server = fakeServer({ userId: 'u-awa', kiosk: false });
    expect(await pushOutboxFromWorker(server.fetch)).toBe('nothing');
    expect(server.requests).toEqual([]);
  });

  it('pushing twice never sends a mutation twice', async () => {
    await signedInHere('u-awa');
    const written = [...(await writeLevel('l-1')), ...(await writeLevel('l-2'))];
    const server = fakeServer({ userId: 'u-awa', kiosk: false });
    expect(await pushOutboxFromWorker(server.fetch)).toBe('ok');
    expect(await pushOutboxFromWorker(server.fetch)).toBe('nothing');
    expect(server.received).toEqual(written);
    expect(await db.outbox.count()).toBe(0);
  });

  describe('with Web Locks (two sync events, or the worker and a window, at once)', () => {
    const held: string[] = [];
    beforeEach(() => {
      // navigator.locks shared by the windows and the worker of one origin: one holder at a time per name.
      const queues = new Map<string, Promise<unknown>>();
      const locks = {
        request<T>(name: string, callback: () => Promise<T>): Promise<T> {
          held.push(name);
          const previous = queues.get(name) ?? Promise.resolve();
          const result = previous.then(callback, callback);
          queues.set(
            name,
            result.catch(() => undefined),
          );
          return result;
        },
      };
      Object.defineProperty(globalThis.navigator, 'locks', { value: locks, configurable: true });
    });
    afterEach(() => {
      Reflect.deleteProperty(globalThis.navigator, 'locks');
      held.length = 0;
    });

    it('two pushes at once send each mutation once', async () => {
      await signedInHere('u-awa');
      const written = [...(await writeLevel('l-1')), ...(await writeLevel('l-2'))];
      const server = fakeServer({ userId: 'u-awa', kiosk: false });
      const results = await Promise.all([
        pushOutboxFromWorker(server.fetch),
        pushOutboxFromWorker(server.fetch),
      ]);
      expect(results.sort()).toEqual(['nothing', 'ok']);
      expect(server.received).toEqual(written);
      expect(held).toEqual([OUTBOX_LOCK, OUTBOX_LOCK]);
      expect(await db.outbox.count()).toBe(0);
    });
  });
});
