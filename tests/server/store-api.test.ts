import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emptyStore, type StoreV1 } from '../../src/domain/store/schema';
import { hashSecret, verifySecret } from '../../src/domain/secrets';
import { sampleStore, TEST_ITERATIONS } from '../fixtures/sample-store';
import { startServer, startServerProcess, stopProcess, serverBackends, type TestDatabase } from './helpers';

let server: { app: FastifyInstance; url: string };
let data: TestDatabase;

// Issue 14: every test below runs on each storage engine of this run (SQLite, and PostgreSQL when reachable).
const backends = await serverBackends();

async function put(body: unknown, headers: Record<string, string> = {}, orgId = 'demo') {
  return fetch(`${server.url}/api/store?orgId=${orgId}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}
const get = (orgId = 'demo') => fetch(`${server.url}/api/store?orgId=${orgId}`);

describe.each(backends)('$name', (backend) => {
  beforeEach(async () => {
    data = await backend.fresh();
    server = await startServer(data);
  });
  afterEach(async () => {
    await server.app.close();
    await data.cleanup();
  });

  describe('GET/PUT /api/store', () => {
    it('answers an empty store with revision 0 for an organisation never written', async () => {
      const response = await get('nouvelle-ecole');
      expect(response.status).toBe(200);
      expect(response.headers.get('etag')).toBe('"0"');
      expect(await response.json()).toEqual(emptyStore());
    });

    it('stores a PUT and answers the same object, with a new revision as ETag', async () => {
      const store = sampleStore(await hashSecret('x', { iterations: TEST_ITERATIONS }));
      const putResponse = await put(store, { 'if-match': '"0"' });
      expect(putResponse.status).toBe(200);
      expect(putResponse.headers.get('etag')).toBe('"1"');
      expect(await putResponse.json()).toEqual({ revision: 1 });
      const response = await get();
      expect(response.headers.get('etag')).toBe('"1"');
      expect(await response.json()).toEqual(store);
    });

    it('keeps organisations apart and defaults to demo', async () => {
      await put(
        { users: [], profiles: [{ id: 'p', name: 'P', moduleIds: [], formFieldKeys: [] }] },
        {},
        'ecole-a',
      );
      expect(((await (await get('demo')).json()) as StoreV1).profiles).toEqual([]);
      const noOrg = await fetch(`${server.url}/api/store`);
      expect(noOrg.headers.get('etag')).toBe('"0"');
      expect((await get('../etc')).status).toBe(400);
    });

    it.each([
      ['not JSON', '{"users": ['],
      ['missing profiles', { users: [] }],
      [
        'a wrong type deep inside',
        { users: [{ id: 'u', name: 'U', email: 'u@e', status: 'Peut-être' }], profiles: [] },
      ],
    ])('refuses %s with 400 and a JSON error, leaving the stored object unchanged', async (_name, body) => {
      const store = sampleStore(await hashSecret('x', { iterations: TEST_ITERATIONS }));
      await put(store);
      const response = await put(body);
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(await response.json()).toHaveProperty('error');
      const after = await get();
      expect(after.headers.get('etag')).toBe('"1"');
      expect(await after.json()).toEqual(store);
    });

    // Issue 11: a stale If-Match no longer answers 412. The document is compared with the organisation as it was
    // at that revision, and only what the writer changed since then is applied, so nothing newer is erased.
    it('merges a stale If-Match: what changed since that revision is kept, the writer’s own edits apply', async () => {
      const first = { users: [], profiles: [{ id: 'a', name: 'A', moduleIds: [], formFieldKeys: [] }] };
      await put(first, { 'if-match': '"0"' });
      await put(
        { ...first, profiles: [...first.profiles, { id: 'b', name: 'B', moduleIds: [], formFieldKeys: [] }] },
        { 'if-match': '"1"' },
      );
      // Written from revision 1: renames a, never saw b.
      const stale = await put(
        { ...first, profiles: [{ id: 'a', name: 'A renommé', moduleIds: [], formFieldKeys: [] }] },
        { 'if-match': '"1"' },
      );
      expect(stale.status).toBe(200);
      expect(await stale.json()).toEqual({ revision: 3 });
      const current = (await (await get()).json()) as StoreV1;
      expect(current.profiles.map((p) => [p.id, p.name])).toEqual([
        ['a', 'A renommé'],
        ['b', 'B'],
      ]);
    });

    it('answers 412 to an If-Match from a revision the server never reached, and changes nothing', async () => {
      const first = { users: [], profiles: [{ id: 'a', name: 'A', moduleIds: [], formFieldKeys: [] }] };
      await put(first, { 'if-match': '"0"' });
      const future = await put({ ...first, profiles: [] }, { 'if-match': '"7"' });
      expect(future.status).toBe(412);
      expect(await future.json()).toEqual({ error: 'revision-mismatch', revision: 1 });
      expect(((await (await get()).json()) as StoreV1).profiles.map((p) => p.id)).toEqual(['a']);
    });

    it('without If-Match replaces the store, except appended logs that the document lacks', async () => {
      const store = sampleStore(await hashSecret('x', { iterations: TEST_ITERATIONS }));
      await put(store);
      const response = await put({ users: [], profiles: [] });
      expect(response.status).toBe(200);
      const after = (await (await get()).json()) as StoreV1;
      expect(after.users).toEqual([]);
      expect(after.timetables).toEqual([]);
      expect(after.planningLogs).toEqual(store.planningLogs);
      expect(after.userLogs).toEqual(store.userLogs);
      expect(after.notifications).toEqual(store.notifications);
    });

    it('never stores a clear password or device-local state', async () => {
      const response = await put({
        users: [
          { id: 'u', name: 'U', email: 'u@e.sn', status: 'Active', password: 'en-clair-42', pin: '9876' },
        ],
        profiles: [],
        currentUserId: 'u',
        currentLoginMode: 'pin',
      });
      expect(response.status).toBe(200);
      const text = await (await get()).text();
      expect(text).not.toContain('en-clair-42');
      expect(text).not.toContain('currentUserId');
      const stored = JSON.parse(text) as StoreV1;
      expect(await verifySecret('en-clair-42', stored.users[0]?.passwordHash)).toBe(true);
      expect(await verifySecret('9876', stored.users[0]?.pinHash)).toBe(true);
    });
  });

  describe('durability', () => {
    it('keeps the data when the server process restarts', async () => {
      await server.app.close();
      const port = 20000 + Math.floor(Math.random() * 20000);
      const base = `http://127.0.0.1:${port}`;
      const store = {
        users: [],
        profiles: [{ id: 'durable', name: 'Durable', moduleIds: ['users'], formFieldKeys: [] }],
      };
      let child = await startServerProcess(data, port);
      try {
        const putResponse = await fetch(`${base}/api/store?orgId=demo`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(store),
        });
        expect(putResponse.status).toBe(200);
        await stopProcess(child, 'SIGKILL');
        child = await startServerProcess(data, port);
        const response = await fetch(`${base}/api/store?orgId=demo`);
        expect(response.headers.get('etag')).toBe('"1"');
        expect(((await response.json()) as StoreV1).profiles[0]?.name).toBe('Durable');
      } finally {
        await stopProcess(child);
      }
      server = await startServer(data);
    });
  });
});
