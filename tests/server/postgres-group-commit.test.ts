import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HOLD_MAX_MS, openPostgresSyncStorage } from '../../server/storage/postgres-sync-storage';
import type { SyncStorage } from '../../server/storage/sync-storage';
import { applyBatch, readStore } from '../../server/sync-service';
import type { ServerRecord } from '../../src/domain/sync/merge';
import type { Mutation } from '../../src/domain/sync/protocol';
import { serverBackends, type TestDatabase } from './helpers';

/**
 * Group commit on PostgreSQL (issue 31): the batches of one organisation that wait while one of its
 * transactions runs share the next transaction (one lock, one COMMIT), each still all-or-nothing for its
 * device (a savepoint each) and at its own revision.
 */
const postgres = (await serverBackends()).find((b) => b.name === 'postgres');
const NOW = new Date('2026-11-16T08:00:00.000Z');

const level = (id: string): Mutation => ({
  mutationId: `m-${id}`,
  collection: 'levels',
  recordId: id,
  op: 'put',
  changedFields: ['id', 'name', 'abbr'],
  values: { id, name: `Niveau ${id}`, abbr: id.toUpperCase() },
  baseRevision: 0,
  createdAt: NOW.toISOString(),
});

describe.skipIf(!postgres)('postgres: group commit per organisation', () => {
  let db: TestDatabase;
  let storage: SyncStorage;
  let commits: number[];

  beforeEach(async () => {
    if (!postgres) return;
    db = await postgres.fresh();
    commits = [];
    storage = await openPostgresSyncStorage(db.databaseUrl ?? '', {
      groupMax: 64,
      onCommit: (n) => commits.push(n),
    });
  });
  afterEach(async () => {
    await storage.close();
    await db.cleanup();
  });

  it('commits the batches that waited together, each at its own revision', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        applyBatch(storage, 'demo', `device-${i}`, [level(`l-${i}`)], NOW),
      ),
    );
    // The first runs alone (nothing to wait for); the eleven that arrived meanwhile share one COMMIT.
    expect(commits).toEqual([1, 11]);
    expect(answers.map((a) => a.revision).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 12 }, (_, i) => i + 1),
    );
    expect(answers.every((a) => a.results[0]?.status === 'applied')).toBe(true);
    expect((await readStore(storage, 'demo')).store.levels).toHaveLength(12);
    expect(await storage.readRevision('demo')).toBe(12);
  });

  it('rolls a failing batch back alone: its neighbours in the group are stored, it hears its error', async () => {
    const outcomes = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) =>
        i === 3
          ? storage.transaction('demo', async (tx) => {
              await tx.setRevision((await tx.revision()) + 1, NOW.toISOString());
              throw new Error('refused by its own rule');
            })
          : applyBatch(storage, 'demo', `device-${i}`, [level(`l-${i}`)], NOW),
      ),
    );
    expect(outcomes.map((o) => o.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    expect((outcomes[3] as PromiseRejectedResult).reason).toMatchObject({
      message: 'refused by its own rule',
    });
    // Five batches, five revisions: the failed one's revision bump was rolled back with it (twice: in the
    // group, then alone).
    expect(await storage.readRevision('demo')).toBe(5);
    expect((await readStore(storage, 'demo')).store.levels.map((l) => l.id).sort()).toEqual([
      'l-0',
      'l-1',
      'l-2',
      'l-4',
      'l-5',
    ]);
    expect(commits.reduce((a, b) => a + b, 0)).toBe(5);
    expect(commits.length).toBeLessThan(5);
  });

  it('batches sent while a group hears its answers join the next group; a hostile one among them is refused alone', async () => {
    // Each device sends its next batch as soon as it hears the first (drain waits one event-loop turn for
    // these answers before the next group): every one is stored once, at its own revision.
    const next = (i: number) =>
      i === 2
        ? storage.transaction('demo', async (tx) => {
            await tx.setRevision((await tx.revision()) + 1, NOW.toISOString());
            throw new Error('forged batch');
          })
        : applyBatch(storage, 'demo', `device-${i}`, [level(`again-${i}`)], NOW);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 5 }, (_, i) =>
        applyBatch(storage, 'demo', `device-${i}`, [level(`l-${i}`)], NOW).then(() => next(i)),
      ),
    );
    expect(outcomes.map((o) => o.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    expect(await storage.readRevision('demo')).toBe(9);
    const ids = (await readStore(storage, 'demo')).store.levels.map((l) => l.id).sort();
    expect(ids).toEqual(['again-0', 'again-1', 'again-3', 'again-4', 'l-0', 'l-1', 'l-2', 'l-3', 'l-4']);
    expect(commits.reduce((a, b) => a + b, 0)).toBe(9);
  });

  it('keeps each version of a record written twice in one group: the change log has the first', async () => {
    const named = (name: string): Mutation => ({
      ...level('l-x'),
      mutationId: `m-${name}`,
      values: { id: 'l-x', name, abbr: 'X' },
    });
    const answers = await Promise.all([
      applyBatch(storage, 'demo', 'device-0', [level('l-0')], NOW),
      applyBatch(storage, 'demo', 'device-1', [named('Premier')], NOW),
      applyBatch(storage, 'demo', 'device-2', [named('Second')], NOW),
    ]);
    expect(commits).toEqual([1, 2]);
    const [first, second] = [answers[1]?.revision ?? 0, answers[2]?.revision ?? 0];
    expect(second).toBe(first + 1);
    expect((await readStore(storage, 'demo')).store.levels.find((l) => l.id === 'l-x')?.name).toBe('Second');
    const versions = await storage.transaction('demo', async (tx) => [
      await tx.getRecordAt('levels', 'l-x', first),
      await tx.getRecordAt('levels', 'l-x', second),
    ]);
    expect(versions.map((v) => v?.name)).toEqual(['Premier', 'Second']);
  });

  it('a batch that reads the database after writing sees the group so far, and drops its own writes when it throws', async () => {
    const record = (id: string, rev: number): ServerRecord => ({
      collection: 'levels',
      id,
      rev,
      deleted: false,
      data: { id, name: `Niveau ${id}`, abbr: id },
      stamps: {},
    });
    const outcomes = await Promise.allSettled([
      applyBatch(storage, 'demo', 'device-0', [level('l-0')], NOW),
      applyBatch(storage, 'demo', 'device-1', [level('l-1')], NOW),
      storage.transaction('demo', async (tx) => {
        const rev = (await tx.revision()) + 1;
        await tx.putRecord(record('l-refused', rev), 'm-refused', NOW.toISOString());
        await tx.setRevision(rev, NOW.toISOString());
        // Read from the database: the group's batch before (l-1) and this batch's own write are both there.
        const seen = (await tx.listRecords()).map((r) => r.id);
        if (!seen.includes('l-1') || !seen.includes('l-refused')) throw new Error(`saw ${seen.join(',')}`);
        throw new Error('refused after reading');
      }),
      applyBatch(storage, 'demo', 'device-3', [level('l-3')], NOW),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[2] as PromiseRejectedResult).reason).toMatchObject({ message: 'refused after reading' });
    expect((await readStore(storage, 'demo')).store.levels.map((l) => l.id).sort()).toEqual([
      'l-0',
      'l-1',
      'l-3',
    ]);
    expect(await storage.readRevision('demo')).toBe(3);
  });

  /** Advisory locks held right now on the test database (the organisations' write locks). */
  async function advisoryLocks(): Promise<number> {
    const client = new pg.Client({ connectionString: db.databaseUrl ?? '' });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: string }>(
        `SELECT count(*) AS n FROM pg_locks l JOIN pg_database d ON d.oid = l.database
         WHERE l.locktype = 'advisory' AND l.granted AND d.datname = current_database()`,
      );
      return Number(rows[0]?.n ?? 0);
    } finally {
      await client.end();
    }
  }

  it('holds the organisation lock while its batches keep coming, and lets it go once they stop', async () => {
    let heldInside = 0;
    await Promise.all([
      ...Array.from({ length: 8 }, (_, i) =>
        applyBatch(storage, 'demo', `device-${i}`, [level(`l-${i}`)], NOW),
      ),
      storage.transaction('demo', async () => {
        heldInside = await advisoryLocks();
      }),
    ]);
    expect(heldInside).toBe(1);
    // Nothing waits any more: the lock went with the last answers (another server may write at once).
    for (let i = 0; i < 50 && (await advisoryLocks()) > 0; i += 1)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await advisoryLocks()).toBe(0);
    expect(await storage.readRevision('demo')).toBe(8);
  });

  it('lets another server write while this one stays busy with the same organisation', async () => {
    const other = await openPostgresSyncStorage(db.databaseUrl ?? '', { groupMax: 64 });
    // This server: batches of one school without a pause for 1.5 s, 8 in flight and groups of 2, so that its
    // queue never empties (with larger groups every batch in flight would share one and the queue empty).
    const busyServer = await openPostgresSyncStorage(db.databaseUrl ?? '', { groupMax: 2 });
    try {
      const until = Date.now() + 1_500;
      let n = 0;
      const stream = async () => {
        while (Date.now() < until) {
          n += 1;
          await applyBatch(busyServer, 'demo', `busy-${n % 8}`, [level(`busy-${n}`)], NOW);
        }
      };
      const busy = Promise.all(Array.from({ length: 8 }, () => stream()));
      await new Promise((resolve) => setTimeout(resolve, 200));
      // The other server's batch gets the lock within a few holds, not when the stream ends.
      const started = Date.now();
      const answer = await applyBatch(other, 'demo', 'other-device', [level('from-other')], NOW);
      const waited = Date.now() - started;
      expect(Date.now()).toBeLessThan(until);
      expect(answer.results[0]?.status).toBe('applied');
      expect(waited).toBeLessThan(500);
      await busy;
      const ids = (await readStore(storage, 'demo')).store.levels.map((l) => l.id);
      expect(ids).toContain('from-other');
      expect(ids).toHaveLength(n + 1);
      expect(await storage.readRevision('demo')).toBe(n + 1);
      console.log(
        `[postgres] other server's batch waited ${waited} ms (hold ${HOLD_MAX_MS} ms), ${n} batches here`,
      );
    } finally {
      await other.close();
      await busyServer.close();
    }
  });

  it('stores nothing of a write that finds the revision moved, though it ran outside a transaction', async () => {
    await applyBatch(storage, 'demo', 'device-0', [level('l-0')], NOW);
    const outside = new pg.Client({ connectionString: db.databaseUrl ?? '' });
    await outside.connect();
    try {
      const refused = storage.transaction('demo', async (tx) => {
        const rev = (await tx.revision()) + 1;
        // A writer that ignores the lock (none should exist) moves the revision meanwhile.
        await outside.query("UPDATE orgs SET revision = revision + 100 WHERE org_id = 'demo'");
        await tx.putRecord(
          { collection: 'levels', id: 'l-lost', rev, deleted: false, data: { id: 'l-lost' }, stamps: {} },
          'm-lost',
          NOW.toISOString(),
        );
        await tx.saveMutation(
          { mutationId: 'm-lost', rev, status: 'applied' },
          'device-x',
          NOW.toISOString(),
        );
        await tx.setRevision(rev, NOW.toISOString());
      });
      await expect(refused).rejects.toThrow(/revision moved/);
      const { rows } = await outside.query(
        "SELECT record_id FROM records WHERE org_id = 'demo' UNION ALL SELECT mutation_id FROM mutations WHERE org_id = 'demo'",
      );
      expect(rows.map((r: { record_id: string }) => r.record_id).sort()).toEqual(['l-0', 'm-l-0']);
    } finally {
      await outside.end();
    }
    // The next batch takes the lock again and reads the revision the outside writer left.
    const next = await applyBatch(storage, 'demo', 'device-1', [level('l-1')], NOW);
    expect(next.revision).toBe(102);
    expect(await storage.readRevision('demo')).toBe(102);
  });
});
