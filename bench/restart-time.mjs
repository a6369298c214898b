// Restart time (issue 31): from the process start to the first 200 of /api/health, for the server compiled
// once (dist-server/main.mjs, as `npm start` runs it) beside the TypeScript entry point compiled at each start
// (`node --import tsx server/main.ts`, as before), alternated in the same run, on SQLite and, when one answers
// at TEST_DATABASE_URL (default: the server suite's), PostgreSQL. Each database exists already: a restart.
// RESTART_RUNS (default 5) starts per mode and engine. Prints the median and the range in milliseconds.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildServer, SERVER_BUNDLE, serverBundleStale } from '../scripts/build-server.mjs';

const RUNS = Number(process.env.RESTART_RUNS ?? 5);
const PG_URL =
  process.env.TEST_DATABASE_URL ?? 'postgresql://emargement:emargement@127.0.0.1:5432/emargement_test';
const MODES = {
  compiled: ['--enable-source-maps', SERVER_BUNDLE],
  tsx: ['--import', 'tsx', 'server/main.ts'],
};

async function timeStart(args, env) {
  // RESTART_PORT when set: a shared machine gives each bench its port.
  const port = Number(process.env.RESTART_PORT ?? 0) || 30_000 + Math.floor(Math.random() * 20_000);
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      STATIC_DIR: '',
      SETUP_CODE: 'BENCH-CODE',
    },
    stdio: 'ignore',
  });
  let exited = false;
  child.on('exit', () => (exited = true));
  try {
    for (;;) {
      if (exited) throw new Error(`the server stopped: ${args.join(' ')}`);
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (response.ok) return { wall: performance.now() - started, cpu: cpuMs(child.pid) };
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    child.kill('SIGTERM');
    if (!exited) await new Promise((resolve) => child.once('exit', resolve));
  }
}

/** CPU time (user + system) the process used so far, from /proc (Linux; null elsewhere): the machine's load aside. */
function cpuMs(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function measure(engine, env) {
  const times = { compiled: [], tsx: [] };
  // A first start of each creates the database and warms the file cache; not counted.
  for (const args of Object.values(MODES)) await timeStart(args, env);
  for (let run = 0; run < RUNS; run += 1)
    for (const [mode, args] of Object.entries(MODES)) times[mode].push(await timeStart(args, env));
  for (const [mode, starts] of Object.entries(times)) {
    const wall = starts.map((s) => s.wall);
    const cpu = starts.map((s) => s.cpu).filter((c) => c !== null);
    console.log(
      `${engine.padEnd(10)} ${mode.padEnd(9)} answers after median ${median(wall).toFixed(0)} ms ` +
        `(${Math.min(...wall).toFixed(0)}-${Math.max(...wall).toFixed(0)} ms, ${wall.length} starts)` +
        (cpu.length ? `, CPU median ${median(cpu).toFixed(0)} ms` : ''),
    );
  }
}

if (serverBundleStale()) await buildServer();
const { DATABASE_URL: _ignored, ...rest } = process.env;
process.env = rest;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'emargement-restart-'));
try {
  await measure('sqlite', { DATA_FILE: path.join(dir, 'app.sqlite') });
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}

const schema = `restart_${process.pid}`;
const admin = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3_000 });
let pgReady = false;
try {
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  pgReady = true;
} catch (error) {
  console.log(`postgres   skipped (${error instanceof Error ? error.message : String(error)})`);
}
if (pgReady) {
  try {
    const url = new URL(PG_URL);
    url.searchParams.set('options', `-c search_path=${schema}`);
    await measure('postgres', { DATABASE_URL: url.toString() });
  } finally {
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
  }
}
await admin.end().catch(() => undefined);
