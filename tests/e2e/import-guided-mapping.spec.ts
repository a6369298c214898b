import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { newOrgId, readStoreAsAdmin, seedOrg } from './support/org';
import { signIn } from './support/pages/sign-in';

// Built by scripts/make-real-timetables.mjs: a collège grid printed without any time (days across, one
// unlabelled row per period), and the next week's file of the same shape with other courses.
const FIXTURES = join(process.cwd(), 'tests', 'fixtures', 'timetables');
const REAL = join(FIXTURES, 'real');
const WEEK_1 = join(REAL, 'guided-no-times-week1.xlsx');
const WEEK_2 = join(REAL, 'guided-no-times-week2.xlsx');
const ADMIN = { email: 'awa@ecole.sn', password: 'Admin@2026' };

/** An organisation with one administrator who imports timetables and may save organisation settings. */
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
      { id: 'teacher', name: 'Enseignant', moduleIds: ['teacher.today'], formFieldKeys: [] },
    ],
    levels: [{ id: 'lvl-c', name: 'Collège', abbr: 'C' }],
    institutes: [{ id: 'inst-1', name: 'Collège Jean Moulin', abbr: 'CJM' }],
  };
}

/** "Nouvel import" for a week of March of the current year, with the file, then "Analyser". */
async function analyse(page: Page, filePath: string) {
  await page.goto('/planning/importer');
  await page.getByRole('button', { name: 'Nouvel import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nouvel import' });
  await dialog.getByLabel('Périodicité').selectOption('week');
  await dialog.getByLabel('Année').selectOption(String(new Date().getUTCFullYear()));
  await dialog.getByLabel('Mois', { exact: true }).selectOption('3');
  await dialog.getByLabel('Semaine (lundi)').selectOption({ index: 1 });
  await dialog.getByLabel('Fichier').setInputFiles(filePath);
  await dialog.getByRole('button', { name: 'Analyser' }).click();
  return dialog;
}

async function freshDevice(browser: Browser, orgId: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, orgId, ADMIN.email, ADMIN.password);
  return { context, page };
}

test('a file without times goes through guided mapping; the next file of the same shape imports with no question', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const orgId = newOrgId('import-guided');
  await seedOrg(request, orgId, org());
  await signIn(page, orgId, ADMIN.email, ADMIN.password);

  // Week 1: nothing detected (no time anywhere), the user lays it out.
  const dialog = await analyse(page, WEEK_1);
  await expect(dialog.getByRole('alert')).toContainText('Fichier lu, mais aucune donnée détectée.');
  await dialog.getByRole('button', { name: 'Choisir la mise en page à la main' }).click();
  const mapping = page.getByRole('dialog', { name: 'Choisir la mise en page à la main' });
  // Nothing read yet, and the dialog says which choice is missing (not a bare "nothing detected").
  await expect(
    mapping.getByText('Aucun horaire : choisissez la colonne des horaires', { exact: false }),
  ).toBeVisible();

  // Points at the days, types the bell schedule once, points at the first course.
  await mapping.getByText('Les jours', { exact: true }).click();
  await expect(mapping.getByRole('radio', { name: 'Les jours' })).toBeChecked();
  await mapping.getByRole('button', { name: 'Mardi', exact: true }).click();
  await expect(mapping.getByLabel('Ligne des jours (entête)')).toHaveValue('2');
  await mapping
    .getByLabel('Horaires des séances')
    .fill('1 08:00-09:00\n2 09:00-10:00\nRécréation\n3 10:15-11:15\n4 11:15-12:15');
  await expect(mapping.getByText('Ligne 3 : horaire introuvable (ex. 08:00-09:00).')).toBeVisible();
  await mapping
    .getByLabel('Horaires des séances')
    .fill('1 08:00-09:00\n2 09:00-10:00\n3 10:15-11:15\n4 11:15-12:15');
  await mapping.getByText('Le premier cours', { exact: true }).click();
  await expect(mapping.getByRole('radio', { name: 'Le premier cours' })).toBeChecked();
  await mapping.getByRole('button', { name: 'Mathématiques M. Dupont 104' }).click();
  await expect(mapping.getByLabel('Premier cours (cellule)')).toHaveValue('B4');

  // The result shows live: 7 courses of 5e C, at the times of the bell schedule.
  const status = mapping.getByRole('status');
  await expect(status).toContainText('1 tableau(x), 7 cours détecté(s)');
  await expect(status).toContainText('Lundi 08:00–09:00 · Mathématiques · Dupont · 5e C');
  await expect(status).toContainText('Lundi 10:15–11:15 · EPS · Ba · 5e C');
  await mapping.getByRole('button', { name: 'Utiliser ces choix' }).click();

  const verify = page.getByRole('dialog', { name: 'Vérification des références' });
  await expect(verify.getByText('Classes manquantes (1)')).toBeVisible();
  await expect(verify.getByRole('rowheader', { name: '5e C', exact: true })).toBeVisible();
  await verify.getByRole('button', { name: 'Annuler' }).click();
  await expect(verify).toBeHidden();

  // Saved for the organisation: the settings record on the server holds the mapping.
  await expect
    .poll(async () => {
      const store = await readStoreAsAdmin(baseURL ?? '', orgId, ADMIN);
      const settings = (store.settings as { importMappings?: unknown[] }[] | undefined) ?? [];
      return settings[0]?.importMappings?.length ?? 0;
    })
    .toBe(1);

  // Week 2, on another device of the organisation: read with the saved mapping, no question asked.
  const other = await freshDevice(browser, orgId);
  try {
    const second = await analyse(other.page, WEEK_2);
    const verifyNext = other.page.getByRole('dialog', { name: 'Vérification des références' });
    await expect(verifyNext).toBeVisible();
    await expect(second).toBeHidden();
    await expect(other.page.getByRole('dialog', { name: 'Choisir la mise en page à la main' })).toHaveCount(
      0,
    );
    await expect(verifyNext.getByRole('rowheader', { name: '5e C', exact: true })).toBeVisible();
    await expect(verifyNext.getByText('Physique-chimie').first()).toBeVisible();
    await expect(verifyNext.getByText('Arts plastiques').first()).toBeVisible();
  } finally {
    await other.context.close();
  }
});

test('a file read with a wrong class is corrected with the guided mapping; its reading replaces the first', async ({
  page,
  request,
}) => {
  const orgId = newOrgId('import-correct');
  await seedOrg(request, orgId, org());
  await signIn(page, orgId, ADMIN.email, ADMIN.password);

  // Read at once: two classes, MIAGE 3 and MIAGE 4, straight to the verification.
  const dialog = await analyse(page, join(FIXTURES, 'labelled-cells-rooms.xlsx'));
  const verify = page.getByRole('dialog', { name: 'Vérification des références' });
  await expect(verify.getByRole('rowheader', { name: 'MIAGE 4', exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  // Opened then cancelled: back to the reading as it was.
  await verify.getByRole('button', { name: 'Corriger la lecture…' }).click();
  const mapping = page.getByRole('dialog', { name: 'Corriger la lecture' });
  await mapping.getByRole('button', { name: 'Annuler' }).click();
  await expect(mapping).toBeHidden();
  await expect(verify.getByRole('rowheader', { name: 'MIAGE 4', exact: true })).toBeVisible();

  // The whole sheet is one class: the user corrects the reading.
  await verify.getByRole('button', { name: 'Corriger la lecture…' }).click();
  await expect(
    mapping.getByText('Le résultat remplacera la lecture actuelle.', { exact: false }),
  ).toBeVisible();
  await expect(verify).toBeHidden();
  await mapping.getByLabel('Nom de la classe').fill('MIAGE Alternance');
  await expect(mapping.getByRole('status')).toContainText('1 tableau(x), 9 cours détecté(s)');
  await mapping.getByRole('button', { name: 'Utiliser ces choix' }).click();

  await expect(mapping).toBeHidden();
  await expect(verify.getByRole('rowheader', { name: 'MIAGE Alternance', exact: true })).toBeVisible();
  await expect(verify.getByRole('rowheader', { name: 'MIAGE 4', exact: true })).toHaveCount(0);
  await expect(verify.getByText('Classes manquantes (1)')).toBeVisible();
});
