/**
 * How many check-ins the server absorbs: throughput of check-in batches (requests per second, p99
 * latency) with autocannon against one server on SQLite, one on PostgreSQL and two on PostgreSQL
 * (connections split between them, as a load balancer would). Run: `npm run bench:server` (PostgreSQL from
 * TEST_DATABASE_URL or the local default of the server tests; BENCH_SECONDS, BENCH_CONNECTIONS to change
 * the load, BENCH_ONLY to pick scenarios).
 *
 * Servers are real `server/main.ts` processes with their production settings (request logging on, SQLite
 * synchronous=FULL, PostgreSQL synchronous_commit as configured). A request is what a device sends for one
 * check-in: a batch of two mutations, the planning log and its notification, with fresh ids.
 * Two workloads: one school (every batch on one organisation, so batches queue on that organisation's
 * lock) and twenty schools (batches spread over twenty organisations). After each run the revisions are
 * summed to check that every answered batch was stored exactly once.
 */
import type { ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import { checkInBatch, seedSchool } from './checkin-load';
import {
  serverBackends,
  startServerProcess,
  stopProcess,
  type Backend,
  type TestDatabase,
} from '../tests/server/helpers';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const SCHOOLS = 20;

interface Row {
  scenario: string;
  workload: string;
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  failed: number;
  stored: number;
}

async function revisionOf(base: string, orgId: string, cookie: string): Promise<number> {
  const response = await fetch(`${base}/api/store?orgId=${orgId}`, { headers: { cookie } });
  return Number((response.headers.get('etag') ?? '"0"').replaceAll('"', ''));
}

async function run(
  scenario: string,
  workload: 'one school' | `${number} schools`,
  urls: string[],
  runId: string,
): Promise<Row> {
  const schools = workload === 'one school' ? 1 : SCHOOLS;
  const cookies: string[] = [];
  for (let i = 0; i < schools; i += 1) cookies.push(await seedSchool(urls[0] ?? '', `s-${i}`));
  let counter = 0;
  const result = await autocannon({
    // autocannon accepts several URLs and spreads the connections over them; its types say one string.
    url: urls as unknown as string,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        method: 'POST',
        path: '/api/mutations?orgId=s-0',
        headers: { 'content-type': 'application/json' },
        setupRequest: (request) => {
          counter += 1;
          const org = `s-${counter % schools}`;
          return {
            ...request,
            headers: { ...request.headers, cookie: cookies[counter % schools] ?? '' },
            path: `/api/mutations?orgId=${org}`,
            body: checkInBatch(counter, `${runId}-${counter % 50}`),
          };
        },
      },
    ],
  });
  // The seed is revision 1 of each school.
  let stored = 0;
  for (let s = 0; s < schools; s += 1)
    stored += (await revisionOf(urls[0] ?? '', `s-${s}`, cookies[s] ?? '')) - 1;
  return {
    scenario,
    workload,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result['2xx'],
    failed: result.non2xx + result.errors + result.timeouts,
    stored,
  };
}

async function withServers<T>(
  backend: Backend,
  count: number,
  fn: (urls: string[]) => Promise<T>,
): Promise<T> {
  const db: TestDatabase = await backend.fresh();
  const base = 30_000 + Math.floor(Math.random() * 10_000);
  const children: ChildProcess[] = [];
  try {
    for (let i = 0; i < count; i += 1) children.push(await startServerProcess(db, base + i));
    return await fn(children.map((_, i) => `http://127.0.0.1:${base + i}`));
  } finally {
    await Promise.all(children.map((c) => stopProcess(c)));
    await db.cleanup();
  }
}

const backends = await serverBackends();
const sqlite = backends.find((b) => b.name === 'sqlite');
const postgres = backends.find((b) => b.name === 'postgres');
if (!sqlite) throw new Error('no SQLite backend');
const scenarios: [string, Backend, number][] = [['SQLite, 1 server', sqlite, 1]];
if (postgres) scenarios.push(['PostgreSQL, 1 server', postgres, 1], ['PostgreSQL, 2 servers', postgres, 2]);
else process.stdout.write('PostgreSQL not reachable: SQLite only.\n');

// BENCH_ONLY=postgres (or sqlite) runs only the scenarios whose label contains that word.
const only = process.env.BENCH_ONLY?.toLowerCase();
const rows: Row[] = [];
for (const [scenario, backend, count] of scenarios) {
  if (only && !scenario.toLowerCase().includes(only)) continue;
  for (const workload of ['one school', `${SCHOOLS} schools`] as const) {
    // A fresh database per run: every run starts from empty organisations.
    const row = await withServers(backend, count, (urls) =>
      run(scenario, workload, urls, `${backend.name}${count}-${workload.length}`),
    );
    rows.push(row);
    process.stdout.write(`${JSON.stringify(row)}\n`);
  }
}

process.stdout.write(
  `\n${SECONDS} s per run, ${CONNECTIONS} connections, one check-in batch (2 mutations) per request\n\n` +
    '"batches stored" = sum of the organisations\' revisions; it exceeds 2xx by the batches still in flight when\n' +
    'autocannon stopped counting (at most one per connection).\n\n' +
    '| Storage | Organisations | Requests/s | p50 (ms) | p99 (ms) | 2xx | errors | batches stored |\n' +
    '|---|---|---|---|---|---|---|---|\n' +
    rows
      .map(
        (r) =>
          `| ${r.scenario} | ${r.workload} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.ok} | ${r.failed} | ${r.stored} |`,
      )
      .join('\n') +
    '\n',
);
