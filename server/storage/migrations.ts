import type Database from 'better-sqlite3';
import type { PoolClient } from 'pg';
import { COLLECTION_NAMES } from '../../src/domain/store/schema';
import type { FieldStamp, RecordData, ServerRecord } from '../../src/domain/sync/merge';
import { OWNED_COLLECTIONS } from './read-scope';
import {
  decodeStamps,
  encodeStamps,
  encodeStampsAsText,
  SAME_AS_RECORD,
  STATUS_LETTERS_SQL,
  TEXT_WRITERS,
  type WriterNumbers,
} from './record-rows';
import { userIndexRow, type UserIndexRow } from './user-index';

/**
 * The server's schema, as ONE list of numbered steps shared by both engines: step N means the
 * same tables and the same data on SQLite and on PostgreSQL; only the SQL dialect differs. Never edit a
 * published step: add one at the end. SQLite records how many ran in `user_version`; PostgreSQL records
 * each applied version in `schema_migrations` (see postgres-sync-storage.ts).
 *
 * Dialect choices on PostgreSQL: identifiers are compared byte-wise (`COLLATE "C"`) so that paging cursors
 * order records exactly as SQLite and JavaScript do; JSON stays TEXT (JSONB would refuse `\u0000` and
 * reorder keys); timestamps stay ISO-8601 UTC TEXT like on SQLite, so both engines return the same values.
 */

type SqliteDb = Database.Database;

export interface Migration {
  version: number;
  name: string;
  sqlite: (db: SqliteDb) => void;
  postgres: (client: PoolClient) => Promise<void>;
}

interface LegacyStoreRow {
  org_id: string;
  revision: number | string;
  doc: string;
  updated_at: string;
}

interface LegacyRecord {
  orgId: string;
  collection: string;
  id: string;
  revision: number;
  data: string;
  stamps: string;
  updatedAt: string;
}

/** Step 3's data move, the same on both engines: every record of a foundation document, at its revision. */
function legacyRecords(row: LegacyStoreRow): LegacyRecord[] {
  const revision = Number(row.revision);
  const doc = JSON.parse(row.doc) as Record<string, unknown>;
  const out: LegacyRecord[] = [];
  for (const collection of COLLECTION_NAMES) {
    const items = doc[collection];
    if (!Array.isArray(items)) continue;
    for (const item of items as RecordData[]) {
      if (typeof item.id !== 'string') continue;
      const stamp: FieldStamp = { rev: revision, at: row.updated_at, by: 'migration', mid: 'migration' };
      const stamps = Object.fromEntries(Object.keys(item).map((k) => [k, stamp]));
      out.push({
        orgId: row.org_id,
        collection,
        id: item.id,
        revision,
        data: JSON.stringify(item),
        stamps: JSON.stringify(stamps),
        updatedAt: row.updated_at,
      });
    }
  }
  return out;
}

/** Step 5's backfill: the index rows of every live user record, the same on both engines. */
function indexRowsOf(rows: { org_id: string; record_id: string; data: string }[]) {
  return rows.flatMap((r) => {
    const record: ServerRecord = {
      collection: 'users',
      id: r.record_id,
      rev: 0,
      deleted: false,
      data: JSON.parse(r.data) as RecordData,
      stamps: {},
    };
    const row = userIndexRow(record);
    return row ? [{ orgId: r.org_id, ...row }] : [];
  });
}

/** Step 6's rewrite: one record's stamps in the compact form (record-rows.ts); null when already compact. */
function compactStamps(row: { data: string; stamps: string }): string | null {
  const parsed = JSON.parse(row.stamps) as unknown;
  if (Array.isArray(parsed)) return null;
  return encodeStampsAsText(parsed as Record<string, FieldStamp>, JSON.parse(row.data) as RecordData);
}

interface StampRow {
  org_id: string;
  collection: string;
  record_id: string;
  data: string;
  stamps: string;
}

const STAMP_PAGE = 2_000;

/** Step 6's second half: a record's latest change keeps no second copy of the data (SAME_AS_RECORD). */
const SHARE_LATEST_DATA = `UPDATE change_log SET data = '${SAME_AS_RECORD}' WHERE EXISTS (
  SELECT 1 FROM records r WHERE r.org_id = change_log.org_id AND r.collection = change_log.collection
    AND r.record_id = change_log.record_id AND r.rev = change_log.rev AND r.data = change_log.data)`;

/** Step 7: the rules' "own" collections (read-scope.ts), as an SQL list. */
const OWNED_IN = [...OWNED_COLLECTIONS].map((c) => `'${c}'`).join(', ');

/**
 * Step 8: the change-log entries of superseded versions, into `table`. The entry of a record's current
 * version goes (its rev is the record's: `records` holds that version); so does an entry without data of its
 * own (SAME_AS_RECORD), which only the current version's entry may be. An entry whose record is missing stays.
 */
const KEEP_SUPERSEDED = (
  table: string,
) => `INSERT INTO ${table} (org_id, collection, record_id, rev, deleted, data)
  SELECT c.org_id, c.collection, c.record_id, c.rev, c.deleted, c.data FROM change_log c
  LEFT JOIN records r ON r.org_id = c.org_id AND r.collection = c.collection AND r.record_id = c.record_id
  WHERE c.data <> '${SAME_AS_RECORD}' AND (r.rev IS NULL OR c.rev < r.rev)`;

/** Step 8: every applied mutation id, with its revision and status, into `table`. */
const KEEP_MUTATION_IDS = (table: string) =>
  `INSERT INTO ${table} (org_id, mutation_id, rev, status) SELECT org_id, mutation_id, rev, status FROM mutations`;

/** Step 9: each organisation's device ids numbered in the order first met (the rows are read in one order). */
class WriterNumbering {
  private readonly orgs = new Map<string, Map<string, number>>();
  /** Entries given since the last `take`. */
  private added: { orgId: string; n: number; clientId: string }[] = [];

  of(orgId: string): Pick<WriterNumbers, 'numberOf'> {
    let numbers = this.orgs.get(orgId);
    if (!numbers) this.orgs.set(orgId, (numbers = new Map<string, number>()));
    const known = numbers;
    return {
      numberOf: (clientId) => {
        let n = known.get(clientId);
        if (n === undefined) {
          n = known.size + 1;
          known.set(clientId, n);
          this.added.push({ orgId, n, clientId });
        }
        return n;
      },
    };
  }

  take(): { orgId: string; n: number; clientId: string }[] {
    const out = this.added;
    this.added = [];
    return out;
  }
}

/** Step 9's rewrite of one record's stamps: device ids as numbers, `id` unstamped by default. */
function numberedStamps(
  row: { org_id: string; rev: number | string; data: string; stamps: string },
  numbering: WriterNumbering,
) {
  const data = JSON.parse(row.data) as RecordData;
  const rev = Number(row.rev);
  return encodeStamps(decodeStamps(row.stamps, data, TEXT_WRITERS, rev), data, numbering.of(row.org_id), rev);
}

const WRITERS_TABLE = (engine: 'sqlite' | 'postgres') => `
  CREATE TABLE writers (
    org_id TEXT NOT NULL, n INTEGER NOT NULL, client_id TEXT NOT NULL,
    PRIMARY KEY (org_id, n))${engine === 'sqlite' ? ' WITHOUT ROWID' : ''};
  CREATE UNIQUE INDEX writers_by_client ON writers (org_id, client_id)`;

interface RecordCopyRow {
  org_id: string;
  collection: string;
  record_id: string;
  rev: number;
  deleted: number;
  data: string;
  stamps: string;
  owner: string | null;
}

export const USER_INDEX_COLUMNS =
  'org_id, user_id, email, status, profile_id, is_emergency, reset_token_hash';

/** The values of one index row, in USER_INDEX_COLUMNS order (is_emergency as 0/1 on SQLite). */
export function userIndexValues(orgId: string, row: UserIndexRow, engine: 'sqlite' | 'postgres') {
  return [
    orgId,
    row.userId,
    row.email,
    row.status,
    row.profileId,
    engine === 'sqlite' ? (row.isEmergency ? 1 : 0) : row.isEmergency,
    row.resetTokenHash,
  ];
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'foundation: one JSON document per organisation',
    sqlite: (db) =>
      db.exec(`CREATE TABLE IF NOT EXISTS stores (
        org_id TEXT PRIMARY KEY, revision INTEGER NOT NULL, doc TEXT NOT NULL, updated_at TEXT NOT NULL)`),
    postgres: async (c) => {
      await c.query(`CREATE TABLE IF NOT EXISTS stores (
        org_id TEXT PRIMARY KEY, revision BIGINT NOT NULL, doc TEXT NOT NULL, updated_at TEXT NOT NULL)`);
    },
  },
  {
    version: 2,
    name: 'records with revisions, tombstones, change log, mutation ids, conflicts',
    sqlite: (db) =>
      db.exec(`
      CREATE TABLE orgs (org_id TEXT PRIMARY KEY, revision INTEGER NOT NULL, updated_at TEXT NOT NULL);
      CREATE TABLE records (
        org_id TEXT NOT NULL, collection TEXT NOT NULL, record_id TEXT NOT NULL,
        rev INTEGER NOT NULL, deleted INTEGER NOT NULL DEFAULT 0,
        data TEXT NOT NULL, stamps TEXT NOT NULL,
        PRIMARY KEY (org_id, collection, record_id)) WITHOUT ROWID;
      CREATE INDEX records_by_rev ON records (org_id, rev, collection, record_id);
      CREATE TABLE change_log (
        org_id TEXT NOT NULL, collection TEXT NOT NULL, record_id TEXT NOT NULL, rev INTEGER NOT NULL,
        deleted INTEGER NOT NULL, data TEXT NOT NULL, mutation_id TEXT NOT NULL, changed_at TEXT NOT NULL,
        PRIMARY KEY (org_id, collection, record_id, rev)) WITHOUT ROWID;
      CREATE TABLE mutations (
        org_id TEXT NOT NULL, mutation_id TEXT NOT NULL, rev INTEGER NOT NULL, status TEXT NOT NULL,
        client_id TEXT NOT NULL, applied_at TEXT NOT NULL,
        PRIMARY KEY (org_id, mutation_id)) WITHOUT ROWID;
      CREATE TABLE conflicts (
        id INTEGER PRIMARY KEY AUTOINCREMENT, org_id TEXT NOT NULL, rev INTEGER NOT NULL,
        collection TEXT NOT NULL, record_id TEXT NOT NULL, field TEXT NOT NULL, reason TEXT NOT NULL,
        kept_value TEXT, lost_value TEXT, kept_mutation_id TEXT, lost_mutation_id TEXT NOT NULL,
        created_at TEXT NOT NULL);
      CREATE INDEX conflicts_by_org ON conflicts (org_id, id);`),
    postgres: async (c) => {
      await c.query(`
      CREATE TABLE orgs (org_id TEXT PRIMARY KEY, revision BIGINT NOT NULL, updated_at TEXT NOT NULL);
      CREATE TABLE records (
        org_id TEXT NOT NULL, collection TEXT COLLATE "C" NOT NULL, record_id TEXT COLLATE "C" NOT NULL,
        rev BIGINT NOT NULL, deleted BOOLEAN NOT NULL DEFAULT FALSE,
        data TEXT NOT NULL, stamps TEXT NOT NULL,
        PRIMARY KEY (org_id, collection, record_id));
      CREATE INDEX records_by_rev ON records (org_id, rev, collection, record_id);
      CREATE TABLE change_log (
        org_id TEXT NOT NULL, collection TEXT COLLATE "C" NOT NULL, record_id TEXT COLLATE "C" NOT NULL,
        rev BIGINT NOT NULL, deleted BOOLEAN NOT NULL, data TEXT NOT NULL, mutation_id TEXT NOT NULL,
        changed_at TEXT NOT NULL,
        PRIMARY KEY (org_id, collection, record_id, rev));
      CREATE TABLE mutations (
        org_id TEXT NOT NULL, mutation_id TEXT NOT NULL, rev BIGINT NOT NULL, status TEXT NOT NULL,
        client_id TEXT NOT NULL, applied_at TEXT NOT NULL,
        PRIMARY KEY (org_id, mutation_id));
      CREATE TABLE conflicts (
        id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, org_id TEXT NOT NULL, rev BIGINT NOT NULL,
        collection TEXT NOT NULL, record_id TEXT NOT NULL, field TEXT NOT NULL, reason TEXT NOT NULL,
        kept_value TEXT, lost_value TEXT, kept_mutation_id TEXT, lost_mutation_id TEXT NOT NULL,
        created_at TEXT NOT NULL);
      CREATE INDEX conflicts_by_org ON conflicts (org_id, id);`);
    },
  },
  {
    version: 3,
    name: 'foundation documents become records at their revision; the old table goes',
    sqlite: (db) => {
      const rows = db
        .prepare('SELECT org_id, revision, doc, updated_at FROM stores')
        .all() as LegacyStoreRow[];
      const insertOrg = db.prepare('INSERT INTO orgs (org_id, revision, updated_at) VALUES (?, ?, ?)');
      const insertRecord = db.prepare(
        'INSERT OR REPLACE INTO records (org_id, collection, record_id, rev, deleted, data, stamps) VALUES (?, ?, ?, ?, 0, ?, ?)',
      );
      const insertLog = db.prepare(
        `INSERT OR REPLACE INTO change_log (org_id, collection, record_id, rev, deleted, data, mutation_id, changed_at)
         VALUES (?, ?, ?, ?, 0, ?, 'migration', ?)`,
      );
      for (const row of rows) {
        insertOrg.run(row.org_id, row.revision, row.updated_at);
        for (const r of legacyRecords(row)) {
          insertRecord.run(r.orgId, r.collection, r.id, r.revision, r.data, r.stamps);
          insertLog.run(r.orgId, r.collection, r.id, r.revision, r.data, r.updatedAt);
        }
      }
      db.exec('DROP TABLE stores');
    },
    postgres: async (c) => {
      const { rows } = await c.query<LegacyStoreRow>('SELECT org_id, revision, doc, updated_at FROM stores');
      for (const row of rows) {
        await c.query('INSERT INTO orgs (org_id, revision, updated_at) VALUES ($1, $2, $3)', [
          row.org_id,
          Number(row.revision),
          row.updated_at,
        ]);
        for (const r of legacyRecords(row)) {
          await c.query(
            `INSERT INTO records (org_id, collection, record_id, rev, deleted, data, stamps)
             VALUES ($1, $2, $3, $4, FALSE, $5, $6)
             ON CONFLICT (org_id, collection, record_id) DO UPDATE SET
               rev = excluded.rev, data = excluded.data, stamps = excluded.stamps`,
            [r.orgId, r.collection, r.id, r.revision, r.data, r.stamps],
          );
          await c.query(
            `INSERT INTO change_log (org_id, collection, record_id, rev, deleted, data, mutation_id, changed_at)
             VALUES ($1, $2, $3, $4, FALSE, $5, 'migration', $6)
             ON CONFLICT (org_id, collection, record_id, rev) DO UPDATE SET data = excluded.data`,
            [r.orgId, r.collection, r.id, r.revision, r.data, r.updatedAt],
          );
        }
      }
      await c.query('DROP TABLE stores');
    },
  },
  {
    // For access control behind a load balancer: state that any app server behind the load balancer
    // must see. Nothing reads or writes these tables yet.
    //
    // sessions: one row per signed-in browser or enrolled kiosk. The cookie value is never stored, only its
    //   SHA-256 (a database leak then gives no usable session). `last_seen_at` drives the inactivity
    //   expiry, `expires_at` the absolute one; logout sets `revoked_at` (kept for the journal, purged later).
    //   scope: 'user' (a person's session) or 'kiosk' (a device credential: PIN mode, check-ins only).
    // rate_limits: fixed-window counters, one row per bucket such as 'signin:account:<org>:<email>' or
    //   'signin:ip:<address>'. Counting is one atomic statement on either engine, so two servers never
    //   both grant the last attempt:
    //     INSERT INTO rate_limits (bucket, window_start_ms, hits) VALUES (?, ?, 1)
    //     ON CONFLICT (bucket) DO UPDATE SET
    //       hits = CASE WHEN rate_limits.window_start_ms = excluded.window_start_ms
    //                   THEN rate_limits.hits + 1 ELSE 1 END,
    //       window_start_ms = excluded.window_start_ms
    //     RETURNING hits
    //   Old windows are purged by `DELETE FROM rate_limits WHERE window_start_ms < ?`.
    version: 4,
    name: 'shared sessions and rate-limit counters (access control behind a load balancer)',
    sqlite: (db) =>
      db.exec(`
      CREATE TABLE sessions (
        token_hash TEXT PRIMARY KEY, org_id TEXT NOT NULL, user_id TEXT NOT NULL, scope TEXT NOT NULL,
        device_id TEXT, created_at TEXT NOT NULL, last_seen_at TEXT NOT NULL, expires_at TEXT NOT NULL,
        revoked_at TEXT) WITHOUT ROWID;
      CREATE INDEX sessions_by_user ON sessions (org_id, user_id);
      CREATE INDEX sessions_by_expiry ON sessions (expires_at);
      CREATE TABLE rate_limits (
        bucket TEXT PRIMARY KEY, window_start_ms INTEGER NOT NULL, hits INTEGER NOT NULL) WITHOUT ROWID;
      CREATE INDEX rate_limits_by_window ON rate_limits (window_start_ms);`),
    postgres: async (c) => {
      await c.query(`
      CREATE TABLE sessions (
        token_hash TEXT PRIMARY KEY, org_id TEXT NOT NULL, user_id TEXT NOT NULL, scope TEXT NOT NULL,
        device_id TEXT, created_at TEXT NOT NULL, last_seen_at TEXT NOT NULL, expires_at TEXT NOT NULL,
        revoked_at TEXT);
      CREATE INDEX sessions_by_user ON sessions (org_id, user_id);
      CREATE INDEX sessions_by_expiry ON sessions (expires_at);
      CREATE TABLE rate_limits (
        bucket TEXT PRIMARY KEY, window_start_ms BIGINT NOT NULL, hits INTEGER NOT NULL);
      CREATE INDEX rate_limits_by_window ON rate_limits (window_start_ms);`);
    },
  },
  {
    // Anonymous routes (sign-in, reset, org-status) look users up through an index kept in the same
    // transaction as the user records, never by scanning an organisation's users; server_settings holds
    // server-wide values such as the setup code's hash (never the code itself).
    version: 5,
    name: 'user lookup index (e-mail, reset token, active administrators) and server settings',
    sqlite: (db) => {
      db.exec(`
      CREATE TABLE user_index (
        org_id TEXT NOT NULL, user_id TEXT NOT NULL, email TEXT NOT NULL, status TEXT NOT NULL,
        profile_id TEXT NOT NULL, is_emergency INTEGER NOT NULL, reset_token_hash TEXT,
        PRIMARY KEY (org_id, user_id)) WITHOUT ROWID;
      CREATE INDEX user_index_by_email ON user_index (org_id, email);
      CREATE INDEX user_index_by_token ON user_index (org_id, reset_token_hash);
      CREATE INDEX user_index_by_status ON user_index (org_id, status, profile_id);
      CREATE TABLE server_settings (name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;`);
      const rows = db
        .prepare(`SELECT org_id, record_id, data FROM records WHERE collection = 'users' AND deleted = 0`)
        .all() as { org_id: string; record_id: string; data: string }[];
      const insert = db.prepare(
        `INSERT INTO user_index (${USER_INDEX_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)`,
      );
      for (const row of indexRowsOf(rows)) insert.run(...userIndexValues(row.orgId, row, 'sqlite'));
    },
    postgres: async (c) => {
      await c.query(`
      CREATE TABLE user_index (
        org_id TEXT NOT NULL, user_id TEXT NOT NULL, email TEXT NOT NULL, status TEXT NOT NULL,
        profile_id TEXT NOT NULL, is_emergency BOOLEAN NOT NULL, reset_token_hash TEXT,
        PRIMARY KEY (org_id, user_id));
      CREATE INDEX user_index_by_email ON user_index (org_id, email);
      CREATE INDEX user_index_by_token ON user_index (org_id, reset_token_hash);
      CREATE INDEX user_index_by_status ON user_index (org_id, status, profile_id);
      CREATE TABLE server_settings (name TEXT PRIMARY KEY, value TEXT NOT NULL);`);
      const { rows } = await c.query<{ org_id: string; record_id: string; data: string }>(
        `SELECT org_id, record_id, data FROM records WHERE collection = 'users' AND NOT deleted`,
      );
      for (const row of indexRowsOf(rows))
        await c.query(
          `INSERT INTO user_index (${USER_INDEX_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
          userIndexValues(row.orgId, row, 'postgres'),
        );
    },
  },
  {
    // Per-field stamps took six times the room of the data they describe (a full stamp per field, and a
    // second copy of every record's data in the change log): a record now stores one base stamp and only
    // the fields whose stamp differs (record-rows.ts), and its latest change shares the record's data.
    // Nothing is lost: decodeStamps gives back the same stamps, getRecordAt the same data.
    version: 6,
    name: "compact per-field stamps; the latest change shares its record's data",
    sqlite: (db) => {
      const page = db.prepare<[string, string, string], StampRow>(
        `SELECT org_id, collection, record_id, data, stamps FROM records
         WHERE (org_id, collection, record_id) > (?, ?, ?) ORDER BY org_id, collection, record_id LIMIT ${STAMP_PAGE}`,
      );
      const update = db.prepare<[string, string, string, string]>(
        'UPDATE records SET stamps = ? WHERE org_id = ? AND collection = ? AND record_id = ?',
      );
      let after: [string, string, string] = ['', '', ''];
      for (;;) {
        const rows = page.all(...after);
        for (const row of rows) {
          const compact = compactStamps(row);
          if (compact !== null) update.run(compact, row.org_id, row.collection, row.record_id);
        }
        const last = rows.at(-1);
        if (!last || rows.length < STAMP_PAGE) break;
        after = [last.org_id, last.collection, last.record_id];
      }
      db.exec(SHARE_LATEST_DATA);
    },
    postgres: async (c) => {
      let after: [string, string, string] = ['', '', ''];
      for (;;) {
        const { rows } = await c.query<StampRow>(
          `SELECT org_id, collection, record_id, data, stamps FROM records
           WHERE (org_id, collection, record_id) > ($1, $2, $3)
           ORDER BY org_id, collection, record_id LIMIT ${STAMP_PAGE}`,
          after,
        );
        const changed = rows.flatMap((row) => {
          const compact = compactStamps(row);
          return compact === null ? [] : [{ ...row, stamps: compact }];
        });
        if (changed.length > 0)
          await c.query(
            `UPDATE records r SET stamps = u.stamps
             FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS u(org_id, collection, record_id, stamps)
             WHERE r.org_id = u.org_id AND r.collection = u.collection AND r.record_id = u.record_id`,
            [
              changed.map((r) => r.org_id),
              changed.map((r) => r.collection),
              changed.map((r) => r.record_id),
              changed.map((r) => r.stamps),
            ],
          );
        const last = rows.at(-1);
        if (!last || rows.length < STAMP_PAGE) break;
        after = [last.org_id, last.collection, last.record_id];
      }
      await c.query(SHARE_LATEST_DATA);
    },
  },
  {
    // A teacher's whole-store read asks the database for their own records only (read-scope.ts): the
    // teacher of a record of the rules' "own" collections, as a column kept by putRecord, indexed.
    version: 7,
    name: 'owner column of the records about one teacher, indexed for per-viewer reads',
    sqlite: (db) =>
      db.exec(`
      ALTER TABLE records ADD COLUMN owner TEXT;
      UPDATE records SET owner = json_extract(data, '$.teacherUserId')
        WHERE collection IN (${OWNED_IN}) AND json_type(data, '$.teacherUserId') = 'text';
      CREATE INDEX records_by_owner ON records (org_id, collection, owner) WHERE owner IS NOT NULL;`),
    postgres: async (c) => {
      await c.query(`
      ALTER TABLE records ADD COLUMN owner TEXT COLLATE "C";
      UPDATE records SET owner = data::json->>'teacherUserId'
        WHERE collection IN (${OWNED_IN}) AND json_typeof(data::json->'teacherUserId') = 'string';
      CREATE INDEX records_by_owner ON records (org_id, collection, owner) WHERE owner IS NOT NULL;`);
    },
  },
  {
    // The database held 2.7 times the JSON of its records (bench/storage-bench.ts); three things made it so.
    // - change_log had one entry per record even for its current version (keys, mutation id, time), while
    //   `records` IS the current version. It now keeps superseded versions only: putRecord moves a record's
    //   previous version there before overwriting it, so `records` ∪ `change_log` is still every version of
    //   every record and getRecordAt reads the same data at every revision. The mutation id and time of each
    //   change were written and never read (a change is known by its revision).
    // - mutations kept the device id and the time of each mutation id, never read: deduplication needs the
    //   id; its revision and status stay.
    // - SQLite only: records and change_log were WITHOUT ROWID tables, which suit rows far smaller than ours
    //   (SQLite advises under 1/20 of a page: a record is ~400 bytes, a timetable 3 KB). Their B-tree kept a
    //   copy of whole rows in its interior pages and spilled every row over ~1 KB to a mostly empty overflow
    //   page. They become rowid tables (rows packed in the order they are written) with the same primary
    //   key, now a separate index; PostgreSQL's tables are heaps already.
    version: 8,
    name: 'change log of superseded versions only; mutation ids without device and time; rowid records (SQLite)',
    sqlite: (db) =>
      db.exec(`
      CREATE TABLE records_v8 (
        org_id TEXT NOT NULL, collection TEXT NOT NULL, record_id TEXT NOT NULL,
        rev INTEGER NOT NULL, deleted INTEGER NOT NULL DEFAULT 0,
        data TEXT NOT NULL, stamps TEXT NOT NULL, owner TEXT,
        PRIMARY KEY (org_id, collection, record_id));
      INSERT INTO records_v8 (org_id, collection, record_id, rev, deleted, data, stamps, owner)
        SELECT org_id, collection, record_id, rev, deleted, data, stamps, owner FROM records
        ORDER BY org_id, rev, collection, record_id;
      CREATE TABLE change_log_v8 (
        org_id TEXT NOT NULL, collection TEXT NOT NULL, record_id TEXT NOT NULL, rev INTEGER NOT NULL,
        deleted INTEGER NOT NULL, data TEXT NOT NULL,
        PRIMARY KEY (org_id, collection, record_id, rev));
      ${KEEP_SUPERSEDED('change_log_v8')};
      DROP TABLE change_log;
      DROP TABLE records;
      ALTER TABLE records_v8 RENAME TO records;
      ALTER TABLE change_log_v8 RENAME TO change_log;
      CREATE INDEX records_by_rev ON records (org_id, rev, collection, record_id);
      CREATE INDEX records_by_owner ON records (org_id, collection, owner) WHERE owner IS NOT NULL;
      CREATE TABLE mutations_v8 (
        org_id TEXT NOT NULL, mutation_id TEXT NOT NULL, rev INTEGER NOT NULL, status TEXT NOT NULL,
        PRIMARY KEY (org_id, mutation_id)) WITHOUT ROWID;
      ${KEEP_MUTATION_IDS('mutations_v8')};
      DROP TABLE mutations;
      ALTER TABLE mutations_v8 RENAME TO mutations;`),
    postgres: async (c) => {
      await c.query(`
      CREATE TABLE change_log_v8 (
        org_id TEXT NOT NULL, collection TEXT COLLATE "C" NOT NULL, record_id TEXT COLLATE "C" NOT NULL,
        rev BIGINT NOT NULL, deleted BOOLEAN NOT NULL, data TEXT NOT NULL,
        CONSTRAINT change_log_v8_pkey PRIMARY KEY (org_id, collection, record_id, rev));
      ${KEEP_SUPERSEDED('change_log_v8')};
      DROP TABLE change_log;
      ALTER TABLE change_log_v8 RENAME TO change_log;
      ALTER TABLE change_log RENAME CONSTRAINT change_log_v8_pkey TO change_log_pkey;
      CREATE TABLE mutations_v8 (
        org_id TEXT NOT NULL, mutation_id TEXT NOT NULL, rev BIGINT NOT NULL, status TEXT NOT NULL,
        CONSTRAINT mutations_v8_pkey PRIMARY KEY (org_id, mutation_id));
      ${KEEP_MUTATION_IDS('mutations_v8')};
      DROP TABLE mutations;
      ALTER TABLE mutations_v8 RENAME TO mutations;
      ALTER TABLE mutations RENAME CONSTRAINT mutations_v8_pkey TO mutations_pkey;`);
    },
  },
  {
    // Per-field stamps still took a third of a record: every stamp spelt out its device id (a UUID, the same
    // for the thousands of records one device writes) and `id`, which no mutation writes, was listed unstamped
    // in nearly every record. A device id is now stored once per organisation, in `writers`, and stamps
    // carry its number (record-rows.ts); `id` is unstamped unless its stamp is written out. decodeStamps
    // gives back the same stamps; the base stamp's revision is stored as its distance below the record's.
    // On SQLite the records are copied (rows shrink: a copy leaves no holes). A mutation's status, stored
    // for every mutation id, becomes one letter (record-rows.ts).
    version: 9,
    name: 'device ids of stamps numbered per organisation (writers); mutation statuses as letters',
    sqlite: (db) => {
      db.exec(`${WRITERS_TABLE('sqlite')};
        CREATE TABLE records_v9 (
          org_id TEXT NOT NULL, collection TEXT NOT NULL, record_id TEXT NOT NULL,
          rev INTEGER NOT NULL, deleted INTEGER NOT NULL DEFAULT 0,
          data TEXT NOT NULL, stamps TEXT NOT NULL, owner TEXT,
          PRIMARY KEY (org_id, collection, record_id));`);
      const page = db.prepare<[string, number, string, string], RecordCopyRow>(
        `SELECT org_id, collection, record_id, rev, deleted, data, stamps, owner FROM records
         WHERE (org_id, rev, collection, record_id) > (?, ?, ?, ?)
         ORDER BY org_id, rev, collection, record_id LIMIT ${STAMP_PAGE}`,
      );
      const copy = db.prepare(
        `INSERT INTO records_v9 (org_id, collection, record_id, rev, deleted, data, stamps, owner)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      );
      const writer = db.prepare('INSERT INTO writers (org_id, n, client_id) VALUES (?, ?, ?)');
      const numbering = new WriterNumbering();
      let after: [string, number, string, string] = ['', -1, '', ''];
      for (;;) {
        const rows = page.all(...after);
        for (const r of rows)
          copy.run(
            r.org_id,
            r.collection,
            r.record_id,
            r.rev,
            r.deleted,
            r.data,
            numberedStamps(r, numbering),
            r.owner,
          );
        for (const w of numbering.take()) writer.run(w.orgId, w.n, w.clientId);
        const last = rows.at(-1);
        if (!last || rows.length < STAMP_PAGE) break;
        after = [last.org_id, last.rev, last.collection, last.record_id];
      }
      db.exec(`
        DROP TABLE records;
        ALTER TABLE records_v9 RENAME TO records;
        CREATE INDEX records_by_rev ON records (org_id, rev, collection, record_id);
        CREATE INDEX records_by_owner ON records (org_id, collection, owner) WHERE owner IS NOT NULL;
        ${STATUS_LETTERS_SQL};`);
    },
    postgres: async (c) => {
      await c.query(WRITERS_TABLE('postgres'));
      const numbering = new WriterNumbering();
      let after: [string, string, string] = ['', '', ''];
      for (;;) {
        const { rows } = await c.query<StampRow & { rev: string }>(
          `SELECT org_id, collection, record_id, rev, data, stamps FROM records
           WHERE (org_id, collection, record_id) > ($1, $2, $3)
           ORDER BY org_id, collection, record_id LIMIT ${STAMP_PAGE}`,
          after,
        );
        if (rows.length > 0)
          await c.query(
            `UPDATE records r SET stamps = u.stamps
             FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS u(org_id, collection, record_id, stamps)
             WHERE r.org_id = u.org_id AND r.collection = u.collection AND r.record_id = u.record_id`,
            [
              rows.map((r) => r.org_id),
              rows.map((r) => r.collection),
              rows.map((r) => r.record_id),
              rows.map((r) => numberedStamps(r, numbering)),
            ],
          );
        const added = numbering.take();
        if (added.length > 0)
          await c.query(
            'INSERT INTO writers (org_id, n, client_id) SELECT * FROM unnest($1::text[], $2::int[], $3::text[])',
            [added.map((w) => w.orgId), added.map((w) => w.n), added.map((w) => w.clientId)],
          );
        const last = rows.at(-1);
        if (!last || rows.length < STAMP_PAGE) break;
        after = [last.org_id, last.collection, last.record_id];
      }
      await c.query(STATUS_LETTERS_SQL);
    },
  },
];
