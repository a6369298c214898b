// npm run lighthouse: Lighthouse (mobile preset, its default) against Debian's Chromium and a production build
// served by the real server, on an organisation of 300 users: the login screen, /users, /planning/consulter and
// /attendance (an administrator) and /teacher/today (a teacher with today's courses). Targets: performance,
// accessibility and best practices >= 95 on every screen (the phones' screens, /teacher/today and /attendance,
// and the screens a school opens first). Exits 1 below them.
// Options: --dist <dir> audits an existing build instead of building one; --runs N keeps each screen's median
// run of N; --out <dir> keeps each screen's JSON
// report there, with its trace (the temporary directory is removed at the end); --only <words> audits only the
// screens whose path holds one of the comma-separated words (e.g. --only teacher,attendance). Each line gives LCP
// and TBT beside the scores.
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { findChromium } from './find-chromium.mjs';

export const TARGETS = { performance: 0.95, accessibility: 0.95, 'best-practices': 0.95 };
/** Screens a teacher or a supervisor opens on a phone. */
const PHONE_TARGETS = TARGETS;
/** The size of the organisation audited (a school of 300 people: 1 administrator, 299 teachers). */
const USERS = 300;
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 4490);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const SETUP_CODE = `LH${Date.now().toString(36)}`;
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
      // Creating an organisation asks for the server's setup code: this run chooses it.
      SETUP_CODE,
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

/** Monday of the current UTC week and today's weekday (1 = Monday ... 7 = Sunday), as the timetables count them. */
function thisWeek(now) {
  const dayOfWeek = ((now.getUTCDay() + 6) % 7) + 1;
  const monday = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - dayOfWeek + 1),
  );
  return { weekStartDate: monday.toISOString().slice(0, 10), dayOfWeek };
}

const hhmm = (date) => date.toISOString().slice(11, 16);

/** Today's courses of teacher 1 around the current time (one in its check-in window), on 3 classes. */
function todayTimetables(now) {
  const { weekStartDate, dayOfWeek } = thisWeek(now);
  const at = (minutes) =>
    new Date(Math.max(startOfDay(now), Math.min(now.getTime() + minutes * 60_000, endOfDay(now))));
  const slots = [
    [-240, -150],
    [-20, 100],
    [120, 240],
  ].map(([from, to], i) => ({
    id: `s-${i}`,
    dayOfWeek,
    startTime: hhmm(at(from)),
    endTime: hhmm(at(to)),
    moduleId: `mod-${i}`,
    teacherUserId: 'u-t0',
    deliveryMode: i === 2 ? 'en-ligne' : 'presentiel',
    canceled: false,
  }));
  return slots.map((slot, i) => ({
    id: `tt-${i}`,
    periodicity: 'week',
    year: now.getUTCFullYear(),
    weekStartDate,
    classId: `cls-${i}`,
    createdAt: now.toISOString(),
    slots: [slot],
  }));
}

function startOfDay(now) {
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
}

function endOfDay(now) {
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 23, 59);
}

async function seed(orgId) {
  const now = new Date();
  const response = await fetch(`${ORIGIN}/api/store?orgId=${orgId}`, {
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
        ...Array.from({ length: USERS - 1 }, (_, i) => ({
          id: `u-t${i}`,
          name: `Enseignant ${i + 1}`,
          email: `prof${i + 1}@ecole.sn`,
          profileId: 'teacher',
          status: 'Active',
          // Only the teacher who signs in needs a password (the server hashes each one: 600,000 rounds).
          ...(i === 0 ? { password: 'Prof@2026' } : {}),
          mustChangePassword: false,
        })),
      ],
      profiles: [
        {
          id: 'super-admin',
          name: 'Super Admin',
          moduleIds: [
            'users',
            'profiles',
            'journal',
            'settings.instituts',
            'settings.donnees',
            'attendance',
            'planning',
            'planning.consulter',
          ],
          formFieldKeys: ['email'],
        },
        { id: 'teacher', name: 'Enseignant', moduleIds: ['teacher', 'teacher.today'], formFieldKeys: [] },
      ],
      classes: [0, 1, 2].map((i) => ({
        id: `cls-${i}`,
        code: `L${i + 1}-INFO`,
        levelId: null,
        instituteId: null,
      })),
      courseModules: ['Algorithmique', 'Réseaux', 'Bases de données'].map((name, i) => ({
        id: `mod-${i}`,
        code: `M${i}`,
        name,
        levelId: null,
        instituteId: null,
      })),
      timetables: todayTimetables(now),
      // A teacher without a validated file lands on /teacher/contract (spec part 2): this one has one.
      teacherContractSubmissions: [
        { id: 'tc-0', teacherUserId: 'u-t0', status: 'validated', attachments: [] },
      ],
    }),
  });
  if (!response.ok) throw new Error(`seed failed: ${response.status}`);
}

/** Signs in through the page (IndexedDB holds the session), in the Chrome that Lighthouse then drives. */
async function signIn(port, orgId, email, password, landing) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const context = browser.contexts()[0];
  const page = await context.newPage();
  await page.goto(`${ORIGIN}/login?org=${orgId}`);
  await page.getByRole('textbox', { name: 'Email' }).first().fill(email);
  await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL(landing);
  await page.close();
  await browser.close();
}

function reportDir() {
  const outArg = process.argv.indexOf('--out');
  if (outArg < 0) return null;
  const dir = path.resolve(process.argv[outArg + 1]);
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * Before each audit, the browser's service workers are stopped, as a browser does with an idle one (~30 s):
 * the screen is opened as a person opens the app. A running worker keeps the renderer process of the previous
 * audit alive, and the next tab joins it with that page's heap; Lighthouse's instrumentation (coverage,
 * script catch-up) then spent 0.2 to 1.8 s, in one task it cannot attribute, at the start of the next page,
 * so that a screen's score depended on the screen audited before it (measured: /planning/consulter's first
 * task 430 ms unthrottled after /users, none once the workers are stopped).
 */
async function stopServiceWorkers(port) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const page = await browser.contexts()[0].newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  await page.close();
  await browser.close();
  // The renderer process ends once it hosts nothing.
  await new Promise((resolve) => setTimeout(resolve, 1500));
}

/**
 * LIGHTHOUSE_PROFILE=1 adds V8's sampling profiler to the traces kept by --out (what ran in each long task,
 * by function: bench/trace-tasks.ts). It slows the pages: scores of such a run are not the measurement.
 */
const PROFILE = process.env.LIGHTHOUSE_PROFILE
  ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' }
  : {};

/**
 * --runs N audits each screen N times and keeps the run of median performance (Lighthouse's own advice for a
 * noisy machine: one run's TBT moves by hundreds of milliseconds with the machine's load); every run's score
 * is printed beside it.
 */
const RUNS = (() => {
  const at = process.argv.indexOf('--runs');
  return at > 0 ? Math.max(1, Number(process.argv[at + 1]) || 1) : 1;
})();

/** --only users,teacher: the screens whose path holds one of these words (every screen by default). */
const ONLY = (() => {
  const at = process.argv.indexOf('--only');
  return at > 0 ? (process.argv[at + 1] ?? '').split(',').filter(Boolean) : null;
})();

async function audit(port, url, disableStorageReset) {
  if (ONLY && !ONLY.some((word) => new URL(url).pathname.includes(word))) return null;
  const results = [];
  for (let run = 0; run < RUNS; run += 1) results.push(await auditOnce(port, url, disableStorageReset));
  const byPerformance = [...results].sort((a, b) => a.scores.performance - b.scores.performance);
  const median = byPerformance[Math.floor((byPerformance.length - 1) / 2)];
  return { ...median, all: results.map((r) => Math.round(r.scores.performance * 100)) };
}

async function auditOnce(port, url, disableStorageReset) {
  await stopServiceWorkers(port);
  let result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: Object.keys(TARGETS),
    disableStorageReset,
    ...PROFILE,
  });
  // Lighthouse asks for a second run when its trace missed the navigation (NO_NAVSTART and the like).
  if (result?.lhr.runtimeError) {
    console.log(`${url}: ${result.lhr.runtimeError.code}, second run`);
    result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: Object.keys(TARGETS),
      disableStorageReset,
      ...PROFILE,
    });
  }
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  const { categories, audits } = result.lhr;
  const out = reportDir();
  if (out) {
    const name = new URL(url).pathname.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'root';
    fs.writeFileSync(path.join(out, `${name}.json`), JSON.stringify(result.lhr));
    // The page's trace beside it (bench/trace-tasks.ts tells what each long task was made of).
    const trace = result.artifacts?.Trace ?? result.artifacts?.traces?.defaultPass;
    if (trace) fs.writeFileSync(path.join(out, `${name}.trace.json`), JSON.stringify(trace));
  }
  const failing = Object.values(audits)
    .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
    .map((a) => `${a.id} (${a.score})`);
  return {
    scores: Object.fromEntries(Object.keys(TARGETS).map((k) => [k, categories[k]?.score ?? 0])),
    failing,
    timings: {
      LCP: audits['largest-contentful-paint']?.numericValue,
      TBT: audits['total-blocking-time']?.numericValue,
    },
  };
}

/** A Chrome with its own profile (one signed-in person each). */
function launchChrome(name) {
  fs.mkdirSync(path.join(work, name));
  return chromeLauncher.launch({
    chromePath: findChromium(),
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
    userDataDir: path.join(work, name),
  });
}

async function main() {
  const dist = build();
  const server = await startServer(dist);
  let isBelow = false;
  const chromes = [];
  try {
    const orgId = `lighthouse-${Date.now().toString(36)}`;
    await seed(orgId);
    const runs = [];
    const admin = await launchChrome('chrome-admin');
    chromes.push(admin);
    runs.push(['/login', TARGETS, await audit(admin.port, `${ORIGIN}/login?org=${orgId}`, false)]);
    await signIn(admin.port, orgId, 'awa@ecole.sn', 'Admin@2026', /\/users$/);
    runs.push(['/users (connecté)', TARGETS, await audit(admin.port, `${ORIGIN}/users`, true)]);
    runs.push([
      '/planning/consulter (connecté)',
      TARGETS,
      await audit(admin.port, `${ORIGIN}/planning/consulter`, true),
    ]);
    runs.push([
      '/attendance (connecté)',
      PHONE_TARGETS,
      await audit(admin.port, `${ORIGIN}/attendance`, true),
    ]);
    const teacher = await launchChrome('chrome-teacher');
    chromes.push(teacher);
    await signIn(teacher.port, orgId, 'prof1@ecole.sn', 'Prof@2026', /\/teacher\/today$/);
    runs.push([
      '/teacher/today (enseignant)',
      PHONE_TARGETS,
      await audit(teacher.port, `${ORIGIN}/teacher/today`, true),
    ]);
    for (const [screen, targets, result] of runs) {
      if (!result) continue;
      const { scores, failing, timings, all } = result;
      const text = [
        ...Object.entries(scores).map(([k, v]) => `${k} ${Math.round(v * 100)}`),
        ...Object.entries(timings).map(([k, ms]) => `${k} ${Math.round(ms ?? 0)} ms`),
        ...(all.length > 1 ? [`median of ${all.length} runs (performance ${all.join(' / ')})`] : []),
      ].join(', ');
      console.log(`${screen}: ${text}`);
      if (failing.length > 0) console.log(`  audits à revoir: ${failing.join(', ')}`);
      for (const [k, target] of Object.entries(targets)) {
        if (scores[k] < target) {
          console.error(`ÉCHEC: ${screen} ${k} ${Math.round(scores[k] * 100)} < ${target * 100}`);
          isBelow = true;
        }
      }
    }
  } finally {
    for (const chrome of chromes) await chrome.kill();
    server.kill();
    await once(server, 'exit');
    fs.rmSync(work, { recursive: true, force: true });
  }
  if (isBelow) process.exit(1);
}

await main();
