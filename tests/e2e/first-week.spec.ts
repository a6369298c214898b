import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test';
import type { Slot } from '../../src/domain/store/schema';
import { keyedCourseSlot as slot, weekTimetable, type RealDay } from '../support/builders';
import { liveDay } from './support/live-day';
import { newOrgId, SCHOOL_ADMIN, schoolWithTeachers, seedOrg, signInApi } from './support/org';
import { signInOnNewPage, type NewPageOptions } from './support/pages/sign-in';

// Wednesday of the seeded week (Monday 2026-03-09), 10:15 UTC: the 10:30 course is open for Arrivée.
const NOW = new Date('2026-03-11T10:15:00.000Z');
const SHOTS = process.env.FIRST_WEEK_SHOTS ?? 'test-results/first-week-shots';

/** The seeded week (Monday 2026-03-09) for `classId`. */
const week = (id: string, classId: string, slots: Slot[]) =>
  weekTimetable(id, '2026-03-09', slots, { classId });

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

/** A desk or phone of the first week: its viewport, the position granted, its clock at `clock` unless null. */
function device(viewport = { width: 1400, height: 900 }, clock: Date | null = NOW): NewPageOptions {
  return {
    context: {
      viewport,
      permissions: ['geolocation'],
      geolocation: { latitude: 14.6928, longitude: -17.4467, accuracy: 20 },
    },
    clock,
  };
}

const segment = (page: Page, group: string, label: string) =>
  page.getByRole('radiogroup', { name: group }).getByRole('radio', { name: label, exact: true });

async function openConsult(page: Page): Promise<void> {
  await page.goto('/planning/consulter');
  await expect(page.getByRole('heading', { name: 'Consulter les plannings', level: 2 })).toBeVisible({
    timeout: 20_000,
  });
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
 * A school whose course started 5 minutes ago by the real clock today (check-in open until its planned end): a
 * check-in is timed by the server's clock (src/sync/server-clock.ts), which a page's fake clock does not move.
 */
function liveOrg({ dayOfWeek, monday, since, until }: RealDay) {
  const base = firstWeekOrg();
  return {
    ...base,
    timetables: [
      {
        ...week('tt-live', 'cls-1', [slot(dayOfWeek, since(5), until(85), 'mod-web', 'u-t1')]),
        year: Number(monday.slice(0, 4)),
        weekStartDate: monday,
      },
    ],
  };
}

async function consultAs(browser: Browser, request: APIRequestContext, name: string): Promise<Page> {
  const org = newOrgId(`first-week-${name}`);
  await seedOrg(request, org, firstWeekOrg());
  const page = await signInOnNewPage(browser, org, 'awa@ecole.sn', 'Admin@2026', device());
  await openConsult(page);
  return page;
}

test('Consulter: beyond two overlapping columns, a count opens the other courses', async ({
  browser,
  request,
}) => {
  const page = await consultAs(browser, request, 'overlap');
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
  await page.context().close();
});

test('Consulter: the legend lists Module 0, 1, 2 before 10', async ({ browser, request }) => {
  const page = await consultAs(browser, request, 'legend');
  const legend = page.getByRole('group', { name: 'Légende' });
  await expect(legend).toContainText('Module 0');
  const entries = (await legend.innerText()).split('\n').filter((line) => line.startsWith('Module'));
  expect(entries).toEqual(['Module 0', 'Module 1', 'Module 2', 'Module 10']);
  await page.context().close();
});

test('Consulter: "+1 autre" under a month cell opens the day', async ({ browser, request }) => {
  const page = await consultAs(browser, request, 'month-more');
  await segment(page, 'Vue', 'Calendrier').click();
  await segment(page, 'Période', 'Mois').click();
  // Thursday 12/03 shows four courses then '+1 autre', which opens the day.
  const thursday = page.getByRole('group', { name: 'Jeudi 12/03' }).first();
  await expect(thursday).toContainText('+1 autre');
  await expect(thursday).not.toContainText('+1 autres');
  await page.screenshot({ path: `${SHOTS}/consult-month-desktop.png`, fullPage: true });
  await thursday.getByRole('button', { name: /1 autre cours le Jeudi 12\/03/ }).click();
  const day = page.getByRole('dialog', { name: 'Jeudi 12/03' });
  await expect(day.getByRole('button', { name: /classe L1-INFO/ })).toHaveCount(5);
  await page.screenshot({ path: `${SHOTS}/consult-month-day-dialog.png` });
  await day.getByRole('button', { name: 'Fermer' }).click();
  await expect(day).toBeHidden();
  await page.context().close();
});

async function teacherPhone(browser: Browser, request: APIRequestContext, name: string): Promise<Page> {
  const org = newOrgId(`first-week-${name}`);
  await seedOrg(request, org, firstWeekOrg());
  const page = await signInOnNewPage(
    browser,
    org,
    'moussa@ecole.sn',
    'Prof@2026',
    device({ width: 360, height: 740 }),
  );
  await page.goto('/teacher/planning');
  await expect(page.getByRole('heading', { name: 'Mon planning' })).toBeVisible();
  return page;
}

test('a phone shows the week one day at a time, today first, with arrows between days', async ({
  browser,
  request,
}) => {
  const page = await teacherPhone(browser, request, 'phone-week');
  await expect(page.getByText('Mercredi 11/03', { exact: true })).toBeVisible();
  const web = page.getByRole('button', { name: /^Développement web, classe L1-INFO/ });
  await expect(web).toBeVisible();
  await withinWidth(page, web);
  await expect(page.getByRole('button', { name: /^Module 10/ })).toHaveCount(0);
  await noSidewaysScroll(page);
  await page.screenshot({ path: `${SHOTS}/phone-week-today.png`, fullPage: true });
  await page.getByRole('button', { name: 'Jour suivant' }).click();
  await expect(page.getByText('Jeudi 12/03', { exact: true })).toBeVisible();
  await withinWidth(page, page.getByRole('button', { name: /^Module 10, classe L1-INFO/ }));
  await noSidewaysScroll(page);
  await page.screenshot({ path: `${SHOTS}/phone-week-next-day.png`, fullPage: true });
  await page.context().close();
});

test('a phone shows the month as a list of its days with courses, without sideways scrolling', async ({
  browser,
  request,
}) => {
  const page = await teacherPhone(browser, request, 'phone-month');
  await segment(page, 'Période', 'Mois').click();
  const thursday = page.getByRole('region', { name: 'Jeudi 12/03' });
  await expect(thursday.getByRole('button')).toHaveCount(5);
  await withinWidth(page, thursday.getByRole('button', { name: /^Anglais, classe L1-INFO/ }));
  await withinWidth(page, page.getByRole('button', { name: /^Gestion de projet, classe L1-INFO/ }));
  await noSidewaysScroll(page);
  await page.screenshot({ path: `${SHOTS}/phone-month-list.png`, fullPage: true });
  await page.context().close();
});

test('an administrator checks in from "Gérer un cours": one toast, away from the Fermer button', async ({
  browser,
  request,
}) => {
  const org = newOrgId('first-week-toast');
  await seedOrg(request, org, liveOrg(await liveDay()));
  const page = await signInOnNewPage(
    browser,
    org,
    'awa@ecole.sn',
    'Admin@2026',
    device({ width: 390, height: 844 }, null),
  );
  await openConsult(page);
  await segment(page, 'Vue', 'Cartes').click();
  await page.getByRole('button', { name: /^Développement web, classe L1-INFO/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Gérer un cours' });
  const text = 'Arrivée · Moussa Fall · L1-INFO · Développement web';
  // Records, whenever each toast comes and however briefly, the most copies on screen together and whether
  // one ever covered the dialog's Fermer button.
  await page.evaluate((wanted) => {
    const record = window as unknown as { maxToasts: number; coveredClose: boolean };
    record.maxToasts = 0;
    record.coveredClose = false;
    new MutationObserver(() => {
      const shown = [...document.querySelectorAll('.toast')].filter((t) => t.textContent === wanted);
      record.maxToasts = Math.max(record.maxToasts, shown.length);
      const close = [...document.querySelectorAll('[role="dialog"] button')].find(
        (b) => b.textContent === 'Fermer',
      );
      if (!close) return;
      const c = close.getBoundingClientRect();
      for (const toast of shown) {
        const t = toast.getBoundingClientRect();
        if (t.left < c.right && c.left < t.right && t.top < c.bottom && c.top < t.bottom)
          record.coveredClose = true;
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  }, text);
  await dialog.getByRole('button', { name: 'Arrivée' }).click();
  const toasts = page.locator('.toast', { hasText: text });
  await expect(toasts.first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/checkin-one-toast.png` });
  await expect(page.getByRole('button', { name: /Notifications, 1 non lue/ })).toBeVisible();
  // Both announcements (the dialog's, then the shell's attendance watcher's after the write) have come and gone.
  await expect(toasts).toHaveCount(0);
  const seen = await page.evaluate(() => {
    const record = window as unknown as { maxToasts: number; coveredClose: boolean };
    return { maxToasts: record.maxToasts, coveredClose: record.coveredClose };
  });
  expect(seen).toEqual({
    maxToasts: 1,
    coveredClose: false,
  });
  await dialog.getByRole('button', { name: 'Fermer' }).click();
  await expect(dialog).toBeHidden();
  await page.context().close();
});

test('Escape closes the notification panel after "Tout marquer comme lu"', async ({ browser, request }) => {
  const org = newOrgId('first-week-bell');
  await seedOrg(request, org, {
    ...firstWeekOrg(),
    notifications: [
      {
        id: 'n-1',
        kind: 'checkin',
        createdAt: '2026-03-11T10:25:00.000Z',
        timetableId: 'tt-1',
        slotIndex: 1,
        classId: 'cls-1',
        moduleId: 'mod-web',
        teacherUserId: 'u-t1',
        read: false,
      },
    ],
  });
  const page = await signInOnNewPage(browser, org, 'awa@ecole.sn', 'Admin@2026', device());
  await page.getByRole('button', { name: /^Notifications, 1 non lue/ }).click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel).toContainText('11/03/2026');
  await panel.getByRole('button', { name: 'Tout marquer comme lu' }).click();
  await expect(panel.getByRole('button', { name: 'Tout marquer comme lu' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await page.context().close();
});

async function journalAs(browser: Browser, request: APIRequestContext, name: string): Promise<Page> {
  const org = newOrgId(`first-week-${name}`);
  await seedOrg(request, org, firstWeekOrg());
  const page = await signInOnNewPage(browser, org, 'awa@ecole.sn', 'Admin@2026', device());
  await page.goto('/journal');
  await expect(page.getByRole('heading', { name: 'Journal des actions' })).toBeVisible();
  return page;
}

test('Shell: on a long page the desktop side navigation stays in view', async ({ browser, request }) => {
  const page = await journalAs(browser, request, 'nav');
  // The journal's last row, far down a long page (the list may still be growing when the test scrolls).
  await page.getByRole('button', { name: 'Charger plus' }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('button', { name: 'Charger plus' })).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await expect(page.locator('.shell-aside').getByRole('link').first()).toBeInViewport();
  await page.screenshot({ path: `${SHOTS}/journal-scrolled-nav.png` });
  await page.context().close();
});

test('Journal: "Restauration" is spaced from "Voir les modifications"', async ({ browser, request }) => {
  const page = await journalAs(browser, request, 'spacing');
  const restoration = page.getByRole('row').filter({ hasText: 'Restauration' });
  const detailsText = restoration.getByText('Restauration', { exact: true });
  const showChanges = restoration.getByRole('button', { name: 'Voir les modifications (1)' });
  const [a, b] = [await detailsText.boundingBox(), await showChanges.boundingBox()];
  expect(a && b).toBeTruthy();
  if (a && b) expect(b.x - (a.x + a.width) >= 8 || b.y >= a.y + a.height).toBe(true);
  await restoration.screenshot({ path: `${SHOTS}/journal-restauration-row.png` });
  await page.context().close();
});

test('Journal: a search without result has its own text; an empty period keeps its own', async ({
  browser,
  request,
}) => {
  const page = await journalAs(browser, request, 'search');
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

test('Journal: the CSV carries French date and time columns, and the ISO instant for machines', async ({
  browser,
  request,
}) => {
  const page = await journalAs(browser, request, 'csv');
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
  await page.context().close();
});

test('reset password: "Enregistrement…" while the server answers, and the old error is gone meanwhile', async ({
  page,
  request,
  baseURL,
}) => {
  const org = newOrgId('first-week-reset');
  await seedOrg(request, org, schoolWithTeachers());
  // The administrator produces the link (the forgot-password dialog never shows one).
  const admin = await playwrightRequest.newContext({ baseURL });
  await signInApi(admin, org, SCHOOL_ADMIN.email, SCHOOL_ADMIN.password);
  const made = await admin.post(`/api/users/u-t1/reset-link?orgId=${org}`, { data: {} });
  expect(made.ok()).toBe(true);
  const { path } = (await made.json()) as { path: string };
  await admin.dispose();
  await page.goto(path);
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

test('Historique: "Suppression bloquée" lists 5 items then "+ 12 autres"', async ({ browser, request }) => {
  const org = newOrgId('first-week-blocked');
  const base = firstWeekOrg();
  const codes = Array.from({ length: 17 }, (_, i) => `G${i + 1}`);
  const imported = (id: string, weekStartDate: string, fileName: string) => ({
    id,
    periodicity: 'week',
    year: 2026,
    week: weekStartDate === '2026-03-09' ? 11 : 12,
    month: null,
    weekStartDate,
    fileName,
    createdAt: `${weekStartDate}T08:00:00.000Z`,
  });
  await seedOrg(request, org, {
    ...base,
    profiles: base.profiles.map((p) =>
      p.id === 'super-admin' ? { ...p, moduleIds: [...p.moduleIds, 'planning.historique'] } : p,
    ),
    planningImports: [
      imported('imp-1', '2026-03-09', 'mars-s11.xlsx'),
      imported('imp-2', '2026-03-16', 'mars-s12.xlsx'),
    ],
    classes: codes.map((code, i) => ({
      id: `g-${i}`,
      code,
      levelId: 'lvl-1',
      instituteId: 'inst-1',
      createdByImportId: 'imp-1',
    })),
    timetables: codes.flatMap((_, i) => [
      {
        ...week(`t11-${i}`, `g-${i}`, [slot(1, '08:00', '10:00', 'mod-gp', 'u-t1')]),
        planningImportId: 'imp-1',
      },
      {
        ...week(`t12-${i}`, `g-${i}`, [slot(1, '08:00', '10:00', 'mod-gp', 'u-t1')]),
        weekStartDate: '2026-03-16',
        planningImportId: 'imp-2',
      },
    ]),
  });
  const page = await signInOnNewPage(browser, org, 'awa@ecole.sn', 'Admin@2026', device());
  await page.goto('/planning/historique');
  await page.getByRole('button', { name: /^Supprimer l'import mars-s11\.xlsx/ }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Suppression bloquée' });
  const items = dialog.getByRole('alert').getByRole('listitem');
  await expect(items).toHaveCount(6);
  await expect(items.first()).toContainText('Classe G1 : 1 autre(s) planning(s)');
  await expect(items.nth(1)).toContainText('G2');
  await expect(items.last()).toHaveText('+ 12 autres');
  await page.screenshot({ path: `${SHOTS}/history-blocked.png` });
  await page.context().close();
});
