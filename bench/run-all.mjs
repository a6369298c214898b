// `npm run bench`: every figure of the performance goals in one command, each beside its reference measured in
// the same run.
// 1. bench/storage-bench.ts: check-in batches/s and p99 against a bare SQLite insert route, database size over
//    JSON size, catch-up of 10,000 changes on the server side.
// 2. bench/client-catchup.ts: catch-up of 10,000 changes by a device (through Vite's module runner: the app's
//    modules read import.meta.env).
// 3. bench/new-device.ts: a new device's first screen and a known device's new session on the 5,001-user
//    organisation, in Chromium; needs the production build, made here when BENCH_STATIC_DIR (default dist/)
//    holds none.
// BENCH_ONLY=throughput|size|catchup (parts of 1), clientcatchup or newdevice runs one part. A missed goal is
// printed, not an error: the exit code says only whether every part ran.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ONLY = process.env.BENCH_ONLY?.toLowerCase();
const STATIC_DIR = process.env.BENCH_STATIC_DIR ?? 'dist';

const parts = [
  {
    name: 'storage',
    title: 'Server: check-in throughput, database size, server-side catch-up (bench/storage-bench.ts)',
    only: ['throughput', 'size', 'catchup'],
    command: [process.execPath, '--import', 'tsx', 'bench/storage-bench.ts'],
  },
  {
    name: 'clientcatchup',
    title: 'Device: catch-up of 10,000 changes (bench/client-catchup.ts)',
    only: ['clientcatchup'],
    command: [
      process.execPath,
      '--input-type=module',
      '-e',
      "await (await import('vite')).runnerImport('./bench/client-catchup.ts')",
    ],
  },
  {
    name: 'newdevice',
    title: 'Browser: new device and known device on the 5,001-user organisation (bench/new-device.ts)',
    only: ['newdevice'],
    before: () => {
      if (fs.existsSync(path.join(STATIC_DIR, 'index.html'))) return 0;
      console.log(`No production build in ${STATIC_DIR}/: npx vite build first.`);
      return run(['npx', 'vite', 'build', '--logLevel', 'warn', '--outDir', STATIC_DIR, '--emptyOutDir']);
    },
    command: [process.execPath, '--import', 'tsx', 'bench/new-device.ts'],
  },
];

const known = parts.flatMap((p) => p.only);
if (ONLY && !known.includes(ONLY)) {
  console.error(`BENCH_ONLY=${ONLY}: expected one of ${known.join(', ')}`);
  process.exit(2);
}

function run([command, ...args]) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  return result.status ?? 1;
}

const failed = [];
for (const part of parts) {
  if (ONLY && !part.only.includes(ONLY)) continue;
  console.log(`\n## ${part.title}\n`);
  const started = Date.now();
  const status = (part.before?.() ?? 0) || run(part.command);
  console.log(
    `\n(${part.name}: ${Math.round((Date.now() - started) / 1000)} s${status ? `, exit ${status}` : ''})`,
  );
  if (status) failed.push(part.name);
}
if (failed.length > 0) {
  console.error(`\nThese parts did not run to the end: ${failed.join(', ')}`);
  process.exit(1);
}
