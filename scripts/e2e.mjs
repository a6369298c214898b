// npm run test:e2e: a fresh production build served by the real server, driven by Playwright in Chromium.
import { execFileSync } from 'node:child_process';
import { awayFromMidnight } from './away-from-midnight.mjs';
import { findChromium } from './find-chromium.mjs';

const chromium = findChromium();
console.log(`Chromium: ${chromium}`);
const run = (cmd, args, env = {}) =>
  execFileSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
// E2E_OUT_DIR lets several people (or CI jobs) build and test side by side without sharing dist/.
const outDir = process.env.E2E_OUT_DIR ?? 'dist';
try {
  await awayFromMidnight();
  if (!process.env.E2E_SKIP_BUILD)
    run('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir']);
  run('npx', ['playwright', 'test', ...process.argv.slice(2)], {
    CHROMIUM_PATH: chromium,
    E2E_STATIC_DIR: outDir,
  });
} catch (error) {
  process.exit(typeof error?.status === 'number' ? error.status : 1);
}
