import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mutationsAtIds, recordsAtKeys } from '../../server/storage/pg-lookups';
import { openPostgresSyncStorage } from '../../server/storage/postgres-sync-storage';
import {
  ORG_LOCK_CLASS,
  PENDING_WRITE_ASKING_SQL,
  PENDING_WRITE_SQL,
} from '../../server/storage/postgres-write-group';
import { serverBackends, type TestDatabase } from './helpers';

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

describe.skipIf(!postgres)('postgres: lookups by key whatever the statistics', () => {
  let db: TestDatabase;
  let client: pg.Client;

  beforeAll(async () => {
    if (!postgres) return;
    db = await postgres.fresh();
    // The tables as the server creates them (migrations), then filled without statistics.
    const storage = await openPostgresSyncStorage(db.databaseUrl ?? '');
    await storage.close();
    client = new pg.Client({ connectionString: db.databaseUrl ?? '' });
    await client.connect();
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
