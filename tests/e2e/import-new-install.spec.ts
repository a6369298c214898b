import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { PlanningImportPage } from './page-models/planning-import-page';
import { signIn } from './page-models/sign-in-page';
import { IMPORT_ADMIN as ADMIN, importSchool, signedInSchool } from './support/import-school';
import { newOrgId, readStoreAsAdmin, seedOrg } from './support/org';

// Issue 30 item 6: on a new installation (no level, no institute) the verification dialog creates both in
// place, and the same reading goes on to be saved; nothing is cancelled, nothing read again.

const SHOTS = process.env.IMPORT_PLACES_SHOTS ?? 'test-results/import-new-install';
const FIXTURES = join(process.cwd(), 'tests', 'fixtures', 'timetables');

/** A new installation: one administrator who may import and edit the settings; no level, no institute. */
function newInstallation() {
  const school = importSchool({
    modules: [
      'planning.importer',
      'planning.historique',
      'planning.consulter',
      'planning.consulter.actions',
      'settings.instituts',
      'settings.niveaux',
      'settings.classes',
      'users',
    ],
    level: null,
    institute: null,
    teacherProfile: true,
  });
  const planner = {
    id: 'u-planner',
    name: 'Ibou Ndiaye',
    email: 'ibou@ecole.sn',
    profileId: 'planner',
    status: 'Active',
    password: 'Planif@2026',
    mustChangePassword: false,
  };
  return {
    users: [...school.users, planner],
    profiles: [
      ...school.profiles,
      // Imports, but may not touch Paramètres: the dialog says whom to ask instead of offering the form.
      { id: 'planner', name: 'Planificateur', moduleIds: ['planning.importer'], formFieldKeys: ['email'] },
    ],
  };
}

test.describe.configure({ timeout: 180_000 });

test('a new installation imports its first file, creating the level and the institute inside the dialog', async ({
  page,
  request,
  baseURL,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  const org = await signedInSchool(page, request, 'premier-import', newInstallation());
  // A week of March of this year (the form starts on this year and on a week).
  const importer = new PlanningImportPage(page);
  await importer.analyse(join(FIXTURES, 'stacked-classes.xlsx'));

  const verify = importer.verification.dialog;
  await expect(verify.getByText('Classes manquantes (3)')).toBeVisible();
  const places = verify.getByRole('region', { name: 'Niveau et institut à créer' });
  await expect(places.getByRole('alert')).toContainText("Aucun niveau ni institut n'existe encore");
  const create = importer.verification.createMissingButton;
  await expect(create).toBeDisabled();

  // Nothing half-filled is written: the abbreviations are required, as in Paramètres.
  await places.getByLabel('Nom du niveau').fill('Brevet de technicien supérieur');
  await places.getByLabel("Nom de l'institut").fill('Institut de gestion');
  await places.getByRole('button', { name: 'Créer le niveau et l’institut' }).click();
  await expect(places.getByText("L'abréviation est requise")).toHaveCount(2);
  await places.getByLabel('Abréviation du niveau').fill('BTS');
  await places.getByLabel("Abréviation de l'institut").fill('IG');
  await page.screenshot({ path: `${SHOTS}/01-places-form-1366.png` });
  await places.getByRole('button', { name: 'Créer le niveau et l’institut' }).click();
  await expect(page.getByText('Niveau et institut enregistrés')).toBeVisible();

  // The same reading goes on: the new level and institute are chosen for every class and module.
  await expect(places).toHaveCount(0);
  await expect(verify.getByLabel('Niveau : BTS1 A')).toHaveValue(/.+/);
  await expect(verify.getByLabel('Niveau : BTS1 A').locator('option:checked')).toHaveText(
    'Brevet de technicien supérieur',
  );
  await expect(verify.getByLabel('Institut : BTS1 A').locator('option:checked')).toHaveText(
    'Institut de gestion',
  );
  await page.screenshot({ path: `${SHOTS}/02-places-created-1366.png` });
  await expect(create).toBeEnabled();
  await importer.verification.createMissingReferences();
  await importer.verification.save();
  await expect(page.getByText('Planning enregistré', { exact: true })).toBeVisible();
  await expect(verify).toHaveCount(0);

  // The server holds them, and the classes it received point to them.
  await expect
    .poll(
      async () => {
        const store = await readStoreAsAdmin(baseURL ?? '', org, ADMIN);
        const levels = (store.levels ?? []) as { id: string; name: string; abbr: string }[];
        const institutes = (store.institutes ?? []) as { id: string; name: string; abbr: string }[];
        const classes = (store.classes ?? []) as { code: string; levelId?: string; instituteId?: string }[];
        const level = levels.find((l) => l.abbr === 'BTS');
        const institute = institutes.find((i) => i.abbr === 'IG');
        return {
          levels: levels.map((l) => `${l.name} (${l.abbr})`),
          institutes: institutes.map((i) => `${i.name} (${i.abbr})`),
          placed: classes.filter((c) => c.levelId === level?.id && c.instituteId === institute?.id).length,
        };
      },
      { timeout: 30_000 },
    )
    .toEqual({
      levels: ['Brevet de technicien supérieur (BTS)'],
      institutes: ['Institut de gestion (IG)'],
      placed: 3,
    });
});

test('a planner without access to Paramètres is told whom to ask, not offered the form', async ({
  page,
  request,
}) => {
  const org = newOrgId('premier-import-planif');
  await seedOrg(request, org, newInstallation());
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, org, 'ibou@ecole.sn', 'Planif@2026');
  const importer = new PlanningImportPage(page);
  await importer.analyse(join(FIXTURES, 'stacked-classes.xlsx'));
  const verify = importer.verification.dialog;
  const places = verify.getByRole('region', { name: 'Niveau et institut à créer' });
  await expect(places).toContainText('Votre profil ne permet pas de créer un niveau');
  await expect(places).toContainText('Votre profil ne permet pas de créer un institut');
  await expect(places.getByRole('textbox')).toHaveCount(0);
  await expect(importer.verification.createMissingButton).toBeDisabled();
});

test('a file dated outside the offered years: its years are offered and its own week chosen', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signedInSchool(page, request, 'import-annees', newInstallation());
  const importer = new PlanningImportPage(page);
  const { dialog: form } = await importer.startNewImport();
  const year = form.getByLabel('Année');
  await expect(year.locator('option')).toHaveCount(3);
  await expect(year.locator('option', { hasText: '2022' })).toHaveCount(0);
  await form.getByLabel('Mois', { exact: true }).selectOption('3');
  await form.getByLabel('Semaine (lundi)').selectOption({ index: 1 });
  // A school's export dated September 2022, one line per course.
  await importer.newImport.chooseFile(join(FIXTURES, 'real', 'list-edt-dated.csv'));
  await importer.newImport.analyse();
  await expect(form.getByRole('alert')).toContainText('Ce fichier date ses cours de');
  await expect(form.getByRole('alert')).toContainText('12/09/2022');
  await page.screenshot({ path: `${SHOTS}/03-file-weeks-1366.png` });
  await year.selectOption('2022');
  await form.getByLabel('Mois', { exact: true }).selectOption('9');
  await form.getByLabel('Semaine (lundi)').selectOption('2022-09-19');
  await importer.newImport.analyse();
  const verify = importer.verification.dialog;
  await expect(verify.getByRole('table', { name: /Aperçu/ })).toContainText('Semaine du 19/09/2022');
  await expect(verify.getByRole('table', { name: /Aperçu/ })).not.toContainText('12/09/2022');
});
