import { expect, test } from '@playwright/test';
import type { RealDay } from '../support/builders';
import { liveDay } from './support/live-day';
import { algorithmsCourse, newOrgId, readStoreAsAdmin, schoolWithTeachers, seedOrg } from './support/org';
import { AttendancePage } from './support/pages/attendance';
import { signIn } from './support/pages/sign-in';

// The service worker pushes (Background Sync): a teacher checks in offline and closes every window; when the
// network is back the browser wakes the service worker ('sync' event, dispatched here through the DevTools
// protocol) and the worker itself sends the outbox under the teacher's session, with no page open.
test.use({ serviceWorkers: 'allow' });

const TEACHER = { email: 'moussa@ecole.sn', password: 'Prof@2026' };

/** The school, its course open all day today by the real clock (check-ins are timed by the server's). */
function org({ dayOfWeek, monday }: RealDay) {
  return {
    ...schoolWithTeachers(),
    profiles: [
      {
        id: 'super-admin',
        name: 'Super Admin',
        moduleIds: ['users', 'attendance'],
        formFieldKeys: ['email'],
      },
      { id: 'teacher', name: 'Enseignant', moduleIds: ['attendance', 'teacher'], formFieldKeys: [] },
    ],
    ...algorithmsCourse(monday, dayOfWeek, '00:00', '23:59', { timetableId: 'tt-bg', slotId: 's-bg' }),
  };
}

test('offline check-in, every window closed: the service worker pushes it once on Background Sync', async ({
  browser,
  request,
  baseURL,
}) => {
  const orgId = newOrgId('bg-sync');
  const day = await liveDay();
  const TODAY = day.date;
  await seedOrg(request, orgId, org(day));
  const context = await browser.newContext({ timezoneId: 'UTC', locale: 'fr-FR' });
  const page = await context.newPage();
  await signIn(page, orgId, TEACHER.email, TEACHER.password);
  const screen = new AttendancePage(page);
  await screen.open(TODAY);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await expect(page.getByText('Synchronisé').first()).toBeVisible({ timeout: 20_000 });

  const checkins = async () => {
    const store = await readStoreAsAdmin(request, orgId, TEACHER);
    return (store.planningLogs ?? []).filter((l) => l.action === 'planning-checkin').length;
  };
  expect(await checkins()).toBe(0);

  // Offline: the page asks for Background Sync (register('outbox')) and the check-in waits in the outbox.
  await context.setOffline(true);
  await page.evaluate(() => window.dispatchEvent(new Event('offline')));
  const row = screen.row('00:00 – 23:59');
  await screen.arrival(row).click();
  await expect(row).toContainText('En cours');
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        const sync = (registration as unknown as { sync?: { getTags(): Promise<string[]> } }).sync;
        return sync ? sync.getTags() : ['no background sync'];
      }),
    )
    .toContain('outbox');
  expect(await checkins()).toBe(0);

  // The registration's id, as DevTools knows it (read while the app's window is still open).
  const pageSession = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    pageSession.on('ServiceWorker.workerRegistrationUpdated', (event) => {
      const found = event.registrations.find((r) => r.scopeURL === `${baseURL}/` && !r.isDeleted);
      if (found) resolve(found.registrationId);
    });
  });
  await pageSession.send('ServiceWorker.enable');
  const registration = await registrationId;
  await pageSession.detach();

  // Every window closed; the context (the browser profile: IndexedDB, cookies, service worker) is kept.
  await page.close();
  expect(context.pages()).toHaveLength(0);

  // ServiceWorker.dispatchSyncEvent: Chromium serves the ServiceWorker domain on page targets only (not on
  // the browser's nor on the worker's own target), so the command goes through a blank page of the same
  // profile: not a window of the app (another origin, no client of the worker, as the worker confirms).
  const devtools = await context.newPage();
  const session = await context.newCDPSession(devtools);
  await session.send('ServiceWorker.enable');
  const [sw] = context.serviceWorkers();
  expect(sw, 'the service worker').toBeDefined();
  const windows = () =>
    sw?.evaluate(() =>
      (self as unknown as { clients: { matchAll(o: object): Promise<unknown[]> } }).clients
        .matchAll({ type: 'window', includeUncontrolled: true })
        .then((list) => list.length),
    );
  const outboxSize = () =>
    sw?.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const open = indexedDB.open('emargement');
          open.onerror = () => reject(new Error('open'));
          open.onsuccess = () => {
            const count = open.result.transaction('outbox').objectStore('outbox').count();
            count.onsuccess = () => resolve(count.result);
            count.onerror = () => reject(new Error('count'));
          };
        }),
    );
  const syncEvent = () =>
    session.send('ServiceWorker.dispatchSyncEvent', {
      origin: baseURL ?? '',
      registrationId: registration,
      tag: 'outbox',
      lastChance: false,
    });
  /** Pushes that reached the server (the worker's requests are the context's too). */
  let posted = 0;
  context.on('requestfinished', (r) => {
    if (r.url().includes('/api/mutations') && r.method() === 'POST') posted += 1;
  });
  expect(await windows()).toBe(0);

  // Still offline: the worker's push fails and the check-in stays in the outbox (the browser retries later).
  await syncEvent().catch(() => undefined);
  expect(await outboxSize()).toBeGreaterThan(0);
  expect(await checkins()).toBe(0);

  // Network back: the sync event fires (Chromium fires it on the network's return; the test dispatches it too,
  // so two events race: the outbox lock and the acknowledgements make it one push).
  await context.setOffline(false);
  await syncEvent();
  await expect.poll(checkins, { timeout: 20_000 }).toBe(1);
  expect(await windows()).toBe(0);
  await expect.poll(outboxSize).toBe(0);
  await syncEvent();
  expect(await checkins()).toBe(1);
  expect(posted).toBe(1);

  // A window opened later finds nothing to send again: still exactly one check-in.
  const again = await context.newPage();
  await again.goto(`/attendance?date=${TODAY}`);
  await expect(new AttendancePage(again).row('00:00 – 23:59')).toContainText('En cours');
  await expect(again.getByText('Synchronisé').first()).toBeVisible({ timeout: 20_000 });
  expect(await checkins()).toBe(1);
  await session.detach();
  await context.close();
});
