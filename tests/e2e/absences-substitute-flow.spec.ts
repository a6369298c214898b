import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { courseSlot, weekTimetable } from '../support/builders';
import { liveDay } from './support/live-day';
import {
  ABSENCE_ADMIN_MODULES,
  absenceSchool,
  algorithmsCourse,
  newOrgId,
  readStoreAsAdmin,
  seedOrg,
} from './support/org';
import { SignInPage } from './support/pages/sign-in';
import { AttendancePage } from './support/pages/attendance';

/**
 * Issue 35, "Must show", end to end: Moussa Fall declares today's absence on his 360 px phone (Module du jour ›
 * « Déclarer une absence »); Awa Diop, administrator of the plannings, opens menu › « Absences et
 * remplacements » and assigns the first proposal, Fatou Ndiaye (she already teaches Algorithmique); Fatou
 * signs in on her phone, finds the course in Module du jour and taps Arrivée; Moussa's Module du jour shows
 * it « Remplacé par Fatou Ndiaye »; « Suivi des émargements » names Fatou, « Remplacement de Moussa Fall »;
 * and the workload screens count it for Fatou, not for Moussa: « Volumes horaires » (planned) and each
 * teacher's « Mes heures (réel) » (real).
 */
test.describe.configure({ timeout: 240_000 });

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results';
const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true } as const;
// The phone gives its position at once (the check-in asks for it).
const GEO = {
  geolocation: { latitude: 14.69283, longitude: -17.44672, accuracy: 12 },
  permissions: ['geolocation'],
};
// Sync between devices: the other device's change arrives with its next exchange.
const SYNCED = { timeout: 45_000 };

async function signedIn(
  browser: Browser,
  baseURL: string | undefined,
  org: string,
  email: string,
  password: string,
  options: Parameters<Browser['newContext']>[0] = {},
  landing?: RegExp,
): Promise<Page> {
  const context = await browser.newContext({ baseURL, ...options });
  const page = await context.newPage();
  const signIn = new SignInPage(page);
  await signIn.open(org);
  await signIn.signIn(email, password, landing ? { landing } : {});
  return page;
}

/** A teacher's row of « Volumes horaires » (its name is the row header). */
const workloadRow = (page: Page, name: string): Locator =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });

test('a teacher declares on her phone, the administrator assigns the first proposal, the substitute checks in, workloads follow', async ({
  browser,
  request,
  baseURL,
}) => {
  const org = newOrgId('absence-flow');
  const { monday, dayOfWeek, date: today } = await liveDay();
  const lastMonday = new Date(Date.parse(`${monday}T00:00:00.000Z`) - 7 * 86_400_000)
    .toISOString()
    .slice(0, 10);
  // Moussa's course open for check-in all day (today, UTC), so the test runs at any hour.
  const course = algorithmsCourse(monday, dayOfWeek, '00:01', '23:59');
  await seedOrg(request, org, {
    ...absenceSchool({ adminModules: [...ABSENCE_ADMIN_MODULES, 'attendance', 'workload'] }),
    ...course,
    classes: [...course.classes, { id: 'cls-2', code: 'L2-INFO', levelId: null, instituteId: null }],
    timetables: [
      ...course.timetables,
      // Last week Fatou taught Algorithmique in L2-INFO: she ranks first ("enseigne déjà ce module").
      weekTimetable('tt-prev', lastMonday, [courseSlot(dayOfWeek, '08:00', '10:00', 'mod-algo', 'u-t2')], {
        classId: 'cls-2',
      }),
    ],
  });

  // 1. Moussa, on his phone, declares today's absence from Module du jour.
  const moussa = await signedIn(
    browser,
    baseURL,
    org,
    'moussa@ecole.sn',
    'Prof@2026',
    PHONE,
    /\/teacher\/today$/,
  );
  expect(moussa.viewportSize()?.width).toBe(360);
  await moussa.getByRole('button', { name: 'Déclarer une absence' }).click();
  const declare = moussa.getByRole('dialog', { name: 'Déclarer une absence' });
  await declare.getByRole('textbox', { name: 'Motif' }).fill('Malade');
  await declare.getByRole('button', { name: 'Déclarer' }).click();
  await expect(declare.getByText('1 cours concerné :')).toBeVisible();
  await expect(declare.getByRole('listitem')).toHaveText('00:01–23:59 · Algorithmique');
  await declare.getByRole('button', { name: 'Fermer' }).click();
  await expect(declare).toHaveCount(0);

  // 2. Awa opens « Absences et remplacements » and assigns the first proposal.
  const awa = await signedIn(browser, baseURL, org, 'awa@ecole.sn', 'Admin@2026', {
    viewport: { width: 1366, height: 900 },
  });
  await awa.getByRole('button', { name: 'Menu utilisateur' }).click();
  await awa.getByRole('menuitem', { name: 'Absences et remplacements' }).click();
  const dialog = awa.getByRole('dialog', { name: 'Absences et remplacements' });
  const toCover = dialog.getByRole('group', { name: '00:01–23:59 · Algorithmique · L1-INFO' });
  await expect(toCover).toBeVisible(SYNCED);
  const first = toCover.getByRole('listitem').first();
  await expect(first).toContainText('enseigne déjà ce module');
  await expect(first.getByRole('button')).toHaveText('Affecter Fatou Ndiaye');
  await first.getByRole('button').click();
  await expect(toCover.getByText('Remplacé par Fatou Ndiaye')).toBeVisible();
  // The administrator's dialog on a 360 px phone, once assigned.
  await awa.setViewportSize({ width: 360, height: 740 });
  await expect(toCover.getByText('Remplacé par Fatou Ndiaye')).toBeInViewport();
  await awa.screenshot({ path: `${SHOTS}/absences-dialog-360.png` });
  await awa.setViewportSize({ width: 1366, height: 900 });
  await dialog.getByRole('button', { name: 'Fermer' }).click();

  // The server holds one substitution: Fatou replaces Moussa.
  await expect
    .poll(async () => {
      const store = await readStoreAsAdmin(request, org);
      return ((store.substitutions ?? []) as { absentUserId: string; substituteUserId: string | null }[]).map(
        (s) => [s.absentUserId, s.substituteUserId],
      );
    }, SYNCED)
    .toEqual([['u-t1', 'u-t2']]);

  // 3. Fatou signs in on her phone: the course is in her Module du jour; she checks in.
  const fatou = await signedIn(
    browser,
    baseURL,
    org,
    'fatou@ecole.sn',
    'Prof@2026',
    { ...PHONE, ...GEO },
    /\/teacher\/today$/,
  );
  const card = fatou.getByRole('article', { name: /.+/ });
  await expect(card).toContainText('Algorithmique');
  await expect(card).toContainText('Remplacement de Moussa Fall');
  await card.getByRole('button', { name: /^Arrivée : Algorithmique/ }).click();
  await expect(card).toContainText('En cours');
  await expect
    .poll(async () => {
      const store = await readStoreAsAdmin(request, org);
      return (store.planningLogs ?? [])
        .filter((l) => l.action === 'planning-checkin')
        .map((l) => [l.teacherUserId, l.actorUserId]);
    }, SYNCED)
    .toEqual([['u-t2', 'u-t2']]);

  // Moussa's phone: his course replaced, nothing to tap.
  const his = moussa.getByRole('row', { name: /Algorithmique/ });
  await expect(his).toContainText('Remplacé par Fatou Ndiaye', SYNCED);
  await expect(his.getByRole('button', { name: /^Arrivée/ })).toHaveCount(0);
  await expect(his).toContainText('Fatou Ndiaye émarge ce cours à votre place.');
  await expect(moussa.getByRole('article')).toHaveCount(0);
  await his.scrollIntoViewIfNeeded();
  await moussa.screenshot({ path: `${SHOTS}/absences-replaced-by-360.png` });

  // « Suivi des émargements »: the substitute gives the course, and has checked in.
  const attendance = new AttendancePage(awa);
  await attendance.open(today);
  const row = attendance.row('Algorithmique');
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').nth(3)).toHaveText('Fatou NdiayeRemplacement de Moussa Fall', SYNCED);
  await expect(row).toContainText('En cours', SYNCED);
  await awa.screenshot({ path: `${SHOTS}/absences-attendance-1366.png` });

  // 4. The workloads. « Volumes horaires »: the week's planned hours are Fatou's, none are Moussa's.
  await awa.goto('/workload');
  await expect(awa.getByRole('heading', { name: 'Volumes horaires par enseignant', level: 2 })).toBeVisible();
  await expect(workloadRow(awa, 'Fatou Ndiaye').getByRole('cell').first()).toHaveText('23h58');
  await expect(workloadRow(awa, 'Moussa Fall')).toHaveCount(0);

  // « Mes heures (réel) »: Fatou's real time holds the course, Moussa's nothing.
  await fatou.getByRole('link', { name: 'Mes heures (réel)' }).click();
  const fatouHours = fatou.getByRole('row').filter({ hasText: 'Algorithmique' });
  await expect(fatouHours.getByRole('cell')).toHaveText(['Algorithmique', 'L1-INFO', /^\dh(\d\d)?$/]);
  await moussa.getByRole('link', { name: 'Mes heures (réel)' }).click();
  await expect(moussa.getByRole('heading', { name: 'Mes heures (réel)' })).toBeVisible();
  await expect(moussa.getByText('Aucune donnée', { exact: true })).toBeVisible();
  await expect(moussa.getByRole('row').filter({ hasText: 'Algorithmique' })).toHaveCount(0);

  await moussa.context().close();
  await awa.context().close();
  await fatou.context().close();
});
