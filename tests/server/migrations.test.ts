import Database from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../server/storage/migrations';
import { SQLITE_MIGRATIONS } from '../../server/storage/sqlite-sync-storage';
import type { StoreV1 } from '../../src/domain/store/schema';
import { sampleStore } from '../fixtures/sample-store';
import { readStore } from '../../server/sync-service';
import { api, openSession, serverBackends, useTestDb, withPostgres, type TestDatabase } from './helpers';

/** One list of numbered migrations for both engines, run at start. */
const backends = await serverBackends();

it('numbers the migrations 1..n, each with a step for both engines', () => {
  expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
  expect(SQLITE_MIGRATIONS).toHaveLength(MIGRATIONS.length);
});

const foundationDoc = { ...sampleStore('pbkdf2$hash'), currentUserId: undefined };

/** A database as the foundation left it: migration 1 only, one whole document at revision 7. */
async function foundationDatabase(db: TestDatabase): Promise<void> {
  const doc = JSON.stringify(foundationDoc);
  const at = '2026-11-01T10:00:00.000Z';
  if (db.backend === 'sqlite') {
    const sqlite = new Database(db.file);
    MIGRATIONS[0]?.sqlite(sqlite);
    sqlite.pragma('user_version = 1');
    sqlite.prepare('INSERT INTO stores VALUES (?, 7, ?, ?)').run('demo', doc, at);
    sqlite.close();
    return;
  }
  const pool = new pg.Pool({ connectionString: db.databaseUrl ?? '' });
  const client = await pool.connect();
  try {
    await MIGRATIONS[0]?.postgres(client);
    await client.query(`CREATE TABLE schema_migrations (
      version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`);
    await client.query(`INSERT INTO schema_migrations (version, name) VALUES (1, 'foundation')`);
    await client.query('INSERT INTO stores VALUES ($1, 7, $2, $3)', ['demo', doc, at]);
  } finally {
    client.release();
    await pool.end();
  }
}

async function appliedVersions(db: TestDatabase): Promise<number[]> {
  if (db.backend === 'sqlite') {
    const sqlite = new Database(db.file, { readonly: true });
    const version = sqlite.pragma('user_version', { simple: true }) as number;
    sqlite.close();
    return Array.from({ length: version }, (_, i) => i + 1);
  }
  return withPostgres(db, async (client) =>
    (
      await client.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version')
    ).rows.map((r) => r.version),
  );
}

describe.each(backends)('$name: migrations at start', (backend) => {
  // The database is written as an older server left it before the server starts (startWith).
  const testDb = useTestDb(backend, {}, { deferStart: true });

  it('upgrades a foundation database: its document becomes records at its revision', async () => {
    const db = testDb.data;
    await foundationDatabase(db);
    const server = await testDb.startWith();
    // Its hash opens no password: a session is opened in storage for its administrator.
    const cookie = await openSession(server.storage, 'demo', 'u-admin');
    const response = await api(`${server.url}/api/store?orgId=demo`, cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toBe('"7"');
    expect(((await response.json()) as StoreV1).users.map((u) => u.id)).toEqual(['u-admin', 'u-teacher']);
    // Every record as the server holds it (sessions receive them filtered by profile).
    const { currentUserId: _ignored, ...expected } = foundationDoc;
    const { revision, store } = await readStore(server.storage, 'demo');
    expect(revision).toBe(7);
    expect(store.users).toEqual(expected.users);
    expect(store.timetables).toEqual(expected.timetables);
    expect(store.planningLogs).toEqual(expected.planningLogs);
    await testDb.stop();
    expect(await appliedVersions(db)).toEqual(MIGRATIONS.map((m) => m.version));
  });

  it('creates the shared session and rate-limit tables, and runs nothing twice on restart', async () => {
    const db = testDb.data;
    // A start, then a restart on the same database.
    await testDb.startWith();
    await testDb.startWith();
    await testDb.stop();
    expect(await appliedVersions(db)).toEqual(MIGRATIONS.map((m) => m.version));
    if (db.backend === 'sqlite') {
      const sqlite = new Database(db.file, { readonly: true });
      const names = sqlite
        .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`)
        .all() as { name: string }[];
      sqlite.close();
      expect(names.map((n) => n.name)).toEqual(expect.arrayContaining(['sessions', 'rate_limits']));
    } else {
      const tables = await withPostgres(db, async (client) =>
        (
          await client.query<{ t: string | null }>(
            `SELECT to_regclass('sessions')::text AS t UNION ALL SELECT to_regclass('rate_limits')::text`,
          )
        ).rows.map((r) => r.t),
      );
      expect(tables).toEqual(['sessions', 'rate_limits']);
    }
  });
});
