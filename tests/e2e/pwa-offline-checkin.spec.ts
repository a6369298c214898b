import { expect, test } from '@playwright/test';
import { algorithmsCourse, newOrgId, readStoreAsAdmin, schoolWithTeachers, seedOrg } from './support/org';
import { signOut, submitSignIn } from './support/pages/sign-in';
import { TodayPage } from './support/pages/today';

// Offline start: a device used before opens without network, signs in, shows its data and
// records a check-in, which reaches the server once the network is back.
test.use({ serviceWorkers: 'allow' });

const MONDAY = '2026-03-09';

function schoolWithTodayCourse() {
  const base = schoolWithTeachers();
  return {
    ...base,
    ...algorithmsCourse(MONDAY, 1, '08:00', '10:00'),
  };
}

test('offline: sign in, navigate, check in; back online the check-in reaches the server once', async ({
  page,
  context,
  request,
}) => {
  const org = newOrgId('offline-checkin');
  await seedOrg(request, org, schoolWithTodayCourse());
  await page.clock.install({ time: new Date(`${MONDAY}T07:50:00.000Z`) });
  await page.goto(`/login?org=${org}`);
  await submitSignIn(page, 'moussa@ecole.sn', 'Prof@2026');
  await expect(page).toHaveURL(/\/teacher\/today$/);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await signOut(page);
  await expect(page).toHaveURL(/\/login$/);

  await context.setOffline(true);
  await page.reload();
  await submitSignIn(page, 'moussa@ecole.sn', 'Prof@2026');
  await expect(page).toHaveURL(/\/teacher\/today$/);
  const tabs = page.getByRole('navigation', { name: 'Onglets de la section' });
  await tabs.getByRole('link', { name: 'Mon planning' }).click();
  await expect(page).toHaveURL(/\/teacher\/planning$/);
  await tabs.getByRole('link', { name: 'Mes heures (réel)' }).click();
  await expect(page).toHaveURL(/\/teacher\/workload$/);
  await tabs.getByRole('link', { name: 'Module du jour' }).click();
  // The course to check in comes first, as a large card with its one action.
  const today = new TodayPage(page);
  await expect(today.dueCourse).toContainText('08:00 – 10:00');
  await expect(today.dueCourse).toContainText('Algorithmique');
  await today.arrival().click();
  await expect(page.getByText(/Arrivée · Moussa Fall/).first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Hors ligne' })).toBeVisible();

  // The server's copy, read under the teacher's own session (the store API needs one and
  // filters it; a teacher receives their own check-ins).
  const checkins = async () => {
    const store = await readStoreAsAdmin(request, org, { email: 'moussa@ecole.sn', password: 'Prof@2026' });
    return (store.planningLogs ?? []).filter(
      (l) => l.action === 'planning-checkin' && l.teacherUserId === 'u-t1',
    ).length;
  };
  expect(await checkins()).toBe(0);

  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  // An offline sign-in opens no server session; back online, the device completes that sign-in
  // with the server by itself (the password stayed in the page's memory only) and the check-in leaves under
  // the teacher's own session, without asking again.
  await expect.poll(checkins, { timeout: 20_000 }).toBe(1);
  await expect(page.getByRole('status').filter({ hasText: /^Synchronisé/ })).toBeVisible();
  // A later exchange does not send it twice.
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await page.waitForTimeout(1500);
  expect(await checkins()).toBe(1);
});
