import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import { liveDay } from './support/live-day';
import {
  algorithmsCourse,
  enrolKioskApi,
  newOrgId,
  readStoreAsAdmin,
  schoolWithTeachers,
  seedOrg,
} from './support/org';
import { TodayPage } from './support/pages/today';

// The classroom tablet on the wall: from the PIN pad to a confirmed check-in in name + 6 digits + 1 tap,
// portrait and landscape, online and offline; the layout uses the whole screen, touch targets >= 48 px.
// The service worker serves the app's chunks while the tablet is offline.
test.use({ serviceWorkers: 'allow', hasTouch: true });

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results';
const MIN_TARGET_PX = 48;
const PIN = '482913';

/**
 * Check-ins are timed by the server's clock (src/sync/server-clock.ts): the course is on the real day,
 * around the real time (started 5 minutes ago).
 */
async function classroom() {
  const { dayOfWeek, monday, since, until } = await liveDay();
  const base = schoolWithTeachers();
  // Enough colleagues for the first-letter jump; Moussa has a 6-digit PIN.
  const colleagues = ['Aminata', 'Babacar', 'Coumba', 'Djibril', 'Fatima', 'Ibrahima', 'Khady', 'Lamine']
    .flatMap((first, i) => [`${first} Sarr`, `${first} Diallo`].map((name, j) => ({ name, i, j })))
    .map(({ name, i, j }) => ({
      id: `u-c${i}-${j}`,
      name,
      email: `c${i}${j}@ecole.sn`,
      profileId: 'teacher',
      status: 'Active',
      password: 'Prof@2026',
      pin: '1357',
      mustChangePassword: false,
    }));
  return {
    ...base,
    users: [...base.users.map((u) => (u.id === 'u-t1' ? { ...u, pin: PIN } : u)), ...colleagues],
    // The administrator reads check-ins to verify the server got this one.
    profiles: base.profiles.map((p) =>
      p.id === 'super-admin' ? { ...p, moduleIds: [...p.moduleIds, 'attendance'] } : p,
    ),
    ...algorithmsCourse(monday, dayOfWeek, since(5), until(115)),
  };
}

async function expectTouchTarget(locator: Locator, what: string) {
  const box = await locator.boundingBox();
  expect(box, what).not.toBeNull();
  expect(box?.width ?? 0, `${what}: width`).toBeGreaterThanOrEqual(MIN_TARGET_PX);
  expect(box?.height ?? 0, `${what}: height`).toBeGreaterThanOrEqual(MIN_TARGET_PX);
}

async function checkins(request: APIRequestContext, org: string) {
  const store = await readStoreAsAdmin(request, org);
  return (store.planningLogs ?? []).filter(
    (l) => l.action === 'planning-checkin' && l.teacherUserId === 'u-t1',
  ).length;
}

for (const [orientation, viewport] of [
  ['portrait', { width: 820, height: 1180 }],
  ['landscape', { width: 1180, height: 820 }],
] as const) {
  for (const network of ['online', 'offline'] as const) {
    test(`kiosk ${orientation} ${viewport.width}×${viewport.height}, ${network}: name + 6 digits + 1 tap`, async ({
      browser,
      request,
    }) => {
      test.setTimeout(240_000);
      const org = newOrgId(`kiosk-${orientation}-${network}`);
      await seedOrg(request, org, await classroom());
      const context = await browser.newContext({
        viewport,
        hasTouch: true,
        timezoneId: 'UTC',
        locale: 'fr-FR',
        serviceWorkers: 'allow',
      });
      await enrolKioskApi(context, org, 'Salle 12');
      const page = await context.newPage();
      await page.goto(`/login?org=${org}`);
      const names = page.getByRole('list', { name: 'Qui êtes-vous ?' });
      // The first start brings the roster from the server (a busy machine may take a while).
      await expect(names.getByRole('button', { name: 'Moussa Fall' })).toBeVisible({ timeout: 30_000 });
      // Teachers only: the Super Admin, although holding Module du jour, is not offered.
      await expect(names.getByRole('button', { name: 'Awa Diop' })).toHaveCount(0);
      // The grid fills the screen: full width, down to near the bottom edge.
      const grid = await names.boundingBox();
      expect(grid?.width ?? 0).toBeGreaterThan(viewport.width * 0.85);
      expect((grid?.y ?? 0) + (grid?.height ?? 0)).toBeGreaterThan(viewport.height * 0.85);
      await expectTouchTarget(names.getByRole('button', { name: 'Moussa Fall' }), 'name');
      // Many names: a first-letter jump.
      const letters = page.getByRole('navigation', { name: 'Aller aux noms commençant par' });
      await expectTouchTarget(letters.getByRole('button', { name: 'Noms en M' }), 'letter M');
      await page.screenshot({ path: `${SHOTS}/kiosk-${orientation}-names.png` });

      if (network === 'offline') {
        await page.evaluate(async () => {
          await navigator.serviceWorker.ready;
        });
        await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
        await context.setOffline(true);
      }

      // name + 6 digits + 1 tap, timed from the first tap to the confirmation; the test's own measurements
      // of the pad in between are not counted.
      let taps = 0;
      let elapsedMs = 0;
      let started = Date.now();
      const pause = () => {
        elapsedMs += Date.now() - started;
      };
      const resume = () => {
        started = Date.now();
      };
      // The name is on screen without scrolling: no letter jump needed (a jump would be one more tap).
      const moussa = names.getByRole('button', { name: 'Moussa Fall' });
      await expect(moussa).toBeInViewport();
      await moussa.tap();
      taps += 1;
      await expect(page.getByText('Code PIN de Moussa Fall')).toBeVisible();
      pause();
      for (const digit of ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0'])
        await expectTouchTarget(page.getByRole('button', { name: `Chiffre ${digit}` }), `digit ${digit}`);
      await expectTouchTarget(page.getByRole('button', { name: 'Valider' }), 'Valider');
      if (network === 'online') await page.screenshot({ path: `${SHOTS}/kiosk-${orientation}-pad.png` });
      resume();
      for (const digit of PIN) {
        await page.getByRole('button', { name: `Chiffre ${digit}` }).tap();
        taps += 1;
      }
      // The sixth digit submitted by itself: no Valider.
      await expect(page).toHaveURL(/\/teacher\/today$/);
      const today = new TodayPage(page);
      await expect(today.dueCourse).toContainText('Algorithmique');
      pause();
      const arrive = today.arrival();
      await expectTouchTarget(arrive, 'Arrivée');
      const arriveBox = await arrive.boundingBox();
      expect(arriveBox?.width ?? 0).toBeGreaterThan(viewport.width * 0.5);
      await page.screenshot({ path: `${SHOTS}/kiosk-${orientation}-${network}-course.png` });
      resume();
      await arrive.tap();
      taps += 1;
      await expect(today.checkInConfirmation).toBeVisible();
      pause();
      const seconds = elapsedMs / 1000;
      await page.screenshot({ path: `${SHOTS}/kiosk-${orientation}-${network}-confirmed.png` });
      console.log(
        `kiosk ${orientation} ${viewport.width}×${viewport.height} ${network}: ${taps} taps (name + ${PIN.length} digits + Arrivée), ${seconds.toFixed(1)} s from the first tap to the confirmation`,
      );
      expect(taps).toBe(1 + PIN.length + 1);

      // Back to the pad by itself, as before.
      await expect(page).toHaveURL(/\/login\?mode=pin/, { timeout: 15_000 });
      await expect(names.getByRole('button', { name: 'Moussa Fall' })).toBeVisible();

      if (network === 'offline') {
        expect(await checkins(request, org)).toBe(0);
        await context.setOffline(false);
        await page.evaluate(() => window.dispatchEvent(new Event('online')));
      }
      await expect.poll(() => checkins(request, org), { timeout: 20_000 }).toBe(1);
      await context.close();
    });
  }
}

const CROWD_FIRST_NAMES = ['Ndeye', 'Omar', 'Pape', 'Rokhaya', 'Seydou', 'Thierno', 'Yacine', 'Zeynab'];
const CROWD_LAST_NAMES = ['Ba', 'Cissé', 'Diouf', 'Faye', 'Gueye', 'Kane'];

/** Enough names that the grid scrolls on the tablet: first names from N to Z after the classroom's A to M. */
async function crowdedClassroom() {
  const base = await classroom();
  const crowd = CROWD_FIRST_NAMES.flatMap((first, i) =>
    CROWD_LAST_NAMES.map((last, j) => ({
      id: `u-n${i}-${j}`,
      name: `${first} ${last}`,
      email: `n${i}${j}@ecole.sn`,
      profileId: 'teacher',
      status: 'Active',
      // With a PIN: a teacher without one is listed greyed with the reason (issue 33, first-month-kiosk.spec.ts).
      pin: '2468',
      mustChangePassword: false,
    })),
  );
  return { ...base, users: [...base.users, ...crowd] };
}

for (const [orientation, viewport] of [
  ['portrait', { width: 820, height: 1180 }],
  ['landscape', { width: 1180, height: 820 }],
] as const) {
  test(`kiosk ${orientation}: the names grid is searchable, and a first letter brings its names into view`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const org = newOrgId(`kiosk-search-${orientation}`);
    await seedOrg(request, org, await crowdedClassroom());
    const context = await browser.newContext({
      viewport,
      hasTouch: true,
      timezoneId: 'UTC',
      locale: 'fr-FR',
    });
    await enrolKioskApi(context, org, 'Salle 12');
    const page = await context.newPage();
    await page.goto(`/login?org=${org}`);
    const names = page.getByRole('list', { name: 'Qui êtes-vous ?' });
    const buttons = names.getByRole('button');
    await expect(names.getByRole('button', { name: 'Zeynab Kane' })).toHaveCount(1, { timeout: 30_000 });
    // Moussa, Fatou, the 16 colleagues and the 48 newcomers: more than the screen holds.
    await expect(buttons).toHaveCount(66);
    expect(
      await names.evaluate((el) => el.scrollHeight > el.clientHeight),
      'the grid scrolls: a jump has something to do',
    ).toBe(true);
    const ofLetter = (first: string) => names.getByRole('button', { name: new RegExp(`^${first} `) });
    const letters = page.getByRole('navigation', { name: 'Aller aux noms commençant par' });

    // A first letter beyond the fold: its names are out of view, one tap brings them all into view.
    // Down to the end of the list, then back up to its top.
    for (const [letter, first, count] of [
      ['Y', 'Yacine', 6],
      ['A', 'Aminata', 2],
    ] as const) {
      await expect(ofLetter(first)).toHaveCount(count);
      for (const name of await ofLetter(first).all())
        await expect(name, `before the jump to ${letter}`).not.toBeInViewport();
      await letters.getByRole('button', { name: `Noms en ${letter}` }).tap();
      for (const name of await ofLetter(first).all())
        await expect(name, `after the jump to ${letter}`).toBeInViewport({ ratio: 1 });
      await page.screenshot({ path: `${SHOTS}/kiosk-${orientation}-letter-${letter}.png` });
    }

    // Typing in the search field leaves only the matching names (case ignored); cleared, all come back.
    const search = page.getByRole('searchbox', { name: 'Rechercher un nom' });
    await search.fill('LAMINE');
    await expect(buttons).toHaveText(['Lamine Diallo', 'Lamine Sarr']);
    await expect(letters, 'two names need no letter jump').toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/kiosk-${orientation}-search.png` });
    await search.fill('faye');
    await expect(buttons).toHaveText(CROWD_FIRST_NAMES.map((first) => `${first} Faye`));
    await search.fill('');
    await expect(buttons).toHaveCount(66);
    await expect(letters.getByRole('button', { name: 'Noms en Z' })).toBeVisible();

    // A name found by searching leads to its PIN pad.
    await search.fill('lamine s');
    await expect(buttons).toHaveText(['Lamine Sarr']);
    await buttons.first().tap();
    await expect(page.getByText('Code PIN de Lamine Sarr')).toBeVisible();
    await context.close();
  });
}
