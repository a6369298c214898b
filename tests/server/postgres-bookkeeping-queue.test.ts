import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BOOKKEEPING_SQL } from '../../server/storage/postgres-auth-store';
import { openPostgresSyncStorage } from '../../server/storage/postgres-sync-storage';
import type { SyncStorage } from '../../server/storage/sync-storage';
import { serverBackends, type TestDatabase } from './helpers';

/**
 * Issue 31: the rate-limit counts and settings reads of concurrent requests share statements (coalesce.ts,
 * postgres-auth-store.ts), and each request still hears exactly the count it would have heard alone, in the
 * order the requests arrived: the 6th attempt of an account is the 6th, whatever its neighbours.
 */
const postgres = (await serverBackends()).find((b) => b.name === 'postgres');
const WINDOW = 1_795_000_000_000;

describe.skipIf(!postgres)('postgres: rate-limit counts of concurrent requests', () => {
  let db: TestDatabase;
  let storage: SyncStorage;
  /** The bookkeeping statements sent so far (a spy that calls through to pg). */
  let spy: { mock: { calls: unknown[][] } };
  const statements = () =>
    spy.mock.calls.filter(([config]) => (config as { text?: string } | null)?.text === BOOKKEEPING_SQL)
      .length;

  beforeEach(async () => {
    if (!postgres) return;
    db = await postgres.fresh();
    storage = await openPostgresSyncStorage(db.databaseUrl ?? '');
    spy = vi.spyOn(pg.Pool.prototype, 'query');
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await storage.close();
    await db.cleanup();
  });

  it('answers 40 concurrent hits of one bucket 1 to 40, in the order they came, in a few statements', async () => {
    const hit = (units = 1) =>
      storage.rateLimits.hitEach([{ bucket: 'login:a', windowStartMs: WINDOW, units }]);
    const counts = await Promise.all(Array.from({ length: 40 }, () => hit()));
    expect(counts.map(([n]) => n)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(statements()).toBeLessThan(40);
    expect(statements()).toBeGreaterThan(0);
    // The stored count is the sum, and the next call goes on from it.
    expect(await hit(5)).toEqual([45]);
  });

  it('counts several buckets per call and units above one as each call alone would', async () => {
    const calls = await Promise.all([
      storage.rateLimits.hitEach([
        { bucket: 'bytes:s', windowStartMs: WINDOW, units: 300 },
        { bucket: 'mutations:s', windowStartMs: WINDOW, units: 2 },
      ]),
      storage.rateLimits.hitEach([{ bucket: 'mutations:s', windowStartMs: WINDOW, units: 3 }]),
      storage.rateLimits.hitEach([
        { bucket: 'bytes:s', windowStartMs: WINDOW, units: 200 },
        { bucket: 'mutations:t', windowStartMs: WINDOW, units: 1 },
      ]),
    ]);
    expect(calls).toEqual([[300, 2], [5], [500, 1]]);
  });

  it('starts a new window when a later call brings one, even inside one statement', async () => {
    const next = WINDOW + 60_000;
    const counts = await Promise.all([
      storage.rateLimits.hitEach([{ bucket: 'pin:k', windowStartMs: WINDOW, units: 1 }]),
      storage.rateLimits.hitEach([{ bucket: 'pin:k', windowStartMs: WINDOW, units: 1 }]),
      storage.rateLimits.hitEach([{ bucket: 'pin:k', windowStartMs: next, units: 1 }]),
      storage.rateLimits.hitEach([{ bucket: 'pin:k', windowStartMs: next, units: 1 }]),
    ]);
    expect(counts).toEqual([[1], [2], [1], [2]]);
  });

  it('reads the settings asked beside the counts, each call its own names', async () => {
    await storage.settings.setMany?.([
      ['contact:a', '2026-11-28T08:00:00.000Z'],
      ['contact:b', '2026-11-28T09:00:00.000Z'],
    ]);
    const [readA, counted, readB] = await Promise.all([
      storage.settings.getMany?.(['contact:a', 'contact:none']),
      storage.rateLimits.hitEach([{ bucket: 'write:x', windowStartMs: WINDOW, units: 1 }]),
      storage.settings.getMany?.(['contact:b']),
    ]);
    expect(readA).toEqual(['2026-11-28T08:00:00.000Z', null]);
    expect(counted).toEqual([1]);
    expect(readB).toEqual(['2026-11-28T09:00:00.000Z']);
  });

  it('fails only the call whose bucket PostgreSQL refuses (a NUL typed in an address), never its neighbours', async () => {
    const hit = (bucket: string) => storage.rateLimits.hitEach([{ bucket, windowStartMs: WINDOW, units: 1 }]);
    const results = await Promise.allSettled([
      hit('signinPair:demo:a@ecole.sn:1.2.3.4'),
      hit('signinPair:demo:x\u0000y@ecole.sn:6.6.6.6'),
      hit('signinPair:demo:a@ecole.sn:1.2.3.4'),
      storage.settings.getMany?.(['contact:none']),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : null))).toEqual([[1], null, [2], [null]]);
  });
});
