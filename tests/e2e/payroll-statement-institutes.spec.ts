import { expect, test } from '@playwright/test';
import { courseSlot as slot, weekTimetable } from '../support/builders';
import { liveLastMonth } from './support/live-day';
import { newOrgId, schoolPeople, seedOrg } from './support/org';
import { signInOnNewPage } from './support/pages/sign-in';

// Issue 32, months closed per institute: last month, institute A closed and institute B did not. Fatou teaches
// only in A: her statement says « Mois clôturé » and she validates it. Moussa teaches in A and B: his says the
// month is not closed, and he cannot answer. /workload says the month is closed for one teacher of two.
// Last month is read just before the test with a few minutes left in the UTC day: a run at midnight on the
// last day of a month waits for the next month (tests/e2e/support/live-day.ts).
let today: Date;
let MONTH: string;
let MONDAY: string;
test.beforeEach(async () => {
  ({ today, month: MONTH, secondMonday: MONDAY } = await liveLastMonth());
});

function institutesOrg() {
  const [admin, moussa, fatou] = schoolPeople('payroll-admin');
  return {
    users: [admin, moussa, fatou],
    profiles: [
      {
        id: 'payroll-admin',
        name: 'Paie',
        moduleIds: ['workload', 'attendance', 'users'],
        formFieldKeys: ['email'],
      },
      { id: 'teacher', name: 'Enseignant', moduleIds: ['teacher', 'teacher.workload'], formFieldKeys: [] },
    ],
    institutes: [
      { id: 'inst-a', name: 'Institut A', abbr: 'IA' },
      { id: 'inst-b', name: 'Institut B', abbr: 'IB' },
    ],
    classes: [
      { id: 'cls-a', code: 'A-L1', levelId: null, instituteId: 'inst-a' },
      { id: 'cls-b', code: 'B-L1', levelId: null, instituteId: 'inst-b' },
    ],
    courseModules: [{ id: 'mod-ang', code: 'ANG', name: 'Anglais', levelId: null }],
    timetables: [
      weekTimetable(
        'tt-a',
        MONDAY,
        [slot(1, '08:00', '10:00', 'mod-ang', 'u-t2'), slot(2, '08:00', '10:00', 'mod-ang', 'u-t1')],
        { classId: 'cls-a' },
      ),
      weekTimetable('tt-b', MONDAY, [slot(3, '08:00', '10:00', 'mod-ang', 'u-t1')], { classId: 'cls-b' }),
    ],
    monthClosures: [
      {
        id: `closure-${MONTH}-institute-inst-a`,
        month: MONTH,
        instituteId: 'inst-a',
        status: 'closed',
        closedAt: today.toISOString(),
        closedByUserId: 'u-admin',
        history: [],
      },
    ],
  };
}

test('a month closed for one institute closes the statements of its teachers only', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const org = newOrgId('statement-inst');
  await seedOrg(request, org, institutesOrg());

  // Fatou, institute A only: closed, she validates.
  const fatou = await signInOnNewPage(browser, org, 'fatou@ecole.sn', 'Prof@2026');
  await fatou.goto('/teacher/workload');
  const hers = fatou.getByRole('region', { name: 'État des heures' });
  await expect(hers.getByLabel('Mois de l’état')).toHaveValue(MONTH);
  await expect(hers.getByText('Mois clôturé : ces heures sont définitives.')).toBeVisible();
  await hers.getByRole('button', { name: 'Je valide cet état' }).click();
  await expect(hers.getByRole('status')).toContainText('Vous avez validé cet état le');

  // Moussa, institutes A and B: B has not closed, no answer possible.
  const moussa = await signInOnNewPage(browser, org, 'moussa@ecole.sn', 'Prof@2026');
  await moussa.goto('/teacher/workload');
  const his = moussa.getByRole('region', { name: 'État des heures' });
  await expect(his.getByLabel('Mois de l’état')).toHaveValue(MONTH);
  await expect(his.getByText(/^Mois non clôturé/)).toBeVisible();
  await expect(his.getByText('L’état se valide quand le mois est clôturé.')).toBeVisible();
  await expect(his.getByRole('button', { name: 'Je valide cet état' })).toHaveCount(0);

  // The administrator: the month is closed for one teacher of two; Fatou's answer reached the server.
  const admin = await signInOnNewPage(browser, org, 'awa@ecole.sn', 'Admin@2026');
  await admin.goto('/workload');
  const follow = admin.getByRole('region', { name: 'États des heures du mois' });
  await follow.getByLabel('Mois', { exact: true }).selectOption(MONTH);
  await expect(follow.getByText(/^Mois clôturé pour 1 enseignant sur 2/)).toBeVisible();
  await expect(follow.getByRole('row', { name: /Moussa Fall/ })).toContainText(
    'Sans réponse · mois non clôturé',
  );
  const row = follow.getByRole('row', { name: /Fatou Ndiaye/ });
  await expect(async () => {
    await admin.reload();
    await follow.getByLabel('Mois', { exact: true }).selectOption(MONTH);
    await expect(row).toContainText('Validé', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(row).not.toContainText('mois non clôturé');
  for (const page of [fatou, moussa, admin]) await page.context().close();
});
