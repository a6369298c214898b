import { expect, test, type Page } from '@playwright/test';
import { liveDay } from './support/live-day';
import { algorithmsCourse, newOrgId, schoolWithTeachers, seedOrg } from './support/org';
import { signInOnNewPage } from './support/pages/sign-in';
import { TodayPage } from './support/pages/today';

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results';

/**
 * Issue 33 points 7 and 10 on a teacher's phone (360 px): the offline status is read whole, one check-in is one
 * change waiting, the return of the network is confirmed, and every control of the teacher's screens is a
 * 44 px touch target.
 */
/** Visible controls smaller than 44 × 44 px (a link inside a sentence is exempt, as WCAG 2.5.8 allows). */
async function smallTargets(page: Page): Promise<string[]> {
  return page
    .locator('button, a[href], select, input:not([type="hidden"]), [role="tab"], [role="radio"]')
    .evaluateAll((elements) =>
      elements.flatMap((el) => {
        const box = (el.closest('label') ?? el).getBoundingClientRect();
        const style = getComputedStyle(el);
        if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') return [];
        if (el.classList.contains('visually-hidden') && !el.closest('label')) return [];
        if (el.tagName === 'A' && el.closest('p')) return [];
        const tooSmall = box.height < 43.5 || box.width < 43.5;
        return tooSmall
          ? [
              `${el.tagName} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim()}" ${Math.round(box.width)}×${Math.round(box.height)}`,
            ]
          : [];
      }),
    );
}

test.use({ viewport: { width: 360, height: 780 } });

test('360 px: offline status read whole, one check-in is one change, sync confirmed; 44 px targets', async ({
  browser,
  request,
}) => {
  const org = newOrgId('phone-status');
  // Check-ins are timed by the server's clock: the course is on the real day, started 5 minutes ago.
  const { dayOfWeek, monday, since, until } = await liveDay();
  await seedOrg(request, org, {
    ...schoolWithTeachers(),
    ...algorithmsCourse(monday, dayOfWeek, since(5), until(115)),
  });
  const page = await signInOnNewPage(browser, org, 'moussa@ecole.sn', 'Prof@2026', {
    landing: /\/teacher\/today$/,
    context: { viewport: { width: 360, height: 780 }, hasTouch: true, isMobile: true },
  });
  const today = new TodayPage(page);
  await expect(today.dueCourse).toContainText('Algorithmique');

  // 44 px targets on the teacher's three screens.
  expect(await smallTargets(page), 'Module du jour').toEqual([]);
  const tabs = page.getByRole('navigation', { name: 'Onglets de la section' });
  await tabs.getByRole('link', { name: 'Mon planning' }).click();
  await expect(page).toHaveURL(/\/teacher\/planning$/);
  await expect(page.getByRole('heading', { name: 'Mon planning', level: 2 })).toBeVisible();
  expect(await smallTargets(page), 'Mon planning').toEqual([]);
  await tabs.getByRole('link', { name: 'Mes heures (réel)' }).click();
  await expect(page.getByRole('heading', { name: 'Mes heures (réel)', level: 2 })).toBeVisible();
  expect(await smallTargets(page), 'Mes heures').toEqual([]);
  await tabs.getByRole('link', { name: 'Module du jour' }).click();

  // Offline: the check-in waits, counted once, and the status is read whole on the phone.
  await page.context().setOffline(true);
  await page.evaluate(() => window.dispatchEvent(new Event('offline')));
  await today.arrival().click();
  await expect(page.getByText(/Arrivée · Moussa Fall/).first()).toBeVisible();
  const status = page.getByRole('status').filter({ hasText: 'Hors ligne' });
  await expect(status).toContainText('Hors ligne · 1 modification(s) en attente');
  const box = await status.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
  expect(await status.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  // Once the check-in's toast is gone, the header as the teacher reads it.
  await expect(page.getByRole('status').filter({ hasText: /^Arrivée · Moussa Fall/ })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/status-offline-360.png` });

  // Back online: the device says the change reached the server.
  await page.context().setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(page.getByRole('status').filter({ hasText: 'Modification synchronisée' })).toBeVisible({
    timeout: 20_000,
  });
  await page.context().close();
});
