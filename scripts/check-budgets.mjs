// npm run test:budgets: what a brand-new device downloads to sign in stays small, and heavy libraries stay
// out of it. Builds the app into a temporary directory (or reads --dist <dir>), serves it with the real
// server on a free port, opens /login in Chromium with an empty profile (no cache, no service worker) and
// sums the gzip size of every JavaScript response the page receives:
// - until the login form can be used (the email field is shown): LOGIN_FORM budget;
// - until the network is idle (start-up, first sync contact, service worker registration): FIRST_VISIT budget.
// It also checks that the service worker's precache leaves out the libraries of a few screens (maplibre,
// SheetJS): they are cached on first use (sw/sw.ts), never downloaded by a phone that does not open them.
// Options: --dist <dir> measures an existing build; --verbose lists every script.
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import { findChromium } from './find-chromium.mjs';

/** Spec of the light start: the login form of a new device at most 100 KB gzip of JavaScript. */
export const LOGIN_FORM_BUDGET_GZIP_BYTES = 100 * 1024;
/** ...and the whole first visit, until the network is idle, at most 150 KB. */
export const FIRST_VISIT_BUDGET_GZIP_BYTES = 150 * 1024;

/** Libraries that must be loaded on demand only, recognised by strings their code always contains. */
export const FORBIDDEN_IN_LOGIN = [
  { name: 'SheetJS (xlsx)', marker: /SheetJS|\bXLSX\.version\b|\bxlsx\.full\b/ },
  { name: 'maplibre-gl', marker: /maplibregl|maplibre-gl/ },
  { name: 'PDF code', marker: /%PDF-|pdfjs|jspdf|pdf-lib/i },
];
/** Libraries of a few screens that the service worker must not precache on every device (their own code). */
export const NOT_PRECACHED = [
  { name: 'SheetJS (xlsx)', marker: /SheetJS|\bXLSX\.version\b/ },
  { name: 'maplibre-gl', marker: /maplibregl/ },
  { name: 'jsPDF (PDF de l’état des heures)', marker: /\bjsPDF\b/ },
];

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SETUP_CODE = 'BUDGET-SETUP-2026';
const gzipSize = (buffer) => zlib.gzipSync(buffer, { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

function build(outDir) {
  execFileSync('npx', ['vite', 'build', '--logLevel', 'error', '--outDir', outDir, '--emptyOutDir'], {
    stdio: 'inherit',
    cwd: ROOT,
  });
}

async function freePort() {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  server.close();
  await once(server, 'close');
  return port;
}

async function startServer(staticDir, work) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = spawn('node', ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_FILE: path.join(work, 'data.sqlite'),
      DATABASE_URL: '',
      STATIC_DIR: staticDir,
      SETUP_CODE,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
    cwd: ROOT,
  });
  let errors = '';
  server.stderr.on('data', (chunk) => (errors += chunk));
  for (let attempt = 0; attempt < 300; attempt += 1) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return { server, origin };
    } catch {
      // not listening yet
    }
    if (server.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  server.kill();
  throw new Error(`the server did not start\n${errors}`);
}

/** The device's default organisation (src/db/meta.ts), with an administrator: a school already in use. */
async function seedOrganisation(origin) {
  const response = await fetch(`${origin}/api/store?orgId=demo`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', 'x-setup-code': SETUP_CODE },
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
      ],
      profiles: [
        {
          id: 'super-admin',
          name: 'Super Admin',
          moduleIds: ['users', 'profiles', 'settings.instituts', 'settings.donnees'],
          formFieldKeys: [],
        },
        { id: 'teacher', name: 'Enseignant', moduleIds: ['teacher', 'teacher.today'], formFieldKeys: [] },
      ],
    }),
  });
  if (!response.ok) throw new Error(`seeding the organisation failed: ${response.status}`);
}

/**
 * Every script a new device's page receives for /login, split at the moment the login form is drawn: a
 * script counts for the form when the page asked for it before the email field was in the document. Sizes
 * are the gzip size of each body (what the server sends to a browser without brotli).
 */
export async function measureLogin(origin) {
  const browser = await chromium.launch({
    executablePath: findChromium(),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic'],
  });
  try {
    const context = await browser.newContext({ locale: 'fr-FR' });
    // The moment the email field enters the document, on the page's own clock (performance.now()).
    await context.addInitScript(() => {
      const seen = () => {
        if (document.querySelector('input[type="email"]') === null) return false;
        window.__formShownAt = performance.now();
        return true;
      };
      const observer = new MutationObserver(() => seen() && observer.disconnect());
      observer.observe(document, { childList: true, subtree: true });
    });
    const page = await context.newPage();
    const scripts = [];
    const pending = [];
    page.on('response', (response) => {
      const request = response.request();
      const url = new URL(response.url());
      if (request.resourceType() !== 'script' && !url.pathname.endsWith('.js')) return;
      pending.push(
        response.body().then(
          (body) =>
            scripts.push({ url: url.href, path: url.pathname, code: body, gzipBytes: gzipSize(body) }),
          () => undefined,
        ),
      );
    });
    await page.goto(`${origin}/login`);
    await page.getByRole('textbox', { name: 'Email' }).first().waitFor({ state: 'visible', timeout: 60_000 });
    await page.waitForLoadState('networkidle', { timeout: 60_000 });
    // Start-up may chain a few lazy imports after the first idle moment: wait until nothing new arrives.
    let count = -1;
    while (count !== pending.length) {
      count = pending.length;
      await page.waitForTimeout(1_000);
      await page.waitForLoadState('networkidle', { timeout: 60_000 });
    }
    await Promise.all(pending);
    const { formShownAt, started } = await page.evaluate(() => ({
      formShownAt: window.__formShownAt,
      started: performance.getEntriesByType('resource').map((e) => [e.name, e.startTime]),
    }));
    const startedAt = new Map(started);
    // A script the resource timeline does not list (none expected) counts for the form: the stricter side.
    return scripts.map(({ url, ...script }) => ({
      ...script,
      beforeForm: !(startedAt.get(url) >= formShownAt),
    }));
  } finally {
    await browser.close();
  }
}

/** Chunks of the build that hold a library that must not be precached, and whether sw.js lists them. */
export function precachedHeavyChunks(distDir) {
  const sw = fs.readFileSync(path.join(distDir, 'sw.js'), 'utf8');
  const assets = fs.readdirSync(path.join(distDir, 'assets')).filter((f) => f.endsWith('.js'));
  const found = [];
  for (const file of assets) {
    const code = fs.readFileSync(path.join(distDir, 'assets', file), 'utf8');
    for (const lib of NOT_PRECACHED) {
      if (lib.marker.test(code) && sw.includes(`assets/${file}`)) found.push({ lib: lib.name, file });
    }
  }
  return found;
}

/** The precache's total gzip size (what the service worker downloads in the background once). */
export function precacheGzipBytes(distDir) {
  const sw = fs.readFileSync(path.join(distDir, 'sw.js'), 'utf8');
  const urls = [...sw.matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]);
  return urls
    .map((url) => path.join(distDir, url))
    .filter((file) => fs.existsSync(file))
    .reduce((sum, file) => sum + gzipSize(fs.readFileSync(file)), 0);
}

async function main() {
  const verbose = process.argv.includes('--verbose');
  const distArg = process.argv.indexOf('--dist');
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'emargement-budget-'));
  let distDir;
  if (distArg > 0) distDir = path.resolve(process.argv[distArg + 1]);
  else {
    distDir = path.join(work, 'dist');
    build(distDir);
  }
  const failures = [];
  const { server, origin } = await startServer(distDir, work);
  try {
    await seedOrganisation(origin);
    const scripts = await measureLogin(origin);
    const form = scripts.filter((s) => s.beforeForm);
    const formBytes = form.reduce((sum, s) => sum + s.gzipBytes, 0);
    const allBytes = scripts.reduce((sum, s) => sum + s.gzipBytes, 0);
    console.log('JavaScript d’un nouvel appareil sur /login (gzip):');
    for (const s of scripts)
      if (verbose || s.gzipBytes >= 2048)
        console.log(`  ${s.beforeForm ? 'formulaire' : 'ensuite   '}  ${s.path}  ${kb(s.gzipBytes)}`);
    console.log(
      `  formulaire de connexion: ${kb(formBytes)} (${form.length} scripts) / budget ${kb(LOGIN_FORM_BUDGET_GZIP_BYTES)}`,
    );
    console.log(
      `  première visite jusqu’au repos du réseau: ${kb(allBytes)} (${scripts.length} scripts) / budget ${kb(FIRST_VISIT_BUDGET_GZIP_BYTES)}`,
    );
    console.log(`  précache du service worker (en arrière-plan): ${kb(precacheGzipBytes(distDir))}`);
    if (formBytes > LOGIN_FORM_BUDGET_GZIP_BYTES)
      failures.push(
        `le formulaire de connexion charge ${kb(formBytes)}, au-delà de ${kb(LOGIN_FORM_BUDGET_GZIP_BYTES)}.`,
      );
    if (allBytes > FIRST_VISIT_BUDGET_GZIP_BYTES)
      failures.push(
        `la première visite charge ${kb(allBytes)}, au-delà de ${kb(FIRST_VISIT_BUDGET_GZIP_BYTES)}.`,
      );
    for (const lib of FORBIDDEN_IN_LOGIN) {
      const where = scripts.filter((s) => lib.marker.test(s.code.toString('utf8')));
      if (where.length > 0)
        failures.push(
          `${lib.name} est chargé avec l’écran de connexion (${where.map((s) => s.path).join(', ')}); chargez-le à la demande.`,
        );
    }
    for (const { lib, file } of precachedHeavyChunks(distDir))
      failures.push(
        `${lib} (${file}) est mis en précache sur chaque appareil; il doit l’être à la première utilisation.`,
      );
  } finally {
    server.kill();
    await once(server, 'exit');
    fs.rmSync(work, { recursive: true, force: true });
  }
  for (const failure of failures) console.error(`ÉCHEC: ${failure}`);
  if (failures.length > 0) process.exit(1);
  console.log('Budgets respectés.');
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
