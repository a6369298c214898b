import { expect, test } from '@playwright/test';
import { liveDay } from './support/live-day';
import { absenceSchool, algorithmsCourse, moussaAbsence, newOrgId, seedOrg } from './support/org';
import { SignInPage } from './support/pages/sign-in';

/**
 * Issue 35 leftover: assigning a substitute shows her VH contract warning as a rescheduling does. Moussa Fall
 * is absent today; Fatou Ndiaye's contract caps L1-INFO · Algorithmique at 50 minutes: the 50-minute course
 * she is given reaches the cap (90 % and more), and the administrator reads it at once.
 */
const COURSE = { id: 's-1', start: '23:00', end: '23:50' };

test('assigning a substitute near her contract cap shows the warning', async ({ page, request }) => {
  const org = newOrgId('absence-warning');
  const { date, monday, dayOfWeek } = await liveDay();
  await seedOrg(request, org, {
    ...absenceSchool({ absences: [moussaAbsence(date)] }),
    ...algorithmsCourse(monday, dayOfWeek, COURSE.start, COURSE.end, { slotId: COURSE.id }),
    contracts: [
      {
        id: 'k-fatou',
        teacherUserId: 'u-t2',
        startDate: date,
        endDate: date,
        createdAt: new Date().toISOString(),
        entries: [{ id: 'e-fatou', classId: 'cls-1', moduleId: 'mod-algo', volumeCapMin: 50 }],
      },
    ],
  });
  const signIn = new SignInPage(page);
  await signIn.open(org);
  await signIn.signIn('awa@ecole.sn', 'Admin@2026');
  await page.getByRole('button', { name: 'Menu utilisateur' }).click();
  await page.getByRole('menuitem', { name: 'Absences et remplacements' }).click();
  const dialog = page.getByRole('dialog', { name: 'Absences et remplacements' });
  const course = dialog.getByRole('group', { name: '23:00–23:50 · Algorithmique · L1-INFO' });
  await course.getByRole('button', { name: 'Affecter Fatou Ndiaye' }).click();
  await expect(course.getByText('Remplacé par Fatou Ndiaye')).toBeVisible();
  await expect(
    page.getByText(/Fatou Ndiaye : L1-INFO · Algorithmique atteint .* prévues sur un plafond de/),
  ).toBeVisible();
});
