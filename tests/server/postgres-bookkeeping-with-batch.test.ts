import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openPostgresSyncStorage } from '../../server/storage/postgres-sync-storage';
import type { BookkeepingAsk, Bookkept, SyncStorage } from '../../server/storage/sync-storage';
import { serverBackends, type TestDatabase } from './helpers';

/**
 * Issue 31: on PostgreSQL a push's write budget is counted, and its device's last contacts read, in the first
 * statement of its organisation's group, under the lock (TransactionHints.bookkeeping), instead of in a
 * statement of their own before it. Each batch must still hear the count it would have heard alone, in the
 * order the batches arrived; a minute that turns inside a group must not count a bucket's two windows in one
 * row; and a batch run again (alone, after its group failed it) must not be counted twice.
 */
const postgres = (await serverBackends()).find((b) => b.name === 'postgres');
const ORG = 'demo';
const W1 = 1_800_000_000_000;
const W2 = W1 + 60_000;

const ask = (windowStartMs: number, read: string[] = ['contact:x']): BookkeepingAsk => ({
  hits: [{ bucket: 'writeMutations:account:demo:u-1', windowStartMs, units: 1 }],
  read,
});

describe.skipIf(!postgres)('postgres: a push counted in its group’s first statement', () => {
  let db: TestDatabase;
  let storage: SyncStorage;
  let client: pg.Client;

  beforeEach(async () => {
    if (!postgres) return;
    db = await postgres.fresh();
    storage = await openPostgresSyncStorage(db.databaseUrl ?? '', { groupMax: 64 });
    client = new pg.Client({ connectionString: db.databaseUrl ?? '' });
    await client.connect();
    await storage.settings.set('contact:x', '2026-11-28T08:00:00.000Z');
  });
  afterEach(async () => {
    await client?.end();
    await storage?.close();
    await db?.cleanup();
  });

  /**
   * Runs `asks` as one group: a first transaction holds the organisation's queue until every other one has
   * queued behind it. Each run answers what it found in tx.bookkept (`fail`: the run throws after reading).
   */
  async function group(
    asks: readonly BookkeepingAsk[],
    fail: ReadonlySet<number> = new Set(),
  ): Promise<PromiseSettledResult<Bookkept | undefined>[]> {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = storage.transaction(ORG, () => held);
    const seen: (Bookkept | undefined)[][] = asks.map(() => []);
    const runs = asks.map((bookkeeping, i) =>
      storage.transaction(
        ORG,
        (tx) => {
          seen[i]?.push(tx.bookkept);
          if (fail.has(i)) return Promise.reject(new Error('refused by its own rule'));
          return Promise.resolve(tx.bookkept);
        },
        { bookkeeping },
      ),
    );
    release();
    await first;
    const outcomes = await Promise.allSettled(runs);
    // A batch run again found the answers of its first run: the same counts, never counted anew.
    for (const list of seen) for (const found of list) expect(found).toEqual(list[0]);
    return outcomes;
  }

  const hitsOf = async () =>
    (
      await client.query<{ window_start_ms: string; hits: number }>(
        'SELECT window_start_ms, hits FROM rate_limits WHERE bucket = $1',
        ['writeMutations:account:demo:u-1'],
      )
    ).rows.map((r) => [Number(r.window_start_ms), r.hits]);

  it('gives each batch of a group its own count, in arrival order, and the settings it asked', async () => {
    const outcomes = await group([ask(W1), ask(W1), ask(W1, []), ask(W1)]);
    expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value : String(o.reason)))).toEqual([
      { counts: [1], values: ['2026-11-28T08:00:00.000Z'] },
      { counts: [2], values: ['2026-11-28T08:00:00.000Z'] },
      { counts: [3], values: [] },
      { counts: [4], values: ['2026-11-28T08:00:00.000Z'] },
    ]);
    expect(await hitsOf()).toEqual([[W1, 4]]);
  });

  it('counts a bucket’s two windows apart when a minute turns inside a group', async () => {
    const outcomes = await group([ask(W1), ask(W2), ask(W2)]);
    expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value?.counts : String(o.reason)))).toEqual([
      [1],
      [1],
      [2],
    ]);
    expect(await hitsOf()).toEqual([[W2, 2]]);
  });

  it('never counts twice a batch that runs again alone after its group', async () => {
    const outcomes = await group([ask(W1), ask(W1), ask(W1)], new Set([1]));
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value?.counts : undefined))).toEqual([
      [1],
      undefined,
      [3],
    ]);
    expect(await hitsOf()).toEqual([[W1, 3]]);
  });

  it('counts a batch that runs alone (nothing to wait for) in its own first statement', async () => {
    const found = await storage.transaction(ORG, (tx) => Promise.resolve(tx.bookkept), {
      bookkeeping: ask(W1),
    });
    expect(found).toEqual({ counts: [1], values: ['2026-11-28T08:00:00.000Z'] });
    expect(await hitsOf()).toEqual([[W1, 1]]);
  });
});
