import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { courseSlot, weekTimetable } from '../support/builders';
import { newOrgId, schoolWithTeachers, seedOrg } from './support/org';
import { AttendancePage } from './support/pages/attendance';
import { signIn } from './support/pages/sign-in';

// Sync end to end: two devices offline on one organisation, and an offline check-in
// replayed exactly once after the app was closed. Monday of the seeded week; UTC everywhere.
const DAY = '2026-03-09';
// 08:05: the Algorithmique course (08:00–10:00) is open for check-in.
const NOW = new Date(`${DAY}T08:05:00.000Z`);
const NEW_EMAIL = 'f.ndiaye@ecole.sn';

/** A Monday course, its id `${moduleId}-${startTime}`. */
const slot = (startTime: string, endTime: string, moduleId: string, teacherUserId: string) =>
  courseSlot(1, startTime, endTime, moduleId, teacherUserId, { id: `${moduleId}-${startTime}` });

function syncOrg() {
  const base = schoolWithTeachers();
  return {
    ...base,
    profiles: [
      {
        id: 'super-admin',
        name: 'Super Admin',
        moduleIds: ['users', 'planning.consulter', 'planning.consulter.actions', 'attendance'],
        formFieldKeys: ['email'],
      },
      { id: 'teacher', name: 'Enseignant', moduleIds: ['attendance'], formFieldKeys: ['email'] },
    ],
    institutes: [{ id: 'inst-1', name: 'Institut Dakar', abbr: 'ID' }],
    levels: [{ id: 'lvl-1', name: 'Licence 1', abbr: 'L1' }],
    classes: [{ id: 'cls-1', code: 'L1-INFO', levelId: 'lvl-1', instituteId: 'inst-1' }],
    courseModules: [
      { id: 'mod-algo', code: 'ALGO', name: 'Algorithmique', levelId: 'lvl-1', instituteId: 'inst-1' },
      { id: 'mod-web', code: 'WEB', name: 'Développement web', levelId: 'lvl-1', instituteId: 'inst-1' },
      { id: 'mod-ang', code: 'ANG', name: 'Anglais', levelId: 'lvl-1', instituteId: 'inst-1' },
    ],
    timetables: [
      weekTimetable(
        'tt-1',
        DAY,
        [
          slot('08:00', '10:00', 'mod-algo', 'u-t1'),
          slot('10:30', '12:00', 'mod-web', 'u-t1'),
          slot('09:00', '10:00', 'mod-ang', 'u-t2'),
        ],
        { classId: 'cls-1' },
      ),
    ],
  };
}

interface ServerStore {
  users: { id: string; email: string }[];
  timetables: {
    id: string;
    slots: { id: string; dayOfWeek: number; startTime: string; endTime: string }[];
  }[];
  planningLogs: { id: string; action: string; timetableId: string; slotIndex: number }[];
}

async function serverStore(page: Page, org: string): Promise<ServerStore> {
  const response = await page.request.get(`/api/store?orgId=${org}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as ServerStore;
}

const checkInsOfAlgo = (store: ServerStore) =>
  store.planningLogs.filter(
    (l) => l.action === 'planning-checkin' && l.timetableId === 'tt-1' && l.slotIndex === 0,
  ).length;

async function newDevice(
  browser: Browser,
  serviceWorkers: 'allow' | 'block' = 'allow',
): Promise<BrowserContext> {
  const context = await browser.newContext({
    timezoneId: 'UTC',
    locale: 'fr-FR',
    viewport: { width: 1400, height: 1000 },
    serviceWorkers,
  });
  // On the context, so a page opened later (the app reopened) reads the same fixed day.
  await context.clock.install({ time: NOW });
  return context;
}

const header = (page: Page) => page.locator('.sync-status');
const row = (page: Page, range: string) => new AttendancePage(page).row(range);
const arrival = (page: Page, range: string) => new AttendancePage(page).arrival(row(page, range));
const nav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Modules' }).getByRole('link', { name });

/**
 * Waits for « Synchronisé ». Under Playwright's clock a debounced or periodic exchange may wait for a fake
 * tick: the 'online' event asks the engine for an immediate exchange, as the browser does on reconnection.
 */
async function waitSynced(page: Page): Promise<void> {
  await expect(async () => {
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(header(page)).toContainText('Synchronisé', { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/** Repeats an assertion, nudging the engine to pull between tries. */
async function eventually(page: Page, assertion: () => Promise<void>): Promise<void> {
  await expect(async () => {
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await assertion();
  }).toPass({ timeout: 20_000 });
}

/** A user's e-mail as stored in this device's IndexedDB (the teacher has no screen showing other users). */
function localEmail(page: Page, userId: string): Promise<string | null> {
  return page.evaluate(
    (id) =>
      new Promise<string | null>((resolve, reject) => {
        const open = indexedDB.open('emargement');
        open.onerror = () => reject(new Error('open failed'));
        open.onsuccess = () => {
          const get = open.result.transaction('users').objectStore('users').get(id);
          get.onsuccess = () => {
            const user = get.result as { email?: string } | undefined;
            open.result.close();
            resolve(user?.email ?? null);
          };
          get.onerror = () => reject(new Error('get failed'));
        };
      }),
    userId,
  );
}

test('two devices offline: a check-in, a reschedule of another slot and a user edit all converge', async ({
  browser,
  request,
}) => {
  const org = newOrgId('sync-two');
  await seedOrg(request, org, syncOrg());

  // Device A: the teacher's phone on the follow-up screen (position refused: the check-in goes on without it).
  const teacherContext = await newDevice(browser);
  const teacher = await teacherContext.newPage();
  await signIn(teacher, org, 'moussa@ecole.sn', 'Prof@2026');
  await new AttendancePage(teacher).open(DAY);
  await waitSynced(teacher);

  // Device B: the admin desk. Every screen is visited once online so its code is loaded before going offline.
  const adminContext = await newDevice(browser);
  const admin = await adminContext.newPage();
  await signIn(admin, org, 'awa@ecole.sn', 'Admin@2026');
  await admin.goto('/users');
  await expect(admin.getByRole('button', { name: 'Modifier Fatou Ndiaye' })).toBeVisible();
  await admin.goto(`/attendance?date=${DAY}`);
  await expect(row(admin, '08:00 – 10:00')).toContainText('Moussa Fall');
  await admin.goto('/planning/consulter');
  await expect(admin.getByRole('heading', { name: 'Consulter les plannings', level: 2 })).toBeVisible();
  await waitSynced(admin);

  await teacherContext.setOffline(true);
  await adminContext.setOffline(true);
  await expect(header(teacher)).toContainText('Hors ligne');
  await expect(header(admin)).toContainText('Hors ligne');

  // A: check-in of Algorithmique (the log and its notification wait in the outbox).
  const algo = row(teacher, '08:00 – 10:00');
  await arrival(teacher, '08:00 – 10:00').click();
  await expect(algo).toContainText('En cours');
  await expect(header(teacher)).toContainText(/Hors ligne · \d+ modification\(s\) en attente/);

  // B: another slot of the same timetable moves to 13:00–14:30, then a user's e-mail changes.
  await admin
    .getByRole('button', { name: /^Développement web, classe L1-INFO, Moussa Fall, Lundi 09\/03/ })
    .click();
  const dialog = admin.getByRole('dialog', { name: 'Gérer un cours' });
  await expect(dialog).toContainText('Lundi 09/03, 10:30 – 12:00');
  await dialog.getByLabel('Début').fill('13:00');
  await dialog.getByLabel('Fin').fill('14:30');
  await dialog.getByRole('button', { name: 'Reprogrammer' }).click();
  await expect(admin.getByText('Cours reprogrammé')).toBeVisible();
  await expect(dialog).toContainText('Lundi 09/03, 13:00 – 14:30');
  await dialog.getByRole('button', { name: 'Fermer' }).click();
  await nav(admin, 'Gestion des utilisateurs').click();
  await admin.getByRole('button', { name: 'Modifier Fatou Ndiaye' }).click();
  const editor = admin.getByRole('dialog', { name: "Modifier l'utilisateur" });
  await editor.getByLabel('Email').fill(NEW_EMAIL);
  await editor.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(admin.getByRole('row', { name: /Fatou Ndiaye/ })).toContainText(NEW_EMAIL);
  await expect(header(admin)).toContainText(/Hors ligne · \d+ modification\(s\) en attente/);
  await teacher.screenshot({ path: 'test-results/sync-teacher-offline.png' });
  await admin.screenshot({ path: 'test-results/sync-admin-offline.png' });

  // Nothing reached the server while both were offline.
  const before = await serverStore(teacher, org);
  expect(checkInsOfAlgo(before)).toBe(0);
  expect(before.timetables[0]?.slots[1]?.startTime).toBe('10:30');
  expect(before.users.find((u) => u.id === 'u-t2')?.email).toBe('fatou@ecole.sn');

  // Back online: the browser's own 'online' event starts an exchange, with no nudge from the test.
  await teacherContext.setOffline(false);
  await adminContext.setOffline(false);
  await expect(header(teacher)).toContainText('Synchronisé', { timeout: 15_000 });
  await expect(header(admin)).toContainText('Synchronisé', { timeout: 15_000 });
  await waitSynced(teacher);

  // The server holds the three changes, each once, and the slots nobody touched are intact.
  const after = await serverStore(teacher, org);
  expect(checkInsOfAlgo(after)).toBe(1);
  const slots = after.timetables.find((t) => t.id === 'tt-1')?.slots ?? [];
  expect(slots.map((s) => `${s.id} ${s.dayOfWeek} ${s.startTime}-${s.endTime}`)).toEqual([
    'mod-algo-08:00 1 08:00-10:00',
    'mod-web-10:30 1 13:00-14:30',
    'mod-ang-09:00 1 09:00-10:00',
  ]);
  expect(
    after.planningLogs.filter((l) => l.action === 'planning-reschedule' && l.slotIndex === 1),
  ).toHaveLength(1);
  expect(after.users.find((u) => u.id === 'u-t2')?.email).toBe(NEW_EMAIL);

  // A shows the moved course next to its own check-in, and holds the new e-mail.
  await eventually(teacher, async () => {
    await expect(row(teacher, '13:00 – 14:30')).toContainText('Développement web', { timeout: 1_000 });
    await expect(row(teacher, '10:30 – 12:00')).toHaveCount(0, { timeout: 1_000 });
    await expect(row(teacher, '08:00 – 10:00')).toContainText('En cours', { timeout: 1_000 });
    expect(await localEmail(teacher, 'u-t2')).toBe(NEW_EMAIL);
  });
  await expect(header(teacher)).toContainText('Synchronisé');
  await teacher.screenshot({ path: 'test-results/sync-teacher-after.png' });

  // B shows the edit, and the teacher's check-in on its follow-up screen and in the course's dialog.
  await expect(admin.getByRole('row', { name: /Fatou Ndiaye/ })).toContainText(NEW_EMAIL);
  await nav(admin, 'Suivi des émargements').click();
  await eventually(admin, async () => {
    await expect(row(admin, '08:00 – 10:00')).toContainText('En cours', { timeout: 1_000 });
    await expect(row(admin, '13:00 – 14:30')).toContainText('Développement web', { timeout: 1_000 });
  });
  await nav(admin, 'Gestion du planning').click();
  await admin
    .getByRole('button', { name: /^Algorithmique, classe L1-INFO, Moussa Fall, Lundi 09\/03/ })
    .click();
  const log = admin
    .getByRole('dialog', { name: 'Gérer un cours' })
    .getByRole('list', { name: 'Historique du créneau' })
    .getByRole('listitem');
  await expect(log).toHaveCount(1);
  await expect(log.first()).toContainText('Arrivée');
  await expect(header(admin)).toContainText('Synchronisé');
  await admin.screenshot({ path: 'test-results/sync-admin-after.png' });

  await teacherContext.close();
  await adminContext.close();
});

test('an offline check-in survives closing the app and reaches the server exactly once', async ({
  browser,
  request,
}) => {
  const org = newOrgId('sync-replay');
  await seedOrg(request, org, syncOrg());
  // The page alone replays its outbox here. Chromium's emulated offline reaches neither Background Sync nor
  // the service worker's fetches: the worker, woken by the sync the check-in asks for, could push it while the
  // page is "offline" (a real device waits for the network). The worker's own path has the test below.
  const context = await newDevice(browser, 'block');
  const first = await context.newPage();
  await signIn(first, org, 'moussa@ecole.sn', 'Prof@2026');
  await first.goto(`/attendance?date=${DAY}`);
  const algo = row(first, '08:00 – 10:00');
  // The screen is shown (its lazily loaded code is here) before the network goes away: this test has no
  // service worker cache to fall back on, and the longer server sign-in made that race visible.
  await expect(arrival(first, '08:00 – 10:00')).toBeVisible();
  await waitSynced(first);

  await context.setOffline(true);
  await arrival(first, '08:00 – 10:00').click();
  await expect(algo).toContainText('En cours');
  await expect(header(first)).toContainText(/Hors ligne · \d+ modification\(s\) en attente/);
  await first.close();
  expect(checkInsOfAlgo(await serverStore(await context.newPage(), org))).toBe(0);

  // Reopened online in the same profile: same IndexedDB, a new tab (so the remote store loads first).
  await context.setOffline(false);
  const reopened = await context.newPage();
  await reopened.goto(`/attendance?date=${DAY}`);
  await expect(row(reopened, '08:00 – 10:00')).toContainText('En cours');
  await waitSynced(reopened);
  await expect.poll(async () => checkInsOfAlgo(await serverStore(reopened, org))).toBe(1);

  // More exchanges, a reload and another tab change nothing: the outbox is empty and pushes are idempotent.
  await reopened.reload();
  await waitSynced(reopened);
  const another = await context.newPage();
  await another.goto(`/attendance?date=${DAY}`);
  await waitSynced(another);
  await expect(row(another, '08:00 – 10:00')).toContainText('En cours');
  const final = await serverStore(another, org);
  expect(checkInsOfAlgo(final)).toBe(1);
  expect(final.planningLogs).toHaveLength(1);
  await context.close();
});

test("with the page's timers frozen, the service worker's Background Sync pushes the outbox", async ({
  browser,
  request,
}) => {
  const org = newOrgId('sync-bgsync');
  await seedOrg(request, org, syncOrg());
  const context = await newDevice(browser);
  const page = await context.newPage();
  await signIn(page, org, 'moussa@ecole.sn', 'Prof@2026');
  // First visit: /login installed the worker, this page is claimed by it after its own registration ran.
  await page.goto(`/attendance?date=${DAY}`);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await waitSynced(page);

  const cdp = await context.newCDPSession(page);
  const registrations: string[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => {
    for (const r of event.registrations) if (!r.isDeleted) registrations.push(r.registrationId);
  });
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrations.length).toBeGreaterThan(0);
  await page.evaluate(() => {
    const w = window as unknown as { flushes: number };
    w.flushes = 0;
    navigator.serviceWorker.addEventListener('message', (e: MessageEvent<{ type?: string } | null>) => {
      if (e.data?.type === 'FLUSH_OUTBOX') w.flushes += 1;
    });
  });

  await context.setOffline(true);
  const algo = row(page, '08:00 – 10:00');
  await arrival(page, '08:00 – 10:00').click();
  await expect(algo).toContainText('En cours');
  await expect(header(page)).toContainText(/Hors ligne · \d+ modification\(s\) en attente/);
  // Let the debounced push fail so the engine sits in back-off, its next retry seconds away.
  await page.waitForTimeout(1_500);
  // Then freeze the page's timers (5 ms ahead: no pending retry is due): neither the retry nor the engine's
  // reaction to 'online' (a 0 ms timer) can run any more; only the worker's message can start a push.
  const pageNow = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(new Date(pageNow + 5));
  expect(checkInsOfAlgo(await serverStore(page, org))).toBe(0);

  // Chromium fires the registered 'outbox' sync on reconnection; the explicit dispatch makes the test
  // independent of that timing (a second flush is harmless: pushes are idempotent).
  await context.setOffline(false);
  await cdp.send('ServiceWorker.dispatchSyncEvent', {
    origin: new URL(page.url()).origin,
    registrationId: registrations[registrations.length - 1] ?? '',
    tag: 'outbox',
    lastChance: false,
  });
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { flushes: number }).flushes))
    .toBeGreaterThan(0);
  await expect.poll(async () => checkInsOfAlgo(await serverStore(page, org))).toBe(1);
  await page.clock.resume();
  await waitSynced(page);
  expect(checkInsOfAlgo(await serverStore(page, org))).toBe(1);
  await context.close();
});
