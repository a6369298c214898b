/**
 * How the benches start the app server: as `npm start` does (scripts/start.mjs), the JavaScript bundle that
 * scripts/build-server.mjs compiles from server/main.ts, run with `--enable-source-maps`. Until this session
 * they ran the TypeScript sources through tsx, which no school runs: its per-function helpers and loader
 * cost about 15 % more CPU per check-in batch (issue 31). BENCH_SOURCES=1 measures the sources again.
 *
 * `dir` is the project copy to run (BENCH_BASELINE_DIR, PROFILE_APP_DIR); its own build script compiles its
 * own sources into its dist-server/ (a copy too old to have one runs from its sources).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const FROM_SOURCES = process.env.BENCH_SOURCES === '1';

/** Node's arguments that start the app server of `dir` (the bundle is built once per process and copy). */
export function appServerArgs(dir = process.cwd()): string[] {
  const builder = path.join(dir, 'scripts', 'build-server.mjs');
  if (FROM_SOURCES || !fs.existsSync(builder)) return ['--import', 'tsx', 'server/main.ts'];
  const bundle = path.join(dir, 'dist-server', `bench-${process.pid}.mjs`);
  if (!fs.existsSync(bundle)) {
    execFileSync(process.execPath, [builder, bundle], { cwd: dir, stdio: 'inherit' });
    process.on('exit', () => {
      fs.rmSync(bundle, { force: true });
      fs.rmSync(`${bundle}.map`, { force: true });
    });
  }
  return ['--enable-source-maps', bundle];
}
