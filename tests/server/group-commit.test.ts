import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteSyncStorage } from '../../server/storage/sqlite-sync-storage';
import type { SyncStorage } from '../../server/storage/sync-storage';
import { applyBatch, readStore } from '../../server/sync-service';
import type { RecordData } from '../../src/domain/sync/merge';
import type { Mutation } from '../../src/domain/sync/protocol';
import { tempDataFile } from './helpers';

/**
 * Group commit on SQLite: batches waiting together share one transaction and one fsync,
 * yet each stays all-or-nothing for its device. (PostgreSQL commits each batch in its own transaction:
 * its batches of different organisations run in parallel on their own connections.)
 */

const NOW = new Date('2026-11-16T08:00:00.000Z');

const level = (id: string, values: RecordData = {}): Mutation => ({
  mutationId: `m-${id}`,
  collection: 'levels',
  recordId: id,
  op: 'put',
  changedFields: ['id', 'name', 'abbr', ...Object.keys(values)],
  values: { id, name: `Niveau ${id}`, abbr: id.toUpperCase(), ...values },
  baseRevision: 0,
  createdAt: NOW.toISOString(),
});

describe('sqlite: group commit', () => {
  let data: ReturnType<typeof tempDataFile>;
  let storage: SyncStorage;
  let commits: number[];

  beforeEach(() => {
    data = tempDataFile();
    commits = [];
    // A window far longer than the test needs: every batch below is sent before the group starts.
    storage = openSqliteSyncStorage(data.file, { groupCommitMs: 50, onCommit: (n) => commits.push(n) });
  });
  afterEach(async () => {
    await storage.close();
    data.cleanup();
  });

  it('commits batches that arrive together in one transaction, each at its own revision', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        applyBatch(storage, 'demo', `device-${i}`, [level(`l-${i}`)], NOW),
      ),
    );
    expect(commits).toEqual([10]);
    expect(answers.map((a) => a.revision).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(answers.every((a) => a.results[0]?.status === 'applied')).toBe(true);
    expect((await readStore(storage, 'demo')).store.levels).toHaveLength(10);
  });

  it('counts rate limits and write budgets in the same COMMIT as the batches around them (no fsync of their own)', async () => {
    const window = NOW.getTime();
    const [hits, batches] = await Promise.all([
      Promise.all(
        Array.from({ length: 6 }, () =>
          storage.rateLimits.hitEach([{ bucket: 'writeBytes:s-1', windowStartMs: window, units: 1 }]),
        ),
      ).then((each) => each.map(([hits]) => hits ?? 0)),
      Promise.all(
        Array.from({ length: 4 }, (_, i) =>
          applyBatch(storage, 'demo', `device-${i}`, [level(`l-${i}`)], NOW),
        ),
      ),
    ]);
    // One group, one COMMIT, for the six counts and the four batches; the counts still add up one by one.
    expect(commits).toEqual([10]);
    expect([...hits].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(batches.every((a) => a.results[0]?.status === 'applied')).toBe(true);
    // Several buckets and units in one write: 6 + 3 and a new bucket at 2.
    expect(
      await storage.rateLimits.hitEach([
        { bucket: 'writeBytes:s-1', windowStartMs: window, units: 3 },
        { bucket: 'writeMutations:s-1', windowStartMs: window, units: 2 },
      ]),
    ).toEqual([9, 2]);
    // A new window starts again from its units.
    expect(
      await storage.rateLimits.hitEach([
        { bucket: 'writeBytes:s-1', windowStartMs: window + 60_000, units: 1 },
      ]),
    ).toEqual([1]);
  });

  it('keeps the group when one batch is refused by validation: the others are stored, the refused one not at all', async () => {
    const invalid = { ...level('l-bad'), values: { id: 'l-bad', name: 42 } };
    const [first, refused, last] = await Promise.all([
      applyBatch(storage, 'demo', 'device-a', [level('l-a1'), level('l-a2')], NOW),
      applyBatch(storage, 'demo', 'device-b', [level('l-b1'), invalid], NOW),
      applyBatch(storage, 'demo', 'device-c', [level('l-c1')], NOW),
    ]);
    expect(commits).toEqual([3]);
    expect(first?.results.map((r) => r.status)).toEqual(['applied', 'applied']);
    // Validation refuses a mutation, not the batch (as without grouping): its valid neighbour is applied.
    expect(refused?.results.map((r) => r.status)).toEqual(['applied', 'rejected']);
    expect(last?.results.map((r) => r.status)).toEqual(['applied']);
    const ids = (await readStore(storage, 'demo')).store.levels.map((l) => l.id);
    expect(ids).toEqual(['l-a1', 'l-a2', 'l-b1', 'l-c1']);
  });

  it('rolls back a batch that fails in the middle of a group to its own start, and its neighbours commit', async () => {
    const failing = storage.transaction('demo', async (tx) => {
      await applyBatchIn(tx, 'l-half');
      throw new Error('panne au milieu du lot');
    });
    const [a, b] = await Promise.all([
      applyBatch(storage, 'demo', 'device-a', [level('l-a')], NOW),
      failing.catch((error: unknown) => error),
      applyBatch(storage, 'demo', 'device-c', [level('l-c')], NOW),
    ]);
    expect(a.results[0]?.status).toBe('applied');
    expect(b).toBeInstanceOf(Error);
    // The neighbours in one commit; the failing batch retried alone, failed again, left nothing.
    expect(commits).toEqual([2]);
    const { revision, store } = await readStore(storage, 'demo');
    expect(store.levels.map((l) => l.id)).toEqual(['l-a', 'l-c']);
    expect(revision).toBe(2);
  });

  it('retries alone a batch that failed inside a group, which then commits', async () => {
    let attempts = 0;
    const flaky = storage.transaction('demo', async (tx) => {
      attempts += 1;
      await applyBatchIn(tx, 'l-flaky');
      if (attempts === 1) throw new Error('échec passager');
      return attempts;
    });
    const [, result] = await Promise.all([
      applyBatch(storage, 'demo', 'device-a', [level('l-a')], NOW),
      flaky,
      applyBatch(storage, 'demo', 'device-c', [level('l-c')], NOW),
    ]);
    expect(result).toBe(2);
    expect(commits).toEqual([2, 1]);
    const ids = (await readStore(storage, 'demo')).store.levels.map((l) => l.id);
    expect(ids).toEqual(['l-a', 'l-c', 'l-flaky']);
  });

  it('gathers the batches that arrive while a group runs into the next group, whatever their arrival times', async () => {
    const file = tempDataFile();
    const quick = openSqliteSyncStorage(file.file, { onCommit: (n) => commits.push(n) });
    try {
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      // A first write holds the connection; five batches arrive one by one meanwhile (separate timers).
      const first = quick.transaction('demo', () => held);
      const later: Promise<unknown>[] = [];
      for (let i = 0; i < 5; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 3));
        later.push(applyBatch(quick, 'demo', `device-${i}`, [level(`l-${i}`)], NOW));
      }
      release();
      await Promise.all([first, ...later]);
      expect(commits).toEqual([1, 5]);
    } finally {
      await quick.close();
      file.cleanup();
    }
  });

  it('writes the batches still waiting for their group before the file closes', async () => {
    const file = tempDataFile();
    const closing = openSqliteSyncStorage(file.file, { groupMax: 2 });
    const answers = Array.from({ length: 5 }, (_, i) =>
      applyBatch(closing, 'demo', `device-${i}`, [level(`l-${i}`)], NOW),
    );
    await closing.close();
    expect((await Promise.all(answers)).map((a) => a.results[0]?.status)).toEqual(Array(5).fill('applied'));
    const reopened = openSqliteSyncStorage(file.file);
    try {
      expect((await readStore(reopened, 'demo')).store.levels).toHaveLength(5);
    } finally {
      await reopened.close();
      file.cleanup();
    }
  });

  it('answers a batch only once it is durable: a reader opened after the answer sees it', async () => {
    await applyBatch(storage, 'demo', 'device-a', [level('l-a')], NOW);
    const other = openSqliteSyncStorage(data.file, { groupMax: 1 });
    try {
      expect((await readStore(other, 'demo')).store.levels.map((l) => l.id)).toEqual(['l-a']);
    } finally {
      await other.close();
    }
  });
});

/** One level written through a transaction's own methods (as the sync service does). */
async function applyBatchIn(tx: Parameters<Parameters<SyncStorage['transaction']>[1]>[0], id: string) {
  const revision = (await tx.revision()) + 1;
  const stamp = { rev: revision, at: NOW.toISOString(), by: 'device-x', mid: `m-${id}` };
  await tx.putRecord(
    {
      collection: 'levels',
      id,
      rev: revision,
      deleted: false,
      data: { id, name: id, abbr: id },
      stamps: { id: stamp, name: stamp, abbr: stamp },
    },
    `m-${id}`,
    NOW.toISOString(),
  );
  await tx.setRevision(revision, NOW.toISOString());
}
