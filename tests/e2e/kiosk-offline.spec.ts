import { expect, test } from '@playwright/test';
import { algorithmsCourse, newOrgId, readStoreAsAdmin, schoolWithTeachers, seedOrg } from './support/org';
import type { RealDay } from '../support/builders';
import { liveDay } from './support/live-day';
import { localRecords } from './support/local-db';
import { SignInPage, signOut } from './support/pages/sign-in';
import { TodayPage } from './support/pages/today';

// An administrator enrols a classroom tablet, a teacher uses his PIN on it offline, the
// tablet reconnects and the check-in reaches the server (once), pushed under the kiosk credential.
// The service worker serves the app's chunks while the tablet is offline (as in pwa-offline-checkin).
test.use({ serviceWorkers: 'allow' });

// Screenshots go to their own folder: another engineer's run empties test-results/ when it starts.
const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results';
/**
 * Check-ins are timed by the server's clock (src/sync/server-clock.ts): the course is on the real day,
 * around the real time (started 5 minutes ago), rather than under a faked browser clock.
 */
function schoolWithTodayCourse({ dayOfWeek, monday }: RealDay, course: { start: string; end: string }) {
  const base = schoolWithTeachers();
  return {
    ...base,
    // The server sends each profile what it may read: the administrator who checks the result
    // needs a module that reads every check-in log (here 'attendance').
    profiles: base.profiles.map((p) =>
      p.id === 'super-admin' ? { ...p, moduleIds: [...p.moduleIds, 'attendance'] } : p,
    ),
    ...algorithmsCourse(monday, dayOfWeek, course.start, course.end),
  };
}

test('admin enrols a kiosk; offline, a teacher signs in by PIN and checks in; back online it reaches the server once', async ({
  page,
  context,
  request,
}) => {
  const org = newOrgId('kiosk-offline');
  const day = await liveDay();
  const COURSE = { start: day.since(5), end: day.until(115) };
  await seedOrg(request, org, schoolWithTodayCourse(day, COURSE));

  // 1. The administrator signs in on the tablet and enrols it from Paramètres › Données.
  const login = new SignInPage(page);
  await login.open(org);
  await login.openPinTab();
  await expect(
    page.getByText("Cet appareil n'est pas enregistré comme borne.", { exact: false }),
  ).toBeVisible();
  await page.getByRole('tab', { name: 'Connexion par mot de passe' }).click();
  await login.signIn('awa@ecole.sn', 'Admin@2026');
  await page.getByRole('navigation', { name: 'Modules' }).getByRole('link', { name: 'Paramètres' }).click();
  await page.getByRole('link', { name: 'Données', exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/donnees$/);
  const section = page.getByRole('region', { name: 'Borne de classe (mode PIN)' });
  await expect(section.getByText("Cet appareil n'est pas une borne.")).toBeVisible();
  await section.getByRole('button', { name: 'Enregistrer cet appareil comme borne' }).click();
  await expect(section.getByText('Le nom est requis')).toBeVisible();
  await section.getByRole('textbox', { name: 'Nom de la borne' }).fill('Salle 12');
  await section.getByRole('button', { name: 'Enregistrer cet appareil comme borne' }).click();
  await expect(page.getByText('Borne « Salle 12 » enregistrée')).toBeVisible();
  await expect(section.getByText('Cet appareil est la borne « Salle 12 ».')).toBeVisible();
  await expect(section.getByRole('listitem').filter({ hasText: 'Salle 12' })).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await section.screenshot({ path: `${SHOTS}/kiosk-donnees-section.png` });

  // The service worker controls the page before the network goes away.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

  // 2. The administrator signs out: the tablet keeps only the kiosk view (teachers and their PIN hashes).
  await signOut(page);
  await expect(page.getByText('Borne : Salle 12')).toBeVisible();
  await login.openPinTab();
  const teachers = page.getByRole('list', { name: 'Qui êtes-vous ?' });
  // Enabled once the kiosk view brought their PIN hashes (a name without one is listed greyed): the run at
  // 23:00 UTC on a loaded machine went offline before they came, and Moussa could not be chosen.
  await expect(teachers.getByRole('button', { name: 'Moussa Fall' })).toBeEnabled();
  await expect(teachers.getByRole('button', { name: 'Fatou Ndiaye' })).toBeEnabled();
  await page.screenshot({ path: `${SHOTS}/kiosk-pin-list.png`, fullPage: true });
  // What the administrator's session brought to the tablet is gone from it.
  expect(await localRecords(page, 'teacherContractSubmissions')).toEqual([]);
  expect((await localRecords(page, 'users')).filter((u) => 'passwordHash' in u)).toEqual([]);

  // 3. Offline: Moussa signs in with his PIN and checks in.
  await context.setOffline(true);
  await teachers.getByRole('button', { name: 'Moussa Fall' }).click();
  await login.typePin('4321');
  await expect(page).toHaveURL(/\/teacher\/today$/);
  // The current course comes first, with its one action.
  const today = new TodayPage(page);
  await expect(today.dueCourse).toContainText(`${COURSE.start} – ${COURSE.end}`);
  await expect(today.dueCourse).toContainText('Algorithmique');
  await today.arrival().click();
  await expect(page.getByText('Arrivée · Moussa Fall · L1-INFO · Algorithmique')).toBeVisible();
  const status = page.getByRole('status').filter({ hasText: 'Hors ligne' });
  await expect(status).toBeVisible();
  // The check-in log and its notification wait in the outbox: one action for the person (issue 33 point 7).
  await expect(status).toContainText('1 modification(s) en attente');

  const checkins = async () => {
    const store = await readStoreAsAdmin(request, org);
    return (store.planningLogs ?? []).filter(
      (l) =>
        l.action === 'planning-checkin' &&
        l.teacherUserId === 'u-t1' &&
        l.timetableId === 'tt-1' &&
        l.slotIndex === 0,
    ).length;
  };
  expect(await checkins()).toBe(0);

  // 4. Back online: the outbox leaves under the kiosk credential, once.
  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect.poll(checkins, { timeout: 20_000 }).toBe(1);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await page.waitForTimeout(1500);
  expect(await checkins()).toBe(1);

  // 5. The kiosk's own view of the server (its cookie only): no contract files, no password hashes.
  const session = (await (await page.request.get('/api/auth/session')).json()) as {
    userId: string | null;
    kiosk: { name: string } | null;
  };
  expect(session).toMatchObject({ userId: null, kiosk: { name: 'Salle 12' } });
  const kioskStore = await page.request.get(`/api/store?orgId=${org}`);
  expect(kioskStore.ok()).toBe(true);
  const text = await kioskStore.text();
  const json = JSON.parse(text) as { teacherContractSubmissions?: unknown[] };
  expect(json.teacherContractSubmissions ?? []).toEqual([]);
  expect(text).not.toContain('passwordHash');
});
