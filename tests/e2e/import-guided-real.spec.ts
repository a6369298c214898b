import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { PlanningImportPage } from './page-models/planning-import-page';
import { importSchool, signedInSchool } from './support/import-school';

// Issue 30, guided mapping that always finishes, on three real files nobody here wrote
// (tests/fixtures/timetables/world): the automatic reading is set aside with "Corriger la lecture…" and each
// file is laid out again by hand in at most six clicks — bare hours "8-9" (eetfp), period starts "8", "10",
// "13" whose period spans ten rows (androide), "8:0:AM-8:55:AM" across the top with days down (gyft). The
// courses come in, and "Corriger la lecture…" then opens on the mapping in use.
const WORLD = join(process.cwd(), 'tests', 'fixtures', 'timetables', 'world');

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
    await signedInSchool(page, request, 'import-real-guided', importSchool());
    // A week of March of the current year (the three files carry no dates).
    const importer = new PlanningImportPage(page);
    const verify = await importer.analyseToVerification(join(WORLD, c.file));

    // Click 1: "Corriger la lecture…". The first guess finds the days but no times, and says so.
    await verify.correctReading();
    const mapping = importer.correction;
    await expect(mapping.result).toContainText('Aucun horaire : choisissez la colonne des horaires');

    // Clicks 2 and 3: "Les horaires", then the first time label of the sheet.
    await mapping.pointAt('Les horaires', c.timeCell);
    await expect(mapping.result).toContainText(c.courses);
    await expect(mapping.result).toContainText(c.line);

    // Click 4: "Utiliser ces choix". The verification shows the courses read with the mapping.
    await mapping.useChoices();
    await expect(verify.dialog).toBeVisible();
    for (const module of c.modules)
      await expect(verify.dialog.getByText(module, { exact: false }).first()).toBeVisible();

    // "Corriger la lecture…" again opens on the mapping in use, not on an empty one.
    await verify.correctReading();
    await expect(mapping.result).toContainText(c.courses);
    if (c.timesColumn !== null)
      await expect(mapping.dialog.getByLabel('Colonne des horaires')).toHaveValue(c.timesColumn);
    else await expect(mapping.dialog.getByLabel('ou ligne des horaires')).toHaveValue('0');
  });
}
