import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type AppDatabase } from '../../src/db/database';
import { fromStoreV1, toStoreV1 } from '../../src/db/store-io';
import { IMPORT_MAX_BYTES } from '../../src/domain/settings/store-file';
import { hashSecret } from '../../src/domain/secrets';
import type { StoreV1 } from '../../src/domain/store/schema';
import {
  applyImport,
  checkImportFile,
  exportStoreJson,
  type ImportSource,
} from '../../src/services/settings/data-service';
import {
  deleteReference,
  readPinValidityDays,
  saveReference,
  savePinValidityDays,
} from '../../src/services/settings/settings-service';
import { sampleStore, testContext, TEST_ITERATIONS } from '../fixtures/sample-store';

let db: AppDatabase;
let hash: string;
let n = 0;

beforeAll(async () => {
  hash = await hashSecret('Secret@123', { iterations: TEST_ITERATIONS });
});
beforeEach(async () => {
  db = openDatabase(`settings-data-${(n += 1)}`);
  await fromStoreV1(db, sampleStore(hash), { context: testContext(), track: false });
});
afterEach(async () => {
  await db.delete();
});

const source = (text: string, size = text.length): ImportSource => ({
  size,
  text: () => Promise.resolve(text),
});

/** Every table and the outbox, to prove that a refused or failed import changed nothing. */
async function snapshot(target: AppDatabase) {
  return { store: await toStoreV1(target), outbox: await target.outbox.toArray() };
}

describe('import rejections leave the database untouched', () => {
  it('not JSON', async () => {
    const before = await snapshot(db);
    expect(await checkImportFile(db, source('{"users": ['), testContext())).toEqual({
      ok: false,
      code: 'unreadable-json',
    });
    expect(await snapshot(db)).toEqual(before);
  });

  it.each([
    ['an array', '[]'],
    ['users missing', '{"profiles": []}'],
    ['profiles not an array', '{"users": [], "profiles": {}}'],
    ['null', 'null'],
  ])('missing keys: %s', async (_label, text) => {
    const before = await snapshot(db);
    expect(await checkImportFile(db, source(text), testContext())).toEqual({
      ok: false,
      code: 'missing-keys',
    });
    expect(await snapshot(db)).toEqual(before);
  });

  it('wrong types deep inside: French messages with their paths', async () => {
    const before = await snapshot(db);
    const bad = structuredClone(sampleStore(hash)) as unknown as Record<string, unknown>;
    const timetables = bad.timetables as { slots: Record<string, unknown>[] }[];
    timetables[0]!.slots[0]!.dayOfWeek = 9;
    timetables[0]!.slots[0]!.startTime = '8h';
    (bad.users as Record<string, unknown>[])[1]!.status = 'Supprimé';
    const result = await checkImportFile(db, source(JSON.stringify(bad)), testContext());
    expect(result.ok).toBe(false);
    if (result.ok || result.code !== 'invalid-shape') throw new Error('invalid-shape expected');
    expect(result.issues.total).toBe(3);
    expect(result.issues.first.map((i) => i.path)).toEqual([
      'users[1].status',
      'timetables[0].slots[0].dayOfWeek',
      'timetables[0].slots[0].startTime',
    ]);
    expect(result.issues.first[0]?.message).toMatch(/^Option invalide/);
    expect(result.issues.first[2]?.message).toBe('heure HH:MM attendue');
    expect(await snapshot(db)).toEqual(before);
  });

  it('too big: refused before the file is even read', async () => {
    const before = await snapshot(db);
    const text = vi.fn(() => Promise.resolve('{}'));
    expect(await checkImportFile(db, { size: IMPORT_MAX_BYTES + 1, text }, testContext())).toEqual({
      ok: false,
      code: 'too-big',
    });
    expect(text).not.toHaveBeenCalled();
    expect(await snapshot(db)).toEqual(before);
  });

  it('a valid file is only checked: the summary, and no write until applied', async () => {
    const before = await snapshot(db);
    const file = { ...sampleStore(hash), institutes: [] };
    const result = await checkImportFile(db, source(JSON.stringify(file)), testContext());
    if (!result.ok) throw new Error('valid file expected');
    expect(result.summary.find((r) => r.collection === 'institutes')).toEqual({
      collection: 'institutes',
      current: 1,
      incoming: 0,
      removed: 1,
    });
    expect(await snapshot(db)).toEqual(before);
  });
});

describe('apply import: one transaction', () => {
  const fileStore = (): StoreV1 => {
    const file = structuredClone(sampleStore(hash));
    file.institutes = [{ id: 'i-1', name: 'Institut renommé', abbr: 'ISI' }];
    file.levels = [...file.levels, { id: 'l-2', name: 'Licence 2', abbr: 'L2' }];
    file.courseModules = [];
    return file;
  };

  it('replaces changed records, adds new ones, removes absent ones, and queues the mutations', async () => {
    const checked = await checkImportFile(db, source(JSON.stringify(fileStore())), testContext());
    if (!checked.ok) throw new Error('valid file expected');
    await applyImport(db, checked.store);
    expect(await db.institutes.get('i-1')).toMatchObject({ name: 'Institut renommé' });
    expect(await db.levels.get('l-2')).toMatchObject({ name: 'Licence 2' });
    expect(await db.courseModules.count()).toBe(0);
    const outbox = await db.outbox.toArray();
    const summary = outbox.map((m) => `${m.op} ${m.collection}/${m.recordId} ${m.changedFields.join(',')}`);
    expect(summary).toEqual(
      expect.arrayContaining([
        'delete courseModules/m-1 ',
        'put institutes/i-1 name',
        'put levels/l-2 abbr,id,name',
      ]),
    );
    // Unchanged records travel not at all.
    expect(outbox.some((m) => m.collection === 'users' || m.collection === 'classes')).toBe(false);
  });

  it('changes nothing when it fails half way', async () => {
    const before = await snapshot(db);
    const broken = fileStore();
    // An id IndexedDB cannot store as a key: the put fails after the removal and earlier puts.
    broken.timetables = [{ ...broken.timetables[0]!, id: {} as unknown as string }];
    await expect(applyImport(db, broken)).rejects.toThrow();
    expect(await snapshot(db)).toEqual(before);
  });
});

describe('export', () => {
  it('carries hashes only, and a round trip to another database gives the same data', async () => {
    await db.users.update('u-admin', { password: 'clair-par-erreur' });
    const json = await exportStoreJson(db);
    expect(json).not.toContain('clair-par-erreur');
    expect(json).not.toMatch(/"password"\s*:/);
    expect(json).not.toContain('currentUserId');
    expect(json).toContain(hash);

    const other = openDatabase(`settings-data-other-${n}`);
    await fromStoreV1(other, { users: [], profiles: [] }, { context: testContext(), track: false });
    const checked = await checkImportFile(other, source(json), testContext());
    if (!checked.ok) throw new Error('export must import');
    await applyImport(other, checked.store);
    const expected = await toStoreV1(db);
    expected.users = expected.users.map(({ password: _password, ...u }) => u);
    expect(await toStoreV1(other)).toEqual(expected);
    await other.delete();
  });
});

describe('reference records and the PIN validity setting', () => {
  it('create, edit (keeping unknown fields), delete: each with its outbox mutation', async () => {
    await db.classes.update('c-1', { createdByImportId: 'p-1' });
    const id = await saveReference(db, 'institutes', null, { name: 'Nouvel institut', abbr: 'NI' });
    expect(id).toMatch(/^inst-/);
    await saveReference(db, 'classes', 'c-1', { code: 'L1-INFO-B', levelId: 'l-1', instituteId: id });
    expect(await db.classes.get('c-1')).toEqual({
      id: 'c-1',
      code: 'L1-INFO-B',
      levelId: 'l-1',
      instituteId: id,
      createdByImportId: 'p-1',
    });
    // spec part 1 point 5: deleting an institute is not blocked; its classes keep a dangling reference.
    await deleteReference(db, 'institutes', id);
    expect(await db.institutes.get(id)).toBeUndefined();
    expect((await db.classes.get('c-1'))?.instituteId).toBe(id);
    const ops = (await db.outbox.toArray()).map((m) => `${m.op} ${m.collection}`);
    expect(ops).toEqual(['put institutes', 'put classes', 'delete institutes']);
  });

  it('PIN validity: 90 by default, then the saved value', async () => {
    await db.settings.clear();
    expect(await readPinValidityDays(db)).toBe(90);
    await savePinValidityDays(db, 30);
    expect(await readPinValidityDays(db)).toBe(30);
    expect(await db.settings.get('org')).toMatchObject({ id: 'org', pinValidityDays: 30 });
  });
});
