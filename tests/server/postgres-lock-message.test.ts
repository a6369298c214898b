import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PENDING_WRITE_SQL, PENDING_WRITE_TYPES } from '../../server/storage/postgres-write-group';
import { openPostgresSyncStorage } from '../../server/storage/postgres-sync-storage';
import type { SyncStorage } from '../../server/storage/sync-storage';
import { applyBatch, readStore } from '../../server/sync-service';
import type { Mutation } from '../../src/domain/sync/protocol';
import { serverBackends, type TestDatabase } from './helpers';

/**
 * Issue 31: a group's first read travels with the organisation's lock, its keys written into the message as
 * quoted literals (simple protocol). Ids are the devices' own strings: whatever they hold (quotes,
 * backslashes, commas, braces, a semicolon, SQL), the read finds exactly their records and mutation ids,
 * runs nothing else, and a batch sent again is known as a duplicate.
 */
const postgres = (await serverBackends()).find((b) => b.name === 'postgres');
const NOW = new Date('2026-11-16T08:00:00.000Z');
const IDS = [
  `l'apostrophe`,
  'back\\slash\\',
  'guil"lemets"',
  'virgule,{accolades}',
  `x'); DROP TABLE records; --`,
  'NULL',
  'é€🙂',
  '',
];

const level = (id: string, name: string, baseRevision = 0): Mutation => ({
  mutationId: `m-${name}-${id}`,
  collection: 'levels',
  recordId: id,
  op: 'put',
  changedFields: ['id', 'name', 'abbr'],
  values: { id, name, abbr: 'X' },
  baseRevision,
  createdAt: new Date(NOW.getTime() + baseRevision * 1000).toISOString(),
});

describe.skipIf(!postgres)('postgres: ids in the lock message', () => {
  let db: TestDatabase;
  let storage: SyncStorage;

  beforeEach(async () => {
    if (!postgres) return;
    db = await postgres.fresh();
    storage = await openPostgresSyncStorage(db.databaseUrl ?? '');
  });
  afterEach(async () => {
    await storage.close();
    await db.cleanup();
  });

  it('reads and writes records and mutation ids whatever characters their ids hold', async () => {
    const ids = IDS.filter((id) => id !== '');
    const first = await applyBatch(
      storage,
      'o"rg\\1',
      'device-1',
      ids.map((id) => level(id, 'Un')),
      NOW,
    );
    expect(first.results.map((r) => r.status)).toEqual(ids.map(() => 'applied'));
    // Several groups at once: each read finds the records the others wrote before it.
    const again = await Promise.all(
      ids.map((id, i) =>
        applyBatch(storage, 'o"rg\\1', `device-${i + 2}`, [level(id, 'Deux', first.revision)], NOW),
      ),
    );
    expect(again.map((a) => a.results[0]?.status)).toEqual(ids.map(() => 'applied'));
    // The same batch sent again: every mutation id is found, nothing applied twice.
    const duplicate = await applyBatch(
      storage,
      'o"rg\\1',
      'device-1',
      ids.map((id) => level(id, 'Un')),
      NOW,
    );
    expect(duplicate.results.map((r) => r.status)).toEqual(ids.map(() => 'duplicate'));
    const { store } = await readStore(storage, 'o"rg\\1');
    const levels = (store.levels ?? []) as { id: string; name: string }[];
    expect(levels.map((l) => l.id).sort()).toEqual([...ids].sort());
    expect(new Set(levels.map((l) => l.name))).toEqual(new Set(['Deux']));
    expect(await storage.readRevision('o"rg\\1')).toBe(ids.length + 1);
  });

  it('fails the last write whole when the revision moved, so the COMMIT sent with it never runs', async () => {
    await applyBatch(storage, 'demo', 'device-1', [level('l-1', 'Un')], NOW);
    const client = new pg.Client({ connectionString: db.databaseUrl ?? '' });
    await client.connect();
    try {
      await client.query(`PREPARE w (${PENDING_WRITE_TYPES}) AS ${PENDING_WRITE_SQL}`);
      // The organisation is at revision 1; this write believes it is at 5.
      const message = `BEGIN; EXECUTE w('demo', '{levels}', '{l-2}', '{6}', '{f}', '{"{}"}', '{""}', '{NULL}',
        '{m-x}', '{6}', '{a}', 6, '2026-11-16T08:00:00.000Z', 5, 'c', '', '{}', '{}', 1); COMMIT`;
      await expect(client.query(message)).rejects.toThrow('revision moved under the lock');
      await client.query('ROLLBACK');
    } finally {
      await client.end();
    }
    const { store } = await readStore(storage, 'demo');
    expect(((store.levels ?? []) as { id: string }[]).map((l) => l.id)).toEqual(['l-1']);
    expect(await storage.readRevision('demo')).toBe(1);
    // The organisation goes on: the next batch is stored at revision 2.
    const next = await applyBatch(storage, 'demo', 'device-1', [level('l-3', 'Trois')], NOW);
    expect(next.revision).toBe(2);
  });
});
