import { expect, test, type Browser, type Page } from '@playwright/test';
import type { Slot } from '../../src/domain/store/schema';
import { keyedCourseSlot as slot, weekTimetable } from '../support/builders';
import { newOrgId, schoolWithTeachers, seedOrg } from './support/org';
import { signInOnNewPage } from './support/pages/sign-in';

// Wednesday of the seeded week (Monday 2026-03-09); UTC everywhere.
const NOW = new Date('2026-03-11T10:15:00.000Z');
const SHOTS = process.env.CONSULT_SHOTS ?? '/tmp/planning-consult-shots';

function consultOrg() {
  const base = schoolWithTeachers();
  const week = (id: string, classId: string, slots: Slot[]) =>
    weekTimetable(id, '2026-03-09', slots, { classId });
  return {
    ...base,
    profiles: [
      {
        id: 'super-admin',
        name: 'Super Admin',
        moduleIds: ['users', 'planning.consulter', 'planning.consulter.actions'],
        formFieldKeys: ['email'],
      },
      {
        id: 'teacher',
        name: 'Enseignant',
        moduleIds: ['planning.consulter', 'teacher', 'teacher.today'],
        formFieldKeys: [],
      },
    ],
    teacherContractSubmissions: [
      { id: 'tc-1', teacherUserId: 'u-t1', status: 'validated', attachments: [] },
      { id: 'tc-2', teacherUserId: 'u-t2', status: 'validated', attachments: [] },
    ],
    institutes: [{ id: 'inst-1', name: 'Institut Dakar', abbr: 'ID' }],
    levels: [{ id: 'lvl-1', name: 'Licence 1', abbr: 'L1' }],
    classes: [
      { id: 'cls-1', code: 'L1-INFO', levelId: 'lvl-1', instituteId: 'inst-1' },
      { id: 'cls-2', code: 'L2-GL', levelId: 'lvl-1', instituteId: 'inst-1' },
    ],
    courseModules: [
      { id: 'mod-algo', code: 'ALGO', name: 'Algorithmique', levelId: 'lvl-1', instituteId: 'inst-1' },
      { id: 'mod-web', code: 'WEB', name: 'Développement web', levelId: 'lvl-1', instituteId: 'inst-1' },
      { id: 'mod-bd', code: 'BD', name: 'Bases de données', levelId: 'lvl-1', instituteId: 'inst-1' },
      { id: 'mod-ang', code: 'ANG', name: 'Anglais', levelId: 'lvl-1', instituteId: 'inst-1' },
    ],
    timetables: [
      week('tt-1', 'cls-1', [
        slot(1, '08:00', '10:00', 'mod-algo', 'u-t1'),
        slot(1, '09:00', '10:00', 'mod-ang', 'u-t2'),
        slot(3, '10:00', '12:00', 'mod-web', 'u-t1'),
        slot(4, '14:00', '16:00', 'mod-bd', 'u-t2'),
      ]),
      week('tt-2', 'cls-2', [
        slot(2, '08:00', '10:00', 'mod-algo', 'u-t1'),
        slot(5, '10:00', '12:00', 'mod-ang', 'u-t2'),
      ]),
    ],
  };
}

async function openConsult(browser: Browser, org: string, email: string, password: string): Promise<Page> {
  const page = await signInOnNewPage(browser, org, email, password, {
    context: { viewport: { width: 1400, height: 1000 } },
    clock: NOW,
  });
  await page.goto('/planning/consulter');
  await expect(page.getByRole('heading', { name: 'Consulter les plannings', level: 2 })).toBeVisible();
  return page;
}

const segment = (page: Page, group: string, label: string) =>
  page.getByRole('radiogroup', { name: group }).getByRole('radio', { name: label, exact: true });
const slotButton = (page: Page, start: RegExp | string) => page.getByRole('button', { name: start });

test('the three views of a week, the month calendar, the picker and the empty period', async ({
  browser,
  request,
}) => {
  const org = newOrgId('consult-views');
  await seedOrg(request, org, consultOrg());
  const page = await openConsult(browser, org, 'awa@ecole.sn', 'Admin@2026');

  // Calendar (weekly grid) by class: two groups, overlapping Monday slots side by side, a red clock line.
  await expect(page.getByRole('heading', { name: /^L1-INFO/, level: 3 })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^L2-GL/, level: 3 })).toBeVisible();
  const algo = slotButton(
    page,
    // Over with no check-in: "Non émargé" (issue 32), no longer "En retard" for ever.
    /^Algorithmique, classe L1-INFO, Moussa Fall, Lundi 09\/03, 08:00 – 10:00, Non émargé, Présentiel/,
  );
  const anglais = slotButton(page, /^Anglais, classe L1-INFO, Fatou Ndiaye, Lundi 09\/03, 09:00 – 10:00/);
  await expect(algo).toBeVisible();
  const [a, b] = [await algo.boundingBox(), await anglais.boundingBox()];
  expect(a && b && b.x > a.x + a.width - 2).toBe(true);
  await expect(page.getByRole('img', { name: 'Heure actuelle' }).first()).toBeVisible();
  await expect(slotButton(page, /^Développement web.*En cours|^Développement web.*En retard/)).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}/week-grid.png`, fullPage: true });

  await segment(page, 'Vue', 'Tableau').click();
  await expect(page.getByRole('table', { name: 'L1-INFO' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'L1-INFO' }).getByRole('row')).toHaveCount(5);
  await page.screenshot({ path: `${SHOTS}/week-table.png`, fullPage: true });

  await segment(page, 'Vue', 'Cartes').click();
  await expect(page.getByRole('region', { name: 'Dimanche 15/03' }).first()).toContainText('Aucun créneau');
  await page.screenshot({ path: `${SHOTS}/week-cards.png`, fullPage: true });

  // Global mode with module filter.
  await segment(page, 'Regroupement', 'Global').click();
  await page.getByLabel('Module', { exact: true }).selectOption({ label: 'Anglais' });
  await expect(page.getByRole('button', { name: /^Anglais, classe/ })).toHaveCount(2);
  await expect(page.getByRole('button', { name: /^Algorithmique/ })).toHaveCount(0);
  await page.getByLabel('Module', { exact: true }).selectOption({ label: 'Tous les modules' });

  // Month calendar.
  await segment(page, 'Vue', 'Calendrier').click();
  await segment(page, 'Période', 'Mois').click();
  await expect(page.getByRole('button', { name: /Choisir la période \(Mars 2026\)/ })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Lundi 09/03' })).toContainText('Algorithmique');
  await page.screenshot({ path: `${SHOTS}/month-calendar.png`, fullPage: true });

  // Week picker: week 12 has nothing; the arrow goes back to week 11.
  await segment(page, 'Période', 'Semaine').click();
  await page.getByRole('button', { name: /Choisir la période/ }).click();
  await page
    .getByRole('dialog', { name: 'Choisir la période' })
    .getByRole('button', { name: 'Semaine 12 – lundi 16/03' })
    .click();
  await expect(page.getByText('Aucun planning pour la période sélectionnée.')).toBeVisible();
  await page.getByRole('button', { name: 'Période précédente' }).click();
  await expect(page.getByRole('button', { name: /Semaine 11 · du 09\/03 au 15\/03\/2026/ })).toBeVisible();
  await page.context().close();
});

test('reschedule into a conflict, change type, cancel, and the slot log', async ({ browser, request }) => {
  const org = newOrgId('consult-manage');
  await seedOrg(request, org, consultOrg());
  const page = await openConsult(browser, org, 'awa@ecole.sn', 'Admin@2026');
  await slotButton(page, /^Algorithmique, classe L2-GL/).click();
  const dialog = page.getByRole('dialog', { name: 'Gérer un cours' });
  await expect(dialog).toContainText('Mardi 10/03, 08:00 – 10:00');
  await expect(dialog).toContainText('Aucune modification');

  // Time validation, then Monday 08:30 collides with Moussa Fall's Algorithmique in L1-INFO.
  await dialog.getByLabel('Jour').selectOption({ label: 'Lundi' });
  await dialog.getByLabel('Début').fill('8h30');
  await dialog.getByRole('button', { name: 'Reprogrammer' }).click();
  await expect(dialog.getByText('Heure invalide : utilisez H:MM ou HH:MM.')).toBeVisible();
  await dialog.getByLabel('Début').fill('8:30');
  await dialog.getByRole('button', { name: 'Reprogrammer' }).click();
  const conflict = page.getByRole('alertdialog', { name: 'Conflit enseignant' });
  await expect(conflict).toContainText('Cet enseignant est déjà planifié sur un autre cours au même moment.');
  await conflict.getByRole('button', { name: 'Reprogrammer quand même' }).click();
  await expect(page.getByText('Cours reprogrammé')).toBeVisible();
  await expect(dialog).toContainText('Lundi 09/03, 08:30 – 10:00');

  // Change type: the badge reads En ligne in the dialog and on the slot.
  await dialog.getByRole('button', { name: 'Passer en ligne' }).click();
  await expect(dialog.getByRole('button', { name: 'Passer en présentiel' })).toBeVisible();
  await expect(dialog).toContainText('En ligne');

  // Cancel after confirmation.
  await dialog.getByRole('button', { name: 'Annuler le cours' }).click();
  await page
    .getByRole('alertdialog', { name: 'Annuler le cours' })
    .getByRole('button', { name: 'Annuler le cours' })
    .click();
  await expect(page.getByText('Cours annulé')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Annuler le cours' })).toBeDisabled();

  // The log lists each change, newest first.
  const log = dialog.getByRole('list', { name: 'Historique du créneau' }).getByRole('listitem');
  await expect(log).toHaveCount(3);
  await expect(log.nth(0)).toContainText('Annulation');
  await expect(log.nth(1)).toContainText('Changement de type Présentiel → En ligne');
  await expect(log.nth(2)).toContainText('Reprogrammation Mar 08:00–10:00 → Lun 08:30–10:00');
  await expect(log.nth(2)).toContainText('par Awa Diop');
  await page.screenshot({ path: `${SHOTS}/manage-dialog.png` });
  await dialog.getByRole('button', { name: 'Fermer' }).click();

  // The canceled slot stays, struck through, with its online badge.
  const canceled = slotButton(
    page,
    /^Algorithmique, classe L2-GL, Moussa Fall, Lundi 09\/03, 08:30 – 10:00, Annulé, En ligne/,
  );
  await expect(canceled).toHaveAttribute('data-canceled', 'true');
  await expect(canceled).toHaveCSS('text-decoration-line', 'line-through');
  await expect(canceled).toContainText('En ligne');
  await page.screenshot({ path: `${SHOTS}/week-grid-after-changes.png`, fullPage: true });
  await page.context().close();
});

test('a teacher without planning.consulter.actions sees and manages only their own slots', async ({
  browser,
  request,
}) => {
  const org = newOrgId('consult-teacher');
  const store = consultOrg();
  // One of Fatou Ndiaye's slots is canceled: she no longer sees it.
  const tt1 = store.timetables[0];
  const bd = tt1?.slots[3];
  if (bd) bd.canceled = true;
  await seedOrg(request, org, store);
  const page = await openConsult(browser, org, 'fatou@ecole.sn', 'Prof@2026');
  const slots = page.locator('.tt-chip');
  await expect(slots).toHaveCount(2);
  await expect(page.getByRole('button', { name: /^Anglais, classe L1-INFO, Fatou Ndiaye/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Anglais, classe L2-GL, Fatou Ndiaye/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Algorithmique/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Bases de données/ })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/teacher-week.png`, fullPage: true });
  await page.getByRole('button', { name: /^Anglais, classe L2-GL/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Gérer un cours' });
  await expect(dialog.getByRole('button', { name: 'Arrivée' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Départ' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Reprogrammer' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Annuler le cours' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: /Passer en/ })).toHaveCount(0);
  await page.context().close();
});

test('a group of schools: 80 classes draw only the timetables near the screen, and the last one is reached by scrolling', async ({
  browser,
  request,
}) => {
  const base = consultOrg();
  const classCount = 80;
  const classes = Array.from({ length: classCount }, (_, i) => ({
    id: `cls-big-${i}`,
    code: `C${String(i + 1).padStart(3, '0')}`,
    levelId: 'lvl-1',
    instituteId: 'inst-1',
  }));
  const timetables = classes.map((c, i) =>
    weekTimetable(
      `tt-big-${i}`,
      '2026-03-09',
      [1, 2, 3, 4, 5].map((day) => slot(day, '08:00', '10:00', 'mod-algo', i % 2 ? 'u-t1' : 'u-t2')),
      { classId: c.id },
    ),
  );
  const org = newOrgId('consult-big');
  await seedOrg(request, org, { ...base, classes, timetables });
  const page = await openConsult(browser, org, 'awa@ecole.sn', 'Admin@2026');

  await expect(page.getByRole('heading', { name: /^C001/, level: 3 })).toBeVisible();
  // Only the groups near the screen are in the page, not 80 timetables.
  const drawn = await page.getByRole('heading', { level: 3 }).count();
  expect(drawn).toBeGreaterThan(0);
  expect(drawn).toBeLessThan(classCount / 4);
  // Scrolling to the end reaches the last class, drawn and measured in place (no overlap with its neighbour).
  const last = page.getByRole('heading', { name: /^C080/, level: 3 });
  await expect(async () => {
    await page.mouse.wheel(0, 20_000);
    await expect(last).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 30_000 });
  const previous = page.getByRole('heading', { name: /^C079/, level: 3 });
  const [above, below] = [await previous.boundingBox(), await last.boundingBox()];
  expect(above && below && below.y > above.y + above.height).toBe(true);
  await page.screenshot({ path: `${SHOTS}/big-org-end.png` });
  await page.context().close();
});
