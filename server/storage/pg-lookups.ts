import { RECORD_COLUMNS } from './record-rows';

/**
 * Lookups by primary key that PostgreSQL plans the same way whatever its statistics say (issue 31).
 *
 * Written as `(collection, record_id) IN (SELECT * FROM unnest(…))` or `mutation_id = ANY(…)`, a lookup was
 * planned from the organisation's estimated size. Before the first ANALYZE of a table (a new database, the
 * first minutes after a large import, any table autovacuum has not reached yet), the planner believes an
 * organisation holds two or three rows: the prepared statement's generic plan then read EVERY row of the
 * organisation and filtered them, under the organisation's write lock. Measured: 2.9 ms per group for
 * 14 keys at 6,000 records, growing with each record written (a linear cost per check-in batch), while the
 * index lookups take 0.2 ms. Here each key is one lookup on the primary key (a LATERAL subquery that the
 * LIMIT keeps from being flattened into a hash join): the cost follows the keys asked, never the
 * organisation's size.
 *
 * One array of each unnest is read through `(SELECT …)`, so that PostgreSQL estimates the keys at least at
 * its default count when it plans for the values given, as it does for any values: otherwise it counts a
 * small group's few keys, finds every custom plan cheaper than the generic one, and plans the prepared
 * statement again at each call (issue 31; postgres-plan-stable.test.ts). One only, and a small one: each
 * array read so is copied once more, 20 % more execution when all seven of a write's were.
 */

/**
 * The rows of `records` of the organisation `org` at the (collection, record id) pairs of the two array
 * parameters, columns RECORD_COLUMNS; `where` narrows each row (e.g. `AND NOT deleted`).
 */
export function recordsAtKeys(org: string, collections: string, ids: string, where = ''): string {
  return `SELECT r.* FROM unnest((SELECT ${collections}::text[]), ${ids}::text[]) AS k(collection, record_id)
    CROSS JOIN LATERAL (SELECT ${RECORD_COLUMNS} FROM records
      WHERE org_id = ${org} AND collection = k.collection AND record_id = k.record_id ${where} LIMIT 1) r`;
}

/** The rows (mutation_id, rev, status) of `mutations` of the organisation `org` at the ids of the array parameter `ids`. */
export function mutationsAtIds(org: string, ids: string): string {
  return `SELECT m.* FROM unnest((SELECT ${ids}::text[])) AS k(mutation_id)
    CROSS JOIN LATERAL (SELECT mutation_id, rev, status FROM mutations
      WHERE org_id = ${org} AND mutation_id = k.mutation_id LIMIT 1) m`;
}
