import pg from 'pg';
import { COLLECTION_NAMES } from '../../src/domain/store/schema';
import type { RecordData, ServerRecord } from '../../src/domain/sync/merge';
import { MigrationError } from './migration-error';
import { MIGRATIONS, USER_INDEX_COLUMNS, userIndexValues } from './migrations';
import { postgresAuthStores } from './postgres-auth-store';
import type { StoredMutation, SyncStorage, SyncTransaction } from './sync-storage';
import { rowsWithin } from './page-sizes';
import { listenForRevisions, notifyPayload, revisionChannelOf } from './postgres-revisions';
import {
  conflictFromRow,
  jsonOrNull,
  mutationFromRow,
  RECORD_COLUMNS,
  recordFromRow,
  recordToRow,
  type ConflictRow,
  type RecordRow,
  storedWriterNumbers,
  stampWriters,
  storedStatus,
  type StoredMutationRow,
} from './record-rows';
import { RevisionFeed } from './revision-feed';
import { storageFailureOf } from './storage-failure';
import { userIndexRow } from './user-index';
import { knownWriters, NEW_WRITER_SQL, WriterMap } from './writers';

/**
 * PostgreSQL storage: several stateless app servers share one database.
 *
 * Concurrency. A write transaction of an organisation starts by locking that organisation's `orgs` row
 * (an upsert that returns the revision): every batch of one organisation, whichever server received it,
 * then runs one after the other, while other organisations proceed in parallel. Under READ COMMITTED
 * each statement after the lock sees everything the previous holder committed, so:
 * - revisions stay monotonic and unique per organisation, and a revision is never visible before the
 *   ones below it (a delta reader never skips a change that commits late);
 * - a mutation id already applied by another server is found and acknowledged as a duplicate, never
 *   applied twice (the (org_id, mutation_id) primary key is the last line of defence: a unique violation
 *   retries the transaction, which then finds the duplicate);
 * - no update is lost: the merge reads the record it changes while holding the lock.
 * Serialisation failures, deadlocks and unique violations (40001, 40P01, 23505) retry the whole batch
 * with back-off; the sync service's transaction body has no side effect outside the database.
 */

const { Pool } = pg;

/** BIGINT columns arrive as strings; revisions and ids stay far below 2^53. */
type Int8 = number | string;

/** Every migration holds this advisory lock, so that two servers starting together never race. */
const MIGRATION_LOCK_KEY = 7_340_146_014;
/** First key of the per-organisation advisory locks (two-key form: a key space apart from the one above). */
const ORG_LOCK_CLASS = 14_014;
const RETRYABLE = new Set(['40001', '40P01', '23505']);
const MAX_ATTEMPTS = 8;

export interface PostgresOptions {
  /** Connections per app server (PG_POOL_MAX). */
  poolMax?: number;
  /** At most this many batches of one organisation per transaction (group commit; 1, the default: each alone). */
  groupMax?: number;
  /** Told after each COMMIT of write transactions, with how many batches it made durable (measurements, tests). */
  onCommit?: (batches: number) => void;
  /** Called with errors of idle connections (e.g. the database restarted); never throws. */
  onError?: (error: Error) => void;
}

function codeOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A write transaction waiting for its organisation's next group (see runGroup). */
interface PendingWrite {
  run: (tx: SyncTransaction) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** Applies the shared numbered migrations not yet recorded in `schema_migrations`, one transaction each. */
export async function migratePostgres(pool: pg.Pool): Promise<number[]> {
  const client = await pool.connect();
  const applied: number[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
        version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`);
      const { rows } = await client.query<{ version: number }>('SELECT version FROM schema_migrations');
      const done = new Set(rows.map((r) => r.version));
      for (const migration of MIGRATIONS) {
        if (done.has(migration.version)) continue;
        await client.query('BEGIN');
        try {
          await migration.postgres(client);
          await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
            migration.version,
            migration.name,
          ]);
          await client.query('COMMIT');
          applied.push(migration.version);
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw new MigrationError(migration.version, migration.name, { cause: error });
        }
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
  return applied;
}

const keyOf = (collection: string, id: string) => `${collection}\u0000${id}`;

/**
 * One batch's view of the organisation while it holds the lock. Round trips are what the lock is held for,
 * so `prefetch` loads the batch's mutation ids and records at once (kept up to date by our own writes;
 * nobody else can write them until COMMIT), and mutation ids are written together by `flush` before COMMIT.
 */
function transactionFor(
  client: pg.PoolClient,
  orgId: string,
  locked: number,
  committedWriters: WriterMap,
): { tx: SyncTransaction; flush: () => Promise<void>; writers: WriterMap } {
  let revision = locked;
  // Device numbers this transaction read or gave: shared (committedWriters) once it commits.
  const writers = new WriterMap();
  const numbers = knownWriters(committedWriters, writers);
  const known = {
    numberOf: (clientId: string) => committedWriters.numberOf(clientId) ?? writers.numberOf(clientId),
    clientOf: (n: number) => committedWriters.clientOf(n) ?? writers.clientOf(n),
  };
  /** Reads the device ids of the numbers that `rows` refer to and this transaction does not know yet. */
  const readWriters = async (rows: readonly RecordRow[]) => {
    const missing = [...new Set(rows.flatMap((r) => storedWriterNumbers(r.stamps)))].filter(
      (n) => known.clientOf(n) === undefined,
    );
    if (missing.length === 0) return;
    const found = await client.query<{ n: number; client_id: string }>(
      'SELECT n, client_id FROM writers WHERE org_id = $1 AND n = ANY($2::int[])',
      [orgId, missing],
    );
    for (const w of found.rows) writers.add(w.n, w.client_id);
  };
  /** The numbers of a record's devices, read or given (we hold the organisation's lock). */
  const numberWriters = async (record: ServerRecord) => {
    for (const clientId of stampWriters(record.stamps)) {
      if (known.numberOf(clientId) !== undefined) continue;
      const found = await client.query<{ n: number }>(
        'SELECT n FROM writers WHERE org_id = $1 AND client_id = $2',
        [orgId, clientId],
      );
      const n =
        found.rows[0]?.n ??
        (await client.query<{ n: number }>(NEW_WRITER_SQL.postgres, [orgId, clientId])).rows[0]?.n;
      if (n === undefined) throw new Error(`no writer number for ${clientId}`);
      writers.add(n, clientId);
    }
  };
  const fromRows = async (rows: readonly RecordRow[]) => {
    await readWriters(rows);
    return rows.map((row) => recordFromRow(row, numbers));
  };
  const knownRecords = new Map<string, ServerRecord | null>();
  const knownMutations = new Map<string, StoredMutation | null>();
  const pending: StoredMutation[] = [];
  const flush = async () => {
    if (pending.length === 0) return;
    await client.query(
      `INSERT INTO mutations (org_id, mutation_id, rev, status)
       SELECT $1, * FROM unnest($2::text[], $3::bigint[], $4::text[])`,
      [
        orgId,
        pending.map((m) => m.mutationId),
        pending.map((m) => m.rev),
        pending.map((m) => storedStatus(m.status)),
      ],
    );
    pending.length = 0;
  };
  const tx: SyncTransaction = {
    prefetch: async (items) => {
      const ids = [...new Set(items.map((i) => i.mutationId))];
      const found = await client.query<StoredMutationRow>(
        'SELECT mutation_id, rev, status FROM mutations WHERE org_id = $1 AND mutation_id = ANY($2::text[])',
        [orgId, ids],
      );
      for (const id of ids) if (!knownMutations.has(id)) knownMutations.set(id, null);
      for (const row of found.rows) knownMutations.set(row.mutation_id, mutationFromRow(row));
      const keys = new Map(items.map((i) => [keyOf(i.collection, i.recordId), i]));
      const wanted = [...keys.values()].filter((i) => !knownRecords.has(keyOf(i.collection, i.recordId)));
      if (wanted.length === 0) return;
      const records = await client.query<RecordRow>(
        `SELECT ${RECORD_COLUMNS} FROM records
         WHERE org_id = $1 AND (collection, record_id) IN (SELECT * FROM unnest($2::text[], $3::text[]))`,
        [orgId, wanted.map((i) => i.collection), wanted.map((i) => i.recordId)],
      );
      for (const i of wanted) knownRecords.set(keyOf(i.collection, i.recordId), null);
      for (const record of await fromRows(records.rows))
        knownRecords.set(keyOf(record.collection, record.id), record);
    },
    revision: () => Promise.resolve(revision),
    setRevision: async (next, nowIso) => {
      // We hold the row lock: the revision only moves forward, and only from the value we read.
      const result = await client.query(
        'UPDATE orgs SET revision = $2, updated_at = $3 WHERE org_id = $1 AND revision = $4',
        [orgId, next, nowIso, revision],
      );
      if (result.rowCount !== 1 || next <= revision) throw new Error('revision moved under the lock');
      revision = next;
    },
    getRecord: async (collection, id) => {
      const known = knownRecords.get(keyOf(collection, id));
      if (known !== undefined) return known === null ? null : structuredClone(known);
      const { rows } = await client.query<RecordRow>(
        `SELECT ${RECORD_COLUMNS} FROM records WHERE org_id = $1 AND collection = $2 AND record_id = $3`,
        [orgId, collection, id],
      );
      return (await fromRows(rows))[0] ?? null;
    },
    getRecordAt: async (collection, id, at) => {
      // The version at or before `at`: the record itself, or the latest superseded one (change_log).
      const { rows } = await client.query<{ deleted: boolean; data: string }>(
        `SELECT rev, deleted, data FROM records WHERE org_id = $1 AND collection = $2 AND record_id = $3 AND rev <= $4
         UNION ALL
         SELECT rev, deleted, data FROM change_log
         WHERE org_id = $1 AND collection = $2 AND record_id = $3 AND rev <= $4
         ORDER BY rev DESC LIMIT 1`,
        [orgId, collection, id, at],
      );
      const row = rows[0];
      return row && !row.deleted ? (JSON.parse(row.data) as RecordData) : null;
    },
    listRecords: async () => {
      const { rows } = await client.query<RecordRow>(
        `SELECT ${RECORD_COLUMNS} FROM records WHERE org_id = $1 ORDER BY collection, record_id`,
        [orgId],
      );
      return fromRows(rows);
    },
    putRecord: async (record) => {
      knownRecords.set(keyOf(record.collection, record.id), structuredClone(record));
      await numberWriters(record);
      const row = recordToRow(record, numbers);
      // One round trip: the version being superseded moves to the change log (every part of the statement
      // reads the rows as they were before it; a second write in the same revision replaces the record only),
      // then the record.
      await client.query(
        `WITH previous AS (
           INSERT INTO change_log (org_id, collection, record_id, rev, deleted, data)
           SELECT org_id, collection, record_id, rev, deleted, data FROM records
           WHERE org_id = $1 AND collection = $2 AND record_id = $3 AND rev < $4
           ON CONFLICT (org_id, collection, record_id, rev) DO UPDATE SET
             deleted = excluded.deleted, data = excluded.data)
         INSERT INTO records (org_id, collection, record_id, rev, deleted, data, stamps, owner)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (org_id, collection, record_id) DO UPDATE SET rev = excluded.rev,
           deleted = excluded.deleted, data = excluded.data, stamps = excluded.stamps, owner = excluded.owner`,
        [orgId, row.collection, row.recordId, row.rev, row.deleted, row.data, row.stamps, row.owner],
      );
      if (record.collection === 'users') {
        // The lookup index of the anonymous routes, in the same transaction as the record.
        const row = userIndexRow(record);
        if (row)
          await client.query(
            `INSERT INTO user_index (${USER_INDEX_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7)
             ON CONFLICT (org_id, user_id) DO UPDATE SET email = excluded.email, status = excluded.status,
               profile_id = excluded.profile_id, is_emergency = excluded.is_emergency,
               reset_token_hash = excluded.reset_token_hash`,
            userIndexValues(orgId, row, 'postgres'),
          );
        else
          await client.query('DELETE FROM user_index WHERE org_id = $1 AND user_id = $2', [orgId, record.id]);
      }
    },
    getMutation: async (mutationId) => {
      const known = knownMutations.get(mutationId);
      if (known !== undefined) return known;
      const { rows } = await client.query<StoredMutationRow>(
        'SELECT mutation_id, rev, status FROM mutations WHERE org_id = $1 AND mutation_id = $2',
        [orgId, mutationId],
      );
      return rows[0] ? mutationFromRow(rows[0]) : null;
    },
    saveMutation: (m) => {
      // A second save of one id in a batch must fail as the primary key would: the flush then raises 23505.
      knownMutations.set(m.mutationId, m);
      pending.push(m);
      return Promise.resolve();
    },
    listOwned: async (collection, owner) => {
      const { rows } = await client.query<RecordRow>(
        `SELECT ${RECORD_COLUMNS} FROM records
         WHERE org_id = $1 AND collection = $2 AND owner = $3 AND NOT deleted ORDER BY record_id`,
        [orgId, collection, owner],
      );
      return fromRows(rows);
    },
    storedBytes: async (collection) => {
      // octet_length of text reads the size from the value's header (TOAST), not the value itself.
      const { rows } = await client.query<{ bytes: Int8 | null }>(
        'SELECT SUM(octet_length(data)) AS bytes FROM records WHERE org_id = $1 AND collection = $2 AND NOT deleted',
        [orgId, collection],
      );
      return Number(rows[0]?.bytes ?? 0);
    },
    addConflict: async (c) => {
      await client.query(
        `INSERT INTO conflicts (org_id, rev, collection, record_id, field, reason, kept_value, lost_value,
           kept_mutation_id, lost_mutation_id, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [
          orgId,
          c.rev,
          c.collection,
          c.recordId,
          c.field,
          c.reason,
          jsonOrNull(c.keptValue),
          jsonOrNull(c.lostValue),
          c.keptMutationId,
          c.lostMutationId,
          c.createdAt,
        ],
      );
    },
  };
  return { tx, flush, writers };
}

export async function openPostgresSyncStorage(
  connectionString: string,
  options: PostgresOptions = {},
): Promise<SyncStorage> {
  const pool = new Pool({
    connectionString,
    max: options.poolMax ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    application_name: 'emargement',
  });
  // Without a listener, an idle connection dropped by the database would crash the process. The pool's own
  // listener covers idle clients only (pg-pool removes it while a request holds the client): each client
  // gets one of its own for its whole life, so a connection lost between two statements of a transaction
  // (a database restart under load) fails that transaction instead of the process (issue 31).
  const noteError = (error: Error) => options.onError?.(error);
  pool.on('error', noteError);
  pool.on('connect', (client) => {
    client.on('error', noteError);
  });
  let channel = '';
  try {
    await migratePostgres(pool);
    channel = await revisionChannelOf(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  const revisions = new RevisionFeed();
  /** Committed device numbers per organisation (writers.ts): a number never changes once committed. */
  const writerMaps = new Map<string, WriterMap>();
  const writersOf = (orgId: string) => {
    let map = writerMaps.get(orgId);
    if (!map) writerMaps.set(orgId, (map = new WriterMap()));
    return map;
  };
  const listener = listenForRevisions(connectionString, channel, revisions, options.onError);

  /** A consistent read: every statement of `fn` sees the same snapshot. */
  async function snapshot<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    let lost = false;
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const result = await fn(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      lost = storageFailureOf(error) === 'unreachable';
      throw error;
    } finally {
      // A lost connection leaves the pool (it opens a new one for the next request).
      client.release(lost);
    }
  }

  const revisionOf = async (client: pg.PoolClient, orgId: string): Promise<number> => {
    const { rows } = await client.query<{ revision: Int8 }>('SELECT revision FROM orgs WHERE org_id = $1', [
      orgId,
    ]);
    return Number(rows[0]?.revision ?? 0);
  };

  /** Locks the organisation (creating it on its first write) until COMMIT; its revision then. */
  async function lockOrg(client: pg.PoolClient, orgId: string): Promise<number> {
    // Queues on the organisation's advisory lock (first come, first served: writers waiting on the row
    // lock alone all wake at each COMMIT, which doubled the p99 with two servers on one school), then
    // creates the organisation on its first write and row-locks it until COMMIT. The row lock is what
    // makes it correct; the advisory lock (a hash: two organisations may share one) only orders the queue.
    const locked = await client.query<{ revision: Int8 }>(
      `INSERT INTO orgs (org_id, revision, updated_at)
       SELECT $1, 0, $2 FROM (SELECT pg_advisory_xact_lock($3, hashtext($1))) AS queue
       ON CONFLICT (org_id) DO UPDATE SET org_id = excluded.org_id RETURNING revision`,
      [orgId, new Date().toISOString(), ORG_LOCK_CLASS],
    );
    return Number(locked.rows[0]?.revision ?? 0);
  }

  /** One batch in its own transaction, retried on serialisation failures, deadlocks and unique violations. */
  async function runAlone<T>(orgId: string, fn: (tx: SyncTransaction) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      const client = await pool.connect();
      let broken = false;
      try {
        await client.query('BEGIN');
        const before = await lockOrg(client, orgId);
        const committedWriters = writersOf(orgId);
        const { tx, flush, writers } = transactionFor(client, orgId, before, committedWriters);
        const result = await fn(tx);
        await flush();
        const after = await tx.revision();
        // Delivered by PostgreSQL at COMMIT only, to the live streams of every server (postgres-revisions.ts).
        if (after !== before)
          await client.query('SELECT pg_notify($1, $2)', [channel, notifyPayload(orgId, after)]);
        await client.query('COMMIT');
        options.onCommit?.(1);
        committedWriters.merge(writers);
        // This server's own streams hear it at once; the notification that follows is then a no-op.
        if (after !== before) revisions.publish(orgId, after);
        return result;
      } catch (error) {
        // A connection lost mid-transaction: PostgreSQL rolls it back itself; the pool drops the client.
        await client.query('ROLLBACK').catch(() => {
          broken = true;
        });
        if (storageFailureOf(error) === 'unreachable') broken = true;
        const code = codeOf(error);
        if (code === undefined || !RETRYABLE.has(code) || attempt >= MAX_ATTEMPTS) throw error;
        await sleep(Math.min(200, 5 * 2 ** attempt) * Math.random());
      } finally {
        client.release(broken);
      }
    }
  }

  /**
   * Group commit per organisation (issue 31, as SQLite's): the batches of one organisation that arrive while
   * one of its transactions runs on this server wait, then run together in ONE transaction under one lock
   * and one COMMIT, each inside its own savepoint. A batch that throws is rolled back to its savepoint
   * without touching its neighbours, then run alone once the group has committed; nobody hears of a result
   * before the COMMIT that makes it durable. A lost connection fails the whole group (nothing committed, or
   * not known: each device sends its batch again and a committed one is then a duplicate).
   */
  async function runGroup(orgId: string, group: PendingWrite[]): Promise<void> {
    if (group.length === 1) {
      const [write] = group as [PendingWrite];
      await runAlone(orgId, write.run).then(write.resolve, write.reject);
      return;
    }
    const done: { write: PendingWrite; result: unknown; writers: WriterMap }[] = [];
    const failed: PendingWrite[] = [];
    const committedWriters = writersOf(orgId);
    let before = 0;
    let after = 0;
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      for (const write of group) write.reject(error);
      return;
    }
    let broken = false;
    let lost: unknown = null;
    try {
      await client.query('BEGIN');
      before = await lockOrg(client, orgId);
      after = before;
      for (const write of group) {
        await client.query('SAVEPOINT batch');
        try {
          const { tx, flush, writers } = transactionFor(client, orgId, after, committedWriters);
          const result = await write.run(tx);
          await flush();
          const revision = await tx.revision();
          await client.query('RELEASE SAVEPOINT batch');
          after = revision;
          done.push({ write, result, writers });
        } catch (error) {
          if (storageFailureOf(error)) throw error;
          await client.query('ROLLBACK TO SAVEPOINT batch');
          failed.push(write);
        }
      }
      // Delivered by PostgreSQL at COMMIT only, to the live streams of every server (postgres-revisions.ts).
      if (after !== before)
        await client.query('SELECT pg_notify($1, $2)', [channel, notifyPayload(orgId, after)]);
      await client.query('COMMIT');
      if (done.length > 0) options.onCommit?.(done.length);
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {
        broken = true;
      });
      if (storageFailureOf(error)) {
        broken = true;
        lost = error;
      } else {
        // The group itself failed: nothing of it is stored; every batch runs alone.
        failed.splice(0, failed.length, ...group);
        done.length = 0;
      }
    } finally {
      client.release(broken);
    }
    if (lost) {
      for (const write of group) write.reject(lost);
      return;
    }
    for (const d of done) committedWriters.merge(d.writers);
    if (after !== before) revisions.publish(orgId, after);
    for (const d of done) d.write.resolve(d.result);
    for (const write of failed) await runAlone(orgId, write.run).then(write.resolve, write.reject);
  }

  /** Batches waiting per organisation while one of its groups runs on this server. */
  const waiting = new Map<string, PendingWrite[]>();
  const groupMax = options.groupMax ?? 1;
  async function drain(orgId: string): Promise<void> {
    for (;;) {
      const queue = waiting.get(orgId);
      if (!queue || queue.length === 0) {
        waiting.delete(orgId);
        return;
      }
      await runGroup(orgId, queue.splice(0, groupMax));
    }
  }
  function enqueue<T>(orgId: string, run: (tx: SyncTransaction) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const write: PendingWrite = { run, resolve: (value) => resolve(value as T), reject };
      const queue = waiting.get(orgId);
      if (queue) {
        queue.push(write);
        return;
      }
      // An idle organisation: its batch starts at once; those arriving meanwhile form the next group.
      waiting.set(orgId, []);
      void runGroup(orgId, [write]).then(() => drain(orgId));
    });
  }

  return {
    engine: 'postgres',
    ...postgresAuthStores(pool),
    readCollection: async (orgId, collection) => {
      const { rows } = await pool.query<RecordRow>(
        `SELECT ${RECORD_COLUMNS} FROM records WHERE org_id = $1 AND collection = $2 AND NOT deleted
         ORDER BY record_id`,
        [orgId, collection],
      );
      return rows.map((row) => recordFromRow(row));
    },
    readRecords: async (orgId, keys) => {
      if (keys.length === 0) return [];
      const { rows } = await pool.query<RecordRow>(
        `SELECT ${RECORD_COLUMNS} FROM records
         WHERE org_id = $1 AND NOT deleted AND (collection, record_id) IN
           (SELECT * FROM unnest($2::text[], $3::text[]))`,
        [orgId, keys.map((k) => k.collection), keys.map((k) => k.id)],
      );
      return rows.map((row) => recordFromRow(row));
    },
    ping: async () => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('database timeout')), 3_000);
      });
      try {
        await Promise.race([pool.query('SELECT 1'), timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
    // Group commit only when asked (PG_GROUP_MAX > 1): otherwise each batch runs alone, queued on the lock.
    transaction: (orgId, fn) => (groupMax > 1 ? enqueue(orgId, fn) : runAlone(orgId, fn)),
    readAll: (orgId) =>
      snapshot(async (client) => {
        const revision = await revisionOf(client, orgId);
        const { rows } = await client.query<RecordRow>(
          `SELECT ${RECORD_COLUMNS} FROM records WHERE org_id = $1 AND NOT deleted ORDER BY collection, record_id`,
          [orgId],
        );
        return { revision, records: rows.map((row) => recordFromRow(row)) };
      }),
    readScoped: (orgId, scope) =>
      snapshot(async (client) => {
        const revision = await revisionOf(client, orgId);
        const all = COLLECTION_NAMES.filter((c) => scope[c] === 'all');
        const owned = COLLECTION_NAMES.flatMap((c) => {
          const wanted = scope[c];
          return typeof wanted === 'object' ? [{ collection: c, owner: wanted.owner }] : [];
        });
        // One round trip: whole collections by the primary key, a user's own records by records_by_owner.
        const { rows } = await client.query<RecordRow>(
          `SELECT ${RECORD_COLUMNS} FROM records WHERE org_id = $1 AND NOT deleted AND collection = ANY($2::text[])
           UNION ALL
           SELECT r.collection, r.record_id, r.rev, r.deleted, r.data, r.stamps FROM records r
             JOIN unnest($3::text[], $4::text[]) AS o(collection, owner)
               ON r.collection = o.collection AND r.owner = o.owner
           WHERE r.org_id = $1 AND NOT r.deleted`,
          [orgId, all, owned.map((o) => o.collection), owned.map((o) => o.owner)],
        );
        return { revision, records: rows.map((row) => recordFromRow(row)) };
      }),
    readRevision: async (orgId) => {
      const { rows } = await pool.query<{ revision: Int8 }>('SELECT revision FROM orgs WHERE org_id = $1', [
        orgId,
      ]);
      return Number(rows[0]?.revision ?? 0);
    },
    readChanges: (orgId, after, limit, maxBytes) =>
      snapshot(async (client) => {
        const revision = await revisionOf(client, orgId);
        const where = `WHERE org_id = $1 AND (rev, collection, record_id) > ($2, $3, $4)
           ORDER BY rev, collection, record_id LIMIT $5`;
        // With a byte cap: the sizes first (no data read), then only the rows that fit.
        const sizes =
          maxBytes === undefined
            ? null
            : (
                await client.query<{ size: number }>(
                  `SELECT octet_length(data) AS size FROM records ${where}`,
                  [orgId, after.rev, after.collection, after.id, limit],
                )
              ).rows.map((r) => r.size);
        const count = sizes === null || maxBytes === undefined ? limit : rowsWithin(sizes, maxBytes);
        const cut = sizes !== null && count < sizes.length;
        if (count === 0) return { revision, records: [] };
        const { rows } = await client.query<RecordRow>(`SELECT ${RECORD_COLUMNS} FROM records ${where}`, [
          orgId,
          after.rev,
          after.collection,
          after.id,
          count,
        ]);
        return { revision, records: rows.map((row) => recordFromRow(row)), cut };
      }),
    readPage: (orgId, collection, page) =>
      snapshot(async (client) => {
        const owned = page.owner !== undefined;
        const where = `WHERE org_id = $1 AND collection = $2 AND NOT deleted AND record_id > $3
           ${owned ? 'AND owner = $5' : ''} ORDER BY record_id LIMIT $4`;
        const params = (limit: number) => [
          orgId,
          collection,
          page.afterId,
          limit,
          ...(owned ? [page.owner] : []),
        ];
        const sizes = await client.query<{ size: number }>(
          `SELECT octet_length(data) AS size FROM records ${where}`,
          params(page.limit),
        );
        const count = rowsWithin(
          sizes.rows.map((r) => r.size),
          page.maxBytes,
        );
        if (count === 0) return [];
        const { rows } = await client.query<RecordRow>(
          `SELECT ${RECORD_COLUMNS} FROM records ${where}`,
          params(count),
        );
        return rows.map((row) => recordFromRow(row));
      }),
    readConflicts: async (orgId, afterId, limit) => {
      const { rows } = await pool.query<ConflictRow>(
        'SELECT * FROM conflicts WHERE org_id = $1 AND id > $2 ORDER BY id LIMIT $3',
        [orgId, afterId, limit],
      );
      return rows.map(conflictFromRow);
    },
    onRevision: (subscriber) => {
      listener.ensure();
      return revisions.subscribe(subscriber);
    },
    close: async () => {
      await listener.close();
      await pool.end();
    },
  };
}
