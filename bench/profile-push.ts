/**
 * Where a check-in batch's CPU goes (issue 31): the app server of bench/storage-bench.ts under `node
 * --cpu-prof`, loaded like the bench (autocannon, PROFILE_CONNECTIONS=16 for PROFILE_SECONDS=10, one school,
 * a teacher's session), then stopped cleanly so that V8 writes the profile. Prints the CPU per batch and the
 * largest shares: self time per function and per source file, and the inclusive time of the functions that
 * name a step of a push. PROFILE_BACKEND=postgres (default when PostgreSQL answers) or sqlite; PROFILE_PORT
 * (default 4310); PROFILE_DIR keeps the .cpuprofile (default a temporary directory).
 *
 *   node --import tsx bench/profile-push.ts
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { serverBackends, stopProcess, TEST_SETUP_CODE } from '../tests/server/helpers';
import { appServerArgs } from './app-server';
import { checkInBatch, seedSchool } from './checkin-load';

const SECONDS = Number(process.env.PROFILE_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.PROFILE_CONNECTIONS ?? 16);
const PORT = Number(process.env.PROFILE_PORT ?? 4310);
const TOP = Number(process.env.PROFILE_TOP ?? 25);
const ROUNDS = Math.max(1, Number(process.env.PROFILE_ROUNDS ?? 1));
/** PROFILE_CPU=0: the load and the CPU per batch only (PROFILE_NODE_ARGS: more flags for the server). */
const CPU_PROFILE = process.env.PROFILE_CPU !== '0';
/**
 * PROFILE_TARGET=bare: the same load on bench/bare-insert-server.ts (the reference of `npm run bench`), for
 * its CPU per request beside the app's.
 */
const BARE = process.env.PROFILE_TARGET === 'bare';
/** PROFILE_APP_DIR: the app server of another copy of the project (an earlier version, as BENCH_BASELINE_DIR). */
const APP_DIR = process.env.PROFILE_APP_DIR;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const backends = await serverBackends();
const wanted =
  process.env.PROFILE_BACKEND ?? (backends.some((b) => b.name === 'postgres') ? 'postgres' : 'sqlite');
const backend = backends.find((b) => b.name === wanted);
if (!backend) throw new Error(`backend ${wanted} unavailable`);
const db = await backend.fresh();
const dir = process.env.PROFILE_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'push-profile-'));
fs.mkdirSync(dir, { recursive: true });
const { DATABASE_URL: _ignored, ...env } = process.env;
const child = spawn(
  process.execPath,
  [
    ...(CPU_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : []),
    ...(process.env.PROFILE_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
    // The app as `npm start` runs it (app-server.ts; BENCH_SOURCES=1: its TypeScript sources through tsx).
    ...(BARE ? ['--import', 'tsx', 'bench/bare-insert-server.ts'] : appServerArgs(APP_DIR)),
  ],
  {
    ...(APP_DIR && !BARE ? { cwd: APP_DIR } : {}),
    env: {
      ...env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_FILE: db.file,
      STATIC_DIR: '',
      SETUP_CODE: TEST_SETUP_CODE,
      // Counted in units of 100 mutations, rounded up per request: 10^7 was 100,000 requests a minute, which
      // a long run on one server passes (429s).
      WRITE_BUDGET_MUTATIONS: '1000000000000',
      WRITE_BUDGET_BYTES: String(10 * 1024 ** 3),
      ...(db.databaseUrl ? { DATABASE_URL: db.databaseUrl } : {}),
    },
    stdio: 'ignore',
  },
);
const base = `http://127.0.0.1:${PORT}`;
let batches = 0;
try {
  for (let tries = 0; ; tries += 1) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (tries > 900) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const cookie = BARE ? '' : await seedSchool(base, 's-0');
  // PROFILE_ROUNDS (1): loads in a row on the same server and database (does a batch cost more as they grow?).
  let n = 0;
  for (let roundNo = 0; roundNo < ROUNDS; roundNo += 1) {
    const pgBefore = db.databaseUrl ? await backendCpuMs(db.databaseUrl, child.pid ?? 0) : null;
    const cpuBefore = procCpuMs(child.pid);
    const sysBefore = procCpuMs(child.pid, 'system');
    const result = await autocannon({
      url: base,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests: [
        {
          method: 'POST',
          path: BARE ? '/insert' : '/api/mutations?orgId=s-0',
          headers: { 'content-type': 'application/json', cookie },
          setupRequest: (request) => ({ ...request, body: checkInBatch((n += 1), `bench-${n % 50}`) }),
        },
      ],
    });
    const cpuMs = procCpuMs(child.pid) - cpuBefore;
    const sysMs = procCpuMs(child.pid, 'system') - sysBefore;
    batches = result['2xx'];
    const per = (ms: number) => (ms / Math.max(1, batches)).toFixed(2);
    let pgMs: number | null = null;
    if (pgBefore && db.databaseUrl) {
      const after = await backendCpuMs(db.databaseUrl, child.pid ?? 0);
      pgMs = [...after].reduce((sum, [pid, ms]) => sum + ms - (pgBefore.get(pid) ?? 0), 0);
    }
    console.log(
      `${backend.name}${BARE ? ' bare insert' : ''}: ${Math.round(result.requests.average)} batches/s, ` +
        `${result.non2xx} non-2xx${result.non2xx ? ` ${JSON.stringify(result.statusCodeStats)}` : ''}, server CPU ${per(cpuMs)} ms per batch, of which system ${per(sysMs)}` +
        `${pgMs === null ? '' : `; PostgreSQL backends ${per(pgMs)} ms; total ${per(cpuMs + pgMs)} ms`} (${batches} batches)`,
    );
  }
} finally {
  await stopProcess(child, 'SIGINT');
  await db.cleanup();
}

/**
 * CPU time (ms) of each PostgreSQL backend serving the process `pid`: its TCP connections' local ports
 * (/proc/<pid>/fd -> socket inodes -> /proc/net/tcp) matched with pg_stat_activity.client_port.
 */
async function backendCpuMs(url: string, pid: number): Promise<Map<number, number>> {
  const inodes = new Set<string>();
  for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
    try {
      const link = fs.readlinkSync(`/proc/${pid}/fd/${fd}`);
      const inode = /^socket:\[(\d+)\]$/.exec(link)?.[1];
      if (inode) inodes.add(inode);
    } catch {
      // closed meanwhile
    }
  }
  const ports = new Set<number>();
  for (const line of fs.readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
    const cols = line.trim().split(/\s+/);
    const local = cols[1];
    if (local && inodes.has(cols[9] ?? '')) ports.add(parseInt(local.split(':')[1] ?? '0', 16));
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE client_port = ANY($1::int[])',
      [[...ports]],
    );
    return new Map(rows.map((r) => [r.pid, procCpuMs(r.pid)]));
  } finally {
    await client.end();
  }
}

/** CPU time of a process (user + system, or system alone), in ms. */
function procCpuMs(pid: number | undefined, which: 'all' | 'system' = 'all'): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const ticks = (which === 'all' ? Number(fields[11]) : 0) + Number(fields[12]);
  return (ticks * 1000) / 100;
}

if (!CPU_PROFILE) process.exit(0);
const file = fs.readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
if (!file) throw new Error(`no profile in ${dir}`);
const profile = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as CpuProfile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const c of node.children ?? []) parent.set(c, node.id);
const selfUs = new Map<number, number>();
profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);
const idle = [...selfUs].filter(([id]) => byId.get(id)?.callFrame.functionName === '(idle)');
const busy = total - idle.reduce((a, [, us]) => a + us, 0);

const short = (url: string) =>
  url
    .replace(/^file:\/\//, '')
    .replace(`${process.cwd()}/`, '')
    .replace(/^.*node_modules\//, 'nm/') || '(native)';
const label = (node: ProfileNode) =>
  `${node.callFrame.functionName || '(anonymous)'} ${short(node.callFrame.url)}:${node.callFrame.lineNumber + 1}`;

function table(title: string, map: Map<string, number>): void {
  console.log(`\n${title} (share of busy CPU, ms per batch)`);
  for (const [key, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, TOP))
    console.log(
      `${((100 * us) / busy).toFixed(1).padStart(5)} %  ${(us / 1000 / Math.max(1, batches)).toFixed(3)}  ${key}`,
    );
}

const selfByFunction = new Map<string, number>();
const selfByFile = new Map<string, number>();
const inclusive = new Map<string, number>();
for (const [id, us] of selfUs) {
  const node = byId.get(id);
  if (!node || node.callFrame.functionName === '(idle)') continue;
  selfByFunction.set(label(node), (selfByFunction.get(label(node)) ?? 0) + us);
  const f = short(node.callFrame.url).replace(/^nm\/(@[^/]+\/[^/]+|[^/]+)\/.*/, 'nm/$1');
  selfByFile.set(f, (selfByFile.get(f) ?? 0) + us);
  // Inclusive: each function on the stack once per sample.
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const n = byId.get(at);
    if (!n || !n.callFrame.url.includes('/work/') || n.callFrame.url.includes('node_modules')) continue;
    const key = label(n);
    if (seen.has(key)) continue;
    seen.add(key);
    inclusive.set(key, (inclusive.get(key) ?? 0) + us);
  }
}
console.log(
  `\nprofile: ${path.join(dir, file)}; busy ${(busy / 1000).toFixed(0)} ms of ${(total / 1000).toFixed(0)} ms`,
);
table('Self time by file', selfByFile);
table('Self time by function', selfByFunction);
table('Inclusive time, project functions', inclusive);
