import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { checkInBatch, seedSchool } from '/work/main/bench/checkin-load';
import { tempDataFile, TEST_SETUP_CODE, stopProcess } from '/work/main/tests/server/helpers';
const port = 47123;
const data = tempDataFile();
const { DATABASE_URL: _i, ...env } = process.env;
const child = spawn(process.execPath, ['--cpu-prof', '--cpu-prof-dir=/tmp/prof/out', '--import', 'tsx', 'server/main.ts'], {
  env: { ...env, PORT: String(port), HOST: '127.0.0.1', DATA_FILE: data.file, STATIC_DIR: '', SETUP_CODE: TEST_SETUP_CODE,
    WRITE_BUDGET_MUTATIONS: '10000000', WRITE_BUDGET_BYTES: String(10 * 1024 ** 3) }, stdio: 'ignore' });
for (;;) { try { if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break; } catch {} await new Promise(r => setTimeout(r, 100)); }
const cookie = await seedSchool(`http://127.0.0.1:${port}`, 's-0');
let counter = 0;
const r = await autocannon({ url: `http://127.0.0.1:${port}`, connections: 16, duration: 10, requests: [{ method: 'POST', path: '/api/mutations?orgId=s-0', headers: { 'content-type': 'application/json', cookie }, setupRequest: (req) => { counter++; return { ...req, body: checkInBatch(counter, `bench-${counter % 50}`) }; } }] });
console.log(r.requests.average, r.latency.p99, r.non2xx);
child.kill('SIGINT');
await new Promise(r => child.on('exit', r));
data.cleanup();
