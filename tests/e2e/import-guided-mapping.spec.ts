import { join } from 'node:path';
import { expect, test, type Browser } from '@playwright/test';
import { PlanningImportPage } from './page-models/planning-import-page';
import { signIn } from './page-models/sign-in-page';
import { COLLEGE, IMPORT_ADMIN, importSchool, signedInSchool } from './support/import-school';
import { readStoreAsAdmin } from './support/org';

// Built by scripts/make-real-timetables.mjs: a collège grid printed without any time (days across, one
// unlabelled row per period), and the next week's file of the same shape with other courses.
const FIXTURES = join(process.cwd(), 'tests', 'fixtures', 'timetables');
const REAL = join(FIXTURES, 'real');
const WEEK_1 = join(REAL, 'guided-no-times-week1.xlsx');
const WEEK_2 = join(REAL, 'guided-no-times-week2.xlsx');

/** An organisation with one administrator who imports timetables and may save organisation settings. */
const school = () => importSchool({ ...COLLEGE, teacherProfile: true });

async function freshDevice(browser: Browser, orgId: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, orgId, IMPORT_ADMIN.email, IMPORT_ADMIN.password);
  return { context, page };
}

test('a file without times goes through guided mapping; the next file of the same shape imports with no question', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const orgId = await signedInSchool(page, request, 'import-guided', school());
  const importer = new PlanningImportPage(page);

  // Week 1: nothing detected (no time anywhere), the user lays it out.
  const form = await importer.analyse(WEEK_1);
  await expect(form.error).toContainText('Fichier lu, mais aucune donnée détectée.');
  await form.chooseLayoutByHand();
  const mapping = importer.layoutByHand;
  // Nothing read yet, and the dialog says which choice is missing (not a bare "nothing detected").
  await expect(
    mapping.dialog.getByText('Aucun horaire : choisissez la colonne des horaires', { exact: false }),
  ).toBeVisible();

  // Points at the days, types the bell schedule once, points at the first course.
  await mapping.pointAt('Les jours', 'Mardi');
  await expect(mapping.dialog.getByLabel('Ligne des jours (entête)')).toHaveValue('2');
  await mapping.typeBellSchedule('1 08:00-09:00\n2 09:00-10:00\nRécréation\n3 10:15-11:15\n4 11:15-12:15');
  await expect(mapping.dialog.getByText('Ligne 3 : horaire introuvable (ex. 08:00-09:00).')).toBeVisible();
  await mapping.typeBellSchedule('1 08:00-09:00\n2 09:00-10:00\n3 10:15-11:15\n4 11:15-12:15');
  await mapping.pointAt('Le premier cours', 'Mathématiques M. Dupont 104');
  await expect(mapping.dialog.getByLabel('Premier cours (cellule)')).toHaveValue('B4');

  // The result shows live: 7 courses of 5e C, at the times of the bell schedule.
  await expect(mapping.result).toContainText('1 tableau(x), 7 cours détecté(s)');
  await expect(mapping.result).toContainText('Lundi 08:00–09:00 · Mathématiques · Dupont · 5e C');
  await expect(mapping.result).toContainText('Lundi 10:15–11:15 · EPS · Ba · 5e C');
  await mapping.useChoices();

  const verify = importer.verification;
  await expect(verify.dialog.getByText('Classes manquantes (1)')).toBeVisible();
  await expect(verify.readRow('5e C')).toBeVisible();
  await verify.cancel();

  // Saved for the organisation: the settings record on the server holds the mapping.
  await expect
    .poll(async () => {
      const store = await readStoreAsAdmin(baseURL ?? '', orgId, IMPORT_ADMIN);
      const settings = (store.settings as { importMappings?: unknown[] }[] | undefined) ?? [];
      return settings[0]?.importMappings?.length ?? 0;
    })
    .toBe(1);

  // Week 2, on another device of the organisation: read with the saved mapping, no question asked.
  const other = await freshDevice(browser, orgId);
  try {
    const otherImporter = new PlanningImportPage(other.page);
    const second = await otherImporter.analyse(WEEK_2);
    const verifyNext = otherImporter.verification;
    await expect(verifyNext.dialog).toBeVisible();
    await expect(second.dialog).toBeHidden();
    await expect(otherImporter.layoutByHand.dialog).toHaveCount(0);
    await expect(verifyNext.readRow('5e C')).toBeVisible();
    await expect(verifyNext.dialog.getByText('Physique-chimie').first()).toBeVisible();
    await expect(verifyNext.dialog.getByText('Arts plastiques').first()).toBeVisible();
  } finally {
    await other.context.close();
  }
});

test('a file read with a wrong class is corrected with the guided mapping; its reading replaces the first', async ({
  page,
  request,
}) => {
  await signedInSchool(page, request, 'import-correct', school());
  const importer = new PlanningImportPage(page);

  // Read at once: two classes, MIAGE 3 and MIAGE 4, straight to the verification.
  const form = await importer.analyse(join(FIXTURES, 'labelled-cells-rooms.xlsx'));
  const verify = importer.verification;
  await expect(verify.readRow('MIAGE 4')).toBeVisible();
  await expect(form.dialog).toBeHidden();

  // Opened then cancelled: back to the reading as it was.
  await verify.correctReading();
  const mapping = importer.correction;
  await mapping.cancel();
  await expect(verify.readRow('MIAGE 4')).toBeVisible();

  // The whole sheet is one class: the user corrects the reading.
  await verify.correctReading();
  await expect(
    mapping.dialog.getByText('Le résultat remplacera la lecture actuelle.', { exact: false }),
  ).toBeVisible();
  await expect(verify.dialog).toBeHidden();
  await mapping.dialog.getByLabel('Nom de la classe').fill('MIAGE Alternance');
  await expect(mapping.result).toContainText('1 tableau(x), 9 cours détecté(s)');
  await mapping.useChoices();

  await expect(verify.readRow('MIAGE Alternance')).toBeVisible();
  await expect(verify.readRow('MIAGE 4')).toHaveCount(0);
  await expect(verify.dialog.getByText('Classes manquantes (1)')).toBeVisible();
});
