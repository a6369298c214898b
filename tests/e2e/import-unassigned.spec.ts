// Issue 30 item 5 through the app: a list that names no teacher for some courses is imported "À affecter"; the
// verification dialog groups them by module and class and gives one group a teacher in one choice; Consulter shows
// the rest "À affecter".
import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { currentWeek, PlanningImportPage } from './page-models/planning-import-page';
import { signedInSchool } from './support/import-school';
import { unassignedSchool, writeUnassignedList } from './support/unassigned-list';

const DIR = '/tmp/e2e-import-unassigned';
mkdirSync(DIR, { recursive: true });

test.describe.configure({ timeout: 180_000 });

test('courses without a teacher: imported "À affecter", a group staffed in one choice', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signedInSchool(page, request, 'unassigned', unassignedSchool());

  // A list with an empty teacher column on three lines (a timetable office's file).
  const verification = await new PlanningImportPage(page).analyseToVerification(
    writeUnassignedList(DIR),
    await currentWeek(),
  );
  const verify = verification.dialog;
  const unassigned = verify.getByRole('region', { name: 'Cours à affecter' });
  await expect(unassigned).toContainText('3 cours sans enseignant');
  await expect(unassigned.locator('tbody tr')).toHaveCount(2);
  // Nobody is missing: a course without a teacher is not an unknown teacher.
  await expect(verify.getByText('Enseignants manquants', { exact: false })).toHaveCount(0);
  await verification.createMissingReferences();
  await expect(verify.getByText('1 classe(s), 4 créneau(x) prêts à enregistrer')).toBeVisible();
  const preview = verify.locator('tbody tr.import-preview-row');
  await expect(preview.filter({ hasText: 'À affecter' })).toHaveCount(3);

  // One choice staffs both Algorithmique courses of L1 Info.
  await unassigned.getByLabel('Enseignant de Algorithmique, L1 Info').selectOption({ label: 'Moussa Sow' });
  await expect(preview.filter({ hasText: 'À affecter' })).toHaveCount(1);
  await expect(preview.filter({ hasText: 'Algorithmique' }).filter({ hasText: 'Moussa Sow' })).toHaveCount(2);
  await verification.save();
  await expect(page.getByText('Planning enregistré', { exact: true })).toBeVisible();

  // Consulter shows the course still without a teacher as "À affecter".
  await page.goto('/planning/consulter');
  await expect(page.getByText('Réseaux', { exact: false }).first()).toBeVisible();
  await expect(page.getByText('L1 Info · À affecter')).toBeVisible();
  // It is no teacher to filter on.
  await expect(
    page.getByLabel('Enseignant', { exact: true }).locator('option', { hasText: 'À affecter' }),
  ).toHaveCount(0);
});
