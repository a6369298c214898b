// Issue 30 item 5 after the import: a list that names no teacher is imported "À affecter"; in Consulter an
// administrator opens "À affecter (N)", gives one module and class a teacher in one choice (confirmed with the
// number of courses), on a 360 px phone and from the keyboard; Consulter then shows that teacher, and the
// teacher sees the courses in "Mon planning" once the server has them.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { newOrgId, seedOrg } from './support/org';
import { signIn, signInOnNewPage } from './support/pages/sign-in';

const DIR = '/tmp/e2e-bulk-assign';
mkdirSync(DIR, { recursive: true });

function org() {
  return {
    users: [
      {
        id: 'u-admin',
        name: 'Awa Diop',
        email: 'awa@ecole.sn',
        profileId: 'admin',
        status: 'Active',
        password: 'Admin@2026',
        mustChangePassword: false,
      },
      {
        id: 'u-sow',
        name: 'Moussa Sow',
        email: 'sow@ecole.sn',
        profileId: 'teacher',
        status: 'Active',
        password: 'Prof@2026',
        mustChangePassword: false,
      },
      // Not offered: no longer active.
      {
        id: 'u-old',
        name: 'Ancien Professeur',
        email: 'ancien@ecole.sn',
        profileId: 'teacher',
        status: 'Inactive',
        password: 'Prof@2026',
        mustChangePassword: false,
      },
    ],
    profiles: [
      {
        id: 'admin',
        name: 'Administrateur',
        moduleIds: [
          'planning.importer',
          'planning.historique',
          'planning.consulter',
          'planning.consulter.actions',
          'settings.classes',
          'users',
        ],
        formFieldKeys: ['email'],
      },
      {
        id: 'teacher',
        name: 'Enseignant',
        moduleIds: ['teacher', 'teacher.today', 'teacher.planning'],
        formFieldKeys: [],
      },
    ],
    levels: [{ id: 'lvl-l', name: 'Licence', abbr: 'L' }],
    institutes: [{ id: 'inst-1', name: 'Institut supérieur', abbr: 'ISI' }],
  };
}

test.describe.configure({ timeout: 180_000 });

test('courses "à affecter" staffed in bulk from Consulter, seen by their teacher', async ({
  browser,
  page,
  request,
}) => {
  const id = newOrgId('bulk-assign');
  await seedOrg(request, id, org());
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, id, 'awa@ecole.sn', 'Admin@2026');

  // The fixture of import-unassigned.spec.ts: three lines without a teacher (a timetable office's file).
  const file = join(DIR, 'liste-sans-enseignants.csv');
  writeFileSync(
    file,
    [
      'Jour;Début;Fin;Classe;Cours;Enseignant',
      'Lundi;08:00;10:00;L1 Info;Algorithmique;',
      'Mardi;08:00;10:00;L1 Info;Algorithmique;',
      'Mercredi;10:00;12:00;L1 Info;Réseaux;',
      'Jeudi;08:00;10:00;L1 Info;Anglais;Moussa Sow',
      '',
    ].join('\r\n'),
  );
  const today = new Date();
  const monday = new Date(
    Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - ((today.getUTCDay() + 6) % 7)),
  );
  await page.goto('/planning/importer');
  await page.getByRole('button', { name: 'Nouvel import' }).click();
  const form = page.getByRole('dialog', { name: 'Nouvel import' });
  await form.getByLabel('Périodicité').selectOption('week');
  await form.getByLabel('Année').selectOption(String(monday.getUTCFullYear()));
  await form.getByLabel('Mois', { exact: true }).selectOption(String(monday.getUTCMonth() + 1));
  await form.getByLabel('Semaine (lundi)').selectOption(monday.toISOString().slice(0, 10));
  await form.getByLabel('Fichier').setInputFiles(file);
  await form.getByRole('button', { name: 'Analyser' }).click();
  const verify = page.getByRole('dialog', { name: 'Vérification des références' });
  await verify.getByRole('button', { name: 'Créer les référentiels manquants' }).click();
  await expect(verify.getByText('Toutes les références existent.')).toBeVisible();
  // Saved without choosing anyone: the three courses stay "À affecter".
  await verify.getByRole('button', { name: 'Enregistrer le planning' }).click();
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
  const teacher = await signInOnNewPage(browser, id, 'sow@ecole.sn', 'Prof@2026');
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
