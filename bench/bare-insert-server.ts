/**
 * The reference of the check-in measurement: a bare Fastify route inserting each request's body in one
 * table, with the app server's storage settings (SQLite: WAL, synchronous=FULL, one fsync per request;
 * PostgreSQL: one INSERT per request on a pool of the same size). No session, no validation, no merge:
 * what the hardware gives. Run by bench/storage-bench.ts as `node --import tsx bench/bare-insert-server.ts`
 * with PORT and DATA_FILE or DATABASE_URL (and WORKERS).
 */
import cluster from 'node:cluster';
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import pg from 'pg';

const port = Number(process.env.PORT ?? 0);
// WORKERS (PostgreSQL only), as the app server's (server/cluster.ts): that many processes on the port, so that
// the reference and the app are compared with the same number of processes.
const workers = process.env.DATABASE_URL ? Math.max(1, Number(process.env.WORKERS ?? 1)) : 1;
const CREATE_PG = 'CREATE TABLE IF NOT EXISTS bare_inserts (id BIGSERIAL PRIMARY KEY, body TEXT NOT NULL)';

if (workers > 1 && cluster.isPrimary) {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
  await pool.query(CREATE_PG);
  await pool.end();
  for (let i = 0; i < workers; i += 1) cluster.fork();
  const stop = () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM');
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} else await serve();

async function serve(): Promise<void> {
  const app = Fastify({ logger: false, bodyLimit: 1024 * 1024 });

  if (process.env.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
    if (cluster.isPrimary) await pool.query(CREATE_PG);
    app.post('/insert', async (request) => {
      await pool.query('INSERT INTO bare_inserts (body) VALUES ($1)', [JSON.stringify(request.body)]);
      return { ok: true };
    });
    // The reference (issue 31: "a Fastify + pg route doing BEGIN/INSERT/COMMIT"): the same insert in a
    // transaction of its own on a pooled client, three round trips.
    app.post('/insert-tx', async (request) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query('INSERT INTO bare_inserts (body) VALUES ($1)', [JSON.stringify(request.body)]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
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
}
