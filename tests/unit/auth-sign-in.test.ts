import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { configFromEnv } from '../../server/config';
import { openDatabase, type AppDatabase } from '../../src/db/database';
import { getMeta, setMeta } from '../../src/db/meta';
import { writeBatch } from '../../src/db/repository';
import { defaultProfiles } from '../../src/domain/defaults';
import { signInWithPassword } from '../../src/session/sign-in';
import { authorFilterFor } from '../../src/session/authors';
import { SyncEngine, pushOutbox, type FetchLike } from '../../src/sync/engine';
import { reconcileServerSession } from '../../src/session/reconcile';
import { checkServerSession } from '../../src/session/server-session';
import { toStoreV1 } from '../../src/db/store-io';
import { endSession, startSession } from '../../src/session/session';
import { signOut } from '../../src/session/sign-out';
import { keepOnlyWhatTheDeviceNeedsOnStart } from '../../src/session/device-purge';
import { tempDataFile } from '../server/helpers';

/**
 * Sessions and access control on the device side, against the real server through `inject`: a browser's cookie jar, the server's
 * verdict when it answers, the device's cached hash when it does not.
 */

let app: FastifyInstance;
let cleanup: () => void;
let db: AppDatabase;
let n = 0;

function browser(): { fetch: FetchLike; cookies: Map<string, string>; online: { value: boolean } } {
  const cookies = new Map<string, string>();
  const online = { value: true };
  const fetch: FetchLike = async (url, init) => {
    if (!online.value) throw new TypeError('Failed to fetch');
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, key) => (headers[key] = value));
    if (cookies.size > 0) headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url,
      headers,
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    for (const line of [res.headers['set-cookie'] ?? []].flat()) {
      const [pair] = String(line).split(';');
      const [name, value] = (pair ?? '').split('=');
      if (!name) continue;
      if (value) cookies.set(name, value);
      else cookies.delete(name);
    }
    const out = new Headers();
    for (const [k, v] of Object.entries(res.headers))
      if (v !== undefined && k !== 'set-cookie') out.set(k, String(v));
    return new Response(res.body, { status: res.statusCode, headers: out });
  };
  return { fetch, cookies, online };
}

const people = [
  {
    id: 'u-admin',
    name: 'Awa',
    email: 'awa@ecole.sn',
    profileId: 'super-admin',
    status: 'Active',
    password: 'Admin@2026',
    mustChangePassword: false,
  },
  {
    id: 'u-t1',
    name: 'Moussa',
    email: 'moussa@ecole.sn',
    profileId: 'teacher',
    status: 'Active',
    password: 'Prof@2026',
    mustChangePassword: false,
  },
  {
    id: 'u-t2',
    name: 'Fatou',
    email: 'fatou@ecole.sn',
    profileId: 'teacher',
    status: 'Active',
    password: 'Prof@2026',
    mustChangePassword: false,
  },
];

beforeEach(async () => {
  const data = tempDataFile();
  cleanup = data.cleanup;
  app = await buildApp({
    config: { ...configFromEnv({}), dataFile: data.file, staticDir: null, setupCode: 'UNIT-SETUP' },
  });
  const put = await app.inject({
    method: 'PUT',
    url: '/api/store?orgId=demo',
    headers: { 'x-setup-code': 'UNIT-SETUP' },
    payload: { users: people, profiles: defaultProfiles() },
  });
  expect(put.statusCode).toBe(200);
  db = openDatabase(`auth-sign-in-${(n += 1)}`);
});

afterEach(async () => {
  await db.delete();
  await app.close();
  cleanup();
});

const NOW = '2026-11-23T10:00:00.000Z';

const signIn = (fetch: FetchLike, email: string, password: string) =>
  signInWithPassword(db, { email, password, remember: true }, fetch);

describe('password sign-in through the server', () => {
  it('answers the spec messages from the server, before any local data exists', async () => {
    const { fetch } = browser();
    expect(await signIn(fetch, 'nobody@ecole.sn', 'x')).toEqual({ ok: false, code: 'unknown-user' });
    expect(await signIn(fetch, 'moussa@ecole.sn', '')).toEqual({ ok: false, code: 'empty-password' });
    expect(await signIn(fetch, 'moussa@ecole.sn', 'Faux@2026')).toEqual({
      ok: false,
      code: 'wrong-password',
    });
    expect(await getMeta(db, 'currentUserId')).toBeNull();
  });

  it('opens a server session, loads the store filtered for the person and caches only their own hash', async () => {
    const { fetch, cookies } = browser();
    const result = await signIn(fetch, 'moussa@ecole.sn', 'Prof@2026');
    expect(result.ok).toBe(true);
    expect(cookies.has('sid')).toBe(true);
    expect(await getMeta(db, 'currentUserId')).toBe('u-t1');
    expect((await db.users.get('u-t1'))?.passwordHash).toMatch(/^pbkdf2/);
    // Another teacher and the administrator arrive without their hashes.
    expect(await db.users.get('u-t2')).toBeDefined();
    expect((await db.users.get('u-t2'))?.passwordHash).toBeUndefined();
    expect((await db.users.get('u-admin'))?.passwordHash).toBeUndefined();
    expect(Object.keys(await getMeta(db, 'offlineHashes'))).toEqual(['u-t1']);
  });

  it('says that a first sign-in on this device needs the network', async () => {
    const { fetch, online } = browser();
    online.value = false;
    expect(await signIn(fetch, 'moussa@ecole.sn', 'Prof@2026')).toEqual({ ok: false, code: 'needs-network' });
  });

  it('lets people who signed in here before sign in offline, with their own password only', async () => {
    const { fetch, online } = browser();
    expect((await signIn(fetch, 'moussa@ecole.sn', 'Prof@2026')).ok).toBe(true);
    await setMeta(db, 'currentUserId', null);
    online.value = false;
    expect(await signIn(fetch, 'moussa@ecole.sn', 'Faux@2026')).toEqual({
      ok: false,
      code: 'wrong-password',
    });
    expect((await signIn(fetch, 'moussa@ecole.sn', 'Prof@2026')).ok).toBe(true);
    // Fatou never signed in here: her record is known, her hash is not.
    expect(await signIn(fetch, 'fatou@ecole.sn', 'Prof@2026')).toEqual({ ok: false, code: 'needs-network' });
  });

  it('answers the rate limit after 10 attempts on one account', async () => {
    const { fetch } = browser();
    for (let i = 0; i < 10; i += 1) await signIn(fetch, 'fatou@ecole.sn', 'Faux@2026');
    expect(await signIn(fetch, 'fatou@ecole.sn', 'Prof@2026')).toEqual({ ok: false, code: 'rate-limited' });
  });
});

describe('signed in offline, then the network returns', () => {
  it('completes the sign-in with the server by itself and pushes the waiting change under that session', async () => {
    const { fetch, cookies, online } = browser();
    expect((await signIn(fetch, 'moussa@ecole.sn', 'Prof@2026')).ok).toBe(true);
    await fetch('/api/auth/logout', { method: 'POST' });
    await setMeta(db, 'currentUserId', null);
    online.value = false;
    expect((await signIn(fetch, 'moussa@ecole.sn', 'Prof@2026')).ok).toBe(true);
    await writeBatch(db, async (w) => {
      await w.patch('users', 'u-t1', { pinFailedAttempts: 2 });
    });
    const engine = new SyncEngine({
      db,
      fetch,
      session: checkServerSession,
      setTimer: () => null,
      clearTimer: () => undefined,
    });
    expect(await engine.syncOnce()).toBe('failed');
    online.value = true;
    expect(await engine.syncOnce()).toBe('ok');
    expect(cookies.has('sid')).toBe(true);
    expect(await db.outbox.count()).toBe(0);
    const server = await app.inject({
      method: 'GET',
      url: '/api/store?orgId=demo',
      headers: { cookie: `sid=${cookies.get('sid')}` },
    });
    const stored = server.json<{ users: { id: string; pinFailedAttempts?: number }[] }>();
    expect(stored.users.find((u) => u.id === 'u-t1')?.pinFailedAttempts).toBe(2);
  });

  it('does not keep trying a password the server now refuses: the header asks to sign in again', async () => {
    const { fetch, online } = browser();
    expect((await signIn(fetch, 'fatou@ecole.sn', 'Prof@2026')).ok).toBe(true);
    await fetch('/api/auth/logout', { method: 'POST' });
    await setMeta(db, 'currentUserId', null);
    online.value = false;
    expect((await signIn(fetch, 'fatou@ecole.sn', 'Prof@2026')).ok).toBe(true);
    // Meanwhile an administrator gave her a new password on the server.
    const other = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { orgId: 'demo', email: 'awa@ecole.sn', password: 'Admin@2026' },
    });
    const adminCookie = String([other.headers['set-cookie']].flat()[0]).split(';')[0] ?? '';
    // (a temporary password made by the server: hashes never travel as mutations)
    const push = await app.inject({
      method: 'POST',
      url: '/api/users/u-t2/temporary-password?orgId=demo',
      headers: { cookie: adminCookie },
      payload: {},
    });
    expect(push.statusCode).toBe(200);
    online.value = true;
    const engine = new SyncEngine({
      db,
      fetch,
      session: checkServerSession,
      setTimer: () => null,
      clearTimer: () => undefined,
    });
    expect(await engine.syncOnce()).toBe('unauthorised');
    expect(await getMeta(db, 'signInNeeded')).toBe(true);
  });
});

describe('kiosk enrolled by an administrator who then signs out offline', () => {
  it('ends the administrator’s server session on reconnection and keeps only the kiosk view', async () => {
    const { fetch, cookies } = browser();
    expect((await signIn(fetch, 'awa@ecole.sn', 'Admin@2026')).ok).toBe(true);
    expect(
      (
        await fetch('/api/kiosks', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'Salle 12' }),
        })
      ).status,
    ).toBe(201);
    expect((await db.users.get('u-admin'))?.passwordHash).toMatch(/^pbkdf2/);
    // Signed out while offline: the device forgot Awa, the server did not hear of it.
    await setMeta(db, 'currentUserId', null);
    const session = await reconcileServerSession(db, fetch);
    expect(session).toMatchObject({ status: 'kiosk-only', userId: null, kiosk: { name: 'Salle 12' } });
    expect(cookies.has('sid')).toBe(false);
    expect(await getMeta(db, 'kioskName')).toBe('Salle 12');
    expect(await getMeta(db, 'offlineHashes')).toEqual({});
    // The kiosk view: PIN-mode users only (Super Admin holds teacher.today too), and no password hash at all.
    expect((await db.users.toArray()).every((u) => u.passwordHash === undefined)).toBe(true);
    expect((await db.users.get('u-admin'))?.passwordHash).toBeUndefined();
    expect(await db.teacherContractSubmissions.count()).toBe(0);
  });
});

describe('outbox authors', () => {
  it.each([
    [{ userId: 'u-t1', kiosk: null }, ['u-t1', null], ['u-t2', 'kiosk']],
    [{ userId: null, kiosk: { id: 'k' } }, ['kiosk', null], ['u-t1']],
    [{ userId: null, kiosk: null }, [null], ['u-t1', 'kiosk']],
  ])('a session %o carries %o and not %o', (session, carried, kept) => {
    const filter = authorFilterFor(session);
    for (const author of carried) expect(filter(author)).toBe(true);
    for (const author of kept) expect(filter(author)).toBe(false);
  });

  it('pushes only the signed-in person’s changes; another person’s wait for their own session', async () => {
    const { fetch } = browser();
    expect((await signIn(fetch, 'moussa@ecole.sn', 'Prof@2026')).ok).toBe(true);
    // Fatou signed in offline on this device earlier and left a change.
    await writeBatch(db, async (w) => {
      await w.put('institutes', { id: 'i-x', name: 'Institut X', abbr: 'IX' });
    });
    await db.outbox.toCollection().modify({ author: 'u-t2' });
    await writeBatch(db, async (w) => {
      await w.patch('users', 'u-t1', { mustChangePassword: false, name: 'Moussa F.' });
    });
    const before = await db.outbox.toArray();
    expect(before.map((m) => m.author)).toEqual(['u-t2', 'u-t1']);
    expect(await pushOutbox(db, fetch, 200, authorFilterFor({ userId: 'u-t1', kiosk: null }))).toBe('ok');
    const left = await db.outbox.toArray();
    expect(left.map((m) => m.author)).toEqual(['u-t2']);
    // A teacher may not rename himself: refused by the server, undone here, and counted for the header.
    expect(await getMeta(db, 'refusedChanges')).toBe(1);
    expect((await db.users.get('u-t1'))?.name).toBe('Moussa');
  });
});

describe('a shared device keeps only what its next user may see', () => {
  const pdf = { kind: 'rib', name: 'rib.pdf', contentBase64: 'JVBERi0xLjQK', size: 9, uploadedAt: NOW };
  const contractFile = (teacherUserId: string) => ({
    id: `tc-${teacherUserId}`,
    teacherUserId,
    status: 'submitted' as const,
    bankFullNumber: 'SN012 01201 012345678901 23',
    attachments: [{ id: `a-${teacherUserId}`, ...pdf, kind: 'rib' as const }],
  });

  /** What an administrator's session brought to the device besides the users: files, journal, imports. */
  async function adminView() {
    await db.teacherContractSubmissions.bulkPut([contractFile('u-t1'), contractFile('u-t2')]);
    await db.userLogs.put({ id: 'ul-1', action: 'update', targetUserId: 'u-t2', timestamp: NOW });
    await db.planningImports.put({ id: 'pi-1', createdAt: NOW } as never);
    await db.users.update('u-t2', { extra: { phone: '+221 77 000 00 00', firstName: 'Fatou' } });
  }

  it('an administrator’s sign-out leaves no contract file, journal, private field or hash; the outbox stays', async () => {
    const { fetch, cookies } = browser();
    expect(
      (
        await signInWithPassword(
          db,
          { email: 'moussa@ecole.sn', password: 'Prof@2026', remember: false },
          fetch,
        )
      ).ok,
    ).toBe(true);
    await signOut(db, fetch, null);
    expect(
      (
        await signInWithPassword(
          db,
          { email: 'awa@ecole.sn', password: 'Admin@2026', remember: false },
          fetch,
        )
      ).ok,
    ).toBe(true);
    await adminView();
    expect((await db.users.get('u-admin'))?.passwordHash).toMatch(/^pbkdf2/);
    // A change made just before leaving, not yet sent.
    await writeBatch(db, async (w) => {
      await w.put('institutes', { id: 'i-x', name: 'Institut X', abbr: 'IX' });
    });
    const pending = await db.outbox.toArray();
    await signOut(db, fetch, null);

    expect(cookies.has('sid')).toBe(false);
    expect(await getMeta(db, 'currentUserId')).toBeNull();
    expect(await db.teacherContractSubmissions.count()).toBe(0);
    expect(await db.userLogs.count()).toBe(0);
    expect(await db.planningImports.count()).toBe(0);
    const users = await db.users.toArray();
    expect(users.map((u) => u.id).sort()).toEqual(['u-admin', 'u-t1', 'u-t2']);
    expect(JSON.stringify(users)).not.toMatch(/pbkdf2|passwordHash|pinHash|\+221/);
    expect(await getMeta(db, 'offlineHashes')).toEqual({});
    expect(await db.outbox.toArray()).toEqual(pending);
    expect(pending.map((m) => m.author)).toEqual(['u-admin']);
    // The device knows it no longer holds a complete view: the next session catches up from the start.
    expect(await getMeta(db, 'revision')).toBeNull();
    // Names stay for the login screen and the next person: public fields only.
    expect(await db.users.get('u-t2')).toEqual({
      id: 'u-t2',
      name: 'Fatou',
      email: 'fatou@ecole.sn',
      profileId: 'teacher',
      status: 'Active',
      extra: { firstName: 'Fatou' },
    });
  });

  it('waits for what the sync is still writing under the person’s session before it purges (a late pull, a second step)', async () => {
    const { fetch } = browser();
    await signInWithPassword(db, { email: 'awa@ecole.sn', password: 'Admin@2026', remember: false }, fetch);
    // A pull under the administrator's session is still writing its journal entries and contract files when
    // the server has already ended the session: they must not land after the purge.
    let releaseLateWrite: () => void = () => undefined;
    const lateWriteReleased = new Promise<void>((resolve) => (releaseLateWrite = resolve));
    const lateWrite = lateWriteReleased.then(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      await adminView();
    });
    const leaving: FetchLike = async (url, init) => {
      const response = await fetch(url, init);
      if (String(url).includes('/api/auth/logout')) releaseLateWrite();
      return response;
    };
    await signOut(
      db,
      leaving,
      { syncOnce: () => Promise.resolve(), whenIdle: () => lateWrite },
      { online: true },
    );

    expect(await getMeta(db, 'currentUserId')).toBeNull();
    expect(await db.teacherContractSubmissions.count()).toBe(0);
    expect(await db.userLogs.count()).toBe(0);
    expect(JSON.stringify(await db.users.toArray())).not.toMatch(/pbkdf2|\+221/);
  });

  it('keeps the person’s own hash only if "Se souvenir de moi" was ticked, and never anyone else’s', async () => {
    const { fetch, online } = browser();
    const signInAs = (email: string, password: string, remember: boolean) =>
      signInWithPassword(db, { email, password, remember }, fetch);
    expect((await signInAs('moussa@ecole.sn', 'Prof@2026', true)).ok).toBe(true);
    await signOut(db, fetch, null);
    expect(Object.keys(await getMeta(db, 'offlineHashes'))).toEqual(['u-t1']);
    expect((await signInAs('awa@ecole.sn', 'Admin@2026', false)).ok).toBe(true);
    await adminView();
    await signOut(db, fetch, null);
    // Moussa ticked it on this device: his own hash stays (apart from the tables), and his own file.
    expect(Object.keys(await getMeta(db, 'offlineHashes'))).toEqual(['u-t1']);
    expect((await db.teacherContractSubmissions.toArray()).map((f) => f.teacherUserId)).toEqual(['u-t1']);
    expect((await db.users.toArray()).some((u) => u.passwordHash !== undefined)).toBe(false);
    online.value = false;
    expect(await signInAs('awa@ecole.sn', 'Admin@2026', false)).toEqual({ ok: false, code: 'needs-network' });
    expect((await signInAs('moussa@ecole.sn', 'Prof@2026', false)).ok).toBe(true);
    // This time he did not tick it: once he leaves, nothing of his stays.
    await signOut(db, fetch, null);
    expect(await getMeta(db, 'offlineHashes')).toEqual({});
    expect(await db.teacherContractSubmissions.count()).toBe(0);
    expect(await signInAs('moussa@ecole.sn', 'Prof@2026', true)).toEqual({
      ok: false,
      code: 'needs-network',
    });
  });

  it('catches up at the next sign-in: online at once, or once the network returns', async () => {
    const { fetch, online } = browser();
    expect(
      (await signInWithPassword(db, { email: 'awa@ecole.sn', password: 'Admin@2026', remember: true }, fetch))
        .ok,
    ).toBe(true);
    await signOut(db, fetch, null);
    expect((await db.users.get('u-t2'))?.mustChangePassword).toBeUndefined();
    online.value = false;
    expect(
      (await signInWithPassword(db, { email: 'awa@ecole.sn', password: 'Admin@2026', remember: true }, fetch))
        .ok,
    ).toBe(true);
    online.value = true;
    const engine = new SyncEngine({
      db,
      fetch,
      session: checkServerSession,
      setTimer: () => null,
      clearTimer: () => undefined,
    });
    expect(await engine.syncOnce()).toBe('ok');
    expect((await db.users.get('u-t2'))?.mustChangePassword).toBe(false);
    expect(await getMeta(db, 'revision')).not.toBeNull();
  });

  it('cuts down at the next start a device left with a person’s view and nobody signed in', async () => {
    const { fetch } = browser();
    expect((await signIn(fetch, 'awa@ecole.sn', 'Admin@2026')).ok).toBe(true);
    await adminView();
    // An earlier version of the app (or a tab closed during the sign-out) forgot the person only.
    await setMeta(db, 'currentUserId', null);
    expect(await keepOnlyWhatTheDeviceNeedsOnStart(db)).toMatchObject({ removed: 4 });
    expect(await db.teacherContractSubmissions.count()).toBe(0);
    expect(await db.userLogs.count()).toBe(0);
    // Once done, a start does not go through the tables again.
    expect(await keepOnlyWhatTheDeviceNeedsOnStart(db)).toBeNull();
  });

  it('leaves a kiosk unchanged when a teacher’s PIN session ends', async () => {
    const { fetch } = browser();
    expect((await signIn(fetch, 'awa@ecole.sn', 'Admin@2026')).ok).toBe(true);
    await fetch('/api/kiosks', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Salle 12' }),
    });
    await setMeta(db, 'kioskName', 'Salle 12');
    await signOut(db, fetch, null);
    expect(await getMeta(db, 'offlineHashes')).toEqual({});
    await writeBatch(db, async (w) => {
      await w.patch('users', 'u-t1', { pinFailedAttempts: 1 });
    });
    const before = {
      store: await toStoreV1(db),
      outbox: await db.outbox.count(),
      meta: await db.meta.toArray(),
    };
    await startSession(db, 'u-t1', 'pin', false);
    await endSession(db);
    expect(await toStoreV1(db)).toEqual(before.store);
    expect(await db.outbox.count()).toBe(before.outbox);
    expect(await db.meta.toArray()).toEqual(before.meta);
  });
});
