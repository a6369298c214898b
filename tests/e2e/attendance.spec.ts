import { expect, test, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { courseSlot, weekTimetable } from '../support/builders';
import { liveDay } from './support/live-day';
import { newOrgId, readStoreAsAdmin, schoolWithTeachers, seedOrg } from './support/org';
import { AttendancePage } from './support/pages/attendance';
import { signIn, signInOnNewPage } from './support/pages/sign-in';
import { waitSynced } from './support/pages/sync-status';

// A Monday; the week timetable below starts on it. Times are UTC (contexts run in timezoneId 'UTC').
const DAY = '2026-03-09';
const at = (time: string) => new Date(`${DAY}T${time}:00.000Z`);
const ARRIVAL = { latitude: 14.692812, longitude: -17.446741, accuracy: 15 };
// ~1.2 km away from the institute and imprecise: flagged "hors zone" and "position imprécise".
const DEPARTURE = { latitude: 14.70181, longitude: -17.45222, accuracy: 180 };

function attendanceOrg() {
  const base = schoolWithTeachers();
  const slot = (
    dayOfWeek: number,
    startTime: string,
    endTime: string,
    moduleId: string,
    teacherUserId: string,
  ) => courseSlot(dayOfWeek, startTime, endTime, moduleId, teacherUserId, { id: `${moduleId}-${startTime}` });
  return {
    ...base,
    profiles: [
      {
        id: 'super-admin',
        name: 'Super Admin',
        moduleIds: ['users', 'attendance'],
        formFieldKeys: ['email'],
      },
      // The teacher space is another issue: the teacher checks in from /attendance (own slots only).
      {
        id: 'teacher',
        name: 'Enseignant',
        moduleIds: ['attendance', 'teacher', 'teacher.today'],
        formFieldKeys: [],
      },
    ],
    institutes: [
      {
        id: 'inst-1',
        name: 'Institut Dakar',
        abbr: 'ID',
        latitude: 14.6928,
        longitude: -17.4467,
        radiusM: 150,
      },
    ],
    levels: [{ id: 'lvl-1', name: 'Licence 1', abbr: 'L1' }],
    classes: [{ id: 'cls-1', code: 'L1-INFO', levelId: 'lvl-1', instituteId: 'inst-1' }],
    courseModules: [
      { id: 'mod-algo', code: 'ALGO', name: 'Algorithmique', levelId: 'lvl-1', instituteId: 'inst-1' },
      { id: 'mod-web', code: 'WEB', name: 'Développement web', levelId: 'lvl-1', instituteId: 'inst-1' },
      { id: 'mod-bd', code: 'BD', name: 'Bases de données', levelId: 'lvl-1', instituteId: 'inst-1' },
      { id: 'mod-ang', code: 'ANG', name: 'Anglais', levelId: 'lvl-1', instituteId: 'inst-1' },
    ],
    timetables: [
      weekTimetable(
        'tt-1',
        DAY,
        [
          slot(1, '08:00', '10:00', 'mod-algo', 'u-t1'),
          slot(1, '10:30', '12:00', 'mod-web', 'u-t1'),
          slot(1, '09:00', '10:00', 'mod-ang', 'u-t2'),
          slot(1, '14:00', '16:00', 'mod-bd', 'u-t1'),
          slot(2, '08:00', '10:00', 'mod-algo', 'u-t1'),
        ],
        { classId: 'cls-1' },
      ),
    ],
  };
}

async function openSignedIn(
  browser: Browser,
  org: string,
  email: string,
  password: string,
  time: Date,
  options: BrowserContextOptions = {},
): Promise<Page> {
  const page = await signInOnNewPage(browser, org, email, password, { clock: time, context: options });
  await new AttendancePage(page).open(DAY);
  return page;
}

// Several browsers in one test, on a shared machine: more than the suite's default minute.
test.describe.configure({ timeout: 180_000 });

test('check-in/out with and without position, follow-up, map dialog and automatic check-out', async ({
  browser,
  request,
}) => {
  const org = newOrgId('attendance');
  await seedOrg(request, org, attendanceOrg());

  // 1. Geolocation granted: the teacher checks in 10 minutes before the start, then out at 09:00.
  const teacher = await openSignedIn(browser, org, 'moussa@ecole.sn', 'Prof@2026', at('07:50'), {
    geolocation: ARRIVAL,
    permissions: ['geolocation'],
  });
  const teacherScreen = new AttendancePage(teacher);
  const algo = teacherScreen.row('08:00 – 10:00');
  await expect(teacherScreen.departure(algo)).toBeDisabled();
  // someone else's slot offers no action to a teacher without planning.consulter.actions
  await expect(teacherScreen.arrival(teacherScreen.row('09:00 – 10:00'))).toHaveCount(0);
  await teacherScreen.arrival(algo).dblclick(); // a double tap writes one check-in
  await expect(algo).toContainText('En cours');
  await expect(teacherScreen.arrival(algo)).toBeDisabled();
  await teacher.context().setGeolocation(DEPARTURE);
  await teacher.clock.fastForward('01:10:00'); // 09:00
  await teacherScreen.recordDeparture(algo);
  await expect(algo).toContainText('Terminé');
  // Issue 32: counted from the planned start (08:00), not from the early check-in (07:50).
  await expect(algo).toContainText('1h / 2h');
  await expect(teacherScreen.arrival(algo)).toBeDisabled();
  await waitSynced(teacher);
  await teacher.context().close();

  // 2. Geolocation denied: the check-in of 10:30 proceeds without position.
  const denied = await openSignedIn(browser, org, 'moussa@ecole.sn', 'Prof@2026', at('10:25'));
  const deniedScreen = new AttendancePage(denied);
  const web = deniedScreen.row('10:30 – 12:00');
  await deniedScreen.arrival(web).click();
  await expect(web).toContainText('En cours');
  await expect(web.getByRole('button', { name: /Voir/ })).toBeDisabled();
  await waitSynced(denied);
  await denied.context().close();

  // 3. The administrator follows the day at 11:00.
  const admin = await openSignedIn(browser, org, 'awa@ecole.sn', 'Admin@2026', at('11:00'));
  const adminScreen = new AttendancePage(admin);
  await expect(adminScreen.counter('Non démarré')).toContainText('1');
  // Issue 32: the 09:00-10:00 course nobody checked into is "Non émargé" once over, not "En retard".
  await expect(adminScreen.counter('En retard')).toContainText('0');
  await expect(adminScreen.counter('Non émargé')).toContainText('1');
  await expect(adminScreen.counter('En cours')).toContainText('1');
  await expect(adminScreen.counter('Terminé')).toContainText('1');
  const adminAlgo = adminScreen.row('08:00 – 10:00');
  await expect(adminAlgo).toContainText('1h / 2h');
  await expect(adminAlgo).toContainText('hors zone');
  await expect(adminAlgo).toContainText('position imprécise');
  await expect(adminScreen.row('10:30 – 12:00')).toContainText(/0h3\d \/ 1h30/);
  await expect(adminScreen.row('09:00 – 10:00')).toContainText('Non émargé');
  await expect(admin.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
  await admin.screenshot({ path: 'test-results/attendance-day.png', fullPage: true });

  await adminAlgo.getByRole('button', { name: /Voir/ }).click();
  const dialog = admin.getByRole('dialog', { name: "Localisation d'émargement" });
  // Dates in French (dd/mm/yyyy), never ISO: in the text and in the tooltips and labels alike.
  await expect(dialog).toContainText('09/03/2026 08:00 – 10:00');
  await expect(dialog).not.toContainText(/\d{4}-\d{2}-\d{2}/);
  const labels = await dialog.evaluate((el) =>
    [...el.querySelectorAll('[title], [aria-label]')].map(
      (node) => `${node.getAttribute('title') ?? ''} ${node.getAttribute('aria-label') ?? ''}`,
    ),
  );
  expect(labels.filter((label) => /\d{4}-\d{2}-\d{2}/.test(label))).toEqual([]);
  const arrival = dialog.getByRole('region', { name: 'Arrivée' });
  const departure = dialog.getByRole('region', { name: 'Départ' });
  await expect(arrival).toContainText('14.69281');
  await expect(arrival).toContainText('-17.44674');
  await expect(arrival).toContainText('15 m');
  await expect(departure).toContainText('14.70181');
  await expect(departure).toContainText('-17.45222');
  await expect(departure).toContainText('180 m');
  await expect(departure).toContainText('hors zone');
  await expect(arrival.getByRole('link')).toHaveAttribute(
    'href',
    /openstreetmap\.org\/\?mlat=14\.692812&mlon=-17\.446741/,
  );
  await expect(departure.getByRole('link')).toHaveAttribute('href', /mlat=14\.70181&mlon=-17\.45222/);
  const map = dialog.getByRole('img', { name: "Carte des positions d'arrivée et de départ" });
  await expect(map).toBeVisible();
  await expect(map).not.toHaveAttribute('data-state', 'loading', { timeout: 15_000 });
  await admin.screenshot({ path: 'test-results/attendance-location.png' });
  await dialog.getByRole('button', { name: 'Fermer' }).click();

  // 4. At the planned end (12:00: an early check-in of 10:25 runs to the end, issue 32), the automatic
  // check-out is written, toasted and badged.
  const adminWeb = adminScreen.row('10:30 – 12:00');
  await expect(adminWeb).toContainText('En cours');
  await admin.clock.fastForward('01:00:00'); // 12:00: the 15-second loop runs
  await expect(admin.getByText('Départ · Moussa Fall · L1-INFO · Développement web')).toBeVisible();
  await expect(adminWeb).toContainText('Terminé');
  await expect(adminWeb.locator('.attendance-auto')).toHaveText('auto');
  await expect(adminWeb).toContainText('1h30 / 1h30');
  await admin.getByRole('button', { name: /^Notifications/ }).click();
  const panel = admin.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByRole('listitem')).toHaveCount(2); // two sessions, arrival and departure grouped
  await expect(panel.getByRole('listitem').first()).toContainText('Arrivée 10:25 · Départ 12:00');
  await panel.getByRole('button', { name: 'Tout marquer comme lu' }).click();
  await expect(admin.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Tout marquer comme lu' })).toBeDisabled();
  await admin.mouse.click(640, 700); // outside the popover closes it
  await expect(panel).toHaveCount(0);

  // Week view: both days, with the date column; an empty class filter shows 'Aucun cours'.
  await admin
    .getByRole('radio', { name: 'Semaine' })
    .or(admin.getByRole('button', { name: 'Semaine' }))
    .click();
  await expect(admin.getByRole('columnheader', { name: 'Date' })).toBeVisible();
  await expect(admin.getByRole('row')).toHaveCount(6);
  await admin.screenshot({ path: 'test-results/attendance-week.png', fullPage: true });
  await admin.goto(`/attendance?date=2026-03-15&classId=cls-1`);
  await expect(admin.getByText('Aucun cours')).toBeVisible();
  await expect(admin.getByLabel('Classe')).toHaveValue('cls-1');
});

/**
 * Trusted time (beyond the spec): a phone whose clock is 3 hours behind learns the server's time at its sync
 * exchange, so its check-in carries the right (estimated server) time AND its own clock; /attendance flags it
 * "horloge décalée", lists it under "À vérifier", and an administrator corrects it with a reason ("corrigé").
 * The suite's server sends no clock (SEND_SERVER_TIME=0, playwright.config.ts, for the fake-clock tests):
 * here each page's API answers get the X-Server-Time header the production server sends, with real time.
 */
test('a device clock 3 hours behind: the check-in is flagged and the administrator corrects it', async ({
  browser,
  request,
}) => {
  // A course in progress now, by the server's clock: started up to an hour ago, ending within the hour (inside
  // the UTC day, with 5 minutes left at least: at the day's very end the test waits for the next one).
  const { date: today, dayOfWeek: weekday, monday, since, until } = await liveDay();
  const realNow = new Date();
  const start = since(60);
  const end = until(60);
  const base = attendanceOrg();
  const org = newOrgId('trusted-time');
  await seedOrg(request, org, {
    ...base,
    profiles: [
      {
        id: 'super-admin',
        name: 'Super Admin',
        moduleIds: ['users', 'attendance', 'planning', 'planning.consulter', 'planning.consulter.actions'],
        formFieldKeys: ['email'],
      },
      base.profiles[1],
    ],
    timetables: [
      weekTimetable(
        'tt-now',
        monday,
        [courseSlot(weekday, start, end, 'mod-algo', 'u-t1', { id: 'now-1' })],
        {
          classId: 'cls-1',
        },
      ),
    ],
  });

  const withServerClock = async (page: Page) => {
    await page.route('**/api/**', async (route) => {
      // A request still running when its page closes has nobody to answer.
      const response = await route.fetch().catch(() => null);
      if (!response) return;
      await route.fulfill({
        response,
        headers: { ...response.headers(), 'x-server-time': new Date().toISOString() },
      });
    });
  };
  const open = async (email: string, password: string, deviceTime: Date | null) => {
    const context = await browser.newContext({ timezoneId: 'UTC', locale: 'fr-FR' });
    const page = await context.newPage();
    await withServerClock(page);
    if (deviceTime) await page.clock.install({ time: deviceTime });
    await signIn(page, org, email, password);
    await waitSynced(page);
    // Reopened after the first exchange: the screen starts from the server time the device learnt.
    const screen = new AttendancePage(page);
    await screen.open(today);
    return { page, screen };
  };

  // The teacher's phone is 3 hours behind: by its own clock the course has not even opened.
  const { page: teacher, screen: teacherScreen } = await open(
    'moussa@ecole.sn',
    'Prof@2026',
    new Date(realNow.getTime() - 3 * 3_600_000),
  );
  const course = teacherScreen.row(`${start} – ${end}`);
  await expect(teacherScreen.arrival(course)).toBeEnabled();
  await teacherScreen.arrival(course).click();
  await expect(course).toContainText('En cours');
  await expect(course).toContainText('horloge décalée');
  await waitSynced(teacher);
  await teacher.unrouteAll({ behavior: 'ignoreErrors' });
  await teacher.context().close();

  // The administrator (correct clock) sees it flagged, filters "À vérifier" and corrects it.
  const { page: admin, screen: adminScreen } = await open('awa@ecole.sn', 'Admin@2026', null);
  const adminRow = adminScreen.row(`${start} – ${end}`);
  await expect(adminRow).toContainText('horloge décalée');
  await expect(admin.getByText('1 émargement à vérifier')).toBeVisible();
  await adminScreen.toggleToReview();
  await expect(adminScreen.toReviewFilter).toBeChecked();
  await expect(adminRow).toBeVisible();
  await adminRow.getByRole('button', { name: 'Corriger' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Corriger un horaire' });
  await dialog.getByLabel('Heure corrigée (HH:MM)').fill(start);
  await dialog.getByRole('button', { name: 'Enregistrer la correction' }).click();
  await expect(dialog.getByText('Le motif est obligatoire')).toBeVisible(); // a reason is required
  await dialog.getByLabel('Motif de la correction').fill('Arrivée constatée au début du cours');
  await dialog.getByRole('button', { name: 'Enregistrer la correction' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(admin.getByText('Horaire corrigé', { exact: true })).toBeVisible(); // the toast
  // Corrected: no longer "À vérifier"; shown "corrigé" with both values in its title.
  await expect(admin.getByText('Aucun cours')).toBeVisible();
  await adminScreen.toggleToReview();
  await expect(adminScreen.toReviewFilter).not.toBeChecked();
  await expect(adminRow).toContainText('corrigé');
  await expect(adminRow.locator('.attendance-corrected')).toHaveAttribute(
    'title',
    new RegExp(`corrigée de \\d\\d:\\d\\d à ${start} par Awa Diop : Arrivée constatée`),
  );
  await admin.screenshot({ path: 'test-results/attendance-corrected.png', fullPage: true });
  await waitSynced(admin);
  // The server holds the original check-in (its device and estimated times) and the correction beside it.
  const store = await readStoreAsAdmin(request, org);
  const logs = (store.planningLogs ?? []) as unknown as Record<string, unknown>[];
  const checkin = logs.find((l) => l.action === 'planning-checkin');
  const correction = logs.find((l) => l.action === 'planning-correction');
  expect(Math.abs(Date.parse(String(checkin?.timestamp)) - realNow.getTime())).toBeLessThan(10 * 60_000);
  expect(
    Date.parse(String(checkin?.timestamp)) - Date.parse(String(checkin?.deviceTimestamp)),
  ).toBeGreaterThan(2.9 * 3_600_000);
  expect(checkin?.recordedVia).toBe('user');
  expect(correction).toMatchObject({
    correctsLogId: checkin?.id,
    correctedTimestamp: `${today}T${start}:00.000Z`,
  });
});
