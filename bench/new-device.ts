/**
 * A new device's first screen and a known device's new session on the 5,001-user organisation of
 * bench/large-org.ts (with its 40,000 check-ins and 10,000 journal entries), in Chromium, against the real
 * server process serving the production build. Each figure is printed beside references measured in the same
 * run (a busy machine slows both alike).
 *
 * Run: `node --import tsx bench/new-device.ts` (or `npm run bench`, which builds dist/ first when absent).
 * Needs the production build: `npx vite build` (BENCH_STATIC_DIR=<dir> to use another output directory; this
 * script builds nothing, and a dist/ older than your sources measures the older app). Chromium: CHROMIUM_PATH,
 * else Debian's /usr/bin/chromium. BENCH_RUNS (default 3) devices are measured; the median is printed.
 *
 * 1. New device: a fresh browser context opens /login?org=…, the administrator signs in; from the click on
 *    "Se connecter" to the first user rows painted on /users. Goal ≤ 3 s with no main-thread task > 50 ms
 *    (long tasks observed from the page's first script, PerformanceObserver 'longtask', buffered).
 *    Also printed: the time until the sync has settled (1.5 s without an API request in flight nor a long
 *    task) and the long tasks until then, since the goal holds "while syncing".
 * 2. Known device, new session: the same context (IndexedDB, cookies, service worker kept) opens /users in a
 *    new tab, whose sessionStorage is empty: the app's "first load of this browser session"
 *    (src/session/session-events.ts). From the navigation's start to the first rows painted. Goal ≤ 1 s.
 * 3. References: a bare load of a static file of the same server in the same browser, the server's sign-in
 *    alone (its PBKDF2 verification is in every new device's figure) and GET /api/store of the whole
 *    organisation, timed from Node.
 * BENCH_FRAMES=1 prints the scripts of each long task's frame (Long Animation Frames API: entry point, source,
 * time, forced layout). BENCH_TRACE=<file> also records a Chromium trace of the first new device and prints what each of its long
 * tasks was made of (bench/trace-tasks.ts).
 * A miss is reported, not an error: this is a measurement, not a test.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { LARGE_ORG, largeOrgBase, planningLog, userLog } from './large-org';
import { longTasks } from './trace-tasks';

const STATIC_DIR = process.env.BENCH_STATIC_DIR ?? 'dist';
/** BENCH_TRACE=<file>: a Chromium trace of the first new device, click to settled, and its long tasks told. */
const TRACE_FILE = process.env.BENCH_TRACE;
/** BENCH_TRACE_KNOWN=<file>: the same for the first known device's new session, navigation to first rows. */
const TRACE_KNOWN_FILE = process.env.BENCH_TRACE_KNOWN;
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'blink',
  'disabled-by-default-v8.cpu_profiler',
];

/** Writes a trace and prints what each of its long tasks was made of. */
function tellTrace(buffer: Buffer, file: string, what: string): void {
  fs.writeFileSync(file, buffer);
  const tasks = longTasks(JSON.parse(buffer.toString('utf8')) as Parameters<typeof longTasks>[0]);
  say(`Trace of ${what}: ${file}; ${tasks.length} task(s) > ${LONG_TASK_MS} ms`);
  const list = (parts: { what: string; ms: number }[]) =>
    parts.map((p) => `${p.what} ${Math.round(p.ms)}`).join(' · ');
  for (const task of tasks) {
    say(`  ${ms(task.ms)}: ${list(task.parts)}`);
    if (task.selfJs.length > 0) say(`    JavaScript, self: ${list(task.selfJs)}`);
    if (task.inclusiveJs.length > 0) say(`    JavaScript, inclusive: ${list(task.inclusiveJs)}`);
  }
}
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const SETUP_CODE = 'BENCH-SETUP-2026';
const ORG = 'bench-large';
const ADMIN = { email: 'awa@ecole.sn', password: 'Admin@2026' };
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
/** The first user row of the virtualised list (src/features/users/users-table.tsx), not its padding rows. */
const ROW = 'table.users-table tbody tr:not(.users-pad)';
const NEW_DEVICE_GOAL_MS = 3_000;
const KNOWN_DEVICE_GOAL_MS = 1_000;
const LONG_TASK_MS = 50;
/** The sync has settled when no API request (but the live stream) nor long task ran for this long. */
const QUIET_MS = 1_500;
const SETTLE_TIMEOUT_MS = 180_000;

const say = (line: string) => process.stdout.write(`${line}\n`);
const ms = (n: number) => `${Math.round(n).toLocaleString('en-US')} ms`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');

if (!fs.existsSync(path.join(STATIC_DIR, 'index.html'))) {
  say(
    `No production build in ${STATIC_DIR}/: run \`npx vite build\` first (npm run bench does it when absent).`,
  );
  process.exit(1);
}
const chromiumPath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
  (p) => p && fs.existsSync(p),
);
if (!chromiumPath) {
  say('No Chromium: install Debian’s `chromium` or set CHROMIUM_PATH.');
  process.exit(1);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The real server entry point, as `npm start` runs it, serving the production build. */
async function startServer(dataFile: string, port: number): Promise<ChildProcess> {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_FILE: dataFile,
      STATIC_DIR,
      SETUP_CODE,
      // Every sign-in of the measurement comes from 127.0.0.1.
      ADDRESS_RATE_LIMIT: '100000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('the server did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/**
 * The organisation as its first device creates it (PUT /api/store with the setup code): the administrator's
 * password in clear (the server hashes it at its own parameters); the other accounts keep large-org.ts's hash
 * of the server's format, which nobody signs in with.
 */
async function seed(base: string): Promise<{ bytes: number; ms: number }> {
  const store = largeOrgBase();
  const [admin, ...others] = store.users;
  if (!admin) throw new Error('no administrator');
  const { passwordHash: _hash, ...adminFields } = admin;
  const body = JSON.stringify({
    ...store,
    users: [{ ...adminFields, password: ADMIN.password }, ...others],
    planningLogs: Array.from({ length: LARGE_ORG.planningLogs }, (_, n) => planningLog(n)),
    userLogs: Array.from({ length: LARGE_ORG.userLogs }, (_, n) => userLog(n)),
  });
  const started = performance.now();
  const response = await fetch(`${base}/api/store?orgId=${ORG}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', 'x-setup-code': SETUP_CODE },
    body,
  });
  if (!response.ok)
    throw new Error(`seed answered ${response.status}: ${(await response.text()).slice(0, 500)}`);
  return { bytes: Buffer.byteLength(body), ms: performance.now() - started };
}

/** Node-side references: the sign-in alone, then GET /api/store of the whole organisation (median of 3 each). */
async function serverReferences(
  base: string,
): Promise<{ signIn: number; store: number; storeBytes: number }> {
  const signIns: number[] = [];
  const stores: number[] = [];
  let storeBytes = 0;
  for (let run = 0; run < 3; run += 1) {
    let started = performance.now();
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ orgId: ORG, email: ADMIN.email, password: ADMIN.password, remember: true }),
    });
    if (login.status !== 200) throw new Error(`sign-in answered ${login.status}`);
    await login.arrayBuffer();
    signIns.push(performance.now() - started);
    const cookie = (login.headers.getSetCookie().find((c) => c.startsWith('sid=')) ?? '').split(';')[0] ?? '';
    started = performance.now();
    const store = await fetch(`${base}/api/store?orgId=${ORG}`, {
      headers: { cookie, 'accept-encoding': 'gzip' },
    });
    if (store.status !== 200) throw new Error(`GET /api/store answered ${store.status}`);
    storeBytes = (await store.arrayBuffer()).byteLength;
    stores.push(performance.now() - started);
  }
  return { signIn: median(signIns), store: median(stores), storeBytes };
}

/** A bare page load of a static file of the same server in a fresh context (median of 3). */
async function staticReference(browser: Browser, base: string): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < 3; run += 1) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const started = performance.now();
    const response = await page.goto(`${base}/manifest.webmanifest`, { waitUntil: 'load' });
    if (!response?.ok()) throw new Error('static file not served');
    times.push(performance.now() - started);
    await context.close();
  }
  return median(times);
}

/**
 * Installed in every page before its scripts: long tasks (buffered, so none is missed), the click on
 * "Se connecter" and the first user row painted (found by a MutationObserver, then one frame and a task later,
 * the usual approximation of "painted"). Times are absolute (timeOrigin + now), comparable across documents.
 */
const PROBE = `(() => {
  const b = (window.__bench = { supported: false, longTasks: [], clickAt: null, firstRowAt: null, origin: performance.timeOrigin });
  try {
    b.supported = PerformanceObserver.supportedEntryTypes.includes('longtask');
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        b.longTasks.push({ at: performance.timeOrigin + e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
  // What ran in the long frames (Long Animation Frames API): each script's entry point, source and time.
  b.frames = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        b.frames.push({
          at: performance.timeOrigin + e.startTime,
          duration: e.duration,
          blocking: e.blockingDuration,
          scripts: (e.scripts || []).map((s) => ({
            invoker: s.invoker,
            source: (s.sourceURL || '').split('/').pop() + ' ' + (s.sourceFunctionName || ''),
            duration: Math.round(s.duration),
            layout: Math.round(s.forcedStyleAndLayoutDuration || 0),
          })),
        });
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {}
  document.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (button && /Se connecter/.test(button.textContent || '')) b.clickAt = performance.timeOrigin + performance.now();
  }, true);
  let seen = false;
  const observer = new MutationObserver(() => {
    if (seen || !document.querySelector(${JSON.stringify(ROW)})) return;
    seen = true;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => { b.firstRowAt = performance.timeOrigin + performance.now(); }, 0));
  });
  observer.observe(document, { childList: true, subtree: true });
})();`;

interface Frame {
  at: number;
  duration: number;
  blocking: number;
  scripts: { invoker: string; source: string; duration: number; layout: number }[];
}

interface Probe {
  supported: boolean;
  longTasks: { at: number; duration: number }[];
  frames: Frame[];
  clickAt: number | null;
  firstRowAt: number | null;
  origin: number;
}

const probe = (page: Page) => page.evaluate(() => (window as unknown as { __bench: Probe }).__bench);

/** API requests in flight in a context (the live stream excepted: it stays open). */
function apiTracker(context: BrowserContext): { quietFor: () => number } {
  let inFlight = 0;
  let lastChange = Date.now();
  const counts = (url: string) => url.includes('/api/') && !url.includes('/api/live');
  context.on('request', (r) => {
    if (!counts(r.url())) return;
    inFlight += 1;
    lastChange = Date.now();
  });
  const done = (url: string) => {
    if (!counts(url)) return;
    inFlight = Math.max(0, inFlight - 1);
    lastChange = Date.now();
  };
  context.on('requestfinished', (r) => done(r.url()));
  context.on('requestfailed', (r) => done(r.url()));
  return { quietFor: () => (inFlight > 0 ? 0 : Date.now() - lastChange) };
}

/**
 * Whether the device holds the whole view: its meta revision is set, which the store load writes last
 * (src/sync/whole-store.ts; the journals are written by a worker, whose requests a context may not report).
 */
function holdsWholeView(page: Page): Promise<boolean> {
  return page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('emargement');
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const db = open.result;
          try {
            const read = db.transaction('meta').objectStore('meta').get('revision');
            read.onsuccess = () => {
              db.close();
              const entry = read.result as { value?: unknown } | undefined;
              resolve(typeof entry?.value === 'number');
            };
            read.onerror = () => resolve(false);
          } catch {
            db.close();
            resolve(false);
          }
        };
      }),
  );
}

/**
 * Waits until the page has settled: the whole view stored, no API request in flight and no long task for
 * QUIET_MS. The absolute page time when it settled: the later of the last request's end and the last long
 * task's end.
 */
async function settled(page: Page, tracker: { quietFor: () => number }): Promise<number> {
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  for (;;) {
    const { now, lastTaskEnd } = await page.evaluate(() => {
      const b = (window as unknown as { __bench: Probe }).__bench;
      return {
        now: performance.timeOrigin + performance.now(),
        lastTaskEnd: Math.max(0, ...b.longTasks.map((t) => t.at + t.duration)),
      };
    });
    const quiet = tracker.quietFor();
    if (quiet >= QUIET_MS && now - lastTaskEnd >= QUIET_MS && (await holdsWholeView(page)))
      return Math.max(now - quiet, lastTaskEnd);
    if (Date.now() > deadline) throw new Error('the sync did not settle');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const rowCount = (page: Page) =>
  page
    .locator('table.users-table')
    .getAttribute('aria-rowcount')
    .then((n) => Number(n ?? 1) - 1);

interface Tasks {
  count: number;
  longest: number;
  /** What ran in the frames of those tasks (BENCH_FRAMES=1 prints it). */
  scripts: string[];
}

function tasksBetween(p: Probe, from: number, to: number): Tasks {
  const within = p.longTasks.filter(
    (t) => t.at + t.duration >= from && t.at <= to && t.duration > LONG_TASK_MS,
  );
  const scripts = within.flatMap((t) =>
    p.frames
      .filter((f) => f.at <= t.at + t.duration && f.at + f.duration >= t.at)
      .flatMap((f) => f.scripts.filter((x) => x.duration >= 10))
      .map(
        (x) =>
          `${Math.round(t.duration)} ms task: ${x.invoker} → ${x.source} ${x.duration} ms (layout ${x.layout})`,
      ),
  );
  return { count: within.length, longest: Math.max(0, ...within.map((t) => t.duration)), scripts };
}

interface DeviceRun {
  loginForm: number;
  firstRows: number;
  firstRowsTasks: Tasks;
  rowsAtFirst: number;
  settled: number;
  settledTasks: Tasks;
  rowsSettled: number;
  knownFirstRows: number;
  knownTasks: Tasks;
  knownRows: number;
  supported: boolean;
}

async function deviceRun(browser: Browser, base: string, trace = false): Promise<DeviceRun> {
  const context = await browser.newContext({ locale: 'fr-FR', timezoneId: 'UTC' });
  try {
    await context.addInitScript(PROBE);
    const tracker = apiTracker(context);
    // 1. New device.
    const page = await context.newPage();
    let started = performance.now();
    await page.goto(`${base}/login?org=${ORG}`);
    const email = page.getByRole('textbox', { name: 'Email' }).first();
    await email.waitFor({ timeout: 120_000 });
    const loginForm = performance.now() - started;
    await email.fill(ADMIN.email);
    await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(ADMIN.password);
    // "Se souvenir de moi" ticked: a session not remembered ends with the browser session (session.ts).
    const remember = page.getByRole('checkbox', { name: 'Se souvenir de moi' });
    if (!(await remember.isChecked())) await remember.click({ force: true });
    if (trace && TRACE_FILE) await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    const clickedAt = Date.now();
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.locator(ROW).first().waitFor({ timeout: SETTLE_TIMEOUT_MS });
    await page.waitForFunction(() => (window as unknown as { __bench: Probe }).__bench.firstRowAt !== null);
    const rowsAtFirst = await rowCount(page);
    const settledAt = await settled(page, tracker);
    if (trace && TRACE_FILE) tellTrace(await browser.stopTracing(), TRACE_FILE, 'the first new device');
    const rowsSettled = await rowCount(page);
    const first = await probe(page);
    if (first.clickAt === null)
      say('(the click on "Se connecter" was not seen in the page: timed from Node)');
    const clickAt = first.clickAt ?? clickedAt;
    const firstRowAt = first.firstRowAt ?? Date.now();
    await page.close();

    // 2. The same device, a new browser session: a new tab (empty sessionStorage) opens /users.
    const known = await context.newPage();
    if (trace && TRACE_KNOWN_FILE) await browser.startTracing(known, { categories: TRACE_CATEGORIES });
    started = performance.now();
    await known.goto(`${base}/users`);
    await known.locator(ROW).first().waitFor({ timeout: SETTLE_TIMEOUT_MS });
    if (trace && TRACE_KNOWN_FILE)
      tellTrace(await browser.stopTracing(), TRACE_KNOWN_FILE, 'the first known device');
    await known.waitForFunction(() => (window as unknown as { __bench: Probe }).__bench.firstRowAt !== null);
    const knownRows = await rowCount(known);
    const second = await probe(known);
    const knownFirstRows =
      second.firstRowAt !== null ? second.firstRowAt - second.origin : performance.now() - started;
    // Its catch-up ends before the context closes (the next device starts on a quiet machine).
    await settled(known, tracker);
    return {
      loginForm,
      firstRows: firstRowAt - clickAt,
      firstRowsTasks: tasksBetween(first, clickAt, firstRowAt),
      rowsAtFirst,
      settled: Math.max(settledAt, firstRowAt) - clickAt,
      settledTasks: tasksBetween(first, clickAt, settledAt),
      rowsSettled,
      knownFirstRows,
      knownTasks: tasksBetween(second, second.origin, second.firstRowAt ?? Date.now()),
      knownRows,
      supported: first.supported,
    };
  } finally {
    await context.close();
  }
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'emargement-bench-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = await startServer(path.join(dir, 'app.sqlite'), port);
let browser: Browser | null = null;
try {
  const built = fs.statSync(path.join(STATIC_DIR, 'index.html')).mtime.toISOString();
  const seeded = await seed(base);
  say(
    `Organisation: ${LARGE_ORG.users} users, ${LARGE_ORG.timetables} timetables, ` +
      `${LARGE_ORG.planningLogs + LARGE_ORG.userLogs} logs (${(seeded.bytes / 1e6).toFixed(1)} MB of JSON, ` +
      `seeded by one PUT /api/store in ${ms(seeded.ms)}); build ${STATIC_DIR}/ of ${built}; ${RUNS} device(s).`,
  );
  const refs = await serverReferences(base);
  browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
  const staticMs = await staticReference(browser, base);
  const runs: DeviceRun[] = [];
  for (let run = 0; run < RUNS; run += 1)
    runs.push(
      await deviceRun(
        browser,
        base,
        run === 0 && (TRACE_FILE !== undefined || TRACE_KNOWN_FILE !== undefined),
      ),
    );

  const each = (pick: (r: DeviceRun) => number) => runs.map((r) => Math.round(pick(r))).join(' / ');
  const worst = (pick: (r: DeviceRun) => Tasks): Tasks => ({
    count: Math.max(...runs.map((r) => pick(r).count)),
    longest: Math.max(...runs.map((r) => pick(r).longest)),
    scripts: runs.flatMap((r) => pick(r).scripts),
  });
  const tasks = (t: Tasks) => `${t.count} task(s) > ${LONG_TASK_MS} ms, longest ${ms(t.longest)}`;
  const newFirst = median(runs.map((r) => r.firstRows));
  const newTasks = worst((r) => r.firstRowsTasks);
  const syncTasks = worst((r) => r.settledTasks);
  const knownFirst = median(runs.map((r) => r.knownFirstRows));
  const knownTasks = worst((r) => r.knownTasks);
  const newOk = newFirst <= NEW_DEVICE_GOAL_MS && newTasks.count === 0;
  const syncOk = syncTasks.count === 0;
  const knownOk = knownFirst <= KNOWN_DEVICE_GOAL_MS;
  const references =
    `static file ${ms(staticMs)} in the browser; sign-in alone ${ms(refs.signIn)}, ` +
    `GET /api/store ${ms(refs.store)} (${(refs.storeBytes / 1e6).toFixed(1)} MB) from Node`;
  say('');
  say('| Figure (median of the devices; tasks: worst device) | Measured | Goal | Reference (same run) |');
  say('|---|---|---|---|');
  say(
    `| new device: "Se connecter" → first rows of /users | ${ms(newFirst)} (${each((r) => r.firstRows)}), ` +
      `${tasks(newTasks)}; ${median(runs.map((r) => r.rowsAtFirst))} users listed | ≤ 3,000 ms, no task > ` +
      `${LONG_TASK_MS} ms: **${verdict(newOk)}** | ${references} |`,
  );
  say(
    `|   until the sync has settled (${QUIET_MS / 1000} s without API request nor long task) | ` +
      `${ms(median(runs.map((r) => r.settled)))} (${each((r) => r.settled)}), ${tasks(syncTasks)}; ` +
      `${median(runs.map((r) => r.rowsSettled))} users listed | no task > ${LONG_TASK_MS} ms while syncing: ` +
      `**${verdict(syncOk)}** | |`,
  );
  say(
    `|   its login form, cold (navigation → form ready) | ${ms(median(runs.map((r) => r.loginForm)))} ` +
      `(${each((r) => r.loginForm)}) | | static file ${ms(staticMs)} |`,
  );
  say(
    `| known device, new session: /users in a new tab → first rows | ${ms(knownFirst)} ` +
      `(${each((r) => r.knownFirstRows)}), ${tasks(knownTasks)}; ${median(runs.map((r) => r.knownRows))} ` +
      `users listed | ≤ 1,000 ms: **${verdict(knownOk)}** | static file ${ms(staticMs)} |`,
  );
  if (process.env.BENCH_FRAMES) {
    say('');
    say('Scripts of the long tasks (Long Animation Frames), new device until settled, then known device:');
    for (const line of [...worst((r) => r.settledTasks).scripts, ...knownTasks.scripts]) say(`  ${line}`);
  }
  if (!runs.every((r) => r.supported))
    say('(This Chromium does not report long tasks: the task counts above are not measured.)');
} finally {
  await browser?.close();
  await stopServer(server);
  fs.rmSync(dir, { recursive: true, force: true });
}
