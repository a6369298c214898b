import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openStorage } from '../../server/storage/open-storage';
import { SQLITE_MIGRATIONS } from '../../server/storage/sqlite-sync-storage';
import { applyBatch, readStore } from '../../server/sync-service';
import type { FieldStamp } from '../../src/domain/sync/merge';
import type { Mutation } from '../../src/domain/sync/protocol';
import { postgresAtMigration, serverBackends, testConfig, withPostgres, type TestDatabase } from './helpers';

/**
 * Migration 8: the change log keeps superseded versions only, mutation ids lose the device and time nobody
 * read, and SQLite's records become a rowid table. Migration 9: stamps carry device numbers (table
 * `writers`), statuses one letter. A database written by migrations 1 to 7 migrates with every record,
 * stamp, past version and deduplication entry; a number given in a rolled-back transaction is never seen.
 */

const backends = await serverBackends();

const AT = '2026-11-01T10:00:00.000Z';
const stamp = (rev: number, by: string, mid: string): FieldStamp => ({
  rev,
  at: `2026-11-01T09:0${rev}:00.000Z`,
  by,
  mid,
});
const v1 = { id: 'l-1', name: 'Licence 1', abbr: 'L1' };
const v2 = { id: 'l-1', name: 'Licence un', abbr: 'L1' };
const v3 = { id: 'l-1', name: 'Licence un', abbr: 'LIC1' };
const level2 = { id: 'l-2', name: 'Licence 2', abbr: 'L2' };
const gone = { id: 'i-1', name: 'Institut', abbr: 'I' };
const l1Stamps = {
  name: stamp(2, 'device-b', 'm-rename'),
  abbr: stamp(3, 'device-a', 'm-abbr'),
};
const l2Stamps = { name: stamp(1, 'device-a', 'm-l2'), abbr: stamp(1, 'device-a', 'm-l2') };
const goneStamps = { name: stamp(1, 'device-a', 'm-i1'), abbr: stamp(1, 'device-a', 'm-i1') };

/** As migrations 6 and 7 left them: compact stamps (their form), the latest change sharing the record's data. */
const rows = {
  records: [
    ['demo', 'levels', 'l-1', 3, 0, v3, l1Stamps],
    ['demo', 'levels', 'l-2', 1, 0, level2, l2Stamps],
    ['demo', 'institutes', 'i-1', 4, 1, gone, goneStamps],
  ] as const,
  changeLog: [
    ['demo', 'levels', 'l-1', 1, 0, JSON.stringify(v1), 'm-create', AT],
    ['demo', 'levels', 'l-1', 2, 0, JSON.stringify(v2), 'm-rename', AT],
    ['demo', 'levels', 'l-1', 3, 0, '', 'm-abbr', AT],
    ['demo', 'levels', 'l-2', 1, 0, '', 'm-l2', AT],
    ['demo', 'institutes', 'i-1', 1, 0, JSON.stringify(gone), 'm-i1', AT],
    ['demo', 'institutes', 'i-1', 4, 1, '', 'm-delete', AT],
  ] as const,
  mutations: ['m-create', 'm-rename', 'm-abbr', 'm-l2', 'm-i1', 'm-delete'].map((id, i) => [
    'demo',
    id,
    [1, 2, 3, 1, 1, 4][i] as number,
    'applied',
    'device-a',
    AT,
  ]),
};

/** The stamps as migration 6 wrote them (one base stamp, the differing fields, `id` unstamped). */
function form6(stamps: Record<string, FieldStamp>): string {
  const [base, ...rest] = Object.entries(stamps);
  if (!base) return '[]';
  const [, b] = base;
  const differing = Object.fromEntries(
    rest
      .filter(([, s]) => s.rev !== b.rev || s.mid !== b.mid || s.by !== b.by || s.at !== b.at)
      .map(([k, s]) => [k, [s.rev, Date.parse(s.at), s.by === b.by ? 0 : s.by, s.mid]]),
  );
  return JSON.stringify([
    b.rev,
    Date.parse(b.at),
    b.by,
    b.mid,
    Object.keys(differing).length ? differing : 0,
    ['id'],
  ]);
}

async function version7Database(db: TestDatabase): Promise<void> {
  if (db.backend === 'sqlite') {
    const sqlite = new Database(db.file);
    for (const step of SQLITE_MIGRATIONS.slice(0, 7)) step(sqlite);
    sqlite.pragma('user_version = 7');
    sqlite.prepare('INSERT INTO orgs VALUES (?, ?, ?)').run('demo', 4, AT);
    const record = sqlite.prepare(
      'INSERT INTO records (org_id, collection, record_id, rev, deleted, data, stamps) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    for (const [org, c, id, rev, deleted, data, stamps] of rows.records)
      record.run(org, c, id, rev, deleted, JSON.stringify(data), form6(stamps));
    const log = sqlite.prepare('INSERT INTO change_log VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
    for (const row of rows.changeLog) log.run(...row);
    const mutation = sqlite.prepare('INSERT INTO mutations VALUES (?, ?, ?, ?, ?, ?)');
    for (const row of rows.mutations) mutation.run(...row);
    sqlite.close();
    return;
  }
  await postgresAtMigration(db, 7, async (client) => {
    await client.query('INSERT INTO orgs VALUES ($1, $2, $3)', ['demo', 4, AT]);
    for (const [org, c, id, rev, deleted, data, stamps] of rows.records)
      await client.query(
        'INSERT INTO records (org_id, collection, record_id, rev, deleted, data, stamps) VALUES ($1, $2, $3, $4, $5, $6, $7)',
        [org, c, id, rev, Boolean(deleted), JSON.stringify(data), form6(stamps)],
      );
    for (const [org, c, id, rev, deleted, data, mid, at] of rows.changeLog)
      await client.query('INSERT INTO change_log VALUES ($1, $2, $3, $4, $5, $6, $7, $8)', [
        org,
        c,
        id,
        rev,
        Boolean(deleted),
        data,
        mid,
        at,
      ]);
    for (const row of rows.mutations)
      await client.query('INSERT INTO mutations VALUES ($1, $2, $3, $4, $5, $6)', row);
  });
}

async function query<T>(db: TestDatabase, sql: string): Promise<T[]> {
  if (db.backend === 'sqlite') {
    const sqlite = new Database(db.file, { readonly: true });
    try {
      return sqlite.prepare(sql).all() as T[];
    } finally {
      sqlite.close();
    }
  }
  return withPostgres(db, async (client) => (await client.query(sql)).rows as T[]);
}

/** One call after the other: a PostgreSQL transaction runs one query at a time. */
async function inOrder<T>(calls: (() => Promise<T>)[]): Promise<T[]> {
  const out: T[] = [];
  for (const call of calls) out.push(await call());
  return out;
}

const put = (id: string, values: Record<string, unknown>, mutationId: string, base: number): Mutation => ({
  mutationId,
  collection: 'levels',
  recordId: id,
  op: 'put',
  changedFields: Object.keys(values),
  values,
  baseRevision: base,
  createdAt: '2026-11-02T08:00:00.000Z',
});

describe.each(backends)('$name: migration 8 (superseded versions only, lean mutation ids)', (backend) => {
  it('keeps every record, stamp, past version and mutation id of a version-7 database', async () => {
    const db = await backend.fresh();
    try {
      await version7Database(db);
      const storage = await openStorage(testConfig({ dataFile: db.file, databaseUrl: db.databaseUrl }));
      try {
        const read = await storage.transaction('demo', async (tx) => ({
          l1: await tx.getRecord('levels', 'l-1'),
          l2: await tx.getRecord('levels', 'l-2'),
          i1: await tx.getRecord('institutes', 'i-1'),
          l1At: await inOrder([0, 1, 2, 3, 4].map((r) => () => tx.getRecordAt('levels', 'l-1', r))),
          l2At: await inOrder([0, 1, 4].map((r) => () => tx.getRecordAt('levels', 'l-2', r))),
          i1At: await inOrder([0, 1, 3, 4].map((r) => () => tx.getRecordAt('institutes', 'i-1', r))),
          mutations: await inOrder(
            rows.mutations.map(
              ([, id]) =>
                () =>
                  tx.getMutation(String(id)),
            ),
          ),
        }));
        expect(read.l1).toEqual({
          collection: 'levels',
          id: 'l-1',
          rev: 3,
          deleted: false,
          data: v3,
          stamps: l1Stamps,
        });
        expect(read.l2).toEqual({
          collection: 'levels',
          id: 'l-2',
          rev: 1,
          deleted: false,
          data: level2,
          stamps: l2Stamps,
        });
        expect(read.i1).toEqual({
          collection: 'institutes',
          id: 'i-1',
          rev: 4,
          deleted: true,
          data: gone,
          stamps: goneStamps,
        });
        expect(read.l1At).toEqual([null, v1, v2, v3, v3]);
        expect(read.l2At).toEqual([null, level2, level2]);
        expect(read.i1At).toEqual([null, gone, gone, null]);
        expect(read.mutations).toEqual(
          rows.mutations.map(([, mutationId, rev, status]) => ({ mutationId, rev, status })),
        );
        // Only superseded versions stay in the change log; the current ones are the records.
        const log = await query<{ record_id: string; rev: number | string }>(
          db,
          'SELECT record_id, rev FROM change_log ORDER BY record_id, rev',
        );
        expect(log.map((r) => [r.record_id, Number(r.rev)])).toEqual([
          ['i-1', 1],
          ['l-1', 1],
          ['l-1', 2],
        ]);
        // Device ids stored once, numbered in the order first met; the stamps carry the numbers.
        const writers = await query<{ n: number; client_id: string }>(
          db,
          'SELECT n, client_id FROM writers ORDER BY n',
        );
        expect(writers.map((w) => [w.n, w.client_id])).toEqual([
          [1, 'device-a'],
          [2, 'device-b'],
        ]);
        const texts = await query<{ stamps: string }>(db, 'SELECT stamps FROM records');
        expect(texts.some((t) => t.stamps.includes('device-'))).toBe(false);
        const { revision, store } = await readStore(storage, 'demo');
        expect(revision).toBe(4);
        expect(store.levels).toEqual([v3, level2]);
        expect(store.institutes).toEqual([]);

        // A mutation id seen before the migration is still a duplicate; a new write supersedes the record.
        const now = new Date('2026-11-02T08:00:00.000Z');
        const replay = await applyBatch(
          storage,
          'demo',
          'device-a',
          [put('l-1', { abbr: 'X' }, 'm-abbr', 2)],
          now,
        );
        expect(replay.results[0]?.status).toBe('duplicate');
        const next = await applyBatch(
          storage,
          'demo',
          'device-c',
          [put('l-1', { name: 'L-un' }, 'm-new', 3)],
          now,
        );
        expect(next.revision).toBe(5);
        const after = await storage.transaction('demo', async (tx) => ({
          at: await inOrder([1, 2, 3, 4, 5].map((r) => () => tx.getRecordAt('levels', 'l-1', r))),
          seen: await tx.getMutation('m-new'),
        }));
        expect(after.at).toEqual([v1, v2, v3, v3, { ...v3, name: 'L-un' }]);
        expect(after.seen).toEqual({ mutationId: 'm-new', rev: 5, status: 'applied' });
        const latest = await storage.transaction('demo', (tx) => tx.getRecord('levels', 'l-1'));
        expect(latest?.stamps).toEqual({
          ...l1Stamps,
          name: { rev: 5, at: '2026-11-02T08:00:00.000Z', by: 'device-c', mid: 'm-new' },
        });
      } finally {
        await storage.close();
      }
    } finally {
      await db.cleanup();
    }
  });
});

const level = (id: string, by: string, rev: number) => ({
  collection: 'levels' as const,
  id,
  rev,
  deleted: false,
  data: { id, name: id, abbr: id },
  stamps: {
    name: { rev, at: '2026-11-16T08:00:00.000Z', by, mid: `m-${id}` },
    abbr: { rev, at: '2026-11-16T08:00:00.000Z', by, mid: `m-${id}` },
  },
});

describe.each(backends)('$name: device numbers of stamps (writers)', (backend) => {
  it('never keeps a number given in a rolled-back transaction', async () => {
    const db = await backend.fresh();
    try {
      const storage = await openStorage(testConfig({ dataFile: db.file, databaseUrl: db.databaseUrl }));
      try {
        await storage.transaction('demo', async (tx) => {
          await tx.putRecord(level('l-a', 'device-a', 1), 'm-l-a', AT);
          await tx.setRevision(1, AT);
        });
        // device-x gets number 2, then its transaction rolls back: number 2 goes to device-y.
        await expect(
          storage.transaction('demo', async (tx) => {
            await tx.putRecord(level('l-x', 'device-x', 2), 'm-l-x', AT);
            expect((await tx.getRecord('levels', 'l-x'))?.stamps.name?.by).toBe('device-x');
            throw new Error('refused');
          }),
        ).rejects.toThrow('refused');
        await storage.transaction('demo', async (tx) => {
          await tx.putRecord(level('l-y', 'device-y', 2), 'm-l-y', AT);
          await tx.setRevision(2, AT);
        });
        const read = await storage.transaction('demo', async (tx) => ({
          a: await tx.getRecord('levels', 'l-a'),
          x: await tx.getRecord('levels', 'l-x'),
          y: await tx.getRecord('levels', 'l-y'),
        }));
        expect(read.a).toEqual(level('l-a', 'device-a', 1));
        expect(read.x).toBeNull();
        expect(read.y).toEqual(level('l-y', 'device-y', 2));
        const writers = await query<{ n: number; client_id: string }>(
          db,
          'SELECT n, client_id FROM writers ORDER BY n',
        );
        expect(writers.map((w) => [w.n, w.client_id])).toEqual([
          [1, 'device-a'],
          [2, 'device-y'],
        ]);
      } finally {
        await storage.close();
      }
    } finally {
      await db.cleanup();
    }
  });
});
