import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { StoreV1 } from '../../src/domain/store/schema';
import type { StoreRepository, StoredDocument, WriteResult } from './store-repository';

const MIGRATIONS: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS stores (
     org_id TEXT PRIMARY KEY,
     revision INTEGER NOT NULL,
     doc TEXT NOT NULL,
     updated_at TEXT NOT NULL
   )`,
];

export function openSqliteStoreRepository(file: string): StoreRepository {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // FULL: an acknowledged write survives a power cut, not only a process crash.
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  const version = db.pragma('user_version', { simple: true }) as number;
  db.transaction(() => {
    for (let i = version; i < MIGRATIONS.length; i += 1) db.exec(MIGRATIONS[i] ?? '');
    db.pragma(`user_version = ${MIGRATIONS.length}`);
  })();

  const select = db.prepare<[string], { revision: number; doc: string }>(
    'SELECT revision, doc FROM stores WHERE org_id = ?',
  );
  const upsert = db.prepare<[string, number, string, string]>(
    `INSERT INTO stores (org_id, revision, doc, updated_at) VALUES (?, ?, ?, ?)
     ON CONFLICT(org_id) DO UPDATE SET revision = excluded.revision, doc = excluded.doc, updated_at = excluded.updated_at`,
  );

  const write = db.transaction((orgId: string, doc: StoreV1, expected: number | null): WriteResult => {
    const current = select.get(orgId)?.revision ?? 0;
    if (expected !== null && expected !== current)
      return { ok: false, reason: 'revision-mismatch', revision: current };
    const revision = current + 1;
    upsert.run(orgId, revision, JSON.stringify(doc), new Date().toISOString());
    return { ok: true, revision };
  });

  return {
    read(orgId): StoredDocument {
      const row = select.get(orgId);
      return row
        ? { revision: row.revision, doc: JSON.parse(row.doc) as StoreV1 }
        : { revision: 0, doc: null };
    },
    write: (orgId, doc, expected) => write.immediate(orgId, doc, expected),
    close: () => db.close(),
  };
}
