import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { newOrgId, seedOrg } from './support/org';
import { signIn } from './support/pages/sign-in';

// Issue 30, Deliver 3: Untis' GPU001.TXT numbers its periods without times. The school's bell schedule is
// asked once (prefilled with the hour from 8:00), saved for the organisation; the next Untis file is read
// with it, no question asked.
const GPU001 = join(process.cwd(), 'tests', 'fixtures', 'timetables', 'programs', 'GPU001.TXT');
const ADMIN = { email: 'awa@ecole.sn', password: 'Admin@2026' };

function org() {
  return {
    users: [
      {
        id: 'u-admin',
        name: 'Awa Diop',
        email: ADMIN.email,
        profileId: 'admin',
        status: 'Active',
        password: ADMIN.password,
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
          'settings.classes',
          'settings.donnees',
          'users',
        ],
        formFieldKeys: ['email'],
      },
    ],
    levels: [{ id: 'lvl-c', name: 'Collège', abbr: 'C' }],
    institutes: [{ id: 'inst-1', name: 'Collège Jean Moulin', abbr: 'CJM' }],
  };
}

async function analyse(page: Page) {
  await page.goto('/planning/importer');
  await page.getByRole('button', { name: 'Nouvel import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nouvel import' });
  await dialog.getByLabel('Périodicité').selectOption('week');
  await dialog.getByLabel('Année').selectOption(String(new Date().getUTCFullYear()));
  await dialog.getByLabel('Mois', { exact: true }).selectOption('3');
  await dialog.getByLabel('Semaine (lundi)').selectOption({ index: 1 });
  await dialog.getByLabel('Fichier').setInputFiles(GPU001);
  await dialog.getByRole('button', { name: 'Analyser' }).click();
}

test('an Untis file asks the bell schedule once; the next one is read with it', async ({ page, request }) => {
  test.setTimeout(120_000);
  const orgId = newOrgId('import-untis');
  await seedOrg(request, orgId, org());
  await signIn(page, orgId, ADMIN.email, ADMIN.password);

  await analyse(page);
  const question = page.getByRole('dialog', { name: 'Horaires des séances de l’établissement' });
  await expect(question).toBeVisible({ timeout: 30_000 });
  await expect(question).toContainText('numérote les séances (1, 2, 3, 5, 6)');
  const bell = question.getByLabel('Horaires des séances');
  await expect(bell).toHaveValue(/^1 08:00-08:50\n2 09:00-09:50/);
  await bell.fill('1 07:30-08:25\n2 08:30-09:25\n3 09:45-10:40\n4 10:45-11:40\n5 11:45-12:40\n6 14:00-14:55');
  await question.getByRole('button', { name: 'Enregistrer et lire' }).click();

  const verify = page.getByRole('dialog', { name: 'Vérification des références' });
  await expect(verify).toBeVisible({ timeout: 30_000 });
  await expect(question).toBeHidden();
  await expect(verify.getByText(/07:30/).first()).toBeVisible();
  await verify.getByRole('button', { name: 'Annuler' }).click();
  await expect(verify).toBeHidden();

  // The next Untis file: no question, the saved times.
  await analyse(page);
  await expect(verify).toBeVisible({ timeout: 30_000 });
  await expect(question).toHaveCount(0);
  await expect(verify.getByText(/14:00/).first()).toBeVisible();
});
