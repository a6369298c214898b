import { expect, test } from '@playwright/test';
import {
  algorithmsCourse,
  newOrgId,
  readStoreAsAdmin,
  SCHOOL_ADMIN,
  schoolWithTeachers,
  seedOrg,
} from './support/org';
import { submitSignIn } from './support/pages/sign-in';
import { TodayPage } from './support/pages/today';

// Issue 31 item 7, "lost work is said, never silent": a teacher's offline check-in waits in IndexedDB; the
// browser deletes the app's database before the network returns. The open page says its data vanished (never
// the emergency area); the next start says what was lost, when and by whom, and the administrators find it in
// the journal.
const MONDAY = '2026-03-09';

test('a cleared IndexedDB with a pending check-in: the app says what was lost and reports it', async ({
  page,
  context,
  browser,
  request,
  baseURL,
}) => {
  const org = newOrgId('lost-work');
  await seedOrg(request, org, { ...schoolWithTeachers(), ...algorithmsCourse(MONDAY, 1, '08:00', '10:00') });
  await page.clock.install({ time: new Date(`${MONDAY}T07:50:00.000Z`) });
  // Never offered, not even for one frame: a recorder in every page of the sequence (reloads included) notes
  // each time the emergency area's text enters the document, and the app's error text too (offered offline,
  // the area's code cannot load and the whole page fell to it); checked at the end.
  const emergencySeen: string[] = [];
  await page.exposeFunction('__emergencySeen', (where: string) => {
    emergencySeen.push(where);
  });
  await page.addInitScript(() => {
    const seen = (globalThis as unknown as { __emergencySeen: (where: string) => void }).__emergencySeen;
    const reported = new Set<string>();
    const check = () => {
      const text = document.body?.textContent ?? '';
      for (const wrong of ['Aucun administrateur actif', 'Une erreur inattendue']) {
        if (reported.has(wrong) || !text.includes(wrong)) continue;
        reported.add(wrong);
        void seen(`${wrong} on ${location.pathname}${location.search}`);
      }
    };
    new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
  });
  // The browser's answer to persistent storage is its own (engagement, installation): a refusal is set here, and
  // each request counted, so the test sees what the app does with it.
  await page.addInitScript(() => {
    const counter = globalThis as unknown as { __persistAsked: number };
    counter.__persistAsked = 0;
    navigator.storage.persisted = () => Promise.resolve(false);
    navigator.storage.persist = () => {
      counter.__persistAsked += 1;
      return Promise.resolve(false);
    };
  });
  const persistAsked = () =>
    page.evaluate(() => (globalThis as unknown as { __persistAsked: number }).__persistAsked);
  await page.goto(`/login?org=${org}`);
  await submitSignIn(page, 'moussa@ecole.sn', 'Prof@2026');
  await expect(page).toHaveURL(/\/teacher\/today$/);

  // The screen's code is loaded before the network goes (no service worker in this test).
  const today = new TodayPage(page);
  await expect(today.dueCourse).toContainText('08:00 – 10:00');
  // Never asked silently at sign-in: only a change that cannot leave asks, where a refusal can be told.
  expect(await persistAsked()).toBe(0);
  await context.setOffline(true);
  await today.arrival().click();
  await expect(page.getByText(/Arrivée · Moussa Fall/).first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Hors ligne' })).toBeVisible();
  // The first change made offline asks for persistent storage once; the refusal is told to the teacher.
  await expect.poll(persistAsked).toBe(1);
  await expect(page.getByRole('status').filter({ hasText: 'attendent le réseau' })).toContainText(
    'installez l’application',
  );
  // The shadow outside IndexedDB counts it.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('emargement/pending-shadow') ?? ''))
    .toContain('"count":1');

  // The browser deletes the database under the open page.
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const request = indexedDB.deleteDatabase('emargement');
        request.onsuccess = () => resolve();
        request.onerror = () => reject(new Error('deleteDatabase failed'));
      }),
  );
  const vanished = page.getByRole('alertdialog', { name: 'Les données de l’application ont été effacées' });
  await expect(vanished).toBeVisible();
  await expect(vanished).toContainText('Rechargez la page');
  // Behind the screen the emptied database knows nobody. The sync engine stops and writes nothing into it
  // (src/db/storage-presence.ts), so the page may well stay where it was; it used to reach the login form, which
  // offline asked the device's copy (just emptied: "no administrator") and offered the emergency area. Should
  // it get there, the form must have decided without offering it (the recorder above watches every frame; the
  // next start below meets the login form on the emptied device every time).
  if (/\/login/.test(page.url()))
    await expect(page.locator('main.login-card')).toHaveAttribute('aria-busy', 'false');
  await expect(vanished).toBeVisible();
  await expect(page.getByText(/Aucun administrateur actif/)).toHaveCount(0);

  // Next start, online: what was lost, when, by whom.
  await context.setOffline(false);
  await vanished.getByRole('button', { name: 'Recharger l’application' }).click();
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('emargement/lost-work') ?? ''))
    .toContain('"count":1');
  const notice = page.getByRole('alertdialog', { name: 'Des modifications n’ont pas pu être envoyées' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(/1 modification faite le 09\/03\/2026 à 07:5\d par Moussa Fall/);
  await expect(page.getByText(/Aucun administrateur actif/)).toHaveCount(0);
  await notice.getByRole('button', { name: 'J’ai compris' }).click();
  await expect(notice).toHaveCount(0);
  // The report leaves with the next session: the teacher signs in again on the emptied device.
  if (!/\/teacher\//.test(page.url())) await submitSignIn(page, 'moussa@ecole.sn', 'Prof@2026');
  await expect(page).toHaveURL(/\/teacher\/today$/);

  // The check-in never reached the server; the administrators' journal says it was lost.
  const teacherView = await readStoreAsAdmin(baseURL ?? '', org, {
    email: 'moussa@ecole.sn',
    password: 'Prof@2026',
  });
  expect((teacherView.planningLogs ?? []).filter((l) => l.action === 'planning-checkin')).toHaveLength(0);
  const journalEntries = async () => {
    const adminView = await readStoreAsAdmin(baseURL ?? '', org);
    return (adminView.userLogs ?? []) as { action: string; details?: string; actorUserName?: string }[];
  };
  await expect
    .poll(async () => (await journalEntries()).filter((l) => l.action === 'device-lost-work').length, {
      timeout: 40_000,
    })
    .toBe(1);
  const journal = await journalEntries();
  const entry = journal.find((l) => l.action === 'device-lost-work');
  expect(entry?.actorUserName).toBe('Moussa Fall');
  expect(entry?.details).toMatch(
    /^1 modification non envoyée perdue sur un appareil \(faite le 09\/03\/2026 à 07:5\d/,
  );

  // The administrator reads it on the Journal des actions screen: what, by whom, when it was made.
  const adminContext = await browser.newContext();
  try {
    const admin = await adminContext.newPage();
    await admin.goto(`/login?org=${org}`);
    await submitSignIn(admin, SCHOOL_ADMIN.email, SCHOOL_ADMIN.password);
    await expect(admin).not.toHaveURL(/\/login/);
    await admin.goto('/journal');
    await expect(admin.getByRole('heading', { name: 'Journal des actions' })).toBeVisible();
    const row = admin.getByRole('row').filter({ hasText: 'Modifications perdues (appareil)' });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Moussa Fall');
    await expect(row).toContainText(
      /1 modification non envoyée perdue sur un appareil \(faite le 09\/03\/2026/,
    );
  } finally {
    await adminContext.close();
  }

  // Said once: the next start shows no notice.
  await page.reload();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/teacher\/today$/);
  expect(emergencySeen, 'the emergency area or the error text appeared').toEqual([]);
});
