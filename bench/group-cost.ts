/**
 * Node CPU of a check-in batch by group size (issue 31), in one process and without sockets: the app over
 * PostgreSQL (or SQLite), a teacher's session, K pushes at once through Fastify's inject (the first runs alone,
 * the K-1 others wait and form one group), repeated; process CPU (user + system) per batch for each K. Two
 * transactions per round: CPU(K) · K ≈ 2 · perGroup + K · perBatch, hence what a group costs once and what
 * each batch costs. Steadier than a load through sockets on a shared machine (no load generator; PostgreSQL
 * works on its own clock). The first rounds (K = 2, 4) mostly wait for the database: their cost includes the
 * event loop's idle wake-ups, which a busy server does not pay.
 *
 *   node --import tsx bench/group-cost.ts
 *   GROUP_SIZES (2,4,8,16,32), GROUP_BATCHES per size (3000), GROUP_REPEAT (2), GROUP_BACKEND (postgres|sqlite),
 *   GROUP_THREADS=1: the CPU per batch of each thread (main, V8's and libuv's helpers).
 *   GROUP_LOG=1: with the server's log on (one line per request, main.ts), written into a sink.
 * On a shared machine, repeat: two runs of one setting may differ by a third.
 */
import fs from 'node:fs';
import { serverBackends, startServer } from '../tests/server/helpers';
import { checkInBatch, seedSchool } from './checkin-load';

/** CPU ms of each thread of this process, by name. */
function threadCpu(): Map<string, number> {
  const out = new Map<string, number>();
  for (const tid of fs.readdirSync('/proc/self/task')) {
    const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ms = ((Number(f[11]) + Number(f[12])) * 1000) / 100;
    const key = tid === String(process.pid) ? 'main' : name;
    out.set(key, (out.get(key) ?? 0) + ms);
  }
  return out;
}
const SIZES = (process.env.GROUP_SIZES ?? '2,4,8,16,32').split(',').map(Number);
const BATCHES = Number(process.env.GROUP_BATCHES ?? 3000);
const REPEAT = Number(process.env.GROUP_REPEAT ?? 2);
const backends = await serverBackends();
const backend = backends.find((b) => b.name === (process.env.GROUP_BACKEND ?? 'postgres'));
if (!backend) throw new Error('backend unavailable');
const db = await backend.fresh();
// GROUP_LOG=1: the server's log as main.ts writes it (one line per request), into a sink.
const server = await startServer(
  db,
  { writeBudget: { mutationsPerMinute: 1e12, bytesPerMinute: 1e12, bytesPerHour: 1e13 } },
  process.env.GROUP_LOG === '1' ? { logger: true, logStream: { write: () => undefined } } : {},
);
let n = 0;
try {
  const cookie = await seedSchool(server.url, 's-0');
  const push = () =>
    server.app.inject({
      method: 'POST',
      url: '/api/mutations?orgId=s-0',
      headers: { 'content-type': 'application/json', cookie },
      payload: checkInBatch((n += 1), `bench-${n % 50}`),
    });
  const run = async (k: number, batches: number) => {
    let failed = 0;
    for (let done = 0; done < batches; done += k) {
      const answers = await Promise.all(Array.from({ length: k }, push));
      failed += answers.filter((a) => a.statusCode !== 200).length;
    }
    return failed;
  };
  await run(8, 2000); // warm-up: JIT, pools
  for (let r = 0; r < REPEAT; r += 1)
    for (const k of SIZES) {
      const batches = Math.ceil(BATCHES / k) * k;
      const threadsBefore = threadCpu();
      const before = process.cpuUsage();
      const t0 = performance.now();
      const failed = await run(k, batches);
      const cpu = process.cpuUsage(before);
      const ms = performance.now() - t0;
      console.log(
        `K=${String(k).padStart(2)}  ${((cpu.user + cpu.system) / 1000 / batches).toFixed(3)} ms CPU per batch` +
          ` (system ${(cpu.system / 1000 / batches).toFixed(3)}), ${Math.round((batches / ms) * 1000)} batches/s wall, ${failed} failed`,
      );
      if (process.env.GROUP_THREADS === '1')
        console.log(
          '  ' +
            [...threadCpu()]
              .map(([name, ms]) => [name, (ms - (threadsBefore.get(name) ?? 0)) / batches] as const)
              .filter(([, per]) => per > 0.005)
              .map(([name, per]) => `${name} ${per.toFixed(3)}`)
              .join(', '),
        );
    }
} finally {
  await server.app.close();
  await db.cleanup();
}
