import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type AppDatabase } from '../../src/db/database';
import { getMeta, setMeta } from '../../src/db/meta';
import { writeBatch } from '../../src/db/repository';
import { toStoreV1 } from '../../src/db/store-io';
import { SyncEngine, type FetchLike } from '../../src/sync/engine';
import { applyRemoteRecords } from '../../src/sync/apply-remote';
import { loadRemoteStore, syncNow } from '../../src/sync/remote-store';
import { SEED_ADMIN_ID, startTestServer, type TestServer } from './sync-helpers';

let server: TestServer;
let devices: AppDatabase[] = [];
let n = 0;

/** A device where `userId` is signed in with their password (or nobody). */
async function device(userId: string | null = SEED_ADMIN_ID): Promise<AppDatabase> {
  const db = openDatabase(`sync-delta-${(n += 1)}`);
  devices.push(db);
  await setMeta(db, 'currentUserId', userId);
  return db;
}

/** The URLs a fetch asked for, in order. */
function spying(fetchImpl: FetchLike): { fetch: FetchLike; urls: string[] } {
  const urls: string[] = [];
  return {
    urls,
    fetch: (url, init) => {
      const part = new URL(url, 'http://device').searchParams.get('part');
      urls.push(`${init?.method ?? 'GET'} ${url.split('?')[0] ?? url}${part ? ` (${part})` : ''}`);
      return fetchImpl(url, init);
    },
  };
}

beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  for (const db of devices) await db.delete();
  devices = [];
  await server.close();
});

/** Another device of the organisation changes things: two levels added, one of them deleted, a class. */
async function remoteChanges(fetchImpl: FetchLike = server.fetch): Promise<void> {
  const other = await device();
  await writeBatch(other, async (w) => {
    await w.put('levels', { id: 'l-1', name: 'Licence 1', abbr: 'L1' });
    await w.put('levels', { id: 'l-2', name: 'Licence 2', abbr: 'L2' });
    await w.put('classes', { id: 'c-1', code: 'L1-A', name: 'Licence 1 A', levelId: 'l-1' });
  });
  expect(await syncNow(other, fetchImpl)).toBe('ok');
  await writeBatch(other, async (w) => w.remove('levels', 'l-2'));
  expect(await syncNow(other, fetchImpl)).toBe('ok');
}

/** The collections of a device, canonical (primary-key order). */
async function tablesOf(db: AppDatabase) {
  return toStoreV1(db, { deviceState: false });
}

describe('a new session of a device that knows its revision', () => {
  it('fetches only the changes since its last load, deletions included, and ends equal to a whole load', async () => {
    const known = await device();
    expect(await loadRemoteStore(known, server.fetch)).toBe('replaced');
    const before = await getMeta(known, 'revision');
    await remoteChanges();

    const spy = spying(server.fetch);
    expect(await loadRemoteStore(known, spy.fetch)).toBe('replaced');
    expect(spy.urls.some((u) => u.includes('/api/store'))).toBe(false);
    expect(spy.urls).toEqual(['GET /api/changes']);
    expect(await getMeta(known, 'revision')).toBeGreaterThan(before ?? 0);
    expect(await known.levels.get('l-2')).toBeUndefined();

    const fresh = await device();
    expect(await loadRemoteStore(fresh, server.fetch, { whole: true })).toBe('replaced');
    expect(await tablesOf(known)).toEqual(await tablesOf(fresh));
    expect(await getMeta(known, 'revision')).toBe(await getMeta(fresh, 'revision'));
  });

  it('loads the whole store for another person (what they may see differs)', async () => {
    const shared = await device();
    expect(await loadRemoteStore(shared, server.fetch)).toBe('replaced');
    await remoteChanges();
    // The administrator left; a teacher signs in on the same device.
    await setMeta(shared, 'currentUserId', 'u-t');
    const spy = spying(await server.fetchAs('u-t'));
    expect(await loadRemoteStore(shared, spy.fetch, { viewer: { kind: 'user', userId: 'u-t' } })).toBe(
      'replaced',
    );
    expect(spy.urls).toEqual(['GET /api/store (first)', 'GET /api/store (journals)']);
    // The teacher's view: nobody else's private fields (the administrator's e-mail is public, their hash not).
    expect((await shared.users.get(SEED_ADMIN_ID))?.passwordHash).toBeUndefined();
  });

  it('loads the whole store when the person’s rights changed since (records entered their view unchanged)', async () => {
    const teacherFetch = await server.fetchAs('u-t');
    const phone = await device('u-t');
    expect(await loadRemoteStore(phone, teacherFetch)).toBe('replaced');
    // An import the teacher may not see, then the teacher's profile gains the import history: the import
    // itself does not change again, so the change feed never carries it to the teacher.
    const admin = await device();
    expect(await loadRemoteStore(admin, server.fetch)).toBe('replaced');
    await writeBatch(admin, async (w) => {
      await w.put('planningImports', {
        id: 'pi-1',
        periodicity: 'week',
        year: 2026,
        week: 47,
        weekStartDate: '2026-11-16',
        fileName: 'emploi-du-temps.xlsx',
        createdAt: '2026-11-15T10:00:00.000Z',
      });
    });
    expect(await syncNow(admin, server.fetch)).toBe('ok');
    expect(await loadRemoteStore(phone, teacherFetch)).toBe('replaced');
    expect(await phone.planningImports.count()).toBe(0);
    await writeBatch(admin, async (w) => {
      const profile = await w.get('profiles', 'teacher-file');
      if (!profile) throw new Error('profile');
      await w.put('profiles', { ...profile, moduleIds: [...profile.moduleIds, 'planning.historique'] });
    });
    expect(await syncNow(admin, server.fetch)).toBe('ok');

    const spy = spying(teacherFetch);
    expect(await loadRemoteStore(phone, spy.fetch)).toBe('replaced');
    expect(spy.urls).toEqual(['GET /api/changes', 'GET /api/store (first)', 'GET /api/store (journals)']);
    expect(await phone.planningImports.get('pi-1')).toBeDefined();
    expect((await getMeta(phone, 'loadedScope'))?.rights).toContain('planning.historique');
  });

  it('loads the whole store when it never loaded one (no known scope)', async () => {
    const db = await device();
    await setMeta(db, 'revision', 1);
    const spy = spying(server.fetch);
    expect(await loadRemoteStore(db, spy.fetch)).toBe('replaced');
    expect(spy.urls).toEqual(['GET /api/store (first)', 'GET /api/store (journals)']);
  });
});

describe('unsent changes of other people on a shared device', () => {
  it('are neither shown over pulled records nor replayed over a load; the signed-in person’s are', async () => {
    const db = await device();
    expect(await loadRemoteStore(db, server.fetch)).toBe('replaced');
    await writeBatch(db, async (w) => w.put('levels', { id: 'l-own', name: 'Mien', abbr: 'M' }));
    // A teacher's change made here earlier, still waiting for the teacher's own session.
    await db.outbox.add({
      mutationId: 'm-teacher',
      collection: 'levels',
      recordId: 'l-1',
      op: 'put',
      changedFields: ['name'],
      values: { name: 'Nom du professeur' },
      baseRevision: 0,
      createdAt: '2026-11-20T08:00:00.000Z',
      author: 'u-t',
    });
    await applyRemoteRecords(db, [
      {
        collection: 'levels',
        id: 'l-1',
        rev: 50,
        deleted: false,
        data: { id: 'l-1', name: 'Serveur', abbr: 'S' },
      },
    ]);
    expect((await db.levels.get('l-1'))?.name).toBe('Serveur');
    expect(await loadRemoteStore(db, server.fetch, { whole: true })).toBe('replaced');
    expect(await db.levels.get('l-1')).toBeUndefined();
    expect((await db.levels.get('l-own'))?.name).toBe('Mien');
    // For the teacher, their own change shows.
    await setMeta(db, 'currentUserId', 'u-t');
    await applyRemoteRecords(db, [
      {
        collection: 'levels',
        id: 'l-1',
        rev: 51,
        deleted: false,
        data: { id: 'l-1', name: 'Serveur', abbr: 'S' },
      },
    ]);
    expect((await db.levels.get('l-1'))?.name).toBe('Nom du professeur');
  });
});

describe('one round trip per exchange', () => {
  it('pushes, pulls and checks the session in one request, without asking for the session first', async () => {
    const db = await device();
    expect(await loadRemoteStore(db, server.fetch)).toBe('replaced');
    await remoteChanges();
    await writeBatch(db, async (w) => w.put('levels', { id: 'l-9', name: 'Master', abbr: 'M1' }));
    const spy = spying(server.fetch);
    let gateCalls = 0;
    const engine = new SyncEngine({
      db,
      fetch: spy.fetch,
      session: () => {
        gateCalls += 1;
        return Promise.resolve({ status: 'unauthorised' });
      },
      setTimer: () => null,
      clearTimer: () => undefined,
      live: null,
    });
    expect(await engine.syncOnce()).toBe('ok');
    expect(spy.urls).toEqual(['POST /api/mutations']);
    expect(gateCalls).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.classes.get('c-1')).toBeDefined();
    expect(await db.levels.get('l-2')).toBeUndefined();
    // Nothing to send: still one request, which pulls.
    spy.urls.length = 0;
    expect(await engine.syncOnce()).toBe('nothing');
    expect(spy.urls).toEqual(['POST /api/mutations']);
  });

  it('sends nothing under another person’s session: the session module sorts it out first', async () => {
    const db = await device('u-t');
    await writeBatch(db, async (w) => w.put('levels', { id: 'l-t', name: 'Du professeur', abbr: 'P' }));
    const spy = spying(server.fetch); // the administrator's session, not the teacher's
    let gateCalls = 0;
    const engine = new SyncEngine({
      db,
      fetch: spy.fetch,
      session: () => {
        gateCalls += 1;
        return Promise.resolve({ status: 'unauthorised' });
      },
      setTimer: () => null,
      clearTimer: () => undefined,
      live: null,
    });
    expect(await engine.syncOnce()).toBe('unauthorised');
    expect(gateCalls).toBe(1);
    expect(await db.outbox.count()).toBe(1);
    const store = (await (await server.fetch('/api/store?orgId=demo')).json()) as {
      levels: { id: string }[];
    };
    expect(store.levels.map((l) => l.id)).not.toContain('l-t');
  });
});
