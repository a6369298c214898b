/**
 * Part of `npm run bench` (bench/run-all.mjs): the server near its storage ceiling, each figure beside a
 * reference measured in the same run (a busy machine slows both alike; compare the ratios, not the absolute
 * numbers).
 *
 * 1. Check-in batches/s and p99 (autocannon, BENCH_CONNECTIONS=16 for BENCH_SECONDS=10) of the real server
 *    process, against a bare Fastify route inserting each body with the same storage settings
 *    (bench/bare-insert-server.ts), in BENCH_ROUNDS (3) alternating rounds after BENCH_WARMUP (3) seconds
 *    on each; medians and each round's ratio. Each batch is a real check-in that the server applies (the
 *    count of stored statuses is printed). SQLite always; PostgreSQL too when TEST_DATABASE_URL is set,
 *    against the reference issue 31 names (BEGIN/INSERT/COMMIT), the single INSERT printed beside it.
 *    Goal ≥ 0.5.
 * 2. Database size over the JSON it holds, on the 5,001-user organisation of bench/large-org.ts (users and
 *    timetables by an import, 50,000 logs pushed by devices in batches of 50). Goal ≤ 2.
 * 3. Catch-up of 10,000 changes, server side: 20 pages of /api/changes (storage read, records as devices
 *    receive them, JSON text) against a bare SELECT of the same rows. Issue goal for the whole catch-up ≤ 1 s.
 * BENCH_ONLY=throughput|size|catchup runs one part.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import pg from 'pg';
import { openSqliteSyncStorage } from '../server/storage/sqlite-sync-storage';
import { applyBatch, applyWholeStore, readChanges, readStore } from '../server/sync-service';
import { DEFAULT_CHANGES_PAGE } from '../src/domain/sync/protocol';
import {
  probePostgres,
  serverBackends,
  stopProcess,
  tempDataFile,
  TEST_SETUP_CODE,
  type Backend,
  type TestDatabase,
} from '../tests/server/helpers';
import { appServerArgs, FROM_SOURCES } from './app-server';
import { checkInBatch, seedSchool } from './checkin-load';
import { largeOrgBase, logBatches } from './large-org';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const ONLY = process.env.BENCH_ONLY?.toLowerCase();
const lines: string[] = [];
const say = (line: string) => {
  lines.push(line);
  process.stdout.write(`${line}\n`);
};
const round = (n: number, digits = 2) => Number(n.toFixed(digits));

/**
 * Requests sent by every load of this run: each body is numbered from it, so each check-in is new. Until this
 * session every load counted from 1 again, and from the second load on the app mostly answered known mutation
 * ids as duplicates (a stored-status count far below the batches sent showed it).
 */
let sent = 0;

interface Load {
  /** Requests answered 2xx. */
  ok: number;
  rps: number;
  p99: number;
  failed: number;
}

async function load(
  url: string,
  path: string,
  cookie: string,
  body: (n: number) => string,
  seconds = SECONDS,
): Promise<Load> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        path,
        headers: { 'content-type': 'application/json', cookie },
        setupRequest: (request) => {
          sent += 1;
          return { ...request, body: body(sent) };
        },
      },
    ],
  });
  return {
    ok: result['2xx'],
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

/** A server process (the app or the bare route); a busy machine may take long to start one. */
async function spawnServer(
  script: string,
  db: TestDatabase,
  port: number,
  cwd?: string,
): Promise<ChildProcess> {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  // The app as `npm start` runs it (the compiled bundle, app-server.ts); the bare route from its source.
  const args = script === 'server/main.ts' ? appServerArgs(cwd) : ['--import', 'tsx', script];
  const child = spawn(process.execPath, args, {
    ...(cwd ? { cwd } : {}),
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_FILE: db.file,
      STATIC_DIR: '',
      SETUP_CODE: TEST_SETUP_CODE,
      // The measurement pushes far more than a session's write budget allows (tested on its own).
      // Counted in units of 100 mutations, rounded up per request: 10^7 was 100,000 requests a minute, which
      // a long run on one server passes (429s).
      WRITE_BUDGET_MUTATIONS: '1000000000000',
      WRITE_BUDGET_BYTES: String(10 * 1024 ** 3),
      ...(db.databaseUrl ? { DATABASE_URL: db.databaseUrl, WORKERS: String(WORKERS) } : {}),
    },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${script} did not start`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * BENCH_WORKERS (PostgreSQL): processes per server, the app's (WORKERS, server/cluster.ts) and the bare
 * route's alike; SQLite keeps one.
 */
const WORKERS = Math.max(1, Number(process.env.BENCH_WORKERS ?? 1));

/**
 * BENCH_BASELINE_DIR: a copy of an earlier version of the project (server/, src/, scripts/, a node_modules link:
 * e.g. `git archive <commit> server src scripts package.json | tar -x -C dir`), whose app server (compiled by
 * its own build script, app-server.ts) is measured in the same alternating
 * rounds on the next port but one: a before/after pair from one run.
 */
const BASELINE_DIR = process.env.BENCH_BASELINE_DIR;

/** Seconds of load on each server before the measured rounds (BENCH_WARMUP, default 3; 0: none). */
const WARMUP = Math.max(0, Number(process.env.BENCH_WARMUP ?? 3));

/** Alternating rounds of app and reference: a burst of noise on a shared machine hits one round, not one side. */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));

async function throughput(backend: Backend): Promise<void> {
  // BENCH_PORT (and the next one) when set: a shared machine gives each bench its ports.
  const port = Number(process.env.BENCH_PORT ?? 0) || 40_000 + Math.floor(Math.random() * 10_000);
  const body = (n: number) => checkInBatch(n, `bench-${n % 50}`);
  // The app: one school, a teacher's session, each request one check-in batch (two mutations); beside it the
  // bare insert route. Both servers stay up; the loads alternate, ROUNDS times, in a rotating order.
  const appDb = await backend.fresh();
  const bareDb = await backend.fresh();
  const baseDb = BASELINE_DIR ? await backend.fresh() : null;
  const children: ChildProcess[] = [];
  let statuses: string | undefined;
  const apps: Load[] = [];
  const bares: Load[] = [];
  /** PostgreSQL: the issue's own reference, the insert in BEGIN/INSERT/COMMIT (bare-insert-server.ts). */
  const bareTxs: Load[] = [];
  const bases: Load[] = [];
  let acknowledged = 0;
  try {
    children.push(await spawnServer('server/main.ts', appDb, port));
    children.push(await spawnServer('bench/bare-insert-server.ts', bareDb, port + 1));
    if (baseDb && BASELINE_DIR)
      children.push(await spawnServer('server/main.ts', baseDb, port + 2, BASELINE_DIR));
    const cookie = await seedSchool(`http://127.0.0.1:${port}`, 's-0');
    const baseCookie = baseDb ? await seedSchool(`http://127.0.0.1:${port + 2}`, 's-0') : '';
    // A short load on each server first (BENCH_WARMUP seconds, not counted): the first round no longer
    // measures the JIT and the pools' first connections of the app alone.
    if (WARMUP > 0) {
      acknowledged += (
        await load(`http://127.0.0.1:${port}`, '/api/mutations?orgId=s-0', cookie, body, WARMUP)
      ).ok;
      await load(`http://127.0.0.1:${port + 1}`, '/insert', '', body, WARMUP);
      if (backend.name === 'postgres')
        await load(`http://127.0.0.1:${port + 1}`, '/insert-tx', '', body, WARMUP);
      if (baseDb)
        await load(`http://127.0.0.1:${port + 2}`, '/api/mutations?orgId=s-0', baseCookie, body, WARMUP);
    }
    // Each round runs the loads in another order (rotated by one): the load that follows another one's writes
    // (a checkpoint, autovacuum, dirty pages to flush) is not always the same, so no side keeps that place.
    const loads: (() => Promise<void>)[] = [
      async () =>
        void apps.push(await load(`http://127.0.0.1:${port}`, '/api/mutations?orgId=s-0', cookie, body)),
      async () => void bares.push(await load(`http://127.0.0.1:${port + 1}`, '/insert', '', body)),
      ...(backend.name === 'postgres'
        ? [async () => void bareTxs.push(await load(`http://127.0.0.1:${port + 1}`, '/insert-tx', '', body))]
        : []),
      ...(baseDb
        ? [
            async () =>
              void bases.push(
                await load(`http://127.0.0.1:${port + 2}`, '/api/mutations?orgId=s-0', baseCookie, body),
              ),
          ]
        : []),
    ];
    for (let round = 0; round < ROUNDS; round += 1)
      for (let i = 0; i < loads.length; i += 1)
        await (loads[(round + i) % loads.length] as () => Promise<void>)();
    await Promise.all(children.map((child) => stopProcess(child)));
    acknowledged += apps.reduce((n, l) => n + l.ok, 0);
    statuses = await mutationStatuses(appDb);
  } finally {
    await Promise.all(children.map((child) => stopProcess(child)));
    await appDb.cleanup();
    await bareDb.cleanup();
    await baseDb?.cleanup();
  }
  const mid = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)] ?? NaN;
  const app = { rps: mid(apps.map((l) => l.rps)), p99: mid(apps.map((l) => l.p99)) };
  const bare = { rps: mid(bares.map((l) => l.rps)), p99: mid(bares.map((l) => l.p99)) };
  const failed = apps.reduce((n, l) => n + l.failed, 0);
  const processes = backend.name === 'postgres' && WORKERS > 1 ? `, ${WORKERS} processes per server` : '';
  // SQLite: against the bare insert (one transaction, one fsync per request). PostgreSQL: against the
  // reference issue 31 names, "a Fastify + pg route doing BEGIN/INSERT/COMMIT"; the single autocommit INSERT
  // (one round trip instead of three) is printed beside it, a stricter figure.
  const reference = bareTxs.length > 0 ? bareTxs : bares;
  const refName = bareTxs.length > 0 ? 'bare BEGIN/INSERT/COMMIT' : 'bare insert';
  const ref = { rps: mid(reference.map((l) => l.rps)), p99: mid(reference.map((l) => l.p99)) };
  const ratios = apps.map((l, i) => round(l.rps / (reference[i]?.rps ?? NaN))).join(' / ');
  const ratio = app.rps / ref.rps;
  say(
    `| ${backend.name}${processes} check-in batches (median of ${ROUNDS} alternating rounds) | ${app.rps}/s, p99 ${app.p99} ms (${failed} failed) | ${refName} ${ref.rps}/s, p99 ${ref.p99} ms | ratio ${round(ratio)} (rounds ${ratios}; goal ≥ 0.5: ${ratio >= 0.5 ? 'PASS' : 'MISS'}) |`,
  );
  if (bareTxs.length > 0)
    say(
      `| ${backend.name}${processes}, against the single INSERT | ${app.rps}/s | bare insert ${bare.rps}/s, p99 ${bare.p99} ms | ratio ${round(app.rps / bare.rps)} (rounds ${apps.map((l, i) => round(l.rps / (bares[i]?.rps ?? NaN))).join(' / ')}) |`,
    );
  // Every check-in of the load was a real one: the server applied it (checkin-load.ts).
  // Two mutations per batch, warm-up included: as many stored as acknowledged, none taken for a duplicate.
  say(
    `|   mutations stored by the app | ${statuses ?? '?'} | ${acknowledged} batches acknowledged (${WARMUP} s of warm-up included), 2 mutations each | |`,
  );
  // Each round beside its own references (and the earlier version's app, BENCH_BASELINE_DIR).
  apps.forEach((l, i) => {
    const single = bares[i];
    const tx = bareTxs[i];
    const base = bases[i];
    const own = tx ?? single;
    say(
      `|   round ${i + 1} | ${l.rps}/s, p99 ${l.p99} ms | ${tx ? `BEGIN/INSERT/COMMIT ${tx.rps}/s, p99 ${tx.p99} ms; ` : ''}bare insert ${single?.rps}/s, p99 ${single?.p99} ms | ${round(l.rps / (own?.rps ?? NaN))}${base ? `; baseline app ${base.rps}/s, p99 ${base.p99} ms: ${round(base.rps / (own?.rps ?? NaN))}` : ''} |`,
    );
  });
  if (bases.length > 0) {
    const base = mid(bases.map((l) => l.rps));
    say(
      `| ${backend.name} baseline app (${BASELINE_DIR}), median | ${base}/s, p99 ${mid(bases.map((l) => l.p99))} ms (${bases.reduce((n, l) => n + l.failed, 0)} failed) | ${refName} ${ref.rps}/s | ratio ${round(base / ref.rps)}; this version / baseline ${round(app.rps / base)} |`,
    );
  }
}

/** How the app's stored mutation ids ended (a = applied, r = refused, …), counted in its database. */
async function mutationStatuses(db: TestDatabase): Promise<string> {
  const sql = 'SELECT status, count(*) AS n FROM mutations GROUP BY status ORDER BY status';
  let rows: { status: string; n: number | string }[];
  if (db.databaseUrl) {
    const client = new pg.Client({ connectionString: db.databaseUrl });
    await client.connect();
    try {
      rows = (await client.query<{ status: string; n: string }>(sql)).rows;
    } finally {
      await client.end();
    }
  } else {
    const sqlite = new Database(db.file, { readonly: true });
    rows = sqlite.prepare(sql).all() as { status: string; n: number }[];
    sqlite.close();
  }
  return rows.map((r) => `${r.status} ${r.n}`).join(', ');
}

async function sizeAndCatchUp(): Promise<void> {
  const data = tempDataFile();
  try {
    const storage = openSqliteSyncStorage(data.file);
    const now = new Date('2026-11-16T08:00:00.000Z');
    let t = performance.now();
    const base = await applyWholeStore(storage, 'org', largeOrgBase(), null, now);
    if (!base.ok) throw new Error('seed refused');
    for (const batch of logBatches(50))
      await applyBatch(storage, 'org', batch.clientId, batch.mutations, now);
    const seedMs = performance.now() - t;
    const { revision, store } = await readStore(storage, 'org');
    const json = Buffer.byteLength(JSON.stringify(store));
    const records = Object.values(store as Record<string, unknown>).reduce<number>(
      (n, list) => n + (Array.isArray(list) ? list.length : 0),
      0,
    );

    if (!ONLY || ONLY === 'catchup') {
      // The last 10,000 changes, as a device that knows revision `since` asks for them.
      const since = revision - 10_000 / 50;
      t = performance.now();
      let after = { rev: since, collection: '\uffff', id: '' };
      let changes = 0;
      for (;;) {
        const page = await readChanges(storage, 'org', after, DEFAULT_CHANGES_PAGE);
        JSON.stringify(page);
        changes += page.changes.length;
        const last = page.changes.at(-1);
        if (!page.next || !last) break;
        after = { rev: last.rev, collection: last.collection, id: last.id };
      }
      const catchUpMs = performance.now() - t;
      await storage.close();
      const db = new Database(data.file, { readonly: true });
      t = performance.now();
      const rows = db
        .prepare(
          `SELECT collection, record_id, rev, deleted, data FROM records WHERE org_id = ? AND rev > ?
           ORDER BY rev, collection, record_id`,
        )
        .all('org', since) as { data: string }[];
      JSON.stringify(rows.map((r) => ({ ...r, data: JSON.parse(r.data) as unknown })));
      const bareMs = performance.now() - t;
      db.close();
      say(
        `| catch-up of ${changes} changes, server side | ${Math.round(catchUpMs)} ms (${Math.ceil(changes / DEFAULT_CHANGES_PAGE)} pages) | bare SELECT ${Math.round(bareMs)} ms | ratio ${round(catchUpMs / bareMs)} |`,
      );
    } else await storage.close();

    const db = new Database(data.file);
    db.pragma('wal_checkpoint(TRUNCATE)');
    const tables = db
      .prepare('SELECT name, sum(pgsize) AS bytes FROM dbstat GROUP BY name ORDER BY bytes DESC LIMIT 5')
      .all() as { name: string; bytes: number }[];
    db.close();
    const size = fs.statSync(data.file).size;
    say(
      `| database size, ${records} records (seeded in ${Math.round(seedMs / 1000)} s) | ${round(size / 1e6, 1)} MB | JSON ${round(json / 1e6, 1)} MB | ratio ${round(size / json)} (goal ≤ 2: ${size / json <= 2 ? 'PASS' : 'MISS'}) |`,
    );
    say(
      `|   largest tables | ${tables.map((x) => `${x.name} ${round(x.bytes / 1e6, 1)} MB`).join(', ')} | | |`,
    );
  } finally {
    data.cleanup();
  }
}

say('| Figure | Measured | Reference (same run) | Ratio |');
say('|---|---|---|---|');
if (!ONLY || ONLY === 'throughput') {
  const backends = await serverBackends();
  const explicitPostgres = !!process.env.TEST_DATABASE_URL && process.env.TEST_DATABASE_URL !== 'off';
  // BENCH_BACKEND=sqlite|postgres: one backend only.
  const only = process.env.BENCH_BACKEND?.toLowerCase();
  for (const backend of backends) {
    if (backend.name === 'postgres' && !explicitPostgres) continue;
    if (only && backend.name !== only) continue;
    await throughput(backend);
  }
  if (!explicitPostgres) say(`(PostgreSQL: set TEST_DATABASE_URL; ${(await probePostgres()).note})`);
}
if (!ONLY || ONLY === 'size' || ONLY === 'catchup') await sizeAndCatchUp();
say(
  `\n${SECONDS} s per load, ${CONNECTIONS} connections; one check-in batch = 2 mutations; app server ${FROM_SOURCES ? 'from its TypeScript sources (tsx, BENCH_SOURCES=1)' : 'as npm start runs it (compiled bundle)'}.`,
);
