// Issue 30 item 5 through the app: a list that names no teacher for some courses is imported "À affecter"; the
// verification dialog groups them by module and class and gives one group a teacher in one choice; Consulter shows
// the rest "À affecter".
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { newOrgId, seedOrg } from './support/org';
import { signIn } from './support/pages/sign-in';

const DIR = '/tmp/e2e-import-unassigned';
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
      { id: 'teacher', name: 'Enseignant', moduleIds: ['teacher.today'], formFieldKeys: [] },
    ],
    levels: [{ id: 'lvl-l', name: 'Licence', abbr: 'L' }],
    institutes: [{ id: 'inst-1', name: 'Institut supérieur', abbr: 'ISI' }],
  };
}

test.describe.configure({ timeout: 180_000 });

test('courses without a teacher: imported "À affecter", a group staffed in one choice', async ({
  page,
  request,
}) => {
  const id = newOrgId('unassigned');
  await seedOrg(request, id, org());
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, id, 'awa@ecole.sn', 'Admin@2026');

  // A list with an empty teacher column on three lines (a timetable office's file).
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
  await expect(verify).toBeVisible();
  const unassigned = verify.getByRole('region', { name: 'Cours à affecter' });
  await expect(unassigned).toContainText('3 cours sans enseignant');
  await expect(unassigned.locator('tbody tr')).toHaveCount(2);
  // Nobody is missing: a course without a teacher is not an unknown teacher.
  await expect(verify.getByText('Enseignants manquants', { exact: false })).toHaveCount(0);
  await verify.getByRole('button', { name: 'Créer les référentiels manquants' }).click();
  await expect(verify.getByText('Toutes les références existent.')).toBeVisible();
  await expect(verify.getByText('1 classe(s), 4 créneau(x) prêts à enregistrer')).toBeVisible();
  const preview = verify.locator('tbody tr.import-preview-row');
  await expect(preview.filter({ hasText: 'À affecter' })).toHaveCount(3);

  // One choice staffs both Algorithmique courses of L1 Info.
  await unassigned.getByLabel('Enseignant de Algorithmique, L1 Info').selectOption({ label: 'Moussa Sow' });
  await expect(preview.filter({ hasText: 'À affecter' })).toHaveCount(1);
  await expect(preview.filter({ hasText: 'Algorithmique' }).filter({ hasText: 'Moussa Sow' })).toHaveCount(2);
  await verify.getByRole('button', { name: 'Enregistrer le planning' }).click();
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
