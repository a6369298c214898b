import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { COLLECTION_NAMES } from '../../src/domain/store/schema';
import type { RecordData, ServerRecord } from '../../src/domain/sync/merge';
import { MigrationError } from './migration-error';
import { MIGRATIONS, USER_INDEX_COLUMNS, userIndexValues } from './migrations';
import {
  conflictFromRow,
  jsonOrNull,
  mutationFromRow,
  RECORD_COLUMNS,
  recordFromRow,
  recordToRow,
  type ConflictRow,
  type RecordRow,
  storedStatus,
  type StoredMutationRow,
  type WriterNumbers,
} from './record-rows';
import { SET_SETTING_SQL, sqliteAuthStores } from './sqlite-auth-store';
import type { PageRequest, SyncStorage, SyncTransaction, TransactionHints } from './sync-storage';
import { freezeJson } from './clone-json';
import { rowsWithin } from './page-sizes';
import { userIndexRow } from './user-index';
import { RevisionFeed } from './revision-feed';
import { NEW_WRITER_SQL, WriterMap } from './writers';

type Db = Database.Database;

/** A version of a record as getRecordAt reads it. */
interface AtRow {
  rev: number;
  deleted: number;
  data: string;
}

/** The shared numbered steps (migrations.ts), SQLite side; `user_version` holds how many ran. */
export const SQLITE_MIGRATIONS: readonly ((db: Db) => void)[] = MIGRATIONS.map((m) => m.sqlite);

/** Serialises async work on the single connection: statements of two requests must never interleave. */
function createLock() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(fn: () => Promise<T>): Promise<T> => {
    const run = tail.then(fn, fn);
    tail = run.catch(() => undefined);
    return run;
  };
}

export function migrateSqlite(db: Db): void {
  const version = db.pragma('user_version', { simple: true }) as number;
  db.transaction(() => {
    for (let i = version; i < SQLITE_MIGRATIONS.length; i += 1) {
      try {
        SQLITE_MIGRATIONS[i]?.(db);
      } catch (error) {
        const migration = MIGRATIONS[i];
        throw new MigrationError(migration?.version ?? i + 1, migration?.name ?? '', { cause: error });
      }
    }
    db.pragma(`user_version = ${SQLITE_MIGRATIONS.length}`);
  }).immediate();
}

export interface SqliteOptions {
  /**
   * Group commit: batches share one transaction and one fsync, each still all-or-nothing (a savepoint
   * each). A group is what waits when the connection is free: the batches that arrived while the previous
   * group ran, or, when idle, those of the same turn of the event loop (0, the default: no wait of its own)
   * or of the next `groupCommitMs` milliseconds. Measured with 16 devices (bench/storage-bench.ts): a 2 ms
   * wait gave 0.46 of a bare insert's throughput, no wait 0.57 to 0.67.
   */
  groupCommitMs?: number;
  /** At most this many batches per group (1: each batch commits alone). */
  groupMax?: number;
  /** Told after each COMMIT of write transactions, with how many batches it made durable (measurements, tests). */
  onCommit?: (batches: number) => void;
  /** Given the open connection once migrated (tests: `max_page_count` as a full disk). */
  onOpen?: (db: Db) => void;
}

/** A write transaction waiting for its group (see transaction()). */
interface PendingWrite {
  orgId: string;
  run: (tx: SyncTransaction) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export const DEFAULT_GROUP_COMMIT_MS = 0;

export function openSqliteSyncStorage(file: string, options: SqliteOptions = {}): SyncStorage {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // FULL: an acknowledged batch survives a power cut, not only a process crash.
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  migrateSqlite(db);
  options.onOpen?.(db);
  const groupCommitMs = options.groupCommitMs ?? DEFAULT_GROUP_COMMIT_MS;
  const groupMax = options.groupMax ?? 64;

  const q = {
    revision: db.prepare<[string], { revision: number }>('SELECT revision FROM orgs WHERE org_id = ?'),
    setSetting: db.prepare<[string, string]>(SET_SETTING_SQL),
    setRevision: db.prepare<[string, number, string]>(
      `INSERT INTO orgs (org_id, revision, updated_at) VALUES (?, ?, ?)
       ON CONFLICT(org_id) DO UPDATE SET revision = excluded.revision, updated_at = excluded.updated_at`,
    ),
    record: db.prepare<[string, string, string], RecordRow>(
      `SELECT ${RECORD_COLUMNS} FROM records WHERE org_id = ? AND collection = ? AND record_id = ?`,
    ),
    // The version at or before a revision: the record itself, or the latest superseded one (change_log).
    recordAt: db.prepare<[string, string, string, number, string, string, string, number], AtRow>(
      `SELECT rev, deleted, data FROM records WHERE org_id = ? AND collection = ? AND record_id = ? AND rev <= ?
       UNION ALL
       SELECT rev, deleted, data FROM change_log
       WHERE org_id = ? AND collection = ? AND record_id = ? AND rev <= ?
       ORDER BY rev DESC LIMIT 1`,
    ),
    all: db.prepare<[string], RecordRow>(
      `SELECT ${RECORD_COLUMNS} FROM records WHERE org_id = ? ORDER BY collection, record_id`,
    ),
    live: db.prepare<[string], RecordRow>(
      `SELECT ${RECORD_COLUMNS} FROM records WHERE org_id = ? AND deleted = 0 ORDER BY collection, record_id`,
    ),
    collection: db.prepare<[string, string], RecordRow>(
      `SELECT ${RECORD_COLUMNS} FROM records
       WHERE org_id = ? AND collection = ? AND deleted = 0 ORDER BY record_id`,
    ),
    changes: db.prepare<[string, number, string, string, number], RecordRow>(
      `SELECT ${RECORD_COLUMNS} FROM records
       WHERE org_id = ? AND (rev, collection, record_id) > (?, ?, ?)
       ORDER BY rev, collection, record_id LIMIT ?`,
    ),
    // The version being superseded moves to the change log before the record is overwritten (a second write
    // of the record in the same revision replaces it: one version per revision).
    keepPrevious: db.prepare<[string, string, string, number]>(
      `INSERT OR REPLACE INTO change_log (org_id, collection, record_id, rev, deleted, data)
       SELECT org_id, collection, record_id, rev, deleted, data FROM records
       WHERE org_id = ? AND collection = ? AND record_id = ? AND rev < ?`,
    ),
    upsert: db.prepare<[string, string, string, number, number, string, string, string | null]>(
      `INSERT INTO records (org_id, collection, record_id, rev, deleted, data, stamps, owner)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT(org_id, collection, record_id) DO UPDATE SET rev = excluded.rev,
         deleted = excluded.deleted, data = excluded.data, stamps = excluded.stamps, owner = excluded.owner`,
    ),
    owned: db.prepare<[string, string, string], RecordRow>(
      `SELECT ${RECORD_COLUMNS} FROM records
       WHERE org_id = ? AND collection = ? AND owner = ? AND deleted = 0 ORDER BY record_id`,
    ),
    indexUser: db.prepare(
      `INSERT OR REPLACE INTO user_index (${USER_INDEX_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ),
    unindexUser: db.prepare<[string, string]>('DELETE FROM user_index WHERE org_id = ? AND user_id = ?'),
    mutation: db.prepare<[string, string], StoredMutationRow>(
      'SELECT mutation_id, rev, status FROM mutations WHERE org_id = ? AND mutation_id = ?',
    ),
    saveMutation: db.prepare<[string, string, number, string]>(
      'INSERT INTO mutations (org_id, mutation_id, rev, status) VALUES (?, ?, ?, ?)',
    ),
    conflict: db.prepare(
      `INSERT INTO conflicts (org_id, rev, collection, record_id, field, reason, kept_value, lost_value,
         kept_mutation_id, lost_mutation_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    writerNumber: db.prepare<[string, string], { n: number }>(
      'SELECT n FROM writers WHERE org_id = ? AND client_id = ?',
    ),
    writerClient: db.prepare<[string, number], { client_id: string }>(
      'SELECT client_id FROM writers WHERE org_id = ? AND n = ?',
    ),
    newWriter: db.prepare<[string, string, string], { n: number }>(NEW_WRITER_SQL.sqlite),
    // Sizes first (octet_length reads the row header, not the data), then only the rows that fit a page.
    changeSizes: db.prepare<[string, number, string, string, number], { size: number }>(
      `SELECT octet_length(data) AS size FROM records
       WHERE org_id = ? AND (rev, collection, record_id) > (?, ?, ?)
       ORDER BY rev, collection, record_id LIMIT ?`,
    ),
    pageSizes: db.prepare<[string, string, string, number], { size: number }>(
      `SELECT octet_length(data) AS size FROM records
       WHERE org_id = ? AND collection = ? AND deleted = 0 AND record_id > ? ORDER BY record_id LIMIT ?`,
    ),
    page: db.prepare<[string, string, string, number], RecordRow>(
      `SELECT ${RECORD_COLUMNS} FROM records
       WHERE org_id = ? AND collection = ? AND deleted = 0 AND record_id > ? ORDER BY record_id LIMIT ?`,
    ),
    ownedPageSizes: db.prepare<[string, string, string, string, number], { size: number }>(
      `SELECT octet_length(data) AS size FROM records
       WHERE org_id = ? AND collection = ? AND owner = ? AND deleted = 0 AND record_id > ?
       ORDER BY record_id LIMIT ?`,
    ),
    ownedPage: db.prepare<[string, string, string, string, number], RecordRow>(
      `SELECT ${RECORD_COLUMNS} FROM records
       WHERE org_id = ? AND collection = ? AND owner = ? AND deleted = 0 AND record_id > ?
       ORDER BY record_id LIMIT ?`,
    ),
    storedBytes: db.prepare<[string, string], { bytes: number | null }>(
      `SELECT SUM(octet_length(data)) AS bytes FROM records WHERE org_id = ? AND collection = ? AND deleted = 0`,
    ),
    conflicts: db.prepare<[string, number, number], ConflictRow>(
      'SELECT * FROM conflicts WHERE org_id = ? AND id > ? ORDER BY id LIMIT ?',
    ),
  };

  const revisionOf = (orgId: string) => q.revision.get(orgId)?.revision ?? 0;

  /**
   * The device numbers of one batch's stamps, read (or given) in its transaction as needed: an in-process
   * lookup costs less than a shared cache that a rolled-back savepoint would have to undo.
   */
  function writersOf(orgId: string): WriterNumbers {
    const known = new WriterMap();
    return {
      numberOf: (clientId) => {
        let n = known.numberOf(clientId);
        if (n === undefined) {
          n = (q.writerNumber.get(orgId, clientId) ?? q.newWriter.get(orgId, clientId, orgId))?.n;
          if (n === undefined) throw new Error(`no writer number for ${clientId}`);
          known.add(n, clientId);
        }
        return n;
      },
      clientOf: (n) => {
        let clientId = known.clientOf(n);
        if (clientId === undefined) {
          clientId = q.writerClient.get(orgId, n)?.client_id;
          if (clientId === undefined) throw new Error(`writer number ${n} is unknown`);
          known.add(n, clientId);
        }
        return clientId;
      },
    };
  }

  function transactionFor(orgId: string): SyncTransaction {
    const writers = writersOf(orgId);
    /**
     * What this batch's checks read (peekRecord): parsed once, frozen, forgotten when the batch writes the
     * record. One batch's only: a batch rolled back to its savepoint takes its view with it.
     */
    const peeked = new Map<string, ServerRecord | null>();
    return {
      revision: () => Promise.resolve(revisionOf(orgId)),
      setRevision: (revision, nowIso) => {
        q.setRevision.run(orgId, revision, nowIso);
        return Promise.resolve();
      },
      getRecord: (collection, id) => {
        const row = q.record.get(orgId, collection, id);
        return Promise.resolve(row ? recordFromRow(row, writers) : null);
      },
      peekRecord: (collection, id) => {
        const key = `${collection}\u0000${id}`;
        let record = peeked.get(key);
        if (record === undefined) {
          const row = q.record.get(orgId, collection, id);
          record = freezeJson(row ? recordFromRow(row, writers) : null);
          peeked.set(key, record);
        }
        return Promise.resolve(record);
      },
      getRecordAt: (collection, id, revision) => {
        const row = q.recordAt.get(orgId, collection, id, revision, orgId, collection, id, revision);
        return Promise.resolve(row && row.deleted === 0 ? (JSON.parse(row.data) as RecordData) : null);
      },
      listRecords: () => Promise.resolve(q.all.all(orgId).map((row) => recordFromRow(row, writers))),
      putRecord: (record) => {
        peeked.delete(`${record.collection}\u0000${record.id}`);
        const row = recordToRow(record, writers);
        const deleted = record.deleted ? 1 : 0;
        q.keepPrevious.run(orgId, row.collection, row.recordId, row.rev);
        q.upsert.run(orgId, row.collection, row.recordId, row.rev, deleted, row.data, row.stamps, row.owner);
        if (record.collection === 'users') {
          // The lookup index of the anonymous routes, in the same transaction as the record.
          const indexed = userIndexRow(record);
          if (indexed) q.indexUser.run(...userIndexValues(orgId, indexed, 'sqlite'));
          else q.unindexUser.run(orgId, record.id);
        }
        return Promise.resolve();
      },
      listOwned: (collection, owner) =>
        Promise.resolve(q.owned.all(orgId, collection, owner).map((row) => recordFromRow(row, writers))),
      storedBytes: (collection) => Promise.resolve(q.storedBytes.get(orgId, collection)?.bytes ?? 0),
      getMutation: (mutationId) => {
        const row = q.mutation.get(orgId, mutationId);
        return Promise.resolve(row ? mutationFromRow(row) : null);
      },
      saveMutation: (m) => {
        q.saveMutation.run(orgId, m.mutationId, m.rev, storedStatus(m.status));
        return Promise.resolve();
      },
      addConflict: (c) => {
        q.conflict.run(
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
        );
        return Promise.resolve();
      },
    };
  }

  const locked = createLock();
  const revisions = new RevisionFeed();

  /** One page of a collection (readPage): the sizes, then the rows that fit, in one read transaction. */
  const readPageNow = (orgId: string, collection: string, page: PageRequest) =>
    db.transaction(() => {
      const sizes =
        page.owner === undefined
          ? q.pageSizes.all(orgId, collection, page.afterId, page.limit)
          : q.ownedPageSizes.all(orgId, collection, page.owner, page.afterId, page.limit);
      const count = rowsWithin(
        sizes.map((r) => r.size),
        page.maxBytes,
      );
      if (count === 0) return [];
      const rows =
        page.owner === undefined
          ? q.page.all(orgId, collection, page.afterId, count)
          : q.ownedPage.all(orgId, collection, page.owner, page.afterId, count);
      return rows.map((row) => recordFromRow(row));
    })();

  /**
   * Undoes what is left of a failed transaction. A full disk or an I/O error may have rolled it back
   * already (or make ROLLBACK fail too): either way nothing of it is stored.
   */
  const rollback = () => {
    try {
      if (db.inTransaction) db.exec('ROLLBACK');
    } catch {
      // Nothing more to undo.
    }
  };

  /** One batch alone in its own transaction (and its own fsync). Never throws: the batch hears the failure. */
  async function runAlone(write: PendingWrite): Promise<void> {
    let committed: { result: unknown; changed: boolean; after: number };
    try {
      db.exec('BEGIN IMMEDIATE');
      const before = revisionOf(write.orgId);
      const result = await write.run(transactionFor(write.orgId));
      const after = revisionOf(write.orgId);
      db.exec('COMMIT');
      committed = { result, changed: after !== before, after };
    } catch (error) {
      rollback();
      write.reject(error);
      return;
    }
    options.onCommit?.(1);
    // One process owns the file: the in-process feed reaches every live stream (GET /api/live).
    if (committed.changed) revisions.publish(write.orgId, committed.after);
    write.resolve(committed.result);
  }

  /**
   * Group commit. The fsync of COMMIT costs more than the statements of a check-in batch, so the batches
   * waiting when a group starts run one after the other in ONE transaction, each inside its own savepoint:
   * a batch that throws is rolled back to its savepoint without touching its neighbours, then retried alone
   * once the group has committed. Nobody hears of a result before the COMMIT that makes it durable.
   */
  async function runGroup(group: PendingWrite[]): Promise<void> {
    if (group.length === 1) return runAlone(group[0] as PendingWrite);
    const done: { write: PendingWrite; result: unknown }[] = [];
    const failed: PendingWrite[] = [];
    const before = new Map<string, number>();
    let after = new Map<string, number>();
    let committed = false;
    try {
      db.exec('BEGIN IMMEDIATE');
      for (const write of group) {
        if (!before.has(write.orgId)) before.set(write.orgId, revisionOf(write.orgId));
        db.exec('SAVEPOINT batch');
        try {
          const result = await write.run(transactionFor(write.orgId));
          db.exec('RELEASE batch');
          done.push({ write, result });
        } catch {
          db.exec('ROLLBACK TO batch');
          db.exec('RELEASE batch');
          failed.push(write);
        }
      }
      after = new Map([...before.keys()].map((orgId) => [orgId, revisionOf(orgId)]));
      db.exec('COMMIT');
      committed = true;
    } catch {
      // The group itself failed (BEGIN, COMMIT, disk full...): nothing of it is stored; every batch runs
      // alone (each then hears its own answer, none is left waiting).
      rollback();
      failed.splice(0, failed.length, ...group);
    }
    if (committed) {
      if (done.length > 0) options.onCommit?.(done.length);
      for (const [orgId, revision] of after)
        if (revision !== before.get(orgId)) revisions.publish(orgId, revision);
      for (const { write, result } of done) write.resolve(result);
    }
    for (const write of failed) await runAlone(write);
  }

  const pending: PendingWrite[] = [];
  let scheduled = false;
  // The group is taken when the connection is free, not when it was scheduled: batches that arrive while a
  // group runs join the next one instead of each waiting for its own COMMIT.
  const flush = () => {
    scheduled = false;
    return locked(() => {
      const group = pending.splice(0, groupMax);
      if (pending.length > 0) schedule(0);
      return group.length === 0 ? Promise.resolve() : runGroup(group);
    });
  };
  function schedule(delay: number) {
    if (scheduled) return;
    scheduled = true;
    if (delay <= 0) setImmediate(() => void flush());
    else setTimeout(() => void flush(), delay);
  }

  /** A write transaction queued for the next group commit (alone in its group when groupMax is 1). */
  function enqueue<T>(orgId: string, run: (tx: SyncTransaction) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const write: PendingWrite = { orgId, run, resolve: (value) => resolve(value as T), reject };
      pending.push(write);
      schedule(pending.length >= groupMax ? 0 : groupCommitMs);
    });
  }

  /** A write of no organisation's records (a rate-limit count) in the next group commit. */
  const grouped = <T>(fn: () => T): Promise<T> => enqueue('', () => Promise.resolve(fn()));

  return {
    engine: 'sqlite',
    ...sqliteAuthStores(db, locked, grouped),
    readCollection: (orgId, collection) =>
      locked(() => Promise.resolve(q.collection.all(orgId, collection).map((row) => recordFromRow(row)))),
    readRecords: (orgId, keys) =>
      locked(() =>
        Promise.resolve(
          keys.flatMap((k) => {
            const row = q.record.get(orgId, k.collection, k.id);
            return row && row.deleted === 0 ? [recordFromRow(row)] : [];
          }),
        ),
      ),
    ping: () => locked(() => Promise.resolve(void db.prepare('SELECT 1').get())),
    // The batch's settings (its device's contacts) in its own savepoint of the group: written when the batch
    // commits and only then, without an autocommit and an fsync of their own (issue 31: these were most of a
    // check-in's cost on SQLite).
    settingsWithBatch: true,
    transaction: <T>(orgId: string, fn: (tx: SyncTransaction) => Promise<T>, hints?: TransactionHints) => {
      const settings = hints?.settings;
      if (!settings || (typeof settings !== 'function' && settings.length === 0)) return enqueue(orgId, fn);
      return enqueue(orgId, async (tx) => {
        const result = await fn(tx);
        for (const [name, value] of typeof settings === 'function' ? settings() : settings)
          q.setSetting.run(name, value);
        return result;
      });
    },
    // Stamps stay out of bulk reads: what devices receive never carries them (toRemote).
    readAll: (orgId) =>
      locked(() =>
        Promise.resolve(
          db.transaction(() => ({
            revision: revisionOf(orgId),
            records: q.live.all(orgId).map((row) => recordFromRow(row)),
          }))(),
        ),
      ),
    readScoped: (orgId, scope) =>
      locked(() =>
        Promise.resolve(
          db.transaction(() => ({
            revision: revisionOf(orgId),
            records: COLLECTION_NAMES.flatMap((collection) => {
              const wanted = scope[collection];
              if (wanted === 'none') return [];
              const rows =
                wanted === 'all'
                  ? q.collection.all(orgId, collection)
                  : q.owned.all(orgId, collection, wanted.owner);
              return rows.map((row) => recordFromRow(row));
            }),
          }))(),
        ),
      ),
    readRevision: (orgId) => locked(() => Promise.resolve(revisionOf(orgId))),
    readChanges: (orgId, after, limit, maxBytes) =>
      locked(() =>
        Promise.resolve(
          db.transaction(() => {
            const sizes =
              maxBytes === undefined
                ? null
                : q.changeSizes.all(orgId, after.rev, after.collection, after.id, limit).map((r) => r.size);
            const count = sizes === null || maxBytes === undefined ? limit : rowsWithin(sizes, maxBytes);
            return {
              cut: sizes !== null && count < sizes.length,
              revision: revisionOf(orgId),
              records:
                count === 0
                  ? []
                  : q.changes
                      .all(orgId, after.rev, after.collection, after.id, count)
                      .map((row) => recordFromRow(row)),
            };
          })(),
        ),
      ),
    readPage: (orgId, collection, page) =>
      locked(() => Promise.resolve(readPageNow(orgId, collection, page))),
    readConflicts: (orgId, afterId, limit) =>
      locked(() => Promise.resolve(q.conflicts.all(orgId, afterId, limit).map(conflictFromRow))),
    onRevision: (listener) => revisions.subscribe(listener),
    close: async () => {
      // Batches still waiting for their group are written before the file closes.
      while (pending.length > 0) await flush();
      return locked(() => {
        db.close();
        return Promise.resolve();
      });
    },
  };
}
