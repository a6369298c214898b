import Database from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openStorage } from '../../server/storage/open-storage';
import {
  decodeStamps,
  encodeStamps,
  encodeStampsAsText,
  TEXT_WRITERS,
  type WriterNumbers,
} from '../../server/storage/record-rows';
import { SQLITE_MIGRATIONS } from '../../server/storage/sqlite-sync-storage';
import { applyBatch, readStore } from '../../server/sync-service';
import type { FieldStamp, RecordData } from '../../src/domain/sync/merge';
import type { Mutation } from '../../src/domain/sync/protocol';
import { postgresAtMigration, serverBackends, testConfig, type TestDatabase } from './helpers';

/**
 * Per-field stamps stored compactly (one base stamp, the differing fields only) and the latest change
 * sharing its record's data: the same stamps and past versions come back, and databases written in the
 * previous form migrate without loss.
 */

const stamp = (rev: number, at: string, by: string, mid: string): FieldStamp => ({ rev, at, by, mid });

describe('compact stamps: every form of stamps comes back identical', () => {
  const a = stamp(4, '2026-11-16T08:00:00.000Z', 'device-a', 'm-1');
  const cases: { name: string; data: RecordData; stamps: Record<string, FieldStamp> }[] = [
    { name: 'no stamps', data: { id: 'x' }, stamps: {} },
    { name: 'one mutation wrote every field', data: { id: 'x', n: 1 }, stamps: { id: a, n: a } },
    {
      name: 'a later edit of one field, by another device',
      data: { id: 'x', n: 2, s: 'b' },
      stamps: { id: a, n: stamp(9, '2026-11-17T08:00:00.000Z', 'device-b', 'm-9'), s: a },
    },
    {
      name: 'a later edit by the same device',
      data: { id: 'x', n: 2 },
      stamps: { id: a, n: stamp(9, '2026-11-17T08:00:00.000Z', 'device-a', 'm-9') },
    },
    {
      name: 'a stamp without a field (removed) and a field without a stamp',
      data: { id: 'x', kept: true },
      stamps: { id: a, gone: stamp(5, '2026-11-16T09:00:00.000Z', 'device-a', 'm-2') },
    },
    {
      name: 'device clocks the epoch cannot rewrite exactly',
      data: { id: 'x', n: 1, s: 2 },
      stamps: {
        id: stamp(1, '2026-11-16T08:00:00Z', 'd', 'm'),
        n: stamp(1, 'pas une date', 'd', 'm'),
        s: stamp(1, '2026-11-16T08:00:00.000+01:00', 'd', 'm'),
      },
    },
    {
      name: 'whole-store mutation ids, and look-alikes kept as text',
      data: { id: 'x', n: 1, s: 2, t: 3 },
      stamps: {
        id: stamp(2, '2026-11-16T08:00:00.000Z', 'put-b', 'put-b-12'),
        n: stamp(2, '2026-11-16T08:00:00.000Z', 'put-b', 'put-b-012'),
        s: stamp(2, '2026-11-16T08:00:00.000Z', 'put-b', 'put-b-'),
        t: stamp(2, '2026-11-16T08:00:00.000Z', 'put-b', 'put-b-99999999999999999999'),
      },
    },
  ];
  /** Device numbers as an organisation's `writers` table gives them: in the order first met. */
  const writerTable = (): WriterNumbers => {
    const ids: string[] = [];
    return {
      numberOf: (clientId) => (ids.includes(clientId) ? ids.indexOf(clientId) : ids.push(clientId) - 1) + 1,
      clientOf: (n) => ids[n - 1] ?? '?',
    };
  };
  it.each(cases)('$name', ({ data, stamps }) => {
    const writers = writerTable();
    for (const recordRev of [9, 12]) {
      const text = encodeStamps(stamps, data, writers, recordRev);
      expect(decodeStamps(text, data, writers, recordRev)).toEqual(stamps);
    }
    // The older forms still read: migration 6's (device ids as text) and full stamps.
    expect(decodeStamps(encodeStampsAsText(stamps, data), data, TEXT_WRITERS, 9)).toEqual(stamps);
    expect(decodeStamps(JSON.stringify(stamps), data, TEXT_WRITERS, 9)).toEqual(stamps);
  });

  it('stores a record written by one mutation in a fraction of the old form', () => {
    const data: RecordData = {
      id: 'x',
      ...Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`field${i}`, i])),
    };
    const one = stamp(1234, '2026-11-16T08:00:00.000Z', 'c0a80101-4f6b-4d3a-8f5e-0b7e5d1a31c2', 'mut-42');
    const stamps = Object.fromEntries(Object.keys(data).flatMap((k) => (k === 'id' ? [] : [[k, one]])));
    const text = encodeStamps(stamps, data, writerTable(), 1234);
    expect(text.length * 20).toBeLessThan(JSON.stringify(stamps).length);
    // The device id is a number and `id`, never written by a mutation, costs nothing.
    expect(text).toBe('[0,1794816000000,1,"mut-42"]');
  });
});

const backends = await serverBackends();

const OLD_AT = '2026-11-01T10:00:00.000Z';
const s1 = stamp(1, '2026-11-01T09:00:00.000Z', 'device-admin', 'm-create');
const s2 = stamp(2, '2026-11-01T09:30:00.000Z', 'device-other', 'm-rename');
const v1 = { id: 'l-1', name: 'Licence 1', abbr: 'L1' };
const v2 = { id: 'l-1', name: 'Licence un', abbr: 'L1' };
const level2 = { id: 'l-2', name: 'Licence 2', abbr: 'L2' };
const stamps1 = { id: s1, name: s2, abbr: s1 };
const stampsL2 = { id: s1, name: s1, abbr: s1 };

/** Rows as migrations 2 to 5 wrote them: full stamps, a copy of the data in every change-log entry. */
const oldRows = {
  records: [
    ['demo', 'levels', 'l-1', 2, 0, JSON.stringify(v2), JSON.stringify(stamps1)],
    ['demo', 'levels', 'l-2', 1, 0, JSON.stringify(level2), JSON.stringify(stampsL2)],
  ],
  changeLog: [
    ['demo', 'levels', 'l-1', 1, 0, JSON.stringify(v1), 'm-create', OLD_AT],
    ['demo', 'levels', 'l-1', 2, 0, JSON.stringify(v2), 'm-rename', OLD_AT],
    ['demo', 'levels', 'l-2', 1, 0, JSON.stringify(level2), 'm-create', OLD_AT],
  ],
} as const;

async function previousFormatDatabase(db: TestDatabase): Promise<void> {
  if (db.backend === 'sqlite') {
    const sqlite = new Database(db.file);
    for (const step of SQLITE_MIGRATIONS.slice(0, 5)) step(sqlite);
    sqlite.pragma('user_version = 5');
    sqlite.prepare('INSERT INTO orgs VALUES (?, ?, ?)').run('demo', 2, OLD_AT);
    const record = sqlite.prepare('INSERT INTO records VALUES (?, ?, ?, ?, ?, ?, ?)');
    for (const row of oldRows.records) record.run(...row);
    const log = sqlite.prepare('INSERT INTO change_log VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
    for (const row of oldRows.changeLog) log.run(...row);
    sqlite.close();
    return;
  }
  await postgresAtMigration(db, 5, async (client) => {
    await client.query('INSERT INTO orgs VALUES ($1, $2, $3)', ['demo', 2, OLD_AT]);
    for (const [org, collection, id, rev, deleted, data, stamps] of oldRows.records)
      await client.query('INSERT INTO records VALUES ($1, $2, $3, $4, $5, $6, $7)', [
        org,
        collection,
        id,
        rev,
        Boolean(deleted),
        data,
        stamps,
      ]);
    for (const [org, collection, id, rev, deleted, data, mid, at] of oldRows.changeLog)
      await client.query('INSERT INTO change_log VALUES ($1, $2, $3, $4, $5, $6, $7, $8)', [
        org,
        collection,
        id,
        rev,
        Boolean(deleted),
        data,
        mid,
        at,
      ]);
  });
}

async function storedStampTexts(db: TestDatabase): Promise<string[]> {
  const sql = 'SELECT stamps FROM records ORDER BY record_id';
  if (db.backend === 'sqlite') {
    const sqlite = new Database(db.file, { readonly: true });
    try {
      return (sqlite.prepare(sql).all() as { stamps: string }[]).map((r) => r.stamps);
    } finally {
      sqlite.close();
    }
  }
  const client = new pg.Client({ connectionString: db.databaseUrl ?? '' });
  await client.connect();
  try {
    return (await client.query<{ stamps: string }>(sql)).rows.map((r) => r.stamps);
  } finally {
    await client.end();
  }
}

const put = (recordId: string, values: RecordData, baseRevision: number, createdAt: string): Mutation => ({
  mutationId: `m-${recordId}-${createdAt}`,
  collection: 'levels',
  recordId,
  op: 'put',
  changedFields: Object.keys(values),
  values,
  baseRevision,
  createdAt,
});

describe.each(backends)('$name: stamps and change log of the previous format', (backend) => {
  it('migrates a database of the previous format and reads every record, stamp and past version back equal', async () => {
    const db = await backend.fresh();
    try {
      await previousFormatDatabase(db);
      const storage = await openStorage(testConfig({ dataFile: db.file, databaseUrl: db.databaseUrl }));
      try {
        const read = await storage.transaction('demo', async (tx) => ({
          l1: await tx.getRecord('levels', 'l-1'),
          l2: await tx.getRecord('levels', 'l-2'),
          l1At1: await tx.getRecordAt('levels', 'l-1', 1),
          l1At2: await tx.getRecordAt('levels', 'l-1', 2),
          l2At1: await tx.getRecordAt('levels', 'l-2', 1),
        }));
        expect(read.l1).toEqual({
          collection: 'levels',
          id: 'l-1',
          rev: 2,
          deleted: false,
          data: v2,
          stamps: stamps1,
        });
        expect(read.l2?.stamps).toEqual(stampsL2);
        expect(read.l1At1).toEqual(v1);
        expect(read.l1At2).toEqual(v2);
        expect(read.l2At1).toEqual(level2);
        const { revision, store } = await readStore(storage, 'demo');
        expect(revision).toBe(2);
        expect(store.levels).toEqual([v2, level2]);
        // Rewritten in the compact form, not merely still readable.
        expect((await storedStampTexts(db)).every((text) => text.startsWith('['))).toBe(true);

        // The merge still sees the migrated stamps: a device that edited `name` from revision 1 concurrently
        // with the rename of revision 2, with an older clock, loses; an edit of `abbr` (untouched since) wins.
        const answer = await applyBatch(
          storage,
          'demo',
          'device-late',
          [put('l-1', { name: 'Ancien nom', abbr: 'LIC1' }, 1, '2026-11-01T09:10:00.000Z')],
          new Date('2026-11-02T08:00:00.000Z'),
        );
        expect(answer.results[0]?.status).toBe('merged');
        const after = await storage.transaction('demo', async (tx) => ({
          now: await tx.getRecord('levels', 'l-1'),
          at2: await tx.getRecordAt('levels', 'l-1', 2),
          at1: await tx.getRecordAt('levels', 'l-1', 1),
        }));
        expect(after.now?.data).toEqual({ id: 'l-1', name: 'Licence un', abbr: 'LIC1' });
        expect(after.now?.stamps.name).toEqual(s2);
        expect(after.now?.stamps.abbr?.by).toBe('device-late');
        // Past versions survive the record moving on (the superseded change gets its own copy back).
        expect(after.at2).toEqual(v2);
        expect(after.at1).toEqual(v1);
      } finally {
        await storage.close();
      }
    } finally {
      await db.cleanup();
    }
  });
});
