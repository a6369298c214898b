import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mutationsAtIds, recordsAtKeys } from '../../server/storage/pg-lookups';
import { BOOKKEEPING_SQL } from '../../server/storage/postgres-auth-store';
import { AUTH_STATES_SQL, openPostgresSyncStorage } from '../../server/storage/postgres-sync-storage';
import {
  ORG_LOCK_CLASS,
  PENDING_WRITE_ASKING_SQL,
  PENDING_WRITE_SQL,
  PREFETCH_BOOKKEEPING_SQL,
  PREFETCH_SQL,
} from '../../server/storage/postgres-write-group';
import { serverBackends, type Backend, type TestDatabase } from './helpers';

/**
 * Issue 31: the lookups under an organisation's write lock cost what the keys asked cost, never the size of
 * the organisation, even before PostgreSQL has statistics of the tables (a new database, a large import that
 * autovacuum has not reached). Written as `IN (SELECT * FROM unnest(…))` and `= ANY(…)`, each check-in group
 * read every record and every mutation id of its organisation: 2.9 ms a group at 6,000 records, growing with
 * every batch. Each statement is planned here as a prepared statement's generic plan (what the server runs,
 * pg-prepared.ts) on an organisation of 3,000 records and 3,000 mutation ids, with no ANALYZE, and its plan
 * executed: the rows it reads from `records` and `mutations` stay within the keys it was given.
 */
const postgres = (await serverBackends()).find((b) => b.name === 'postgres');
const SIZE = 3_000;

/** Rows read from `tables` by the plan's scans (returned and filtered out, over every loop). */
function rowsRead(plan: Record<string, unknown>, tables: readonly string[]): number {
  const loops = Number(plan['Actual Loops'] ?? 1);
  const own =
    typeof plan['Relation Name'] === 'string' &&
    tables.includes(plan['Relation Name']) &&
    String(plan['Node Type']).includes('Scan')
      ? (Number(plan['Actual Rows'] ?? 0) + Number(plan['Rows Removed by Filter'] ?? 0)) * loops
      : 0;
  const children = (plan.Plans as Record<string, unknown>[] | undefined) ?? [];
  return own + children.reduce((n, child) => n + rowsRead(child, tables), 0);
}

/** A fresh database with the tables as the server creates them (its migrations), and a client on it. */
async function migratedDatabase(backend: Backend): Promise<{ db: TestDatabase; client: pg.Client }> {
  const db = await backend.fresh();
  const storage = await openPostgresSyncStorage(db.databaseUrl ?? '');
  await storage.close();
  const client = new pg.Client({ connectionString: db.databaseUrl ?? '' });
  await client.connect();
  return { db, client };
}

describe.skipIf(!postgres)('postgres: lookups by key whatever the statistics', () => {
  let db: TestDatabase;
  let client: pg.Client;

  beforeAll(async () => {
    if (!postgres) return;
    // Filled without statistics.
    ({ db, client } = await migratedDatabase(postgres));
    for (const table of ['records', 'mutations', 'change_log'])
      await client.query(`ALTER TABLE ${table} SET (autovacuum_enabled = false)`);
    await client.query(
      `INSERT INTO records (org_id, collection, record_id, rev, deleted, data, stamps)
       SELECT 'big', 'notifications', 'n-' || g, g, false, '{}', '' FROM generate_series(1, ${SIZE}) g`,
    );
    await client.query(
      `INSERT INTO mutations (org_id, mutation_id, rev, status)
       SELECT 'big', 'm-' || g, g, 'a' FROM generate_series(1, ${SIZE}) g`,
    );
    await client.query(`INSERT INTO orgs (org_id, revision, updated_at) VALUES ('big', ${SIZE}, '')`);
    await client.query('SET plan_cache_mode = force_generic_plan');
  });
  afterAll(async () => {
    await client?.end();
    await db?.cleanup();
  });

  /** EXPLAIN ANALYZE of `sql` as a prepared statement's generic plan, rolled back; its top plan node. */
  async function plan(sql: string, args: string[]): Promise<Record<string, unknown>> {
    await client.query('BEGIN');
    try {
      await client.query(`PREPARE probe AS ${sql}`);
      const { rows } = await client.query<{ 'QUERY PLAN': { Plan: Record<string, unknown> }[] }>(
        `EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE probe(${args.join(', ')})`,
      );
      return rows[0]?.['QUERY PLAN'][0]?.Plan ?? {};
    } finally {
      await client.query('ROLLBACK');
      await client.query('DEALLOCATE ALL');
    }
  }
  const texts = (values: string[]) => `ARRAY[${values.map((v) => `'${v}'`).join(', ')}]::text[]`;

  it('reads three records by their keys, not the organisation', async () => {
    const read = await plan(recordsAtKeys('$1', '$2', '$3'), [
      "'big'",
      texts(['notifications', 'notifications', 'timetables']),
      texts(['n-10', 'n-2000', 't-1']),
    ]);
    expect(rowsRead(read, ['records'])).toBeLessThanOrEqual(3);
    expect(Number(read['Actual Rows'])).toBe(2);
  });

  it('reads three records and counts a budget by their keys, not the organisation', async () => {
    const read = await plan(PREFETCH_BOOKKEEPING_SQL, [
      "'big'",
      texts(['notifications', 'notifications', 'timetables']),
      texts(['n-10', 'n-2000', 't-1']),
      texts(['m-1', 'm-new']),
      texts(['contact:big:device:d-1']),
      texts(['writeBytes:account:big:u-1']),
      'ARRAY[60000]::bigint[]',
      'ARRAY[1]::int[]',
    ]);
    expect(rowsRead(read, ['records', 'mutations'])).toBeLessThanOrEqual(5);
    // Two records, one mutation id, one bucket counted (the setting is absent).
    expect(Number(read['Actual Rows'])).toBe(4);
  });

  it('reads three mutation ids by their keys, not the organisation', async () => {
    const read = await plan(mutationsAtIds('$1', '$2'), ["'big'", texts(['m-1', 'm-2999', 'm-new'])]);
    expect(rowsRead(read, ['mutations'])).toBeLessThanOrEqual(3);
    expect(Number(read['Actual Rows'])).toBe(2);
  });

  it.each([
    ['', PENDING_WRITE_SQL, []],
    [
      ', asking whether another server waits for the lock',
      PENDING_WRITE_ASKING_SQL,
      [String(ORG_LOCK_CLASS)],
    ],
  ])('writes two records of a batch reading only the versions they supersede%s', async (_, sql, more) => {
    const read = await plan(sql, [
      "'big'",
      texts(['notifications', 'notifications']),
      texts(['n-5', 'n-new']),
      `ARRAY[${SIZE + 1}, ${SIZE + 1}]::bigint[]`,
      'ARRAY[false, false]::boolean[]',
      texts(['{"a":1}', '{"b":2}']),
      texts(['', '']),
      'ARRAY[NULL, NULL]::text[]',
      texts(['m-x', 'm-y']),
      `ARRAY[${SIZE + 1}, ${SIZE + 1}]::bigint[]`,
      texts(['a', 'a']),
      String(SIZE + 1),
      "'2026-11-16T08:00:00.000Z'",
      String(SIZE),
      "'test_channel'",
      "''",
      'ARRAY[]::text[]',
      'ARRAY[]::text[]',
      ...more,
    ]);
    // n-5's earlier version moved to the change log (1 row read); n-new read as absent; no scan of the rest.
    expect(rowsRead(read, ['records', 'mutations'])).toBeLessThanOrEqual(2);
    expect(Number(read['Actual Rows'])).toBe(1);
  });
});

/**
 * Issue 31: the statements of every check-in are prepared (pg-prepared.ts) so that each connection plans them
 * once. PostgreSQL plans a prepared statement for its values five times, then keeps its generic plan unless
 * that looks dearer than the custom ones. The authentication read's generic plan always looked dearer (its
 * custom plans counted the input arrays' two or three rows, the generic one ten): it was planned at every
 * call, 0.14 ms of PostgreSQL CPU per call for 0.05 of execution. Each statement runs here twelve times with
 * one to four rows of input, as requests come coalesced, and must run on a generic plan after the fifth.
 */
describe.skipIf(!postgres)('postgres: the hot statements are planned once per connection', () => {
  let db: TestDatabase;
  let client: pg.Client;
  const ORG = 'plans';

  beforeAll(async () => {
    if (!postgres) return;
    ({ db, client } = await migratedDatabase(postgres));
    await client.query(`INSERT INTO orgs (org_id, revision, updated_at) VALUES ('${ORG}', 10, '')`);
    // With statistics, as a school's database has them (autovacuum's ANALYZE): a custom plan then knows how
    // many of the organisation's records the users and profiles asked for are.
    for (const [org, size] of [
      [ORG, 2_000],
      ['other', 500],
    ] as const)
      await client.query(
        `INSERT INTO records (org_id, collection, record_id, rev, deleted, data, stamps)
         SELECT $1, (ARRAY['users', 'profiles', 'checkLogs', 'courses'])[1 + g % 4], 'r-' || g, g, false, '{}', ''
         FROM generate_series(1, $2::int) g`,
        [org, size],
      );
    await client.query('ANALYZE');
  });
  afterAll(async () => {
    await client?.end();
    await db?.cleanup();
  });

  const list = <T>(n: number, of: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => of(i));
  const pendingWrite = (n: number, more: unknown[]) => [
    ORG,
    list(n, () => 'notifications'),
    list(n, (i) => `n-${i}`),
    list(n, () => 11),
    list(n, () => false),
    list(n, (i) => JSON.stringify({ i })),
    list(n, () => ''),
    list(n, () => null),
    list(n, (i) => `m-${i}`),
    list(n, () => 11),
    list(n, () => 'a'),
    11,
    '2026-11-28T08:00:00.000Z',
    10,
    'plan_channel',
    '',
    [],
    [],
    ...more,
  ];
  it.each<[string, string, (n: number) => unknown[]]>([
    [
      'the authentication read',
      AUTH_STATES_SQL,
      (n) => [
        list(n, (i) => `token-${i}`),
        list(n, () => ORG),
        list(n, (i) => (i % 2 ? null : 9)),
        ['users'],
        2000,
      ],
    ],
    [
      'the rate-limit count',
      BOOKKEEPING_SQL,
      (n) => [[], list(n, (i) => `bucket-${i}`), list(n, () => 60_000), list(n, () => 1)],
    ],
    [
      'the group read',
      PREFETCH_SQL,
      (n) => [ORG, list(n, () => 'notifications'), list(n, (i) => `n-${i}`), list(2 * n, (i) => `m-${i}`)],
    ],
    [
      'the group read that counts the budgets',
      PREFETCH_BOOKKEEPING_SQL,
      (n) => [
        ORG,
        list(n, () => 'notifications'),
        list(n, (i) => `n-${i}`),
        list(2 * n, (i) => `m-${i}`),
        list(2 * n, (i) => `contact:${ORG}:device:d-${i}`),
        list(n, (i) => `writeBytes:account:${ORG}:u-${i}`),
        list(n, () => 60_000),
        list(n, () => 1),
      ],
    ],
    ['the group write', PENDING_WRITE_SQL, (n) => pendingWrite(n, [])],
    ['the group write that asks', PENDING_WRITE_ASKING_SQL, (n) => pendingWrite(n, [ORG_LOCK_CLASS])],
  ])('%s', async (label, text, args) => {
    const name = `plan-${label.replaceAll(' ', '-')}`;
    for (let call = 0; call < 12; call += 1) {
      // Rolled back: each call finds the organisation as the first did (a prepared statement outlives it).
      await client.query('BEGIN');
      try {
        await client.query({ name, text, values: args(1 + (call % 4)) });
      } finally {
        await client.query('ROLLBACK');
      }
    }
    const { rows } = await client.query<{ generic_plans: string; custom_plans: string }>(
      'SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE name = $1',
      [name],
    );
    expect(rows).toHaveLength(1);
    expect(Number(rows[0]?.custom_plans)).toBeLessThanOrEqual(5);
    expect(Number(rows[0]?.generic_plans)).toBeGreaterThanOrEqual(7);
  });
});
