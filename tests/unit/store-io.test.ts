import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type AppDatabase } from '../../src/db/database';
import { getMeta, setMeta } from '../../src/db/meta';
import { fromStoreV1, importLegacyLocalStorage, LEGACY_STORAGE_KEY, toStoreV1 } from '../../src/db/store-io';
import { catalogueModules } from '../../src/domain/defaults';
import { hashSecret } from '../../src/domain/secrets';
import type { StoreV1 } from '../../src/domain/store/schema';
import { sampleStore, testContext, TEST_ITERATIONS } from '../fixtures/sample-store';

let db: AppDatabase;
let hash: string;
let n = 0;

beforeAll(async () => {
  hash = await hashSecret('Secret@123', { iterations: TEST_ITERATIONS });
});
beforeEach(() => {
  db = openDatabase(`store-io-${(n += 1)}`);
});
afterEach(async () => {
  await db.delete();
});

const byId = <T extends { id: string }>(items: T[]) => [...items].sort((a, b) => a.id.localeCompare(b.id));

describe('store v1 <-> tables', () => {
  it('round-trips exactly: what goes in comes out, and a second trip changes nothing', async () => {
    // A store already in the current shape (a teacher profile carries teacher.contract: the load-time
    // migration adds it otherwise, tested in migrate.test.ts), so what goes in comes out unchanged.
    const sample = sampleStore(hash);
    const input = {
      ...sample,
      profiles: sample.profiles.map((p) =>
        p.id === 'teacher' ? { ...p, moduleIds: [...p.moduleIds, 'teacher.contract'] } : p,
      ),
    };
    const result = await fromStoreV1(db, structuredClone(input), { context: testContext() });
    expect(result.ok).toBe(true);
    const once = await toStoreV1(db);
    expect(once).toEqual({ ...input, modules: byId(catalogueModules()) });

    const other = openDatabase(`store-io-other-${n}`);
    await fromStoreV1(other, JSON.parse(JSON.stringify(once)), { context: testContext() });
    const twice = await toStoreV1(other);
    expect(JSON.stringify(twice)).toBe(JSON.stringify(once));
    await other.delete();
  });

  it('keeps device-local state out of the object unless asked, and restores it when asked', async () => {
    await fromStoreV1(
      db,
      { ...sampleStore(hash), currentUserId: 'u-admin', currentLoginMode: 'pin' },
      {
        context: testContext(),
        deviceState: true,
      },
    );
    const shared = await toStoreV1(db);
    expect(shared).not.toHaveProperty('currentUserId');
    expect(shared).not.toHaveProperty('currentLoginMode');
    const local = await toStoreV1(db, { deviceState: true });
    expect(local.currentUserId).toBe('u-admin');
    expect(local.currentLoginMode).toBe('pin');
  });

  it.each([
    ['not an object', 'texte', 'missing-keys'],
    ['users missing', { profiles: [] }, 'missing-keys'],
    ['profiles not an array', { users: [], profiles: {} }, 'missing-keys'],
    [
      'a wrong type deep inside',
      { users: [{ id: 'x', name: 'X', email: 'x@x', status: 'Unknown' }], profiles: [] },
      'invalid-shape',
    ],
    [
      'a slot with a bad time',
      {
        users: [],
        profiles: [],
        timetables: [
          {
            id: 't',
            periodicity: 'week',
            year: 2026,
            classId: 'c',
            createdAt: 'x',
            slots: [{ dayOfWeek: 9, startTime: '8h', endTime: '10:00', moduleId: 'm', teacherUserId: 'u' }],
          },
        ],
      },
      'invalid-shape',
    ],
  ])('rejects %s and leaves the tables untouched', async (_name, json, code) => {
    await fromStoreV1(db, sampleStore(hash), { context: testContext() });
    const before = await toStoreV1(db);
    const result = await fromStoreV1(db, json, { context: testContext() });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.code).toBe(code);
    expect(await toStoreV1(db)).toEqual(before);
  });
});

describe('legacy localStorage copy', () => {
  function memoryStorage(initial: Record<string, string>) {
    const data = new Map(Object.entries(initial));
    return {
      getItem: (k: string) => data.get(k) ?? null,
      removeItem: (k: string) => void data.delete(k),
      has: (k: string) => data.has(k),
    };
  }

  it('is imported once into an empty database, its clear passwords hashed, then removed', async () => {
    const legacy: Partial<StoreV1> & { users: unknown[] } = {
      users: [
        {
          id: 'u-1',
          name: 'Awa',
          email: 'awa@ecole.sn',
          profileId: 'super-admin',
          status: 'Active',
          password: 'ancien-mdp',
        },
      ],
      profiles: [
        {
          id: 'super-admin',
          name: 'Super Admin',
          moduleIds: ['users', 'profiles', 'settings.donnees'],
          formFieldKeys: [],
        },
      ],
    };
    const storage = memoryStorage({ [LEGACY_STORAGE_KEY]: JSON.stringify(legacy) });
    expect(await importLegacyLocalStorage(db, storage)).toBe(true);
    const user = await db.users.get('u-1');
    expect(user?.password).toBeUndefined();
    expect(user?.passwordHash).toMatch(/^pbkdf2-sha256\$/);
    expect(storage.has(LEGACY_STORAGE_KEY)).toBe(false);
    expect(await getMeta(db, 'legacyImported')).toBe(true);
    expect(
      await importLegacyLocalStorage(db, memoryStorage({ [LEGACY_STORAGE_KEY]: JSON.stringify(legacy) })),
    ).toBe(false);
  });

  it('never overwrites a database that already holds data', async () => {
    await fromStoreV1(db, sampleStore(hash), { context: testContext() });
    await setMeta(db, 'legacyImported', false);
    const storage = memoryStorage({ [LEGACY_STORAGE_KEY]: JSON.stringify({ users: [], profiles: [] }) });
    expect(await importLegacyLocalStorage(db, storage)).toBe(false);
    expect(await db.users.count()).toBe(2);
  });
});
