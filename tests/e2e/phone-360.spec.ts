import { expect, test, type Locator, type Page } from '@playwright/test';
import { MODULE_CATALOGUE } from '../../src/domain/module-catalogue';
import { courseSlot, weekTimetable, type RealDay } from '../support/builders';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { liveDay } from './support/live-day';
import { newOrgId, seedOrg } from './support/org';
import { AttendancePage } from './support/pages/attendance';
import { signIn } from './support/pages/sign-in';
import { TodayPage } from './support/pages/today';

// A teacher's phone (360 × 740): each screen's primary action is reachable without any sideways scroll.
// Screenshots go to their own folder: another engineer's run empties test-results/ when it starts.
const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results';
/** Minutes the teacher's test needs before the day ends: the current course open, the later one to come. */
const NEED_MINUTES = 9;

/**
 * Check-ins are timed by the server's clock (src/sync/server-clock.ts): the courses are placed on the real
 * day, around the real time, instead of faking the browser's clock. The current course started 10 minutes
 * ago; the later one starts after it, later today: late in the day they share the time left in thirds.
 */
function todayCourses(day: RealDay) {
  const third = Math.min(110, Math.floor(day.minutesLeft / 3));
  return {
    current: { start: day.since(10), end: day.until(third) },
    later: { start: day.until(Math.min(120, 2 * third)), end: day.until(180) },
  };
}
const PHONE = { width: 360, height: 740 };

// A phone that gives its position (the check-in captures it meanwhile).
test.use({
  viewport: PHONE,
  hasTouch: true,
  isMobile: true,
  geolocation: { latitude: 14.69283, longitude: -17.44672, accuracy: 12 },
  permissions: ['geolocation'],
});

async function school() {
  const day = await liveDay(NEED_MINUTES);
  const { current, later } = todayCourses(day);
  const otherDay = (day.dayOfWeek % 5) + 1;
  const slot = (dayOfWeek: number, startTime: string, endTime: string, moduleId: string) =>
    courseSlot(dayOfWeek, startTime, endTime, moduleId, 'u-t1', { id: `s-${dayOfWeek}-${startTime}` });
  const teachers = Array.from({ length: 12 }, (_, i) => ({
    id: `u-x${i}`,
    name: `Enseignant Numéro ${i + 1}`,
    email: `enseignant.numero.${i + 1}@institut-superieur.sn`,
    profileId: 'teacher',
    status: 'Active',
    password: 'Prof@2026',
  }));
  const store = {
    users: [
      {
        id: 'u-admin',
        name: 'Awa Diop',
        email: 'awa@ecole.sn',
        profileId: 'all',
        status: 'Active',
        password: 'Admin@2026',
      },
      {
        id: 'u-t1',
        name: 'Moussa Fall',
        email: 'moussa@ecole.sn',
        profileId: 'teacher',
        status: 'Active',
        password: 'Prof@2026',
        pin: '4321',
      },
      ...teachers,
    ],
    profiles: [
      {
        id: 'all',
        name: 'Super Admin',
        moduleIds: MODULE_CATALOGUE.map((m) => m.id),
        formFieldKeys: ['email'],
      },
      {
        id: 'teacher',
        name: 'Enseignant',
        moduleIds: ['teacher', 'teacher.today', 'teacher.planning', 'teacher.workload', 'teacher.contract'],
        formFieldKeys: ['firstName', 'lastName', 'email'],
      },
    ],
    institutes: [{ id: 'i-1', name: 'Institut Supérieur', abbr: 'ISI' }],
    levels: [{ id: 'l-1', name: 'Licence 1', abbr: 'L1' }],
    classes: [{ id: 'cls-1', code: 'L1-INFO', levelId: 'l-1', instituteId: 'i-1' }],
    courseModules: [
      { id: 'mod-algo', code: 'ALGO', name: 'Algorithmique', levelId: 'l-1', instituteId: 'i-1' },
      { id: 'mod-web', code: 'WEB', name: 'Développement web', levelId: 'l-1', instituteId: 'i-1' },
    ],
    timetables: [
      weekTimetable(
        'tt-1',
        day.monday,
        [
          slot(day.dayOfWeek, current.start, current.end, 'mod-algo'),
          slot(day.dayOfWeek, later.start, later.end, 'mod-web'),
          slot(otherDay, '14:00', '16:00', 'mod-web'),
        ],
        { classId: 'cls-1' },
      ),
    ],
    contracts: [
      {
        id: 'k-1',
        teacherUserId: 'u-t1',
        startDate: '2026-03-01',
        endDate: '2026-06-30',
        createdAt: '2026-03-01T00:00:00.000Z',
        entries: [{ id: 'e-1', classId: 'cls-1', moduleId: 'mod-algo', volumeCapMin: 600 }],
      },
    ],
    teacherContractSubmissions: [{ id: 'tc-1', teacherUserId: 'u-t1', status: 'validated', attachments: [] }],
  };
  return { store, courses: { current, later } };
}

/**
 * Nothing on the page needs a sideways scroll. Measured against the phone's width, not innerWidth: a mobile
 * browser widens its layout viewport to fit content that overflows (innerWidth then grows with it and the
 * page is zoomed out), so innerWidth alone would hide the overflow it should catch.
 */
async function expectNoSidewaysScroll(page: Page, screen: string) {
  const phone = page.viewportSize()?.width ?? 360;
  const widths = await page.evaluate(() => ({
    scroll: document.scrollingElement?.scrollWidth ?? 0,
    inner: window.innerWidth,
  }));
  expect(widths.inner, `${screen}: layout viewport widened to ${widths.inner} px`).toBeLessThanOrEqual(phone);
  expect(widths.scroll, `${screen}: page width ${widths.scroll} > ${phone}`).toBeLessThanOrEqual(phone);
}

/** The element lies inside the viewport horizontally (and vertically when `above` is set: without scrolling). */
async function expectInViewport(page: Page, locator: Locator, what: string, { above = false } = {}) {
  if (!above) await locator.scrollIntoViewIfNeeded();
  await expect(locator, what).toBeInViewport();
  // Measured once the page is still (a virtualised list re-renders after its scroll).
  await expect
    .poll(
      async () => {
        const box = await locator.boundingBox();
        if (!box) return 'no box';
        if (box.x < 0) return `left edge ${box.x}`;
        if (box.x + box.width > PHONE.width) return `right edge ${box.x + box.width}`;
        if (above && box.y + box.height > PHONE.height) return `below the fold ${box.y + box.height}`;
        return 'in view';
      },
      { message: what },
    )
    .toBe('in view');
  // Not clipped by a scrolling ancestor either: what a person sees is what they can tap.
  const isClipped = await locator.evaluate((el) => {
    const rect = el.getBoundingClientRect();
    for (let node = el.parentElement; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.overflowX === 'visible') continue;
      const outer = node.getBoundingClientRect();
      if (rect.left < outer.left - 1 || rect.right > outer.right + 1) return true;
    }
    return false;
  });
  expect(isClipped, `${what}: hidden in a sideways-scrolling box`).toBe(false);
}

/**
 * The section tabs' row: while it overflows with tabs still to the right, the chevron cue shows at its right
 * edge, inside the row and the screen; once the row is scrolled to its end (or fits), the cue is gone.
 * Returns whether the row overflows.
 */
async function expectTabsCue(page: Page, screen: string): Promise<boolean> {
  const row = page.getByRole('navigation', { name: 'Onglets de la section' });
  const cue = row.locator('.section-tabs-more');
  const measure = () =>
    row.evaluate((el) => ({
      overflows: el.scrollWidth > el.clientWidth,
      moreToTheRight: el.scrollLeft + el.clientWidth < el.scrollWidth - 2,
    }));
  const { overflows, moreToTheRight } = await measure();
  if (!moreToTheRight) {
    await expect(cue, `${screen}: no cue when no tab waits to the right`).toHaveCount(0);
    return overflows;
  }
  await expect(cue, `${screen}: the cue shows while tabs wait to the right`).toBeVisible();
  const [cueBox, rowBox] = [await cue.boundingBox(), await row.boundingBox()];
  expect(cueBox && rowBox, `${screen}: cue and row measured`).toBeTruthy();
  if (!cueBox || !rowBox) return overflows;
  // At the row's right edge (sticky), not scrolled away with the tabs, and on the screen.
  expect(cueBox.x + cueBox.width, `${screen}: cue inside the row`).toBeLessThanOrEqual(
    rowBox.x + rowBox.width + 1,
  );
  expect(
    rowBox.x + rowBox.width - (cueBox.x + cueBox.width),
    `${screen}: cue at the right edge`,
  ).toBeLessThan(4);
  expect(cueBox.x + cueBox.width, `${screen}: cue on screen`).toBeLessThanOrEqual(PHONE.width);
  expect(cueBox.width * cueBox.height, `${screen}: cue has a size`).toBeGreaterThan(0);
  return overflows;
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/phone-360-${name}.png`, fullPage: true });
}

async function ready(page: Page, heading: string | RegExp) {
  await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
  await expect(page.getByText('Chargement…')).toHaveCount(0);
}

test('a teacher on a 360 px phone: every screen fits, each primary action in view', async ({ page }) => {
  test.setTimeout(240_000);
  const org = newOrgId('phone-teacher');
  const { store, courses } = await school();
  const { current: CURRENT, later: LATER } = courses;
  await seedOrg(page.request, org, store);
  await signIn(page, org, 'moussa@ecole.sn', 'Prof@2026');
  await expect(page).toHaveURL(/\/teacher\/today$/);

  // Module du jour: the current course first, its Arrivée above the fold; 1 tap checks in, confirmed in place.
  await ready(page, 'Module du jour');
  const today = new TodayPage(page);
  await expect(today.dueCourse).toContainText(`${CURRENT.start} – ${CURRENT.end}`);
  await expect(today.dueCourse).toContainText('Algorithmique');
  const arrive = today.arrival();
  await expectInViewport(page, arrive, 'Module du jour: Arrivée', { above: true });
  await expectNoSidewaysScroll(page, 'Module du jour');
  await expectTabsCue(page, 'Module du jour');
  await expectInViewport(page, page.getByRole('link', { name: 'Mes heures (réel)' }), 'tab Mes heures');
  await expectNoSeriousA11yViolations(page, '/teacher/today 360');
  await shot(page, 'teacher-today');
  await arrive.tap();
  await expect(today.checkInConfirmation).toBeVisible();
  await expect(today.currentCourse).toContainText('En cours');
  // The other course of the day, stacked: its status and its action in view too.
  const other = today.row(`${LATER.start} – ${LATER.end}`);
  await expectInViewport(page, other.getByText('À venir'), 'other course: Statut');
  await expectInViewport(page, today.arrival(other), 'other course: Arrivée');
  await expectNoSidewaysScroll(page, 'Module du jour after check-in');
  await shot(page, 'teacher-today-checked-in');

  // Mon planning: Jour, Semaine, Mois.
  await page.getByRole('link', { name: 'Mon planning' }).click();
  await ready(page, 'Mon planning');
  for (const [kind, name] of [
    ['Jour', 'day'],
    ['Semaine', 'week'],
    ['Mois', 'month'],
  ] as const) {
    const option = page.getByRole('radio', { name: kind, exact: true });
    await option.click();
    await expectInViewport(page, option, `Mon planning ${kind}: its tab`);
    const isTruncated = await option.evaluate((el) => el.scrollWidth > el.clientWidth);
    expect(isTruncated, `Mon planning: "${kind}" truncated`).toBe(false);
    await expectInViewport(page, page.getByRole('button', { name: 'Période suivante' }), `${kind}: next`);
    await expectNoSidewaysScroll(page, `Mon planning ${kind}`);
    await expectNoSeriousA11yViolations(page, `/teacher/planning ${kind} 360`);
    await shot(page, `teacher-planning-${name}`);
  }

  // Mes heures (réel).
  await page.getByRole('link', { name: 'Mes heures (réel)' }).click();
  await ready(page, 'Mes heures (réel)');
  await expectInViewport(page, page.getByRole('button', { name: 'Période suivante' }), 'Mes heures: next');
  await expectNoSidewaysScroll(page, 'Mes heures');
  await expectNoSeriousA11yViolations(page, '/teacher/workload 360');
  await shot(page, 'teacher-workload');

  // Mon contrat.
  await page.goto('/teacher/contract');
  await ready(page, /Mon contrat|Fiche/);
  // A validated file is read-only: its two steps are what the teacher comes for.
  await expectInViewport(page, page.getByRole('tab', { name: '2. Pièces jointes' }), 'Mon contrat: step 2');
  await expectNoSidewaysScroll(page, 'Mon contrat');
  await expectNoSeriousA11yViolations(page, '/teacher/contract 360');
  await shot(page, 'teacher-contract');
});

test('an administrator on a 360 px phone: /users, Paramètres, attendance, Consulter complete and in view', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const org = newOrgId('phone-admin');
  await seedOrg(page.request, org, (await school()).store);
  await signIn(page, org, 'awa@ecole.sn', 'Admin@2026');

  await page.goto('/users');
  await ready(page, 'Utilisateurs');
  const moussa = page.getByRole('row').filter({ hasText: 'Moussa Fall' });
  await expectInViewport(
    page,
    moussa.getByRole('button', { name: 'Modifier Moussa Fall' }),
    '/users: Modifier',
  );
  await expectInViewport(page, moussa.getByText('Actif', { exact: true }), '/users: Statut');
  await expectInViewport(page, moussa.getByText('Enseignant', { exact: true }), '/users: Profil');
  await expectNoSidewaysScroll(page, '/users');
  await expectNoSeriousA11yViolations(page, '/users 360');
  await shot(page, 'users');

  await page.goto('/settings/instituts');
  await ready(page, 'Instituts');
  await expectInViewport(
    page,
    page.getByRole('button', { name: '+ Nouvel institut' }),
    'Paramètres: + Nouvel institut',
  );
  await expectInViewport(
    page,
    page.getByRole('button', { name: 'Modifier « Institut Supérieur »' }),
    'Paramètres: Modifier',
  );
  // Five tabs do not fit on a phone: the row scrolls, a cue shows more wait, and the last one is reached.
  const tabs = page.getByRole('navigation', { name: 'Onglets de la section' });
  const data = tabs.getByRole('link', { name: 'Données', exact: true });
  expect(await expectTabsCue(page, 'Paramètres › Instituts'), 'Paramètres: the tab row overflows').toBe(true);
  await expect(data, 'Paramètres: Données waits beyond the edge').not.toBeInViewport({ ratio: 0.9 });
  // A sideways swipe over the row (a wheel here: the row scrolls, not the page).
  const rowBox = await tabs.boundingBox();
  await page.mouse.move(
    (rowBox?.x ?? 0) + (rowBox?.width ?? 0) / 2,
    (rowBox?.y ?? 0) + (rowBox?.height ?? 0) / 2,
  );
  await expect
    .poll(
      async () => {
        await page.mouse.wheel(200, 0);
        return tabs.evaluate((el) => el.scrollLeft + el.clientWidth >= el.scrollWidth - 2);
      },
      { message: 'Paramètres: the tab row scrolls to its end' },
    )
    .toBe(true);
  await expectInViewport(page, data, 'Paramètres: Données reached', { above: true });
  await expectTabsCue(page, 'Paramètres › Instituts, row at its end');
  await expectNoSidewaysScroll(page, 'Paramètres › Instituts, tabs scrolled');
  await expectInViewport(page, data, 'Paramètres: tab Données');
  await data.click();
  await expect(page).toHaveURL(/\/settings\/donnees$/);
  await expectInViewport(page, data, 'Paramètres: active tab Données');
  await expectNoSidewaysScroll(page, 'Paramètres › Données');
  await expectNoSeriousA11yViolations(page, '/settings/donnees 360');
  await shot(page, 'settings-donnees');
  await page.goto('/settings/instituts');
  await expectNoSidewaysScroll(page, 'Paramètres › Instituts');
  await shot(page, 'settings-instituts');

  await page.goto('/attendance');
  await ready(page, /Suivi des émargements|Émargements/);
  const attendance = new AttendancePage(page);
  const course = attendance.row('Algorithmique').first();
  // Its status, whatever it is at this hour (before 00:10 UTC the course started less than 10 minutes ago).
  await expectInViewport(
    page,
    course.getByText(/Non démarré|En retard|À venir|En cours/),
    '/attendance: Statut',
  );
  await expectInViewport(page, course.getByRole('button', { name: /^Arrivée/ }), '/attendance: Arrivée');
  await expectNoSidewaysScroll(page, '/attendance');
  await expectNoSeriousA11yViolations(page, '/attendance 360');
  await shot(page, 'attendance');

  // Consulter: every grouping and period option whole and in view, the period arrows too.
  await page.goto('/planning/consulter');
  await ready(page, 'Consulter les plannings');
  for (const [group, name] of [
    ['Regroupement', 'Par classe'],
    ['Regroupement', 'Par enseignant'],
    ['Regroupement', 'Global'],
    ['Période', 'Semaine'],
    ['Période', 'Mois'],
  ] as const) {
    const option = page.getByRole('radiogroup', { name: group }).getByRole('radio', { name, exact: true });
    await expectInViewport(page, option, `Consulter: ${name}`);
    const isTruncated = await option.evaluate((el) => el.scrollWidth > el.clientWidth);
    expect(isTruncated, `Consulter: "${name}" truncated`).toBe(false);
  }
  await expectNoSeriousA11yViolations(page, '/planning/consulter Par classe Semaine 360');
  await shot(page, 'consulter-class-week');
  await page.getByRole('radiogroup', { name: 'Regroupement' }).getByRole('radio', { name: 'Global' }).click();
  await expectInViewport(page, page.getByRole('button', { name: 'Période suivante' }), 'Consulter: next');
  await expectNoSidewaysScroll(page, '/planning/consulter');
  await expectNoSeriousA11yViolations(page, '/planning/consulter Global Semaine 360');
  await shot(page, 'consulter');
  await page.getByRole('radiogroup', { name: 'Période' }).getByRole('radio', { name: 'Mois' }).click();
  await expectInViewport(
    page,
    page.getByRole('button', { name: 'Période suivante' }),
    'Consulter Mois: next',
  );
  await expectNoSidewaysScroll(page, '/planning/consulter Mois');
  await expectNoSeriousA11yViolations(page, '/planning/consulter Global Mois 360');
  await shot(page, 'consulter-month');
});
