import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import type { Slot } from '../../src/domain/store/schema';
import { courseSlot as slot, teacherCheck as log, weekTimetable } from '../support/builders';
import { newOrgId, schoolPeople, seedOrg } from './support/org';
import { signInOnNewPage } from './support/pages/sign-in';

// Wednesday 11 March 2026, noon UTC, in ISO week 11 (Monday 9 to Sunday 15 March). Contexts run in UTC.
const NOW = new Date('2026-03-11T12:00:00.000Z');
const MONDAY = '2026-03-09';
const TUESDAY = '2026-03-10';
const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results';
// --red of base.css (#b91c1c): real time above planned by more than 1 minute (spec part 2 points 2 and 9).
const RED = 'rgb(185, 28, 28)';

/** The week of MONDAY for `classId`. */
const timetable = (id: string, classId: string, slots: Slot[]) =>
  weekTimetable(id, MONDAY, slots, { classId });

/**
 * One administrator whose profile holds only the workload module (access follows the profile: it is what lets it read every
 * planning log), two teachers and the week of 9 March in two classes:
 * - Moussa Fall: Algorithmique L1-INFO Mon 08:00-10:00, checked out at 10:10 (credited up to the planned end:
 *   2h of 2h, real time never exceeds min(check-in + planned duration, planned end));
 *   Algorithmique L2-INFO Tue 14:00-15:00, worked exactly 1h; a canceled Thursday course (not counted).
 *   Week: planned 3h, real 3h.
 * - Fatou Ndiaye: Anglais L1-INFO Mon 09:00-10:00, checked out at 10:01 (credited 1h);
 *   Développement web L1-INFO Tue 10:00-12:00, worked 10:00-11:30 (1h30 of 2h) and Fri 08:00-09:30 (future).
 *   Week: planned 4h30, real 2h30.
 * Nothing on Wednesday, nothing outside March.
 */
function workloadOrg() {
  return {
    users: schoolPeople('workload-admin'),
    profiles: [
      { id: 'workload-admin', name: 'Volumes horaires', moduleIds: ['workload'], formFieldKeys: [] },
      {
        id: 'teacher',
        name: 'Enseignant',
        moduleIds: ['teacher', 'teacher.today', 'teacher.planning', 'teacher.workload'],
        formFieldKeys: [],
      },
    ],
    levels: [{ id: 'lvl-1', name: 'Licence 1', abbr: 'L1' }],
    classes: [
      { id: 'cls-l1', code: 'L1-INFO', levelId: 'lvl-1' },
      { id: 'cls-l2', code: 'L2-INFO', levelId: 'lvl-1' },
    ],
    courseModules: [
      { id: 'mod-algo', code: 'ALGO', name: 'Algorithmique', levelId: 'lvl-1' },
      { id: 'mod-web', code: 'WEB', name: 'Développement web', levelId: 'lvl-1' },
      { id: 'mod-ang', code: 'ANG', name: 'Anglais', levelId: 'lvl-1' },
    ],
    timetables: [
      timetable('tt-l1', 'cls-l1', [
        slot(1, '08:00', '10:00', 'mod-algo', 'u-t1'),
        slot(1, '09:00', '10:00', 'mod-ang', 'u-t2'),
        slot(2, '10:00', '12:00', 'mod-web', 'u-t2'),
        slot(5, '08:00', '09:30', 'mod-web', 'u-t2'),
      ]),
      timetable('tt-l2', 'cls-l2', [
        slot(2, '14:00', '15:00', 'mod-algo', 'u-t1'),
        slot(4, '08:00', '10:00', 'mod-algo', 'u-t1', { canceled: true }),
      ]),
    ],
    planningLogs: [
      log('pl-1', 'in', `${MONDAY}T08:00:00.000Z`, 'tt-l1', 0, 'cls-l1', 'mod-algo', 'u-t1'),
      log('pl-2', 'out', `${MONDAY}T10:10:00.000Z`, 'tt-l1', 0, 'cls-l1', 'mod-algo', 'u-t1'),
      log('pl-3', 'in', `${MONDAY}T09:00:00.000Z`, 'tt-l1', 1, 'cls-l1', 'mod-ang', 'u-t2'),
      log('pl-4', 'out', `${MONDAY}T10:01:00.000Z`, 'tt-l1', 1, 'cls-l1', 'mod-ang', 'u-t2'),
      log('pl-5', 'in', `${TUESDAY}T10:00:00.000Z`, 'tt-l1', 2, 'cls-l1', 'mod-web', 'u-t2'),
      log('pl-6', 'out', `${TUESDAY}T11:30:00.000Z`, 'tt-l1', 2, 'cls-l1', 'mod-web', 'u-t2'),
      log('pl-7', 'in', `${TUESDAY}T14:00:00.000Z`, 'tt-l2', 0, 'cls-l2', 'mod-algo', 'u-t1'),
      log('pl-8', 'out', `${TUESDAY}T15:00:00.000Z`, 'tt-l2', 0, 'cls-l2', 'mod-algo', 'u-t1'),
    ],
  };
}

async function openWorkload(browser: Browser, org: string): Promise<Page> {
  const page = await signInOnNewPage(browser, org, 'awa@ecole.sn', 'Admin@2026', { clock: NOW });
  await page.goto('/workload');
  await expect(
    page.getByRole('heading', { name: 'Volumes horaires par enseignant', level: 2 }),
  ).toBeVisible();
  return page;
}

const teacherRow = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });

/** Planned and real cells of one teacher's row (the third cell is the Détail button). */
async function expectTeacher(page: Page, name: string, planned: string, real: string, over: boolean) {
  const cells = teacherRow(page, name).getByRole('cell');
  await expect(cells.nth(0)).toHaveText(planned);
  await expectReal(cells.nth(1), real, over);
}

async function expectReal(cell: Locator, real: string, over: boolean) {
  if (over) {
    await expect(cell).toHaveText(`${real} (réel supérieur au prévu)`);
    await expect(cell).toHaveClass(/\bover\b/);
    await expect(cell).toHaveCSS('color', RED);
  } else {
    await expect(cell).toHaveText(real);
    await expect(cell).not.toHaveClass(/\bover\b/);
    await expect(cell).not.toHaveCSS('color', RED);
  }
}

test('planned against real per teacher: week, day and month, arrows, date picker, detail, empty states', async ({
  browser,
  request,
}) => {
  const org = newOrgId('workload');
  await seedOrg(request, org, workloadOrg());
  const page = await openWorkload(browser, org);

  const kinds = page.getByRole('radiogroup', { name: 'Période' });
  const label = page.locator('.workload-period-label');
  const previous = page.getByRole('button', { name: 'Période précédente' });
  const next = page.getByRole('button', { name: 'Période suivante' });
  const dateInput = page.getByLabel('Date de référence');
  const chart = page.getByRole('img', { name: /^Prévu et réel par enseignant/ });
  const empty = page.getByText('Aucune donnée', { exact: true });

  // The current week is shown first, teachers sorted by name.
  await expect(kinds.getByRole('radio', { name: 'Semaine' })).toBeChecked();
  await expect(label).toHaveText('Semaine 11 · du 09/03 au 15/03/2026');
  await expect(dateInput).toHaveValue('2026-03-11');
  await expect(page.getByText('2 enseignant(s)')).toBeVisible();
  await expect(page.getByRole('columnheader')).toHaveText(['Enseignant', 'Prévu', 'Réel', 'Détail']);
  await expect(page.getByRole('rowheader')).toHaveText(['Fatou Ndiaye', 'Moussa Fall']);
  await expectTeacher(page, 'Fatou Ndiaye', '4h30', '2h30', false);
  await expectTeacher(page, 'Moussa Fall', '3h', '3h', false);
  // The chart speaks one summary sentence carrying the same numbers as the table.
  await expect(chart).toHaveAttribute(
    'aria-label',
    'Prévu et réel par enseignant : Fatou Ndiaye, prévu 4h30, réel 2h30 ; Moussa Fall, prévu 3h, réel 3h.',
  );
  await expect(page.locator('.workload-chart .bar-real.over')).toHaveCount(0);
  await expect(page.locator('.workload-chart .bar-real')).toHaveCount(2);
  await page.screenshot({ path: `${SHOTS}/workload-week.png`, fullPage: true });

  // Detail of Moussa Fall: per module and class, largest planned first; red only where real > planned + 1 min.
  await teacherRow(page, 'Moussa Fall').getByRole('button', { name: 'Détail — Moussa Fall' }).click();
  const moussa = page.getByRole('dialog', { name: 'Détail par module et classe — Moussa Fall' });
  await expect(moussa.getByRole('columnheader')).toHaveText(['Module', 'Classe', 'Prévu', 'Réel']);
  const moussaRows = moussa.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(moussaRows).toHaveCount(2);
  await expect(moussaRows.nth(0).getByRole('cell').nth(0)).toHaveText('Algorithmique');
  await expect(moussaRows.nth(0).getByRole('cell').nth(1)).toHaveText('L1-INFO');
  await expect(moussaRows.nth(0).getByRole('cell').nth(2)).toHaveText('2h');
  // checked out at 10:10, credited up to the planned end
  await expectReal(moussaRows.nth(0).getByRole('cell').nth(3), '2h', false);
  await expect(moussaRows.nth(1).getByRole('cell').nth(0)).toHaveText('Algorithmique');
  await expect(moussaRows.nth(1).getByRole('cell').nth(1)).toHaveText('L2-INFO');
  await expect(moussaRows.nth(1).getByRole('cell').nth(2)).toHaveText('1h');
  await expectReal(moussaRows.nth(1).getByRole('cell').nth(3), '1h', false);
  await expect(moussa.getByText('Aucun détail')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/workload-detail.png` });
  await moussa.getByRole('button', { name: 'Fermer' }).click();
  await expect(moussa).toHaveCount(0);

  // Detail of Fatou Ndiaye, closed with Escape: checked out at 10:01, credited the planned 1h.
  await page.getByRole('button', { name: 'Détail — Fatou Ndiaye' }).click();
  const fatou = page.getByRole('dialog', { name: 'Détail par module et classe — Fatou Ndiaye' });
  const fatouRows = fatou.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(fatouRows).toHaveCount(2);
  await expect(fatouRows.nth(0).getByRole('cell')).toHaveText([
    'Développement web',
    'L1-INFO',
    '3h30',
    '1h30',
  ]);
  await expect(fatouRows.nth(1).getByRole('cell')).toHaveText(['Anglais', 'L1-INFO', '1h', '1h']);
  await expectReal(fatouRows.nth(1).getByRole('cell').nth(3), '1h', false);
  await page.keyboard.press('Escape');
  await expect(fatou).toHaveCount(0);

  // Next week has no course: the empty state, no table and no chart. An arrow moves to the start of the
  // next or previous period, so the reference date becomes that Monday.
  await next.click();
  await expect(label).toHaveText('Semaine 12 · du 16/03 au 22/03/2026');
  await expect(dateInput).toHaveValue('2026-03-16');
  await expect(empty).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(chart).toHaveCount(0);
  await previous.click();
  await expect(label).toHaveText('Semaine 11 · du 09/03 au 15/03/2026');
  await expect(dateInput).toHaveValue(MONDAY);
  await expectTeacher(page, 'Moussa Fall', '3h', '3h', false);

  // Day: the reference date (Monday) is kept; the arrows walk through Tuesday, Wednesday and Thursday.
  await kinds.getByRole('radio', { name: 'Jour' }).click();
  await expect(kinds.getByRole('radio', { name: 'Jour' })).toBeChecked();
  await expect(label).toHaveText('lundi 9 mars 2026');
  await expectTeacher(page, 'Fatou Ndiaye', '1h', '1h', false);
  await expectTeacher(page, 'Moussa Fall', '2h', '2h', false);
  await expect(chart).toHaveAttribute(
    'aria-label',
    'Prévu et réel par enseignant : Fatou Ndiaye, prévu 1h, réel 1h ; Moussa Fall, prévu 2h, réel 2h.',
  );
  // The day's detail holds that day only.
  await page.getByRole('button', { name: 'Détail — Moussa Fall' }).click();
  const moussaDay = page.getByRole('dialog', { name: 'Détail par module et classe — Moussa Fall' });
  await expect(moussaDay.getByRole('row').filter({ has: page.getByRole('cell') })).toHaveCount(1);
  await expect(moussaDay.getByRole('cell').nth(1)).toHaveText('L1-INFO');
  await moussaDay.getByRole('button', { name: 'Fermer' }).click();
  await expect(moussaDay).toHaveCount(0);

  await next.click();
  await expect(label).toHaveText('mardi 10 mars 2026');
  await expect(dateInput).toHaveValue(TUESDAY);
  await expect(page.getByText('2 enseignant(s)')).toBeVisible();
  await expectTeacher(page, 'Fatou Ndiaye', '2h', '1h30', false);
  await expectTeacher(page, 'Moussa Fall', '1h', '1h', false);
  await expect(page.locator('.workload-chart .bar-real.over')).toHaveCount(0);
  await next.click();
  await expect(label).toHaveText('mercredi 11 mars 2026');
  await expect(empty).toBeVisible();
  await next.click();
  await expect(label).toHaveText('jeudi 12 mars 2026');
  // The canceled Thursday course counts neither as planned nor as a row.
  await expect(empty).toBeVisible();

  // The date picker moves the day directly (Friday: Fatou's course is still to come).
  await dateInput.fill('2026-03-13');
  await expect(label).toHaveText('vendredi 13 mars 2026');
  await expect(page.getByRole('rowheader')).toHaveText(['Fatou Ndiaye']);
  await expectTeacher(page, 'Fatou Ndiaye', '1h30', '0h', false);

  // Month: March holds the whole week; February is empty; the next arrow goes back to March.
  await kinds.getByRole('radio', { name: 'Mois' }).click();
  await expect(label).toHaveText('mars 2026');
  await expectTeacher(page, 'Fatou Ndiaye', '4h30', '2h30', false);
  await expectTeacher(page, 'Moussa Fall', '3h', '3h', false);
  await previous.click();
  await expect(label).toHaveText('février 2026');
  await expect(empty).toBeVisible();
  await next.click();
  await next.click();
  await expect(label).toHaveText('avril 2026');
  await expect(empty).toBeVisible();
  await previous.click();
  await expect(label).toHaveText('mars 2026');
  await expect(page.getByText('2 enseignant(s)')).toBeVisible();

  await page.context().close();
});
