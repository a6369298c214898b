// npm run lighthouse: Lighthouse (mobile preset, its default) on the login screen and on one data screen
// (/users, signed in), against Debian's Chromium and a production build served by the real server.
// Targets of issue 13: performance >= 90, accessibility >= 95, best practices >= 95. Exits 1 below them.
// Options: --dist <dir> audits an existing build instead of building one.
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { findChromium } from './find-chromium.mjs';

export const TARGETS = { performance: 0.9, accessibility: 0.95, 'best-practices': 0.95 };
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 4490);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'emargement-lighthouse-'));

function build() {
  const distArg = process.argv.indexOf('--dist');
  if (distArg > 0) return path.resolve(process.argv[distArg + 1]);
  const outDir = path.join(work, 'dist');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'error', '--outDir', outDir, '--emptyOutDir'], {
    stdio: 'inherit',
  });
  return outDir;
}

async function startServer(staticDir) {
  const server = spawn('node', ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_FILE: path.join(work, 'data.sqlite'),
      STATIC_DIR: staticDir,
    },
    stdio: 'ignore',
  });
  for (let attempt = 0; attempt < 150; attempt += 1) {
    try {
      if ((await fetch(`${ORIGIN}/api/health`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  server.kill();
  throw new Error('server did not start');
}

async function seed(orgId) {
  const response = await fetch(`${ORIGIN}/api/store?orgId=${orgId}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      users: [
        {
          id: 'u-admin',
          name: 'Awa Diop',
          email: 'awa@ecole.sn',
          profileId: 'super-admin',
          status: 'Active',
          password: 'Admin@2026',
          mustChangePassword: false,
        },
        ...Array.from({ length: 40 }, (_, i) => ({
          id: `u-t${i}`,
          name: `Enseignant ${i + 1}`,
          email: `prof${i + 1}@ecole.sn`,
          profileId: 'teacher',
          status: 'Active',
          password: 'Prof@2026',
          mustChangePassword: false,
        })),
      ],
      profiles: [
        {
          id: 'super-admin',
          name: 'Super Admin',
          moduleIds: ['users', 'profiles', 'journal', 'settings.instituts', 'settings.donnees'],
          formFieldKeys: ['email'],
        },
        { id: 'teacher', name: 'Enseignant', moduleIds: ['teacher', 'teacher.today'], formFieldKeys: [] },
      ],
    }),
  });
  if (!response.ok) throw new Error(`seed failed: ${response.status}`);
}

/** Signs in through the page (IndexedDB holds the session), in the Chrome that Lighthouse then drives. */
async function signIn(port, orgId) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const context = browser.contexts()[0];
  const page = await context.newPage();
  await page.goto(`${ORIGIN}/login?org=${orgId}`);
  await page.getByRole('textbox', { name: 'Email' }).first().fill('awa@ecole.sn');
  await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill('Admin@2026');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL(/\/users$/);
  await page.close();
  await browser.close();
}

async function audit(port, url, disableStorageReset) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: Object.keys(TARGETS),
    disableStorageReset,
  });
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  const { categories, audits } = result.lhr;
  const failing = Object.values(audits)
    .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
    .map((a) => `${a.id} (${a.score})`);
  return {
    scores: Object.fromEntries(Object.keys(TARGETS).map((k) => [k, categories[k]?.score ?? 0])),
    failing,
  };
}

async function main() {
  const dist = build();
  const server = await startServer(dist);
  fs.mkdirSync(path.join(work, 'chrome'));
  const chrome = await chromeLauncher.launch({
    chromePath: findChromium(),
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
    userDataDir: path.join(work, 'chrome'),
  });
  let isBelow = false;
  try {
    const orgId = `lighthouse-${Date.now().toString(36)}`;
    await seed(orgId);
    const runs = [];
    runs.push(['/login', await audit(chrome.port, `${ORIGIN}/login?org=${orgId}`, false)]);
    await signIn(chrome.port, orgId);
    runs.push(['/users (connecté)', await audit(chrome.port, `${ORIGIN}/users`, true)]);
    for (const [screen, { scores, failing }] of runs) {
      const text = Object.entries(scores)
        .map(([k, v]) => `${k} ${Math.round(v * 100)}`)
        .join(', ');
      console.log(`${screen}: ${text}`);
      if (failing.length > 0) console.log(`  audits à revoir: ${failing.join(', ')}`);
      for (const [k, target] of Object.entries(TARGETS)) {
        if (scores[k] < target) {
          console.error(`ÉCHEC: ${screen} ${k} ${Math.round(scores[k] * 100)} < ${target * 100}`);
          isBelow = true;
        }
      }
    }
  } finally {
    await chrome.kill();
    server.kill();
    await once(server, 'exit');
    fs.rmSync(work, { recursive: true, force: true });
  }
  if (isBelow) process.exit(1);
}

await main();
