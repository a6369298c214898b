import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { newOrgId, seedOrg } from './support/org';
import { signIn } from './support/pages/sign-in';

// Issue 30, guided mapping that always finishes, on three real files nobody here wrote
// (tests/fixtures/timetables/world): the automatic reading is set aside with "Corriger la lecture…" and each
// file is laid out again by hand in at most six clicks — bare hours "8-9" (eetfp), period starts "8", "10",
// "13" whose period spans ten rows (androide), "8:0:AM-8:55:AM" across the top with days down (gyft). The
// courses come in, and "Corriger la lecture…" then opens on the mapping in use.
const WORLD = join(process.cwd(), 'tests', 'fixtures', 'timetables', 'world');
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
    levels: [{ id: 'lvl-l', name: 'Licence', abbr: 'L' }],
    institutes: [{ id: 'inst-1', name: 'Institut', abbr: 'INS' }],
  };
}

/** "Nouvel import" for a week of March of the current year (the three files carry no dates). */
async function analyse(page: Page, file: string) {
  await page.goto('/planning/importer');
  await page.getByRole('button', { name: 'Nouvel import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nouvel import' });
  await dialog.getByLabel('Périodicité').selectOption('week');
  await dialog.getByLabel('Année').selectOption(String(new Date().getUTCFullYear()));
  await dialog.getByLabel('Mois', { exact: true }).selectOption('3');
  await dialog.getByLabel('Semaine (lundi)').selectOption({ index: 1 });
  await dialog.getByLabel('Fichier').setInputFiles(join(WORLD, file));
  await dialog.getByRole('button', { name: 'Analyser' }).click();
  const verify = page.getByRole('dialog', { name: 'Vérification des références' });
  await expect(verify).toBeVisible({ timeout: 30_000 });
  return verify;
}

const CASES = [
  {
    file: 'eetfp_emploi-temps-classe.xlsx',
    timeCell: '8-9',
    courses: '13 cours détecté(s)',
    line: 'Mardi 08:00–09:00 · Arabe',
    modules: ['Arabe', 'Communication en milieu de travail'],
    timesColumn: '0',
  },
  {
    file: 'androide_edt-ue.ods',
    timeCell: '8',
    courses: '84 cours détecté(s)',
    line: 'Lundi 08:00–10:00 · RTEL',
    modules: ['RTEL', 'MOBJ'],
    timesColumn: '0',
  },
  {
    file: 'gyft_timetable.xlsx',
    timeCell: '8:0:AM-8:55:AM',
    courses: '16 cours détecté(s)',
    line: 'Lundi 08:00–09:55 · MA20202',
    modules: ['CH21208', 'CH29202'],
    timesColumn: null,
  },
] as const;

for (const c of CASES) {
  test(`${c.file}: laid out again by hand in a few clicks, the courses come in`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const orgId = newOrgId('import-real-guided');
    await seedOrg(request, orgId, org());
    await signIn(page, orgId, ADMIN.email, ADMIN.password);
    const verify = await analyse(page, c.file);

    // Click 1: "Corriger la lecture…". The first guess finds the days but no times, and says so.
    await verify.getByRole('button', { name: 'Corriger la lecture…' }).click();
    const mapping = page.getByRole('dialog', { name: 'Corriger la lecture' });
    const status = mapping.getByRole('status').first();
    await expect(status).toContainText('Aucun horaire : choisissez la colonne des horaires');

    // Clicks 2 and 3: "Les horaires", then the first time label of the sheet.
    await mapping.getByText('Les horaires', { exact: true }).click();
    await expect(mapping.getByRole('radio', { name: 'Les horaires' })).toBeChecked();
    await mapping.getByRole('button', { name: c.timeCell, exact: true }).click();
    await expect(status).toContainText(c.courses);
    await expect(status).toContainText(c.line);

    // Click 4: "Utiliser ces choix". The verification shows the courses read with the mapping.
    await mapping.getByRole('button', { name: 'Utiliser ces choix' }).click();
    await expect(mapping).toBeHidden();
    await expect(verify).toBeVisible();
    for (const module of c.modules)
      await expect(verify.getByText(module, { exact: false }).first()).toBeVisible();

    // "Corriger la lecture…" again opens on the mapping in use, not on an empty one.
    await verify.getByRole('button', { name: 'Corriger la lecture…' }).click();
    await expect(mapping.getByRole('status').first()).toContainText(c.courses);
    if (c.timesColumn !== null)
      await expect(mapping.getByLabel('Colonne des horaires')).toHaveValue(c.timesColumn);
    else await expect(mapping.getByLabel('ou ligne des horaires')).toHaveValue('0');
  });
}
