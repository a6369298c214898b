import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { CollectionName } from '../../src/domain/store/schema';
import type { FieldStamp, RecordData, ServerRecord } from '../../src/domain/sync/merge';
import type { ConflictEntry } from '../../src/domain/sync/protocol';
import { MIGRATIONS, USER_INDEX_COLUMNS, userIndexValues } from './migrations';
import { sqliteAuthStores } from './sqlite-auth-store';
import type { SyncStorage, SyncTransaction } from './sync-storage';
import { userIndexRow } from './user-index';
import { RevisionFeed } from './revision-feed';

type Db = Database.Database;

/** The shared numbered steps (migrations.ts), SQLite side; `user_version` holds how many ran. */
export const SQLITE_MIGRATIONS: readonly ((db: Db) => void)[] = MIGRATIONS.map((m) => m.sqlite);

interface RecordRow {
  collection: string;
  record_id: string;
  rev: number;
  deleted: number;
  data: string;
  stamps: string;
}

function toRecord(row: RecordRow): ServerRecord {
  return {
    collection: row.collection as CollectionName,
    id: row.record_id,
    rev: row.rev,
    deleted: row.deleted === 1,
    data: JSON.parse(row.data) as RecordData,
    stamps: JSON.parse(row.stamps) as Record<string, FieldStamp>,
  };
}

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
    for (let i = version; i < SQLITE_MIGRATIONS.length; i += 1) SQLITE_MIGRATIONS[i]?.(db);
    db.pragma(`user_version = ${SQLITE_MIGRATIONS.length}`);
  }).immediate();
}

export function openSqliteSyncStorage(file: string): SyncStorage {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // FULL: an acknowledged batch survives a power cut, not only a process crash.
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  migrateSqlite(db);

  const q = {
    revision: db.prepare<[string], { revision: number }>('SELECT revision FROM orgs WHERE org_id = ?'),
    setRevision: db.prepare<[string, number, string]>(
      `INSERT INTO orgs (org_id, revision, updated_at) VALUES (?, ?, ?)
       ON CONFLICT(org_id) DO UPDATE SET revision = excluded.revision, updated_at = excluded.updated_at`,
    ),
    record: db.prepare<[string, string, string], RecordRow>(
      'SELECT collection, record_id, rev, deleted, data, stamps FROM records WHERE org_id = ? AND collection = ? AND record_id = ?',
    ),
    recordAt: db.prepare<[string, string, string, number], { deleted: number; data: string }>(
      `SELECT deleted, data FROM change_log WHERE org_id = ? AND collection = ? AND record_id = ? AND rev <= ?
       ORDER BY rev DESC LIMIT 1`,
    ),
    all: db.prepare<[string], RecordRow>(
      'SELECT collection, record_id, rev, deleted, data, stamps FROM records WHERE org_id = ? ORDER BY collection, record_id',
    ),
    live: db.prepare<[string], RecordRow>(
      'SELECT collection, record_id, rev, deleted, data, stamps FROM records WHERE org_id = ? AND deleted = 0 ORDER BY collection, record_id',
    ),
    collection: db.prepare<[string, string], RecordRow>(
      `SELECT collection, record_id, rev, deleted, data, stamps FROM records
       WHERE org_id = ? AND collection = ? AND deleted = 0 ORDER BY record_id`,
    ),
    changes: db.prepare<[string, number, string, string, number], RecordRow>(
      `SELECT collection, record_id, rev, deleted, data, stamps FROM records
       WHERE org_id = ? AND (rev, collection, record_id) > (?, ?, ?)
       ORDER BY rev, collection, record_id LIMIT ?`,
    ),
    upsert: db.prepare<[string, string, string, number, number, string, string]>(
      `INSERT INTO records (org_id, collection, record_id, rev, deleted, data, stamps) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT(org_id, collection, record_id) DO UPDATE SET
         rev = excluded.rev, deleted = excluded.deleted, data = excluded.data, stamps = excluded.stamps`,
    ),
    log: db.prepare<[string, string, string, number, number, string, string, string]>(
      `INSERT OR REPLACE INTO change_log (org_id, collection, record_id, rev, deleted, data, mutation_id, changed_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    indexUser: db.prepare(
      `INSERT OR REPLACE INTO user_index (${USER_INDEX_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ),
    unindexUser: db.prepare<[string, string]>('DELETE FROM user_index WHERE org_id = ? AND user_id = ?'),
    mutation: db.prepare<[string, string], { mutation_id: string; rev: number; status: string }>(
      'SELECT mutation_id, rev, status FROM mutations WHERE org_id = ? AND mutation_id = ?',
    ),
    saveMutation: db.prepare<[string, string, number, string, string, string]>(
      'INSERT INTO mutations (org_id, mutation_id, rev, status, client_id, applied_at) VALUES (?, ?, ?, ?, ?, ?)',
    ),
    conflict: db.prepare(
      `INSERT INTO conflicts (org_id, rev, collection, record_id, field, reason, kept_value, lost_value,
         kept_mutation_id, lost_mutation_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    conflicts: db.prepare<[string, number, number], Record<string, string | number | null>>(
      'SELECT * FROM conflicts WHERE org_id = ? AND id > ? ORDER BY id LIMIT ?',
    ),
  };

  const revisionOf = (orgId: string) => q.revision.get(orgId)?.revision ?? 0;
  const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

  function transactionFor(orgId: string): SyncTransaction {
    return {
      revision: () => Promise.resolve(revisionOf(orgId)),
      setRevision: (revision, nowIso) => {
        q.setRevision.run(orgId, revision, nowIso);
        return Promise.resolve();
      },
      getRecord: (collection, id) => {
        const row = q.record.get(orgId, collection, id);
        return Promise.resolve(row ? toRecord(row) : null);
      },
      getRecordAt: (collection, id, revision) => {
        const row = q.recordAt.get(orgId, collection, id, revision);
        return Promise.resolve(row && row.deleted === 0 ? (JSON.parse(row.data) as RecordData) : null);
      },
      listRecords: () => Promise.resolve(q.all.all(orgId).map(toRecord)),
      putRecord: (record, mutationId, nowIso) => {
        const data = JSON.stringify(record.data);
        const deleted = record.deleted ? 1 : 0;
        q.upsert.run(
          orgId,
          record.collection,
          record.id,
          record.rev,
          deleted,
          data,
          JSON.stringify(record.stamps),
        );
        q.log.run(orgId, record.collection, record.id, record.rev, deleted, data, mutationId, nowIso);
        if (record.collection === 'users') {
          // The lookup index of the anonymous routes, in the same transaction as the record.
          const row = userIndexRow(record);
          if (row) q.indexUser.run(...userIndexValues(orgId, row, 'sqlite'));
          else q.unindexUser.run(orgId, record.id);
        }
        return Promise.resolve();
      },
      getMutation: (mutationId) => {
        const row = q.mutation.get(orgId, mutationId);
        return Promise.resolve(
          row ? { mutationId: row.mutation_id, rev: row.rev, status: row.status } : null,
        );
      },
      saveMutation: (m, clientId, nowIso) => {
        q.saveMutation.run(orgId, m.mutationId, m.rev, m.status, clientId, nowIso);
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
          json(c.keptValue),
          json(c.lostValue),
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
  return {
    engine: 'sqlite',
    ...sqliteAuthStores(db, locked),
    readCollection: (orgId, collection) =>
      locked(() => Promise.resolve(q.collection.all(orgId, collection).map(toRecord))),
    readRecords: (orgId, keys) =>
      locked(() =>
        Promise.resolve(
          keys.flatMap((k) => {
            const row = q.record.get(orgId, k.collection, k.id);
            return row && row.deleted === 0 ? [toRecord(row)] : [];
          }),
        ),
      ),
    ping: () => locked(() => Promise.resolve(void db.prepare('SELECT 1').get())),
    transaction: (orgId, fn) =>
      locked(async () => {
        db.exec('BEGIN IMMEDIATE');
        try {
          const before = revisionOf(orgId);
          const result = await fn(transactionFor(orgId));
          const after = revisionOf(orgId);
          db.exec('COMMIT');
          // One process owns the file: the in-process feed reaches every live stream (GET /api/live).
          if (after !== before) revisions.publish(orgId, after);
          return result;
        } catch (error) {
          if (db.inTransaction) db.exec('ROLLBACK');
          throw error;
        }
      }),
    readAll: (orgId) =>
      locked(() =>
        Promise.resolve(
          db.transaction(() => ({ revision: revisionOf(orgId), records: q.live.all(orgId).map(toRecord) }))(),
        ),
      ),
    readChanges: (orgId, after, limit) =>
      locked(() =>
        Promise.resolve(
          db.transaction(() => ({
            revision: revisionOf(orgId),
            records: q.changes.all(orgId, after.rev, after.collection, after.id, limit).map(toRecord),
          }))(),
        ),
      ),
    readConflicts: (orgId, afterId, limit) =>
      locked(() =>
        Promise.resolve(
          q.conflicts.all(orgId, afterId, limit).map((r): ConflictEntry => ({
            id: Number(r.id),
            rev: Number(r.rev),
            collection: String(r.collection) as CollectionName,
            recordId: String(r.record_id),
            field: String(r.field),
            reason: String(r.reason) as ConflictEntry['reason'],
            keptValue: r.kept_value === null ? null : (JSON.parse(String(r.kept_value)) as unknown),
            lostValue: r.lost_value === null ? null : (JSON.parse(String(r.lost_value)) as unknown),
            keptMutationId: r.kept_mutation_id === null ? null : String(r.kept_mutation_id),
            lostMutationId: String(r.lost_mutation_id),
            createdAt: String(r.created_at),
          })),
        ),
      ),
    onRevision: (listener) => revisions.subscribe(listener),
    close: () =>
      locked(() => {
        db.close();
        return Promise.resolve();
      }),
  };
}
