import { expect, test, type Page } from '@playwright/test';
import type { Slot } from '../../src/domain/store/schema';
import { keyedCourseSlot as slot, realDay, weekTimetable } from '../support/builders';
import { liveDay } from './support/live-day';
import { enrolKioskApi, newOrgId, readStoreAsAdmin, schoolWithTeachers, seedOrg } from './support/org';
import { SignInPage, signInOnNewPage } from './support/pages/sign-in';
import { TodayPage } from './support/pages/today';

// A Monday; the week timetables below start on it. Times are UTC (contexts run in timezoneId 'UTC').
const MONDAY = '2026-03-09';
// Screenshots go to their own folder: another engineer's run empties test-results/ when it starts.
const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results';
const at = (date: string, time: string) => new Date(`${date}T${time}:00.000Z`);

/** The week of `monday` (MONDAY unless given) for `classId`. */
const week = (id: string, classId: string, slots: Slot[], monday = MONDAY) =>
  weekTimetable(id, monday, slots, { classId });

/**
 * Issue 33: the server refuses a reschedule request once the course has started, by ITS clock (the real
 * one), so the reschedule test takes a week ahead of today, whose Monday to Sunday lie in one month.
 */
function futureWeek() {
  const DAY = 86_400_000;
  let monday = Date.parse(`${realDay().monday}T00:00:00.000Z`) + 14 * DAY;
  while (new Date(monday).getUTCMonth() !== new Date(monday + 6 * DAY).getUTCMonth()) monday += 7 * DAY;
  const iso = (n: number) => new Date(monday + n * DAY).toISOString().slice(0, 10);
  const dm = (n: number) => `${iso(n).slice(8, 10)}/${iso(n).slice(5, 7)}`;
  const month = new Intl.DateTimeFormat('fr', { month: 'long', timeZone: 'UTC' }).format(monday);
  return {
    iso,
    dm,
    dmy: (n: number) => `${dm(n)}/${iso(n).slice(0, 4)}`,
    monthLabel: `${month.charAt(0).toUpperCase()}${month.slice(1)} ${iso(0).slice(0, 4)}`,
  };
}

function log(
  id: string,
  action: string,
  timestamp: string,
  timetableId: string,
  slotIndex: number,
  moduleId: string,
) {
  return {
    id,
    timestamp,
    action,
    actorUserId: 'u-t1',
    actorUserName: 'Moussa Fall',
    timetableId,
    classId: 'cls-1',
    moduleId,
    teacherUserId: 'u-t1',
    slotIndex,
  };
}

function teacherOrg(monday = MONDAY) {
  const base = schoolWithTeachers();
  return {
    ...base,
    profiles: [
      {
        id: 'super-admin',
        name: 'Super Admin',
        moduleIds: ['users', 'planning', 'planning.reprogrammation'],
        formFieldKeys: ['email'],
      },
      {
        id: 'teacher',
        name: 'Enseignant',
        moduleIds: ['teacher', 'teacher.today', 'teacher.planning', 'teacher.workload'],
        formFieldKeys: [],
      },
    ],
    institutes: [{ id: 'inst-1', name: 'Institut Dakar', abbr: 'ID' }],
    levels: [{ id: 'lvl-1', name: 'Licence 1', abbr: 'L1' }],
    classes: [
      { id: 'cls-1', code: 'L1-INFO', levelId: 'lvl-1', instituteId: 'inst-1' },
      { id: 'cls-2', code: 'L1-GEST', levelId: 'lvl-1', instituteId: 'inst-1' },
    ],
    courseModules: [
      { id: 'mod-algo', code: 'ALGO', name: 'Algorithmique', levelId: 'lvl-1', instituteId: 'inst-1' },
      { id: 'mod-web', code: 'WEB', name: 'Développement web', levelId: 'lvl-1', instituteId: 'inst-1' },
      { id: 'mod-bd', code: 'BD', name: 'Bases de données', levelId: 'lvl-1', instituteId: 'inst-1' },
      { id: 'mod-ang', code: 'ANG', name: 'Anglais', levelId: 'lvl-1', instituteId: 'inst-1' },
    ],
    timetables: [
      week(
        'tt-1',
        'cls-1',
        [
          slot(1, '08:00', '10:00', 'mod-algo', 'u-t1'),
          slot(2, '08:00', '10:00', 'mod-web', 'u-t1'),
          slot(3, '08:00', '10:00', 'mod-algo', 'u-t1'),
        ],
        monday,
      ),
      week(
        'tt-2',
        'cls-2',
        [slot(1, '08:00', '10:00', 'mod-ang', 'u-t2'), slot(4, '10:30', '12:00', 'mod-bd', 'u-t1')],
        monday,
      ),
    ],
  };
}

async function waitSynced(page: Page) {
  await expect(page.getByText('Synchronisé').first()).toBeVisible({ timeout: 15_000 });
}

/**
 * Waits until the server holds what this page just wrote, read under the page's own session (the store API needs one), so
 * closing the context cannot lose a push still on its way ("Synchronisé" may show before the outbox count
 * catches up). The page must not show the "refused by the server" message either.
 */
async function waitOnServer(
  page: Page,
  org: string,
  predicate: (store: { rescheduleRequests?: { reason?: string; status?: string }[] }) => boolean,
) {
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/api/store?orgId=${org}`);
        return response.ok() && predicate((await response.json()) as never);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  await expect(page.getByText(/refusée\(s\) par le serveur/)).toHaveCount(0);
}

test('a teacher asks for a reschedule, the admin edits and validates it, the teacher sees the moved course', async ({
  browser,
  request,
}) => {
  const org = newOrgId('teacher');
  const w = futureWeek();
  await seedOrg(request, org, teacherOrg(w.iso(0)));

  // 1. Monday 09:00: Wednesday's course is 47 h away (allowed), Tuesday's 23 h away (refused).
  const teacher = await signInOnNewPage(browser, org, 'moussa@ecole.sn', 'Prof@2026', {
    clock: at(w.iso(0), '09:00'),
  });
  await teacher.goto('/teacher/planning');
  await expect(teacher.getByRole('heading', { name: 'Mon planning', level: 2 })).toBeVisible();
  // only the teacher's own courses: Fatou's English course is not there
  await expect(teacher.getByRole('button', { name: /Anglais/ })).toHaveCount(0);
  await expect(teacher.getByText('4 cours')).toBeVisible();
  await teacher.screenshot({ path: `${SHOTS}/teacher-planning-week.png`, fullPage: true });

  await teacher.getByRole('button', { name: /Développement web/ }).click();
  let dialog = teacher.getByRole('dialog', { name: 'Développement web' });
  await expect(dialog.getByRole('button', { name: 'Demander reprogrammation' })).toBeDisabled();
  await expect(dialog).toContainText('au moins 24 heures');
  await dialog.getByRole('button', { name: 'Fermer' }).click();

  // Issue 33: this morning's course has started: no reschedule, and the dialog says why.
  await teacher.getByRole('button', { name: new RegExp(`Algorithmique.*Lundi ${w.dm(0)}`) }).click();
  dialog = teacher.getByRole('dialog', { name: 'Algorithmique' });
  await expect(dialog.getByRole('button', { name: 'Demander reprogrammation' })).toBeDisabled();
  await expect(dialog).toContainText('Ce cours a déjà commencé ou est passé');
  await dialog.getByRole('button', { name: 'Fermer' }).click();

  await teacher.getByRole('button', { name: new RegExp(`Algorithmique.*Mercredi ${w.dm(2)}`) }).click();
  dialog = teacher.getByRole('dialog', { name: 'Algorithmique' });
  await expect(dialog).toContainText('L1-INFO');
  await expect(dialog).toContainText('Moussa Fall');
  await expect(dialog).toContainText('08:00 – 10:00');
  await expect(dialog.getByRole('button', { name: 'Arrivée' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Départ' })).toBeDisabled();
  await teacher.screenshot({ path: `${SHOTS}/teacher-slot-dialog.png` });
  await dialog.getByRole('button', { name: 'Demander reprogrammation' }).click();

  const form = teacher.getByRole('dialog', { name: 'Demande de reprogrammation' });
  await expect(form.getByLabel('Date proposée')).toHaveValue(w.iso(2));
  await expect(form.getByLabel('Début')).toHaveValue('08:00');
  await expect(form.getByLabel('Fin')).toHaveValue('10:00');
  await expect(form.getByPlaceholder('Précisez la raison de la demande')).toBeVisible();
  await expect(form).toContainText(
    "Le cours reste planifié tant que l'administration n'a pas validé la demande.",
  );
  await form.getByLabel('Date proposée').fill(w.iso(4));
  await form.getByLabel('Raison').fill('Jury de soutenance');
  await teacher.screenshot({ path: `${SHOTS}/teacher-request.png` });
  await form.getByRole('button', { name: 'Envoyer' }).click();
  await expect(form).toHaveCount(0);
  // Issue 33: the course stays planned (not "Annulé", its hours kept) until the administration validates
  const pending = teacher.getByRole('button', { name: new RegExp(`Algorithmique.*Mercredi ${w.dm(2)}`) });
  await expect(pending).toBeVisible();
  await expect(pending).not.toContainText('Annulé');
  await expect(teacher.getByText('4 cours')).toBeVisible();
  await pending.click();
  dialog = teacher.getByRole('dialog', { name: 'Algorithmique' });
  await expect(dialog).toContainText("Demande de reprogrammation envoyée : en attente de l'administration.");
  await expect(dialog.getByRole('button', { name: 'Demander reprogrammation' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Fermer' }).click();
  await waitSynced(teacher);
  await waitOnServer(teacher, org, (store) =>
    (store.rescheduleRequests ?? []).some((r) => r.reason === 'Jury de soutenance'),
  );
  await teacher.context().close();

  // 2. The administrator edits the proposal to Thursday 10:00-12:00, which overlaps the teacher's 10:30 course.
  const admin = await signInOnNewPage(browser, org, 'awa@ecole.sn', 'Admin@2026', {
    clock: at(w.iso(0), '10:00'),
  });
  // Issue 33: the bell tells the administrator, and leads to the requests.
  await admin.getByRole('button', { name: 'Notifications, 1 non lue(s)' }).click();
  const bell = admin.getByRole('dialog', { name: 'Notifications' });
  await expect(bell).toContainText('1 demande de reprogrammation en attente');
  await expect(bell).not.toContainText('Aucune notification');
  await bell.getByRole('link', { name: 'Ouvrir la reprogrammation' }).click();
  await expect(admin).toHaveURL(/\/planning\/reprogrammation$/);
  await admin.keyboard.press('Escape');
  await expect(admin.getByRole('heading', { name: 'Demandes de reprogrammation' })).toBeVisible();
  await expect(admin.getByText('1 en attente · 0 validée(s)')).toBeVisible();
  const row = admin.getByRole('row').filter({ hasText: 'Jury de soutenance' });
  await expect(row).toContainText(w.dmy(4));
  await expect(row).toContainText('08:00 – 10:00');
  await expect(row).toContainText('L1-INFO');
  await expect(row).toContainText('Algorithmique');
  await expect(row).toContainText('Moussa Fall');
  await expect(row).toContainText('En attente');
  await row.getByRole('button', { name: /^Modifier/ }).click();
  const edit = admin.getByRole('dialog', { name: 'Modifier la proposition' });
  await edit.getByLabel('Date').fill(w.iso(3));
  await edit.getByLabel('Début').fill('10:00');
  await edit.getByLabel('Fin').fill('12:00');
  await edit.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(edit).toHaveCount(0);
  await expect(row).toContainText(w.dmy(3));
  await expect(row).toContainText('10:00 – 12:00');

  await row.getByRole('button', { name: /^Valider/ }).click();
  const conflict = admin.getByRole('alertdialog', { name: 'Conflit enseignant' });
  await expect(conflict).toContainText('Cet enseignant est déjà planifié sur un autre cours au même moment.');
  await conflict.getByRole('button', { name: 'Valider quand même' }).click();
  await expect(admin.getByText('0 en attente · 1 validée(s)')).toBeVisible();
  await expect(row).toContainText('Validée');
  await expect(row.getByRole('button', { name: /^Valider/ })).toBeDisabled();
  await expect(row.getByRole('button', { name: /^Modifier/ })).toBeDisabled();
  await admin.screenshot({ path: `${SHOTS}/teacher-admin-requests.png`, fullPage: true });
  await waitSynced(admin);
  await waitOnServer(admin, org, (store) =>
    (store.rescheduleRequests ?? []).some(
      (r) => r.reason === 'Jury de soutenance' && r.status === 'approved',
    ),
  );
  await admin.context().close();

  // 3. The teacher sees the course on Thursday 10:00-12:00.
  const again = await signInOnNewPage(browser, org, 'moussa@ecole.sn', 'Prof@2026', {
    clock: at(w.iso(0), '11:00'),
  });
  await again.goto('/teacher/planning');
  await expect(
    again.getByRole('button', { name: new RegExp(`Algorithmique.*Jeudi ${w.dm(3)}.*10:00 – 12:00`) }),
  ).toBeVisible();
  await expect(again.getByText('4 cours')).toBeVisible();
  await again
    .getByRole('radio', { name: 'Cartes' })
    .or(again.getByRole('button', { name: 'Cartes' }))
    .click();
  await expect(again.getByRole('region', { name: `Jeudi ${w.dm(3)}` })).toContainText('Algorithmique');
  await again.screenshot({ path: `${SHOTS}/teacher-planning-cards.png`, fullPage: true });
  await again
    .getByRole('radio', { name: 'Mois' })
    .or(again.getByRole('button', { name: 'Mois' }))
    .click();
  await again
    .getByRole('radio', { name: 'Calendrier' })
    .or(again.getByRole('button', { name: 'Calendrier' }))
    .click();
  await expect(again.getByRole('button', { name: `Choisir la période (${w.monthLabel})` })).toBeVisible();
  await expect(
    again.getByRole('button', { name: new RegExp(`Algorithmique.*Jeudi ${w.dm(3)}`) }),
  ).toBeVisible();
  await again.screenshot({ path: `${SHOTS}/teacher-planning-month.png`, fullPage: true });
  await again.context().close();
});

test('Mes heures (réel): closed and open check-ins per module and class, day and week', async ({
  browser,
  request,
}) => {
  const org = newOrgId('teacher-hours');
  const store = teacherOrg();
  await seedOrg(request, org, {
    ...store,
    planningLogs: [
      log('l-1', 'planning-checkin', '2026-03-09T08:00:00.000Z', 'tt-1', 0, 'mod-algo'),
      log('l-2', 'planning-checkout', '2026-03-09T09:30:00.000Z', 'tt-1', 0, 'mod-algo'),
      // open since 08:15 on Tuesday: counts until now (09:30) = 1h15
      log('l-3', 'planning-checkin', '2026-03-10T08:15:00.000Z', 'tt-1', 1, 'mod-web'),
    ],
  });
  const teacher = await signInOnNewPage(browser, org, 'moussa@ecole.sn', 'Prof@2026', {
    clock: at('2026-03-10', '09:30'),
  });
  await teacher.goto('/teacher/workload');
  await expect(teacher.getByRole('heading', { name: 'Mes heures (réel)', level: 2 })).toBeVisible();
  const rows = teacher.getByRole('table').getByRole('row');
  await expect(rows.nth(1)).toContainText('Algorithmique');
  await expect(rows.nth(1)).toContainText('L1-INFO');
  await expect(rows.nth(1)).toContainText('1h30');
  await expect(rows.nth(2)).toContainText('Développement web');
  await expect(rows.nth(2)).toContainText('1h15');
  await expect(teacher.getByRole('status').filter({ hasText: 'Total' })).toContainText('2h45');
  await teacher.screenshot({ path: `${SHOTS}/teacher-workload.png`, fullPage: true });

  // Day mode, then the picker on the period label moves to Monday.
  await teacher
    .getByRole('radio', { name: 'Jour' })
    .or(teacher.getByRole('button', { name: 'Jour' }))
    .click();
  await expect(teacher.getByRole('status').filter({ hasText: 'Total' })).toContainText('1h15');
  await teacher.getByRole('button', { name: /Choisir la période/ }).click();
  await teacher.getByLabel('Date de référence').fill(MONDAY);
  await teacher.getByRole('button', { name: 'Afficher' }).click();
  await expect(teacher.getByRole('status').filter({ hasText: 'Total' })).toContainText('1h30');
  await teacher.getByRole('button', { name: 'Période suivante' }).click();
  await teacher.getByRole('button', { name: 'Période suivante' }).click();
  await expect(teacher.getByText('Aucune donnée')).toBeVisible();
});

/**
 * The kiosk test's school: today's courses around the real time. Check-ins are timed by the server's clock
 * (src/sync/server-clock.ts), so a faked browser date would put the course on another day.
 */
async function kioskOrg() {
  const { dayOfWeek, monday, since, until } = await liveDay();
  const course = { start: since(2), end: until(118) };
  const today = (id: string, classId: string, moduleId: string, teacherUserId: string) =>
    weekTimetable(id, monday, [slot(dayOfWeek, course.start, course.end, moduleId, teacherUserId)], {
      classId,
    });
  const base = teacherOrg();
  return {
    org: {
      ...base,
      // Only a full administrator (users, profiles, settings) enrols a kiosk (issue 29).
      profiles: base.profiles.map((p) =>
        p.id === 'super-admin'
          ? { ...p, moduleIds: [...p.moduleIds, 'profiles', 'settings', 'settings.donnees'] }
          : p,
      ),
      timetables: [today('tt-1', 'cls-1', 'mod-algo', 'u-t1'), today('tt-2', 'cls-2', 'mod-ang', 'u-t2')],
    },
    time: `${course.start} – ${course.end}`,
  };
}

test('kiosk: PIN, check-in, automatic return to the PIN pad, second teacher, idle return', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const org = newOrgId('teacher-kiosk');
  const school = await kioskOrg();
  await seedOrg(request, org, school.org);
  const context = await browser.newContext({ timezoneId: 'UTC', locale: 'fr-FR' });
  // PIN mode belongs to enrolled classroom tablets.
  await enrolKioskApi(context, org, 'Salle 12');
  const page = await context.newPage();
  const login = new SignInPage(page);
  await login.open(org);
  await login.openPinTab();
  await login.pinSignIn('Moussa Fall', '4321');

  const today = new TodayPage(page);
  await expect(today.heading).toBeVisible();
  await expect(page.getByText('Enseignant : Moussa Fall')).toBeVisible();
  await expect(page.getByText(/ · 1 cours$/)).toBeVisible();
  // The course comes first as a large card with its one action.
  const algo = today.dueCourse;
  await expect(algo).toContainText(school.time);
  await expect(algo).toContainText('Algorithmique');
  await expect(algo).toContainText('Présentiel');
  await expect(algo).toContainText(/À venir|En retard/);
  await expect(today.departure(algo)).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/teacher-kiosk-today.png`, fullPage: true });
  await today.arrival(algo).click();
  await expect(page.getByText('Arrivée · Moussa Fall · L1-INFO · Algorithmique')).toBeVisible();
  await expect(page.getByText(/Retour au clavier PIN dans \d s/)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/teacher-kiosk-checked-in.png`, fullPage: true });

  // back on the PIN pad by itself, ready for the next teacher
  await expect(page).toHaveURL(/\/login\?mode=pin/, { timeout: 10_000 });
  await expect(page.getByRole('tab', { name: 'Accès rapide par PIN' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  // the check-in made on the kiosk reaches the server even though its teacher has left
  await expect
    .poll(async () => {
      const store = await readStoreAsAdmin(request, org);
      return (store.planningLogs ?? []).filter(
        (l) => l.action === 'planning-checkin' && l.teacherUserId === 'u-t1',
      ).length;
    })
    .toBe(1);
  await login.pinSignIn('Fatou Ndiaye', '8765');
  await expect(page.getByText('Enseignant : Fatou Ndiaye')).toBeVisible();
  await expect(page.getByRole('article').filter({ hasText: 'Anglais' })).toBeVisible();
  await expect(page.getByText('Algorithmique')).toHaveCount(0);

  // a minute without a touch: back to the PIN pad
  // (the real clock: check-ins are timed by the server's, so the browser's is not faked here)
  await expect(page).toHaveURL(/\/login\?mode=pin/, { timeout: 90_000 });
  await expect(page.getByRole('button', { name: 'Moussa Fall' })).toBeVisible();

  // Moussa's check-in was kept: signing in again shows the course in progress, Départ enabled.
  await login.pinSignIn('Moussa Fall', '4321');
  const again = today.currentCourse;
  await expect(again).toContainText(school.time);
  await expect(again).toContainText('En cours');
  await expect(today.departure(again)).toBeEnabled();
  await page.getByRole('button', { name: 'Retour au clavier PIN' }).click();
  await expect(page).toHaveURL(/\/login\?mode=pin/);
  await context.close();
});
