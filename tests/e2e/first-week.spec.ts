import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { newOrgId, schoolWithTeachers, seedOrg } from './support/org';

// Wednesday of the seeded week (Monday 2026-03-09), 10:15 UTC: the 10:30 course is open for Arrivée.
const NOW = new Date('2026-03-11T10:15:00.000Z');
const SHOTS = process.env.FIRST_WEEK_SHOTS ?? 'test-results/first-week-shots';

function slot(
  dayOfWeek: number,
  startTime: string,
  endTime: string,
  moduleId: string,
  teacherUserId: string,
) {
  return {
    id: `${moduleId}-${dayOfWeek}-${startTime}`,
    dayOfWeek,
    startTime,
    endTime,
    moduleId,
    teacherUserId,
    deliveryMode: 'presentiel',
    canceled: false,
  };
}

function week(id: string, classId: string, slots: ReturnType<typeof slot>[]) {
  return {
    id,
    periodicity: 'week',
    year: 2026,
    weekStartDate: '2026-03-09',
    month: null,
    classId,
    createdAt: '2026-03-01T00:00:00.000Z',
    slots,
  };
}

function firstWeekOrg() {
  const base = schoolWithTeachers();
  const modules = [
    ['mod-0', 'Module 0'],
    ['mod-1', 'Module 1'],
    ['mod-2', 'Module 2'],
    ['mod-10', 'Module 10'],
    ['mod-gp', 'Gestion de projet'],
    ['mod-web', 'Développement web'],
    ['mod-ang', 'Anglais'],
  ] as const;
  const logs = Array.from({ length: 60 }, (_, i) => ({
    id: `log-${i}`,
    action: 'update',
    targetUserId: 'u-t1',
    targetUserName: 'Moussa Fall',
    actorUserId: 'u-admin',
    actorUserName: 'Awa Diop',
    timestamp: `2026-03-0${1 + (i % 9)}T09:${String(i % 60).padStart(2, '0')}:00.000Z`,
    details: i === 59 ? 'Restauration' : '',
    fields: [{ key: 'phone', label: 'Téléphone', before: '77 000 00 00', after: `77 000 00 ${i}` }],
  }));
  return {
    ...base,
    profiles: [
      {
        id: 'super-admin',
        name: 'Super Admin',
        moduleIds: [
          'users',
          'profiles',
          'journal',
          'planning.consulter',
          'planning.consulter.actions',
          'attendance',
        ],
        formFieldKeys: ['email'],
      },
      ...base.profiles.filter((p) => p.id !== 'super-admin'),
    ],
    institutes: [{ id: 'inst-1', name: 'Institut Dakar', abbr: 'ID' }],
    levels: [{ id: 'lvl-1', name: 'Licence 1', abbr: 'L1' }],
    classes: [
      { id: 'cls-1', code: 'L1-INFO', levelId: 'lvl-1', instituteId: 'inst-1' },
      { id: 'cls-2', code: 'L2-GL', levelId: 'lvl-1', instituteId: 'inst-1' },
      { id: 'cls-3', code: 'L3-RT', levelId: 'lvl-1', instituteId: 'inst-1' },
    ],
    courseModules: modules.map(([id, name]) => ({
      id,
      code: id,
      name,
      levelId: 'lvl-1',
      instituteId: 'inst-1',
    })),
    timetables: [
      week('tt-1', 'cls-1', [
        slot(1, '08:00', '10:00', 'mod-gp', 'u-t1'),
        slot(3, '10:30', '12:00', 'mod-web', 'u-t1'),
        // Thursday: five courses, one more than a month cell shows.
        slot(4, '08:00', '09:00', 'mod-10', 'u-t1'),
        slot(4, '09:00', '10:00', 'mod-2', 'u-t1'),
        slot(4, '10:00', '11:00', 'mod-1', 'u-t1'),
        slot(4, '11:00', '12:00', 'mod-0', 'u-t1'),
        slot(4, '14:00', '15:00', 'mod-ang', 'u-t1'),
      ]),
      // Monday 08:00-10:00: three classes at once, three columns in the global grid.
      week('tt-2', 'cls-2', [slot(1, '08:30', '10:00', 'mod-gp', 'u-t2')]),
      week('tt-3', 'cls-3', [slot(1, '09:00', '10:00', 'mod-gp', 'u-t2')]),
    ],
    userLogs: logs,
  };
}

async function signIn(
  browser: Browser,
  org: string,
  email: string,
  password: string,
  viewport = { width: 1400, height: 900 },
  clock: Date | null = NOW,
): Promise<Page> {
  const context = await browser.newContext({
    timezoneId: 'UTC',
    locale: 'fr-FR',
    viewport,
    permissions: ['geolocation'],
    geolocation: { latitude: 14.6928, longitude: -17.4467, accuracy: 20 },
  });
  const page = await context.newPage();
  if (clock) await page.clock.install({ time: clock });
  await page.goto(`/login?org=${org}`);
  await page.getByLabel('Email').first().fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  return page;
}

const segment = (page: Page, group: string, label: string) =>
  page.getByRole('radiogroup', { name: group }).getByRole('radio', { name: label, exact: true });

async function openConsult(page: Page): Promise<void> {
  await page.goto('/planning/consulter');
  await expect(page.getByRole('heading', { name: 'Consulter les plannings', level: 2 })).toBeVisible();
}

async function noSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({
    scroll: document.scrollingElement?.scrollWidth ?? 0,
    inner: window.innerWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.inner);
}

/** Reachable without sideways scrolling: the box lies within the viewport's width (scrolling down is fine). */
async function withinWidth(page: Page, locator: Locator): Promise<void> {
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  const size = page.viewportSize();
  expect(box && size).toBeTruthy();
  if (!box || !size) return;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(size.width + 0.5);
}

/**
 * A school whose course starts 15 minutes from the real time today: a check-in is timed by the server's clock
 * (src/sync/server-clock.ts), which a page's fake clock does not move.
 */
function liveOrg(now: Date) {
  const base = firstWeekOrg();
  const day = now.getUTCDay() === 0 ? 7 : now.getUTCDay();
  const monday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (day - 1)));
  const startMin = Math.min(now.getUTCHours() * 60 + now.getUTCMinutes() + 15, 22 * 60);
  const hhmm = (m: number) =>
    `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  return {
    ...base,
    timetables: [
      {
        ...week('tt-live', 'cls-1', [slot(day, hhmm(startMin), hhmm(startMin + 90), 'mod-web', 'u-t1')]),
        year: monday.getUTCFullYear(),
        weekStartDate: monday.toISOString().slice(0, 10),
      },
    ],
  };
}

test('Consulter: "+1 autre" opens the day, a third overlapping course sits behind a count, legends in natural order', async ({
  browser,
  request,
}) => {
  const org = newOrgId('first-week-consult');
  await seedOrg(request, org, firstWeekOrg());
  const page = await signIn(browser, org, 'awa@ecole.sn', 'Admin@2026');
  await openConsult(page);

  // Global week grid: Monday 08:00-10:00 holds three courses; the grid keeps one column and a '+2' count.
  await segment(page, 'Regroupement', 'Global').click();
  const count = page.getByRole('button', { name: '2 autres cours au même moment' });
  await expect(count).toHaveText('+2');
  const shown = page.getByRole('button', { name: /^Gestion de projet, classe L1-INFO/ });
  const shownBox = await shown.boundingBox();
  expect(shownBox && shownBox.width).toBeGreaterThan(40);
  await page.screenshot({ path: `${SHOTS}/consult-global-week-count.png`, fullPage: true });
  await count.click();
  const popover = page.getByRole('dialog', { name: '2 autres cours au même moment' });
  await expect(popover.getByRole('button', { name: /^Gestion de projet, classe L2-GL/ })).toBeVisible();
  await expect(popover.getByRole('button', { name: /^Gestion de projet, classe L3-RT/ })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/consult-global-week-popover.png` });
  await page.keyboard.press('Escape');
  await expect(popover).toBeHidden();

  // Legend by module in natural order.
  await segment(page, 'Regroupement', 'Par classe').click();
  const legend = page.getByRole('group', { name: 'Légende' });
  await expect(legend).toContainText('Module 0');
  const entries = (await legend.innerText()).split('\n').filter((line) => line.startsWith('Module'));
  expect(entries).toEqual(['Module 0', 'Module 1', 'Module 2', 'Module 10']);

  // Month calendar: Thursday 12/03 shows four courses then '+1 autre', which opens the day.
  await segment(page, 'Vue', 'Calendrier').click();
  await segment(page, 'Période', 'Mois').click();
  const thursday = page.getByRole('group', { name: 'Jeudi 12/03' }).first();
  const more = thursday.getByRole('button', { name: /1 autre cours le Jeudi 12\/03/ });
  await expect(more).toHaveText('+1 autre');
  await page.screenshot({ path: `${SHOTS}/consult-month-desktop.png`, fullPage: true });
  await more.click();
  const day = page.getByRole('dialog', { name: 'Jeudi 12/03' });
  await expect(day.getByRole('button', { name: /classe L1-INFO/ })).toHaveCount(5);
  await page.screenshot({ path: `${SHOTS}/consult-month-day-dialog.png` });
  await day.getByRole('button', { name: 'Fermer' }).click();
  await expect(day).toBeHidden();
  await page.context().close();
});

test('a phone shows Mon planning one day at a time and the month as a list, without sideways scrolling', async ({
  browser,
  request,
}) => {
  const org = newOrgId('first-week-phone');
  await seedOrg(request, org, firstWeekOrg());
  const page = await signIn(browser, org, 'moussa@ecole.sn', 'Prof@2026', { width: 360, height: 740 });
  await page.goto('/teacher/planning');
  await expect(page.getByRole('heading', { name: 'Mon planning' })).toBeVisible();

  // Week: today (Wednesday) with its course, then the arrow goes to Thursday.
  await expect(page.getByText('Mercredi 11/03', { exact: true })).toBeVisible();
  const web = page.getByRole('button', { name: /^Développement web, classe L1-INFO/ });
  await expect(web).toBeVisible();
  await withinWidth(page, web);
  await expect(page.getByRole('button', { name: /^Module 10/ })).toHaveCount(0);
  await noSidewaysScroll(page);
  await page.screenshot({ path: `${SHOTS}/phone-week-today.png`, fullPage: true });
  await page.getByRole('button', { name: 'Jour suivant' }).click();
  await expect(page.getByText('Jeudi 12/03', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Module 10, classe L1-INFO/ })).toBeVisible();
  await noSidewaysScroll(page);
  await page.screenshot({ path: `${SHOTS}/phone-week-next-day.png`, fullPage: true });

  // Month: a list of the days with courses; Thursday's five are all there.
  await segment(page, 'Période', 'Mois').click();
  const thursday = page.getByRole('region', { name: 'Jeudi 12/03' });
  await expect(thursday.getByRole('button')).toHaveCount(5);
  await expect(page.getByRole('region', { name: 'Lundi 09/03' })).toBeVisible();
  await withinWidth(page, page.getByRole('button', { name: /^Gestion de projet, classe L1-INFO/ }));
  await noSidewaysScroll(page);
  await page.screenshot({ path: `${SHOTS}/phone-month-list.png`, fullPage: true });
  await page.context().close();
});

test('an administrator checks in from "Gérer un cours": one toast, Fermer reachable, Escape closes the bell after reading all', async ({
  browser,
  request,
}) => {
  const org = newOrgId('first-week-toast');
  await seedOrg(request, org, liveOrg(new Date()));
  const page = await signIn(browser, org, 'awa@ecole.sn', 'Admin@2026', { width: 390, height: 844 }, null);
  await openConsult(page);
  await segment(page, 'Vue', 'Cartes').click();
  await page.getByRole('button', { name: /^Développement web, classe L1-INFO/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Gérer un cours' });
  await dialog.getByRole('button', { name: 'Arrivée' }).click();
  const text = 'Arrivée · Moussa Fall · L1-INFO · Développement web';
  const toasts = page.locator('.toast', { hasText: text });
  await expect(toasts).toHaveCount(1);
  // The attendance watcher's announcement arrives after the write: still one toast.
  await expect(page.getByRole('button', { name: /Notifications, 1 non lue/ })).toBeVisible();
  await expect(toasts).toHaveCount(1);
  const close = dialog.getByRole('button', { name: 'Fermer' });
  await close.scrollIntoViewIfNeeded();
  const [toastBox, closeBox] = [await toasts.boundingBox(), await close.boundingBox()];
  expect(toastBox && closeBox).toBeTruthy();
  if (toastBox && closeBox) {
    const overlaps =
      toastBox.x < closeBox.x + closeBox.width &&
      closeBox.x < toastBox.x + toastBox.width &&
      toastBox.y < closeBox.y + closeBox.height &&
      closeBox.y < toastBox.y + toastBox.height;
    expect(overlaps).toBe(false);
  }
  await page.screenshot({ path: `${SHOTS}/checkin-one-toast.png` });
  await close.click();
  await expect(dialog).toBeHidden();

  const bell = page.getByRole('button', { name: /^Notifications/ });
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await panel.getByRole('button', { name: 'Tout marquer comme lu' }).click();
  await expect(panel.getByRole('button', { name: 'Tout marquer comme lu' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await page.context().close();
});

test('Journal: details spaced from "Voir les modifications", its own text for a search, a French CSV, a side navigation in view', async ({
  browser,
  request,
}) => {
  const org = newOrgId('first-week-journal');
  await seedOrg(request, org, firstWeekOrg());
  const page = await signIn(browser, org, 'awa@ecole.sn', 'Admin@2026');
  await page.goto('/journal');
  await expect(page.getByRole('heading', { name: 'Journal des actions' })).toBeVisible();

  // Shell: after scrolling to the bottom of a long page, the side navigation is still in view.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const nav = page.locator('.shell-aside');
  await expect(page.getByRole('button', { name: 'Charger plus' })).toBeInViewport();
  await expect(nav.getByRole('link').first()).toBeInViewport();
  await page.screenshot({ path: `${SHOTS}/journal-scrolled-nav.png` });

  const restoration = page.getByRole('row').filter({ hasText: 'Restauration' });
  const detailsText = restoration.getByText('Restauration', { exact: true });
  const showChanges = restoration.getByRole('button', { name: 'Voir les modifications (1)' });
  const [a, b] = [await detailsText.boundingBox(), await showChanges.boundingBox()];
  expect(a && b).toBeTruthy();
  if (a && b) expect(b.x - (a.x + a.width) >= 8 || b.y >= a.y + a.height).toBe(true);

  // CSV: French date and time columns, the ISO instant last.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const csv = await (await download.createReadStream()).toArray();
  const lines = Buffer.concat(csv)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n');
  expect(lines[0]).toBe(
    'Date;Heure (UTC);Action;Utilisateur;Auteur;Détails;Modifications;Horodatage ISO (UTC)',
  );
  expect(lines[1]).toMatch(
    /^\d{2}\/03\/2026;09:\d{2}:00;Modification;Moussa Fall;Awa Diop;.*;2026-03-0\dT09:\d{2}:00\.000Z$/,
  );

  await page.getByLabel('Rechercher (utilisateur, auteur, détail)').fill('personne-de-ce-nom');
  await expect(page.getByText('Aucune action ne correspond à votre recherche.')).toBeVisible();
  await expect(page.getByText('Aucune modification pour cette période.')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/journal-search-empty.png` });
  await page.getByLabel('Rechercher (utilisateur, auteur, détail)').fill('');
  await page.getByLabel('Du', { exact: true }).fill('2026-02-01');
  await page.getByLabel('Au', { exact: true }).fill('2026-02-10');
  await expect(page.getByText('Aucune modification pour cette période.')).toBeVisible();
  await page.context().close();
});

test('reset password: "Enregistrement…" while the server answers, and the old error is gone meanwhile', async ({
  page,
  request,
}) => {
  const org = newOrgId('first-week-reset');
  await seedOrg(request, org, firstWeekOrg());
  await page.goto(`/login?org=${org}`);
  await page.getByRole('button', { name: 'Mot de passe oublié ?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mot de passe oublié' });
  await dialog.getByLabel('Email').fill('moussa@ecole.sn');
  await dialog.getByRole('button', { name: 'Envoyer le lien' }).click();
  const link = await dialog.getByRole('link', { name: 'Ouvrir' }).getAttribute('href');
  await page.goto(link ?? '');
  await page.getByLabel('Nouveau mot de passe').fill('Nouveau@2026');
  await page.getByLabel('Confirmation').fill('Autre@2026');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Les mots de passe ne correspondent pas.')).toBeVisible();

  let release = (): void => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/password-reset/complete', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByLabel('Confirmation').fill('Nouveau@2026');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  const busy = page.getByRole('button', { name: 'Enregistrement…' });
  await expect(busy).toBeDisabled();
  await expect(page.getByText('Les mots de passe ne correspondent pas.')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/reset-busy.png` });
  release();
  await expect(page.getByText('Mot de passe réinitialisé. Redirection vers la connexion…')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 5000 });
});
