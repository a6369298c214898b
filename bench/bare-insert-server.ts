/**
 * The reference of the check-in measurement: a bare Fastify route inserting each request's body in one
 * table, with the app server's storage settings (SQLite: WAL, synchronous=FULL, one fsync per request;
 * PostgreSQL: one INSERT per request on a pool of the same size). No session, no validation, no merge:
 * what the hardware gives. Run by bench/storage-bench.ts as `node --import tsx bench/bare-insert-server.ts`
 * with PORT and DATA_FILE or DATABASE_URL.
 */
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import pg from 'pg';

const port = Number(process.env.PORT ?? 0);
const app = Fastify({ logger: false, bodyLimit: 1024 * 1024 });

if (process.env.DATABASE_URL) {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  await pool.query('CREATE TABLE IF NOT EXISTS bare_inserts (id BIGSERIAL PRIMARY KEY, body TEXT NOT NULL)');
  app.post('/insert', async (request) => {
    await pool.query('INSERT INTO bare_inserts (body) VALUES ($1)', [JSON.stringify(request.body)]);
    return { ok: true };
  });
} else {
  const db = new Database(process.env.DATA_FILE ?? '/tmp/bare-insert.sqlite');
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  db.exec('CREATE TABLE IF NOT EXISTS bare_inserts (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
  const insert = db.prepare('INSERT INTO bare_inserts (body) VALUES (?)');
  app.post('/insert', (request) => {
    insert.run(JSON.stringify(request.body));
    return { ok: true };
  });
}
app.get('/api/health', () => ({ ok: true }));
await app.listen({ port, host: '127.0.0.1' });
