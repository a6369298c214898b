import type pg from 'pg';
import type { CollectionName } from '../../src/domain/store/schema';
import type { RecordData, ServerRecord } from '../../src/domain/sync/merge';
import { USER_INDEX_COLUMNS, userIndexValues } from './migrations';
import {
  jsonOrNull,
  mutationFromRow,
  RECORD_COLUMNS,
  recordFromRow,
  recordToRow,
  type RecordRow,
  storedStatus,
  type StoredMutationRow,
  storedWriterNumbers,
  stampWriters,
} from './record-rows';
import type {
  Bookkept,
  KnownRecord,
  NewConflict,
  RecordKey,
  StoredMutation,
  SyncTransaction,
} from './sync-storage';
import { userIndexRow, type UserIndexRow } from './user-index';
import { cloneJson, freezeJson } from './clone-json';
import { prepared } from './pg-prepared';
import { mutationsAtIds, recordsAtKeys } from './pg-lookups';
import { knownWriters, NEW_WRITER_SQL, WriterMap } from './writers';
import {
  bookkeepingParams,
  countedRows,
  type BookkeepingCall,
  type BookkeepingRow,
} from './postgres-auth-store';

/**
 * The writes of one PostgreSQL write transaction of an organisation, kept in memory and sent together
 * (issue 31: the organisation's lock is held for round trips, so a batch under the lock costs as few as
 * possible). A transaction holds one or several devices' batches (group commit): each batch writes into an
 * overlay of its own, merged into the group's when it ends well and dropped when it throws, so a refused batch
 * leaves its neighbours untouched without a savepoint. At the end, `flush` writes every record in one
 * multi-row statement (the versions they supersede move to the change log in the same statement), every
 * mutation id, and the revision once, with its notification.
 *
 * The rare reads that the database must answer from the current state (a version at a revision, every record,
 * a teacher's files, the stored bytes) first write what is pending: the group's writes, then, under a
 * savepoint, the batch's own (rolled back to it if the batch then throws).
 */

type Int8 = number | string;
type Row = ReturnType<typeof recordToRow>;
/** What a batch will look up: its mutation ids and the records they write. */
export type PrefetchItem = { mutationId: string; collection: CollectionName; recordId: string };

const keyOf = (collection: string, id: string) => `${collection}\u0000${id}`;

/** Writes not yet sent to the database. */
class Pending {
  /** Latest version of each record written (one row per key: ON CONFLICT touches each row once). */
  readonly records = new Map<string, Row>();
  /** Versions written earlier in this transaction at a lower revision, superseded since: change log rows. */
  readonly superseded: Row[] = [];
  readonly mutations = new Map<string, StoredMutation>();
  readonly conflicts: NewConflict[] = [];
  /** The user lookup index (null: the user's row goes). */
  readonly userIndex = new Map<string, UserIndexRow | null>();

  /** What writePending sends in one statement: no superseded version, conflict or user index row. */
  get oneStatement(): boolean {
    return this.superseded.length === 0 && this.conflicts.length === 0 && this.userIndex.size === 0;
  }

  get empty(): boolean {
    return (
      this.records.size === 0 &&
      this.superseded.length === 0 &&
      this.mutations.size === 0 &&
      this.conflicts.length === 0 &&
      this.userIndex.size === 0
    );
  }

  putRow(row: Row): void {
    const key = keyOf(row.collection, row.recordId);
    const previous = this.records.get(key);
    // A second write at the same revision replaces the record only; at a later one the earlier version is
    // a change of its own (getRecordAt reads it).
    if (previous && previous.rev < row.rev) this.superseded.push(previous);
    this.records.set(key, row);
  }

  /** Moves everything of `other` (a batch that ended well) into this one. */
  absorb(other: Pending): void {
    this.superseded.push(...other.superseded);
    for (const row of other.records.values()) this.putRow(row);
    for (const [id, m] of other.mutations) this.mutations.set(id, m);
    this.conflicts.push(...other.conflicts);
    for (const [id, row] of other.userIndex) this.userIndex.set(id, row);
  }

  clear(): void {
    this.records.clear();
    this.superseded.length = 0;
    this.mutations.clear();
    this.conflicts.length = 0;
    this.userIndex.clear();
  }
}

/**
 * The records that an organisation's last groups found named by the records they read (a timetable's class,
 * the class's institute's month closure: the later rounds of `prefetch`), asked by the next group in its
 * first statement (issue 31: one read under the lock instead of three when the batches look alike). A guess
 * only: every record is still read under the lock in the group's own transaction, a wrong key costs one
 * index lookup in the same statement, a missing one is read in a later round as before. The most recent
 * `max` keys are kept.
 */
export class RelatedGuess {
  private readonly keys = new Map<string, RecordKey>();

  constructor(private readonly max = 64) {}

  list(): RecordKey[] {
    return [...this.keys.values()];
  }

  learn(keys: readonly RecordKey[]): void {
    for (const k of keys) {
      const key = keyOf(k.collection, k.id);
      this.keys.delete(key);
      this.keys.set(key, { collection: k.collection, id: k.id });
    }
    for (const key of this.keys.keys()) {
      if (this.keys.size <= this.max) break;
      this.keys.delete(key);
    }
  }
}

/** What one transaction (a group of batches) knows and has written, shared by its batches in turn. */
export class WriteGroup {
  /** The revision as the batches that ended well left it. */
  revision: number;
  /** Records as this transaction sees them (null: absent). */
  readonly records = new Map<string, ServerRecord | null>();
  readonly mutations = new Map<string, StoredMutation | null>();
  /** Device numbers read or given by this transaction's batches that ended well. */
  readonly writers = new WriterMap();
  readonly pending = new Pending();
  /**
   * BEGIN was sent. The group reads under its organisation's lock outside any transaction (no other writer
   * runs meanwhile), and opens one only when it writes in more than one statement: a read that needs the
   * database's current state (flushPending), or rare rows (commit). Most groups write one statement, which
   * PostgreSQL commits on its own (issue 31: two round trips less per group, under the lock).
   */
  begun = false;

  constructor(
    private readonly client: pg.PoolClient,
    private readonly orgId: string,
    /** The organisation's revision under the lock, before this group. */
    readonly before: number,
    private readonly committedWriters: WriterMap,
  ) {
    this.revision = before;
  }

  /** Opens the group's transaction, once. */
  async begin(): Promise<void> {
    if (this.begun) return;
    await this.client.query('BEGIN');
    this.begun = true;
  }

  /** Sends the group's pending writes (no revision change: that is for `commit`), in its transaction. */
  async flushPending(): Promise<void> {
    if (this.pending.empty) return;
    await this.begin();
    await writePending(this.client, this.orgId, this.pending, null);
    this.pending.clear();
  }

  /**
   * Makes the group durable: pending writes, the revision (once) and the notification that PostgreSQL
   * delivers to every server's live streams at COMMIT (postgres-revisions.ts). One statement on its own when
   * that is all (the usual check-ins: records, mutation ids, settings and revision), else in the transaction
   * and then COMMIT. Throws when nothing was committed (or, the connection lost, when that is unknown).
   */
  async commit(
    channel: string,
    payload: (revision: number) => string,
    nowIso: string,
    settings: ReadonlyMap<string, string> = new Map(),
    /** Ask whether another session waits for the organisation's lock (answered; false when unasked). */
    askWaiting = false,
  ): Promise<boolean> {
    const bump =
      this.revision === this.before
        ? null
        : { from: this.before, to: this.revision, nowIso, channel, payload: payload(this.revision) };
    let waiting = false;
    if (!this.pending.empty || bump || settings.size > 0) {
      if (!this.pending.oneStatement) await this.begin();
      waiting = await writePending(this.client, this.orgId, this.pending, bump, settings, askWaiting);
      this.pending.clear();
    }
    if (this.begun) {
      await this.client.query('COMMIT');
      this.begun = false;
    }
    return waiting;
  }

  /**
   * Loads, for the whole group, the mutation ids and records its batches will look up (their hints): under
   * the organisation's lock, the mutation ids and the first records in one statement, then the records those
   * name, instead of two round trips per batch and one per record its checks read. What the group knows
   * already is skipped; each batch's own prefetch then finds everything known.
   */
  async prefetch(
    items: readonly PrefetchItem[],
    related?: (known: KnownRecord) => RecordKey[],
    guess?: RelatedGuess,
    /** Counted and read in the first statement (TransactionHints.bookkeeping): its rows are answered. */
    bookkeeping?: readonly BookkeepingCall[],
  ): Promise<BookkeepingRow[]> {
    const kept: BookkeepingRow[] = [];
    const known: KnownRecord = (collection, id) => {
      const record = this.records.get(keyOf(collection, id));
      return record === undefined ? undefined : record === null || record.deleted ? null : record.data;
    };
    let ids = [...new Set(items.map((i) => i.mutationId))].filter((id) => !this.mutations.has(id));
    const first: RecordKey[] = [
      ...items.map((i) => ({ collection: i.collection, id: i.recordId })),
      ...(related?.(known) ?? []),
    ];
    // The records that the last groups' records named, asked in the first round too: when the guess is
    // right, the later rounds find everything known and send nothing.
    let keys = [...first, ...(guess?.list() ?? [])];
    // What the records read name (a timetable its class, a class its institute): two more rounds at most.
    let ask = bookkeeping && bookkeeping.length > 0 ? { calls: bookkeeping, rows: kept } : undefined;
    for (let round = 0; round < 3 && (keys.length > 0 || ids.length > 0 || ask); round += 1) {
      // Nothing new read: what the records name is what `keys` already holds (a right guess ends here).
      if (!(await this.load(keys, ids, ask))) break;
      ids = [];
      ask = undefined;
      keys = related?.(known) ?? [];
    }
    if (guess && related) {
      const asked = new Set(first.map((k) => keyOf(k.collection, k.id)));
      guess.learn(keys.filter((k) => !asked.has(keyOf(k.collection, k.id))));
    }
    return kept;
  }

  /**
   * Reads the records of `keys` and the mutation ids `ids` this transaction does not know yet (absent ones
   * known as null), in one statement; false when it knew them all (nothing sent).
   */
  private async load(
    keys: readonly RecordKey[],
    ids: readonly string[],
    bookkeeping?: { calls: readonly BookkeepingCall[]; rows: BookkeepingRow[] },
  ): Promise<boolean> {
    const unique = new Map(keys.map((k) => [keyOf(k.collection, k.id), k]));
    const wanted = [...unique.entries()].filter(([key]) => !this.records.has(key)).map(([, k]) => k);
    if (wanted.length === 0 && ids.length === 0 && !bookkeeping) return false;
    const params = [this.orgId, wanted.map((k) => k.collection), wanted.map((k) => k.id), ids];
    const found = await this.client.query<RecordRow & { collection: string | null }>(
      bookkeeping
        ? prepared(PREFETCH_BOOKKEEPING_SQL, [...params, ...bookkeepingParams(bookkeeping.calls)])
        : prepared(PREFETCH_SQL, params),
    );
    const rows: RecordRow[] = [];
    for (const id of ids) this.mutations.set(id, null);
    for (const row of found.rows) {
      if (row.collection === null && row.deleted)
        bookkeeping?.rows.push(
          row.stamps === 'h'
            ? { hit: true, name: row.record_id, value: String(row.rev) }
            : { hit: false, name: row.record_id, value: row.data },
        );
      else if (row.collection === null)
        this.mutations.set(
          row.record_id,
          mutationFromRow({ mutation_id: row.record_id, rev: row.rev, status: row.data }),
        );
      else rows.push(row);
    }
    // The device ids of the stamps (committed numbers: never change once given).
    const missing = [...new Set(rows.flatMap((r) => storedWriterNumbers(r.stamps)))].filter(
      (n) => this.committedWriters.clientOf(n) === undefined && this.writers.clientOf(n) === undefined,
    );
    if (missing.length > 0) {
      const writers = await this.client.query<{ n: number; client_id: string }>(
        'SELECT n, client_id FROM writers WHERE org_id = $1 AND n = ANY($2::int[])',
        [this.orgId, missing],
      );
      for (const w of writers.rows) this.writers.add(w.n, w.client_id);
    }
    const numbers = knownWriters(this.committedWriters, this.writers);
    for (const k of wanted) this.records.set(keyOf(k.collection, k.id), null);
    for (const row of rows) {
      const record = freezeJson(recordFromRow(row, numbers));
      this.records.set(keyOf(record.collection, record.id), record);
    }
    return true;
  }

  /** A batch's view of the transaction (its writes stay its own until `end`). */
  batch(bookkept?: Bookkept): GroupBatch {
    return new GroupBatch(this, this.client, this.orgId, this.committedWriters, bookkept);
  }
}

/** One device's batch inside a WriteGroup. */
export class GroupBatch {
  private revision: number;
  private readonly records = new Map<string, ServerRecord | null>();
  private readonly mutations = new Map<string, StoredMutation | null>();
  private readonly writers = new WriterMap();
  private readonly pending = new Pending();
  /** A savepoint was taken before this batch's own writes were sent (a read needed them). */
  private savepoint = false;
  readonly tx: SyncTransaction;

  constructor(
    private readonly group: WriteGroup,
    private readonly client: pg.PoolClient,
    private readonly orgId: string,
    committedWriters: WriterMap,
    bookkept?: Bookkept,
  ) {
    this.revision = group.revision;
    const numbers = knownWriters(committedWriters, group.writers, this.writers);
    const clientOf = (n: number) =>
      committedWriters.clientOf(n) ?? group.writers.clientOf(n) ?? this.writers.clientOf(n);
    const numberOf = (clientId: string) =>
      committedWriters.numberOf(clientId) ??
      group.writers.numberOf(clientId) ??
      this.writers.numberOf(clientId);
    const query = <R extends pg.QueryResultRow>(text: string, values: unknown[]) =>
      client.query<R>(text, values);

    /** Reads the device ids of the numbers that `rows` refer to and this transaction does not know yet. */
    const readWriters = async (rows: readonly RecordRow[]) => {
      const missing = [...new Set(rows.flatMap((r) => storedWriterNumbers(r.stamps)))].filter(
        (n) => clientOf(n) === undefined,
      );
      if (missing.length === 0) return;
      const found = await query<{ n: number; client_id: string }>(
        'SELECT n, client_id FROM writers WHERE org_id = $1 AND n = ANY($2::int[])',
        [orgId, missing],
      );
      for (const w of found.rows) this.writers.add(w.n, w.client_id);
    };
    /**
     * The numbers of a record's devices, read or given at once (we hold the organisation's lock). A number
     * given by a batch that then fails may stay: a number never changes once given, and the next batch of
     * that device reads it.
     */
    const numberWriters = async (record: ServerRecord) => {
      for (const clientId of stampWriters(record.stamps)) {
        if (numberOf(clientId) !== undefined) continue;
        const found = await query<{ n: number }>(
          'SELECT n FROM writers WHERE org_id = $1 AND client_id = $2',
          [orgId, clientId],
        );
        // A new number is a write: in the group's transaction, so that it goes if the group does.
        const n =
          found.rows[0]?.n ??
          (await group.begin().then(() => query<{ n: number }>(NEW_WRITER_SQL.postgres, [orgId, clientId])))
            .rows[0]?.n;
        if (n === undefined) throw new Error(`no writer number for ${clientId}`);
        this.writers.add(n, clientId);
      }
    };
    const fromRows = async (rows: readonly RecordRow[]) => {
      await readWriters(rows);
      return rows.map((row) => recordFromRow(row, numbers));
    };
    const knownRecord = (key: string) =>
      this.records.has(key) ? this.records.get(key) : group.records.get(key);
    const knownMutation = (id: string) =>
      this.mutations.has(id) ? this.mutations.get(id) : group.mutations.get(id);
    /** The record as this batch sees it: the transaction's own frozen copy (read once per group). */
    const peek = async (collection: CollectionName, id: string): Promise<ServerRecord | null> => {
      const key = keyOf(collection, id);
      const known = knownRecord(key);
      if (known !== undefined) return known;
      const { rows } = await query<RecordRow>(
        `SELECT ${RECORD_COLUMNS} FROM records WHERE org_id = $1 AND collection = $2 AND record_id = $3`,
        [orgId, collection, id],
      );
      const record = freezeJson((await fromRows(rows))[0] ?? null);
      // Unknown to the transaction, so unwritten by it: what every later batch of the group reads too.
      group.records.set(key, record);
      return record;
    };
    /** Reads of the database's current state: everything pending is sent first. */
    const current = async () => {
      await group.flushPending();
      if (this.pending.empty) return;
      await group.begin();
      if (!this.savepoint) {
        await client.query('SAVEPOINT batch');
        this.savepoint = true;
      }
      await writePending(client, orgId, this.pending, null);
      this.pending.clear();
    };

    this.tx = {
      ...(bookkept ? { bookkept } : {}),
      prefetch: async (items) => {
        const ids = [...new Set(items.map((i) => i.mutationId))].filter(
          (id) => knownMutation(id) === undefined,
        );
        if (ids.length > 0) {
          const found = await query<StoredMutationRow>(mutationsAtIds('$1', '$2'), [orgId, ids]);
          // Not written by this transaction (unknown to it): the database's value is the group's.
          for (const id of ids) group.mutations.set(id, null);
          for (const row of found.rows) group.mutations.set(row.mutation_id, mutationFromRow(row));
        }
        const keys = new Map(items.map((i) => [keyOf(i.collection, i.recordId), i]));
        const wanted = [...keys.entries()]
          .filter(([key]) => knownRecord(key) === undefined)
          .map(([, i]) => i);
        if (wanted.length === 0) return;
        const found = await query<RecordRow>(recordsAtKeys('$1', '$2', '$3'), [
          orgId,
          wanted.map((i) => i.collection),
          wanted.map((i) => i.recordId),
        ]);
        for (const i of wanted) group.records.set(keyOf(i.collection, i.recordId), null);
        for (const record of await fromRows(found.rows))
          group.records.set(keyOf(record.collection, record.id), freezeJson(record));
      },
      revision: () => Promise.resolve(this.revision),
      setRevision: (next) => {
        if (next <= this.revision) return Promise.reject(new Error('revision moved under the lock'));
        this.revision = next;
        return Promise.resolve();
      },
      getRecord: async (collection, id) => {
        const record = await peek(collection, id);
        return record === null ? null : cloneJson(record);
      },
      peekRecord: peek,
      getRecordAt: async (collection, id, at) => {
        await current();
        // The version at or before `at`: the record itself, or the latest superseded one (change_log).
        const { rows } = await query<{ deleted: boolean; data: string }>(
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
        await current();
        const { rows } = await query<RecordRow>(
          `SELECT ${RECORD_COLUMNS} FROM records WHERE org_id = $1 ORDER BY collection, record_id`,
          [orgId],
        );
        return fromRows(rows);
      },
      putRecord: async (record) => {
        this.records.set(keyOf(record.collection, record.id), freezeJson(cloneJson(record)));
        await numberWriters(record);
        this.pending.putRow(recordToRow(record, numbers));
        if (record.collection === 'users') this.pending.userIndex.set(record.id, userIndexRow(record));
      },
      getMutation: async (mutationId) => {
        const known = knownMutation(mutationId);
        if (known !== undefined) return known;
        const { rows } = await query<StoredMutationRow>(
          'SELECT mutation_id, rev, status FROM mutations WHERE org_id = $1 AND mutation_id = $2',
          [orgId, mutationId],
        );
        const found = rows[0] ? mutationFromRow(rows[0]) : null;
        group.mutations.set(mutationId, found);
        return found;
      },
      saveMutation: (m) => {
        // A second save of one id fails as the primary key would (23505), before anything is sent.
        if (this.pending.mutations.has(m.mutationId) || knownMutation(m.mutationId))
          return Promise.reject(
            Object.assign(new Error(`mutation ${m.mutationId} saved twice`), { code: '23505' }),
          );
        this.mutations.set(m.mutationId, m);
        this.pending.mutations.set(m.mutationId, m);
        return Promise.resolve();
      },
      listOwned: async (collection, owner) => {
        await current();
        const { rows } = await query<RecordRow>(
          `SELECT ${RECORD_COLUMNS} FROM records
           WHERE org_id = $1 AND collection = $2 AND owner = $3 AND NOT deleted ORDER BY record_id`,
          [orgId, collection, owner],
        );
        return fromRows(rows);
      },
      storedBytes: async (collection) => {
        await current();
        // octet_length of text reads the size from the value's header (TOAST), not the value itself.
        const { rows } = await query<{ bytes: Int8 | null }>(
          'SELECT SUM(octet_length(data)) AS bytes FROM records WHERE org_id = $1 AND collection = $2 AND NOT deleted',
          [orgId, collection],
        );
        return Number(rows[0]?.bytes ?? 0);
      },
      addConflict: (c) => {
        this.pending.conflicts.push(c);
        return Promise.resolve();
      },
    };
  }

  /** The batch ended well: its view and writes become the group's. */
  async end(): Promise<void> {
    if (this.savepoint) await this.client.query('RELEASE SAVEPOINT batch');
    this.savepoint = false;
    for (const [key, record] of this.records) this.group.records.set(key, record);
    for (const [id, m] of this.mutations) this.group.mutations.set(id, m);
    this.group.writers.merge(this.writers);
    this.group.pending.absorb(this.pending);
    this.group.revision = this.revision;
  }

  /** The batch threw: nothing of it stays (what it had sent is rolled back to its savepoint). */
  async drop(): Promise<void> {
    if (this.savepoint) await this.client.query('ROLLBACK TO SAVEPOINT batch; RELEASE SAVEPOINT batch');
    this.savepoint = false;
  }
}

/**
 * A group's read of records by key ($2, $3) and of mutation ids ($4) of the organisation $1: a mutation row
 * comes as (collection: null, record_id: its id, rev, data: its status).
 */
export const PREFETCH_SQL = `${recordsAtKeys('$1', '$2', '$3')}
  UNION ALL
  SELECT NULL, m.mutation_id, m.rev, false, m.status, '' FROM (${mutationsAtIds('$1', '$4')}) m`;

/**
 * PREFETCH_SQL and, in the same statement, a push's bookkeeping (BOOKKEEPING_SQL's $1 … $4 as $5 … $8): the
 * rate-limit buckets counted, whose rows come as (collection: null, record_id: the bucket, rev: its count,
 * deleted: true, stamps: 'h'), and the settings read, as (null, the name, null, true, data: the value, 's').
 */
export const PREFETCH_BOOKKEEPING_SQL = `WITH ${countedRows('$6', '$7', '$8')}
  ${PREFETCH_SQL}
  UNION ALL
  SELECT NULL, c.bucket, c.hits::bigint, true, '', 'h' FROM counted c
  UNION ALL
  SELECT NULL, s.name, NULL, true, s.value, 's' FROM server_settings s WHERE s.name = ANY($5::text[])`;

/** First key of the organisations' advisory locks (two-key form: a key space apart from the migrations'). */
export const ORG_LOCK_CLASS = 14_014;

/**
 * The records, the versions they supersede, the mutation ids, the settings and the revision bump of a
 * transaction, in one statement (writePending). A revision bump that finds the organisation at another
 * revision than the one read under the lock fails the whole statement (SQLSTATE 22P02, « revision moved »):
 * sent on its own, outside a transaction, nothing of it is then stored. Every part reads the rows as they
 * were before it: `previous`
 * moves the versions being superseded (an earlier revision's) to the change log while `written` replaces
 * them; `previous` finds each by its primary key (pg-lookups.ts: never a read of the whole organisation).
 * One array of each unnest is read through `(SELECT …)`, as in pg-lookups.ts: one plan per connection.
 */
export const PENDING_WRITE_SQL = `WITH input AS (
    SELECT * FROM unnest($2::text[], $3::text[], (SELECT $4::bigint[]), $5::boolean[], $6::text[], $7::text[],
      $8::text[]) AS i(collection, record_id, rev, deleted, data, stamps, owner)),
  previous AS (
    INSERT INTO change_log (org_id, collection, record_id, rev, deleted, data)
    SELECT $1, r.collection, r.record_id, r.rev, r.deleted, r.data FROM input i
      CROSS JOIN LATERAL (SELECT collection, record_id, rev, deleted, data FROM records
        WHERE org_id = $1 AND collection = i.collection AND record_id = i.record_id LIMIT 1) r
    WHERE r.rev < i.rev
    ON CONFLICT (org_id, collection, record_id, rev) DO UPDATE SET
      deleted = excluded.deleted, data = excluded.data),
  written AS (
    INSERT INTO records (org_id, collection, record_id, rev, deleted, data, stamps, owner)
    SELECT $1, * FROM input
    ON CONFLICT (org_id, collection, record_id) DO UPDATE SET rev = excluded.rev,
      deleted = excluded.deleted, data = excluded.data, stamps = excluded.stamps, owner = excluded.owner),
  applied AS (
    INSERT INTO mutations (org_id, mutation_id, rev, status)
    SELECT $1, * FROM unnest($9::text[], (SELECT $10::bigint[]), $11::text[])),
  settled AS (
    INSERT INTO server_settings (name, value)
    SELECT * FROM unnest((SELECT $17::text[]), $18::text[])
    ON CONFLICT (name) DO UPDATE SET value = excluded.value),
  bumped AS (
    UPDATE orgs SET revision = $12, updated_at = $13
    WHERE org_id = $1 AND revision = $14 AND $12::bigint > $14::bigint
    RETURNING pg_notify($15, $16))
SELECT CASE WHEN $12::bigint <= $14::bigint OR count(*) = 1 THEN count(*)
    ELSE ('revision moved under the lock: ' || count(*))::bigint END AS bumped FROM bumped`;

/**
 * PENDING_WRITE_SQL that also tells whether another session waits for the organisation's lock ($19: the
 * locks' first key). A statement of its own, not a parameter of the first: PostgreSQL would otherwise plan
 * that statement again at each call (its generic plan costs pg_locks in, a custom one folds it away).
 */
export const PENDING_WRITE_ASKING_SQL = PENDING_WRITE_SQL.replace(
  / FROM bumped`?$/,
  `, EXISTS (SELECT 1 FROM pg_locks
    WHERE locktype = 'advisory' AND NOT granted AND classid = $19::oid AND objid = hashtext($1)::oid
      AND objsubid = 2 AND database = (SELECT oid FROM pg_database WHERE datname = current_database()))
    AS waiting FROM bumped`,
);

/**
 * Sends `pending` in as few statements as possible: the records (each superseded version moved to the
 * change log by the same statement), the mutation ids and, with `bump`, the revision and its notification,
 * in one, with `settings` (a device's last contacts: committed with the batches, no statement of their own);
 * then the rare ones (earlier versions of this transaction, conflicts, the user index).
 */
async function writePending(
  client: pg.PoolClient,
  orgId: string,
  pending: Pending,
  bump: { from: number; to: number; nowIso: string; channel: string; payload: string } | null,
  /** Server settings written with the records (a device's last contacts: TransactionHints.settings). */
  settings: ReadonlyMap<string, string> = new Map(),
  /** Whether to ask if another session waits for the organisation's lock (the answer; false unasked). */
  askWaiting = false,
): Promise<boolean> {
  let waiting = false;
  if (pending.superseded.length > 0) {
    const rows = pending.superseded;
    await client.query(
      `INSERT INTO change_log (org_id, collection, record_id, rev, deleted, data)
       SELECT $1, * FROM unnest($2::text[], $3::text[], $4::bigint[], $5::boolean[], $6::text[])
       ON CONFLICT (org_id, collection, record_id, rev) DO UPDATE SET deleted = excluded.deleted, data = excluded.data`,
      [
        orgId,
        rows.map((r) => r.collection),
        rows.map((r) => r.recordId),
        rows.map((r) => r.rev),
        rows.map((r) => r.deleted),
        rows.map((r) => r.data),
      ],
    );
  }
  const records = [...pending.records.values()];
  const mutations = [...pending.mutations.values()];
  if (records.length > 0 || mutations.length > 0 || bump || settings.size > 0) {
    const settingNames = [...settings.keys()].sort();
    const { rows } = await client.query<{ bumped: Int8; waiting: boolean }>(
      prepared(askWaiting ? PENDING_WRITE_ASKING_SQL : PENDING_WRITE_SQL, [
        orgId,
        records.map((r) => r.collection),
        records.map((r) => r.recordId),
        records.map((r) => r.rev),
        records.map((r) => r.deleted),
        records.map((r) => r.data),
        records.map((r) => r.stamps),
        records.map((r) => r.owner),
        mutations.map((m) => m.mutationId),
        mutations.map((m) => m.rev),
        mutations.map((m) => storedStatus(m.status)),
        bump?.to ?? 0,
        bump?.nowIso ?? '',
        bump?.from ?? 0,
        bump?.channel ?? '',
        bump?.payload ?? '',
        // In name order: two statements writing the same rows lock them in one order.
        settingNames,
        settingNames.map((name) => settings.get(name) ?? ''),
        ...(askWaiting ? [ORG_LOCK_CLASS] : []),
      ]),
    );
    if (bump && Number(rows[0]?.bumped ?? 0) !== 1) throw new Error('revision moved under the lock');
    waiting = rows[0]?.waiting === true;
  }
  for (const c of pending.conflicts)
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
  // The lookup index of the anonymous routes, in the same transaction as the records.
  for (const [userId, row] of pending.userIndex) {
    if (row)
      await client.query(
        `INSERT INTO user_index (${USER_INDEX_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (org_id, user_id) DO UPDATE SET email = excluded.email, status = excluded.status,
           profile_id = excluded.profile_id, is_emergency = excluded.is_emergency,
           reset_token_hash = excluded.reset_token_hash`,
        userIndexValues(orgId, row, 'postgres'),
      );
    else await client.query('DELETE FROM user_index WHERE org_id = $1 AND user_id = $2', [orgId, userId]);
  }
  return waiting;
}
