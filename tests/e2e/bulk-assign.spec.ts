// Issue 30 item 5 after the import: a list that names no teacher is imported "À affecter"; in Consulter an
// administrator opens "À affecter (N)", gives one module and class a teacher in one choice (confirmed with the
// number of courses), on a 360 px phone and from the keyboard; Consulter then shows that teacher, and the
// teacher sees the courses in "Mon planning" once the server has them.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { currentWeek, PlanningImportPage } from './page-models/planning-import-page';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { IMPORT_TEACHER_PASSWORD, signedInSchool } from './support/import-school';
import { signInOnNewPage } from './support/pages/sign-in';
import { MOUSSA_SOW, unassignedSchool, writeUnassignedList } from './support/unassigned-list';

const DIR = '/tmp/e2e-bulk-assign';
mkdirSync(DIR, { recursive: true });

test.describe.configure({ timeout: 180_000 });

test('courses "à affecter" staffed in bulk from Consulter, seen by their teacher', async ({
  browser,
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const id = await signedInSchool(
    page,
    request,
    'bulk-assign',
    unassignedSchool({
      // Not offered: no longer active.
      teachers: [{ id: 'u-old', name: 'Ancien Professeur', email: 'ancien@ecole.sn', status: 'Inactive' }],
      teacherModules: ['teacher', 'teacher.today', 'teacher.planning'],
    }),
  );

  // The list of import-unassigned.spec.ts: three lines without a teacher (a timetable office's file).
  const verify = await new PlanningImportPage(page).analyseToVerification(
    writeUnassignedList(DIR),
    await currentWeek(),
  );
  await verify.createMissingReferences();
  // Saved without choosing anyone: the three courses stay "À affecter".
  await verify.save();
  await expect(page.getByText('Planning enregistré', { exact: true })).toBeVisible();

  await page.goto('/planning/consulter');
  await expect(page.getByText('L1 Info · À affecter')).toHaveCount(3);
  // A phone, 360 px wide, and the keyboard.
  await page.setViewportSize({ width: 360, height: 740 });
  const open = page.getByRole('button', { name: 'À affecter (3)' });
  await open.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Cours à affecter' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('3 cours sans enseignant');
  const groups = dialog
    .getByRole('list', { name: 'Modules et classes sans enseignant' })
    .getByRole('listitem');
  await expect(groups).toHaveCount(2);
  const algo = groups.filter({ hasText: 'Algorithmique · L1 Info' });
  await expect(algo).toContainText('2 cours');
  await expect(groups.filter({ hasText: 'Réseaux · L1 Info' })).toContainText('1 cours');
  // Active teachers only.
  const picker = algo.getByLabel('Enseignant de Algorithmique, L1 Info');
  await expect(picker.locator('option', { hasText: 'Ancien Professeur' })).toHaveCount(0);
  await page.screenshot({ path: join(DIR, 'dialog-360.png') });
  await expectNoSeriousA11yViolations(page, 'Cours à affecter (360 px)');
  const assign = algo.getByRole('button', { name: 'Affecter Algorithmique, L1 Info' });
  await expect(assign).toBeDisabled();
  await picker.selectOption({ label: 'Moussa Sow' });
  await picker.focus();
  await page.keyboard.press('Tab');
  await expect(assign).toBeFocused();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: 'Affecter ces cours ?' });
  await expect(confirm).toContainText('2 cours (Algorithmique, L1 Info) seront affectés à Moussa Sow.');
  await page.screenshot({ path: join(DIR, 'confirm-360.png') });
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await confirm.getByRole('button', { name: 'Affecter' }).click();
  await expect(page.getByText('2 cours affectés à Moussa Sow', { exact: false })).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(groups).toHaveCount(1);
  await expect(groups.first()).toContainText('Réseaux · L1 Info');
  await dialog.getByRole('button', { name: 'Fermer' }).click();
  await page.setViewportSize({ width: 1280, height: 900 });

  // Consulter: the Algorithmique courses show their teacher, Réseaux is still "À affecter".
  await expect(page.getByRole('button', { name: 'À affecter (1)' })).toBeVisible();
  await expect(page.getByText('L1 Info · À affecter')).toHaveCount(1);
  await expect(page.getByText('L1 Info · Moussa Sow')).toHaveCount(3);
  await page.screenshot({ path: join(DIR, 'consult-after.png') });

  // The teacher, on their own device, sees the two Algorithmique courses once the server has them.
  const teacher = await signInOnNewPage(browser, id, MOUSSA_SOW.email, IMPORT_TEACHER_PASSWORD);
  await expect
    .poll(
      async () => {
        await teacher.goto('/teacher/planning');
        await expect(teacher.getByRole('heading', { name: 'Mon planning', level: 2 })).toBeVisible();
        return teacher.getByRole('button', { name: /Algorithmique/ }).count();
      },
      { timeout: 30_000 },
    )
    .toBe(2);
  await expect(teacher.getByRole('button', { name: /Réseaux/ })).toHaveCount(0);
  await teacher.context().close();
});
