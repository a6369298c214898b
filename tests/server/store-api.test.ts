import { beforeEach, describe, expect, it } from 'vitest';
import { SECRET_USER_FIELDS } from '../../src/domain/access/rules';
import { catalogueModules, defaultProfiles } from '../../src/domain/defaults';
import { verifySecret } from '../../src/domain/secrets';
import type { Profile, StoreV1 } from '../../src/domain/store/schema';
import { sampleStore } from '../fixtures/sample-store';
import { fastHash } from '../support/builders';
import {
  freePort,
  api,
  ROOT_ADMIN,
  seedOrg,
  serverBackends,
  SETUP_CODE_HEADERS,
  signIn,
  startServerProcess,
  stopProcess,
  useTestDb,
  type RunningServer,
} from './helpers';

let server: RunningServer;

// Every test below runs on each storage engine of this run (SQLite, and PostgreSQL when reachable).
const backends = await serverBackends();

function put(body: unknown, cookie: string | null, headers: Record<string, string> = {}, orgId = 'demo') {
  // Without a session, the first device of a new organisation brings the setup code.
  const all = cookie ? headers : { ...SETUP_CODE_HEADERS, ...headers };
  return api(`${server.url}/api/store?orgId=${orgId}`, cookie, { method: 'PUT', body, headers: all });
}
const get = (cookie: string | null, orgId = 'demo') => api(`${server.url}/api/store?orgId=${orgId}`, cookie);

async function read(cookie: string, orgId = 'demo'): Promise<{ etag: string | null; store: StoreV1 }> {
  const response = await get(cookie, orgId);
  expect(response.status).toBe(200);
  return { etag: response.headers.get('etag'), store: (await response.json()) as StoreV1 };
}

const profile = (id: string, name: string): Profile => ({ id, name, moduleIds: [], formFieldKeys: [] });
/** The sample organisation under the default profiles (its own Super Admin profile lacks settings.donnees). */
const sampleData = async (): Promise<StoreV1> => ({ ...sampleStore(await fastHash('x')), profiles: [] });

describe.each(backends)('$name', (backend) => {
  const db = useTestDb(backend);
  beforeEach(() => {
    ({ server } = db);
  });

  describe('GET/PUT /api/store', () => {
    it('tells an organisation never written from others, and keeps its store behind a session', async () => {
      const status = await api(`${server.url}/api/org-status?orgId=nouvelle-ecole`, null);
      expect(await status.json()).toEqual({ initialised: false, needsEmergency: true });
      expect((await get(null, 'nouvelle-ecole')).status).toBe(401);
    });

    it('stores the first device’s PUT and answers it back, with a new revision as ETag', async () => {
      const store = sampleStore(await fastHash('x'));
      // Its Super Admin reads everything, so the answer can be compared with what was written.
      store.profiles = store.profiles.map((p) =>
        p.id === 'super-admin' ? { ...p, moduleIds: defaultProfiles()[0]?.moduleIds ?? [] } : p,
      );
      const putResponse = await put(store, null, { 'if-match': '"0"' });
      expect(putResponse.status).toBe(200);
      expect(putResponse.headers.get('etag')).toBe('"1"');
      expect(await putResponse.json()).toEqual({ revision: 1 });
      const cookie = await signIn(server.url, 'demo', 'awa@ecole.sn', 'x');
      const { etag, store: answered } = await read(cookie);
      expect(etag).toBe('"1"');
      // Everything as written, but another user's password and PIN hashes never leave the server.
      const withoutSecrets = store.users.map((u) =>
        u.id === 'u-admin'
          ? u
          : Object.fromEntries(
              Object.entries(u).filter(([k]) => !(SECRET_USER_FIELDS as readonly string[]).includes(k)),
            ),
      );
      // The document had no module list: the server adds the catalogue with the organisation (issue 29, item 7).
      const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
      expect({ ...answered, modules: [...answered.modules].sort(byId) }).toEqual({
        ...store,
        users: withoutSecrets,
        modules: catalogueModules().sort(byId),
      });
    });

    it('keeps organisations apart and defaults to demo', async () => {
      const a = await seedOrg(server.url, 'ecole-a', { profiles: [profile('p', 'P')] });
      const demo = await seedOrg(server.url, 'demo');
      expect((await read(a.cookie, 'ecole-a')).store.profiles.map((p) => p.id)).toContain('p');
      expect((await read(demo.cookie)).store.profiles.map((p) => p.id)).not.toContain('p');
      // A session answers for its own organisation only.
      expect((await get(a.cookie, 'demo')).status).toBe(403);
      const noOrg = await api(`${server.url}/api/store`, demo.cookie);
      expect(noOrg.status).toBe(200);
      expect(noOrg.headers.get('etag')).toBe(`"${demo.revision}"`);
      // A streamed answer left unread keeps its connection busy, and the server's close waits for it.
      await noOrg.arrayBuffer();
      expect((await api(`${server.url}/api/store`, a.cookie)).status).toBe(403);
      expect((await get(demo.cookie, '../etc')).status).toBe(400);
    });

    it('answers one part of the store (a new device: first part, then journals), and refuses an unknown part', async () => {
      const { cookie, revision } = await seedOrg(server.url, 'demo', await sampleData());
      const whole = await read(cookie);
      const part = (name: string) => api(`${server.url}/api/store?orgId=demo&part=${name}`, cookie);
      const first = await part('first');
      expect(first.status).toBe(200);
      expect(first.headers.get('etag')).toBe(`"${revision}"`);
      const firstStore = (await first.json()) as StoreV1;
      expect(firstStore.users).toEqual(whole.store.users);
      expect(firstStore.planningLogs).toEqual([]);
      const journals = (await (await part('journals')).json()) as StoreV1;
      expect(journals.users).toEqual([]);
      expect(journals.planningLogs).toEqual(whole.store.planningLogs);
      expect(journals.planningLogs.length).toBeGreaterThan(0);
      const unknown = await part('everything');
      expect(unknown.status).toBe(400);
      expect(await unknown.json()).toEqual({ error: 'invalid-query' });
    });

    it.each([
      ['not JSON', '{"users": ['],
      ['missing profiles', { users: [] }],
      [
        'a wrong type deep inside',
        { users: [{ id: 'u', name: 'U', email: 'u@e', status: 'Peut-être' }], profiles: [] },
      ],
    ])('refuses %s with 400 and a JSON error, leaving the stored object unchanged', async (_name, body) => {
      const { cookie, revision } = await seedOrg(server.url, 'demo', await sampleData());
      const before = await read(cookie);
      const response = await put(body, cookie);
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(await response.json()).toHaveProperty('error');
      const after = await read(cookie);
      expect(after.etag).toBe(`"${revision}"`);
      expect(after.store).toEqual(before.store);
    });

    // Per-field merge: a stale If-Match no longer answers 412. The document is compared with the organisation as it was
    // at that revision, and only what the writer changed since then is applied, so nothing newer is erased.
    // Access control: a whole-store PUT on a live organisation is an administrator's (settings.donnees) import.
    it('merges a stale If-Match: what changed since that revision is kept, the writer’s own edits apply', async () => {
      const { cookie, revision: r0 } = await seedOrg(server.url, 'demo');
      const doc = (await read(cookie)).store;
      const a = profile('a', 'A');
      await put({ ...doc, profiles: [...doc.profiles, a] }, cookie, { 'if-match': `"${r0}"` });
      await put({ ...doc, profiles: [...doc.profiles, a, profile('b', 'B')] }, cookie, {
        'if-match': `"${r0 + 1}"`,
      });
      // Written from revision r0 + 1: renames a, never saw b.
      const stale = await put({ ...doc, profiles: [...doc.profiles, profile('a', 'A renommé')] }, cookie, {
        'if-match': `"${r0 + 1}"`,
      });
      expect(stale.status).toBe(200);
      expect(await stale.json()).toEqual({ revision: r0 + 3 });
      const current = (await read(cookie)).store;
      expect(current.profiles.filter((p) => p.id.length === 1).map((p) => [p.id, p.name])).toEqual([
        ['a', 'A renommé'],
        ['b', 'B'],
      ]);
    });

    it('answers 412 to an If-Match from a revision the server never reached, and changes nothing', async () => {
      const { cookie, revision: r0 } = await seedOrg(server.url, 'demo');
      const doc = (await read(cookie)).store;
      // A change the session may make (emptying the profiles would now meet the last-administrator rule first).
      const future = await put(
        { ...doc, levels: [...doc.levels, { id: 'l-new', name: 'Nouveau', abbr: 'NV' }] },
        cookie,
        { 'if-match': `"${r0 + 7}"` },
      );
      expect(future.status).toBe(412);
      expect(await future.json()).toEqual({ error: 'revision-mismatch', revision: r0 });
      expect((await read(cookie)).store.levels).toEqual(doc.levels);
    });

    it('without If-Match replaces the store, except appended logs that the document lacks', async () => {
      const store = await sampleData();
      const { cookie } = await seedOrg(server.url, 'demo', store);
      const doc = (await read(cookie)).store;
      const response = await put(
        { users: doc.users.filter((u) => u.id === ROOT_ADMIN.id), profiles: doc.profiles },
        cookie,
      );
      expect(response.status).toBe(200);
      const after = (await read(cookie)).store;
      expect(after.users.map((u) => u.id)).toEqual([ROOT_ADMIN.id]);
      expect(after.timetables).toEqual([]);
      expect(after.planningLogs).toEqual(store.planningLogs);
      expect(after.userLogs).toEqual(store.userLogs);
      expect(after.notifications).toEqual(store.notifications);
    });

    it('never stores a clear password or device-local state', async () => {
      const response = await put(
        {
          users: [
            { id: 'u', name: 'U', email: 'u@e.sn', status: 'Active', password: 'en-clair-42', pin: '9876' },
          ],
          profiles: [],
          currentUserId: 'u',
          currentLoginMode: 'pin',
        },
        null,
      );
      expect(response.status).toBe(200);
      const cookie = await signIn(server.url, 'demo', 'u@e.sn', 'en-clair-42');
      const text = await (await get(cookie)).text();
      expect(text).not.toContain('en-clair-42');
      expect(text).not.toContain('currentUserId');
      const stored = JSON.parse(text) as StoreV1;
      // Own record: received in full, hashes included.
      expect(await verifySecret('en-clair-42', stored.users[0]?.passwordHash)).toBe(true);
      expect(await verifySecret('9876', stored.users[0]?.pinHash)).toBe(true);
    });

    it('hashes the clear password of a user an administrator adds by PUT', async () => {
      const { cookie } = await seedOrg(server.url, 'demo');
      const doc = (await read(cookie)).store;
      const newcomer = {
        id: 'u-new',
        name: 'Nouvelle Recrue',
        email: 'new@ecole.sn',
        status: 'Active' as const,
        profileId: 'teacher',
        password: 'Nouveau@123',
      };
      expect((await put({ ...doc, users: [...doc.users, newcomer] }, cookie)).status).toBe(200);
      expect(await (await get(cookie)).text()).not.toContain('Nouveau@123');
      await expect(signIn(server.url, 'demo', 'new@ecole.sn', 'Nouveau@123')).resolves.toMatch(/^sid=/);
    });
  });

  describe('durability', () => {
    // A real server process: only a process can be killed (SIGKILL) in the middle of its life.
    it('keeps the data and the sessions when the server process restarts', async () => {
      await db.stop();
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      let child = await startServerProcess(db.data, port);
      try {
        const { cookie, revision } = await seedOrg(base, 'demo', {
          profiles: [{ id: 'durable', name: 'Durable', moduleIds: ['users'], formFieldKeys: [] }],
        });
        await stopProcess(child, 'SIGKILL');
        child = await startServerProcess(db.data, port);
        const response = await api(`${base}/api/store?orgId=demo`, cookie);
        expect(response.status).toBe(200);
        expect(response.headers.get('etag')).toBe(`"${revision}"`);
        const store = (await response.json()) as StoreV1;
        expect(store.profiles.find((p) => p.id === 'durable')?.name).toBe('Durable');
      } finally {
        await stopProcess(child);
      }
    });
  });
});
