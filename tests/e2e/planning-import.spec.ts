import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import * as XLSX from 'xlsx';
import { currentWeek, PlanningImportPage } from './page-models/planning-import-page';
import { SettingsPage } from './page-models/settings-page';
import { importSchool, signedInSchool } from './support/import-school';

const SHOTS = '/tmp/shots-import';
const FIXTURES = join(process.cwd(), 'tests', 'fixtures', 'timetables');
mkdirSync(SHOTS, { recursive: true });

/** An empty organisation: one administrator, the profiles, nothing else. */
function emptyOrg() {
  return importSchool({
    modules: [
      'planning.importer',
      'planning.historique',
      'planning.consulter',
      // Without it /planning/consulter shows each user only their own courses.
      'planning.consulter.actions',
      'settings.classes',
      'users',
    ],
    // Classes and modules are never created without a level and an institute.
    institute: { id: 'inst-1', name: 'Institut supérieur', abbr: 'ISI' },
    teacherProfile: true,
  });
}

test.describe.configure({ mode: 'serial', timeout: 240_000 });

test('import a week, create references, conflicts, history and deletion', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signedInSchool(page, request, 'import', emptyOrg());
  const importer = new PlanningImportPage(page);

  await test.step('the form explains what is missing', async () => {
    const form = await importer.startNewImport();
    const { dialog } = form;
    await dialog.getByLabel('Mois', { exact: true }).selectOption('');
    await form.analyse();
    await expect(dialog.getByText('Veuillez choisir le mois et la semaine (lundi) de début.')).toBeVisible();
    await expect(dialog.getByText('Veuillez sélectionner un fichier à importer.')).toBeVisible();
    await dialog.getByLabel('Périodicité').selectOption('month');
    await expect(dialog.getByText('Veuillez choisir un mois valide.')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/01-form-errors.png` });
    await form.cancel();
  });

  await test.step('a file that is not a spreadsheet', async () => {
    const form = await importer.analyse(join(FIXTURES, 'not-a-spreadsheet.xlsx'));
    await expect(form.error).toContainText('Impossible de lire le fichier');
    await form.cancel();
  });

  await test.step('import stacked-classes.xlsx into the empty organisation', async () => {
    await importer.analyse(join(FIXTURES, 'stacked-classes.xlsx'));
    await expect(page.getByText('Fichier analysé, vérifiez les références avant validation')).toBeVisible();
    const verify = importer.verification.dialog;
    await expect(verify.getByText('Classes manquantes (3)')).toBeVisible();
    await expect(verify.getByText('Modules manquants (5)')).toBeVisible();
    await expect(verify.getByText('Enseignants manquants (4)')).toBeVisible();
    await expect(verify.getByText('10 créneau(x) ignoré(s)', { exact: false })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/02-verify-missing.png` });
    await verify.getByRole('button', { name: 'Créer les référentiels manquants' }).click();
    await expect(page.getByText('Référentiels mis à jour')).toBeVisible();
    await expect(verify).toBeVisible();
    await expect(verify.getByText('Toutes les références existent.')).toBeVisible();
    await expect(verify.getByText('3 classe(s), 10 créneau(x) prêts à enregistrer')).toBeVisible();
    await expect(verify.getByText('ignoré(s)', { exact: false })).toHaveCount(0);
    await verify.getByLabel('Type du cours Économie, BTS1 A, Lundi 08:00').selectOption('en-ligne');
    await verify.getByLabel('Module', { exact: true }).selectOption('Droit');
    await expect(verify.locator('tbody tr.import-preview-row')).toHaveCount(3);
    await verify.getByLabel('Module', { exact: true }).selectOption('');
    await page.screenshot({ path: `${SHOTS}/03-verify-table.png` });
    await verify
      .getByRole('radio', { name: 'Cartes' })
      .or(verify.getByRole('button', { name: 'Cartes' }))
      .click();
    await page.screenshot({ path: `${SHOTS}/04-verify-cards.png` });
    await verify
      .getByRole('radio', { name: 'Calendrier' })
      .or(verify.getByRole('button', { name: 'Calendrier' }))
      .click();
    await verify
      .getByRole('radio', { name: 'Par enseignant' })
      .or(verify.getByRole('button', { name: 'Par enseignant' }))
      .click();
    await page.screenshot({ path: `${SHOTS}/05-verify-calendar.png` });
    await importer.verification.save();
    await expect(page.getByText('Planning enregistré', { exact: true })).toBeVisible();
    await expect(verify).toHaveCount(0);
    await importer.invitations.handOut(4);
  });

  await test.step('the import is in Historique', async () => {
    await page.goto('/planning/historique');
    const rows = page.getByRole('row').filter({ hasText: 'stacked-classes.xlsx' });
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Semaine');
    await page.screenshot({ path: `${SHOTS}/06-history.png` });
  });

  await test.step('a second file for the same week: teacher conflicts, confirmed', async () => {
    await importer.analyse(join(FIXTURES, 'one-sheet-per-class.xlsx'));
    const verify = importer.verification;
    // Diallo, Diop and Sow exist since the first import.
    await expect(verify.dialog.getByText('Enseignants manquants (5)')).toBeVisible();
    await verify.createMissingReferences();
    await verify.save();
    const conflicts = page.getByRole('alertdialog', { name: 'Conflits enseignants' });
    await expect(conflicts).toBeVisible();
    await expect(conflicts).toContainText('Diallo');
    await expect(conflicts).toContainText('Diop');
    await page.screenshot({ path: `${SHOTS}/07-conflicts.png` });
    await conflicts.getByRole('button', { name: 'Enregistrer quand même' }).click();
    await expect(page.getByText('Planning enregistré (avec conflits)')).toBeVisible();
    await importer.invitations.handOut(5);
  });

  await test.step('deleting the first import is blocked: its teachers are used by the second', async () => {
    await page.goto('/planning/historique');
    await page.getByRole('button', { name: /Supprimer l'import stacked-classes\.xlsx/ }).click();
    const blocked = page.getByRole('alertdialog', { name: 'Suppression bloquée' });
    await expect(blocked).toBeVisible();
    await expect(blocked).toContainText('Enseignant Diop');
    await page.screenshot({ path: `${SHOTS}/08-blocked.png` });
    await blocked.getByRole('button', { name: 'Fermer' }).click();
  });

  await test.step('delete the second import, then the first, with their created items', async () => {
    await page.getByRole('button', { name: /Supprimer l'import one-sheet-per-class\.xlsx/ }).click();
    let confirm = page.getByRole('alertdialog', { name: "Supprimer l'import" });
    await expect(confirm).toContainText('Plannings (3)');
    await expect(confirm).toContainText('Enseignants créés (5)');
    await expect(confirm).toContainText('Modules créés (13)');
    await expect(confirm).toContainText('+ 8 autres');
    await page.screenshot({ path: `${SHOTS}/09-delete.png` });
    await confirm.getByRole('button', { name: 'Supprimer', exact: true }).click();
    await expect(page.getByText('Import supprimé, plannings associés nettoyés')).toBeVisible();
    await page.getByRole('button', { name: /Supprimer l'import stacked-classes\.xlsx/ }).click();
    confirm = page.getByRole('alertdialog', { name: "Supprimer l'import" });
    await expect(confirm).toContainText('Classes créées (3)');
    await confirm.getByRole('button', { name: 'Supprimer', exact: true }).click();
    await expect(page.getByText('Aucun import pour les filtres sélectionnés.')).toBeVisible();
    await page.goto('/settings/classes');
    await expect(page.getByText('Aucune classe', { exact: false })).toBeVisible();
  });
});

test('names fixed in the verification dialog; the same file again replaces the first import', async ({
  page,
  request,
}) => {
  const seeded = emptyOrg();
  await page.setViewportSize({ width: 1280, height: 900 });
  // A module and a teacher the school already has, under other names than the file's.
  await signedInSchool(page, request, 'import-again', {
    ...seeded,
    users: [
      ...seeded.users,
      {
        id: 'u-diallo',
        name: 'Mamadou Diallo',
        email: 'mamadou.diallo@ecole.sn',
        profileId: 'teacher',
        status: 'Active',
        password: 'Prof@2026',
        mustChangePassword: false,
      },
    ],
    courseModules: [
      {
        id: 'm-algo',
        code: 'ALGO1',
        name: 'Algorithmique et programmation',
        levelId: 'lvl-l',
        instituteId: 'inst-1',
      },
    ],
  });
  const importer = new PlanningImportPage(page);
  const file = join(FIXTURES, 'real', 'title-every-sheet.xlsx');

  await test.step('the classes read, with their sheet and rows; a class renamed, a module and a teacher mapped', async () => {
    await importer.analyse(file, await currentWeek());
    const verify = importer.verification.dialog;
    // The title "Emploi du temps" repeated on both sheets is not taken as the class.
    await expect(verify.getByText('Classes lues dans le fichier (2)')).toBeVisible();
    await expect(verify.getByText('L1 Info, lignes 4 à 6')).toBeVisible();
    await expect(verify.getByText('Modules lus dans le fichier (4)')).toBeVisible();
    await expect(verify.getByText('Enseignants lus dans le fichier (4)')).toBeVisible();
    await expect(verify.getByText('Modules manquants (4)')).toBeVisible();
    await verify.getByLabel('Nom retenu pour L1 Info').fill('Licence 1 Informatique');
    await expect(verify.getByText('Classes manquantes (2)')).toBeVisible();
    await expect(verify.getByRole('rowheader', { name: 'Licence 1 Informatique' })).toBeVisible();
    await verify
      .getByLabel('Associer le module Algorithmique à un module existant')
      .selectOption({ label: 'Algorithmique et programmation (ALGO1)' });
    await expect(verify.getByLabel('Nom retenu pour le module Algorithmique')).toHaveValue(
      'Algorithmique et programmation',
    );
    await expect(verify.getByText('Modules manquants (3)')).toBeVisible();
    // A teacher found by e-mail; half-typed, it designates no one and blocks creating.
    const teacher = verify.getByLabel("Associer l'enseignant Diallo à un utilisateur existant");
    await teacher.fill('mamadou.dia');
    await expect(verify.getByText('Aucun utilisateur ne correspond', { exact: false })).toBeVisible();
    await expect(verify.getByRole('button', { name: 'Créer les référentiels manquants' })).toBeDisabled();
    await teacher.fill('mamadou.diallo@ecole.sn');
    await expect(verify.getByText('Enseignants manquants (3)')).toBeVisible();
    await expect(verify.getByText('Aucun utilisateur ne correspond', { exact: false })).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/11-rename.png` });
    await importer.verification.createMissingReferences();
    await expect(verify.getByText('2 classe(s), 4 créneau(x) prêts à enregistrer')).toBeVisible();
    // The preview names the records the courses will be saved on.
    const preview = verify.getByRole('table', { name: 'Aperçu' });
    await expect(
      preview
        .getByRole('row')
        .filter({ hasText: 'Algorithmique et programmation' })
        .filter({ hasText: 'Mamadou Diallo' }),
    ).toHaveCount(1);
    await importer.verification.save();
    await expect(page.getByText('Planning enregistré', { exact: true })).toBeVisible();
    await importer.invitations.handOut(3);
  });

  await test.step('the saved planning shows the names chosen', async () => {
    await page.getByRole('link', { name: 'Consulter' }).click();
    await expect(page.getByRole('heading', { name: /^Licence 1 Informatique/, level: 3 })).toBeVisible();
    await expect(
      page.getByRole('button', {
        name: /^Algorithmique et programmation, classe Licence 1 Informatique, Mamadou Diallo/,
      }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: /^L1 Info/, level: 3 })).toHaveCount(0);
  });

  await test.step('the same file for the same week: asked, then replaced (no doubled course)', async () => {
    await importer.analyse(file, await currentWeek());
    const verify = importer.verification.dialog;
    // The renamed class now exists: map the file's name onto it; the same for the module and the teacher.
    await verify
      .getByLabel('Associer L1 Info à une classe existante')
      .selectOption({ label: 'Licence 1 Informatique' });
    await verify
      .getByLabel('Associer le module Algorithmique à un module existant')
      .selectOption({ label: 'Algorithmique et programmation (ALGO1)' });
    await verify
      .getByLabel("Associer l'enseignant Diallo à un utilisateur existant")
      .fill('Mamadou Diallo <mamadou.diallo@ecole.sn>');
    await expect(verify.getByText('Toutes les références existent.')).toBeVisible();
    await importer.verification.save();
    const ask = page.getByRole('alertdialog', { name: 'Import déjà présent' });
    await expect(ask).toContainText('un import pour 2 de ces classes');
    await page.screenshot({ path: `${SHOTS}/12-reimport.png` });
    await ask.getByRole('button', { name: 'Remplacer' }).click();
    await expect(page.getByText('Planning enregistré (import précédent remplacé)')).toBeVisible();
  });

  await test.step('the timetables belong to the second import only', async () => {
    await page.goto('/planning/historique');
    const buttons = page.getByRole('button', { name: /Supprimer l'import title-every-sheet\.xlsx/ });
    await expect(buttons).toHaveCount(2);
    // The most recent import is listed first: it holds the two timetables, not four.
    await buttons.first().click();
    const confirm = page.getByRole('alertdialog', { name: "Supprimer l'import" });
    await expect(confirm).toContainText('Plannings (2)');
    await confirm.getByRole('button', { name: 'Annuler' }).click();
  });
});

test('nothing detected: pick the header row and the time column by hand', async ({ page, request }) => {
  await signedInSchool(page, request, 'import-manual', emptyOrg());
  const importer = new PlanningImportPage(page);
  // Only two weekday names: the automatic search needs three.
  const csv = [
    'Emploi du temps;;',
    'Créneau;Lundi;Mardi',
    '8h-10h;Algorithmique\nDiallo;Anglais\nSmith',
    '10h-12h;;Physique\nNdiaye',
  ].join('\r\n');
  const file = join(SHOTS, 'two-days.csv');
  writeFileSync(file, csv);
  const form = await importer.analyse(file);
  await expect(form.error).toContainText('Fichier lu, mais aucune donnée détectée.');
  await form.chooseLayoutByHand();
  const manual = importer.layoutByHand.dialog;
  await manual.getByLabel('Ligne des jours (entête)').selectOption({ label: 'Ligne 2' });
  await manual.getByLabel('Colonne des horaires').selectOption({ label: 'Colonne A' });
  await manual.getByLabel('Nom de la classe').fill('L1 Info');
  await expect(manual.getByText('1 tableau(x), 3 cours détecté(s)')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/10-manual.png` });
  await manual.getByRole('button', { name: 'Utiliser ces choix' }).click();
  const verify = importer.verification.dialog;
  await expect(verify.getByText('Classes manquantes (1)')).toBeVisible();
  await expect(verify.getByRole('rowheader', { name: 'L1 Info', exact: true })).toBeVisible();
});

test('an installation without levels or institutes: the verification explains it, "Créer" waits for both', async ({
  page,
  request,
}) => {
  const { levels: _levels, institutes: _institutes, ...seeded } = emptyOrg();
  await page.setViewportSize({ width: 1280, height: 900 });
  await signedInSchool(page, request, 'import-no-places', {
    ...seeded,
    profiles: seeded.profiles.map((p) =>
      p.id === 'admin' ? { ...p, moduleIds: [...p.moduleIds, 'settings.niveaux', 'settings.instituts'] } : p,
    ),
  });
  const importer = new PlanningImportPage(page);
  const verify = importer.verification.dialog;
  const create = importer.verification.createMissingButton;
  // Issue 30 item 6: the dialog now offers to create them in place (tests/e2e/import-new-install.spec.ts).
  const noPlaces =
    "Aucun niveau ni institut n'existe encore : les classes et modules du fichier en ont besoin. Créez-les ici, la lecture du fichier est conservée.";
  const placeRequired = 'Choisissez un niveau et un institut pour chaque classe et chaque module à créer.';

  await test.step('no level, no institute: the explanation, and nothing can be created', async () => {
    await importer.analyse(join(FIXTURES, 'stacked-classes.xlsx'));
    await expect(verify.getByText('Classes manquantes (3)')).toBeVisible();
    await expect(verify.getByText('Modules manquants (5)')).toBeVisible();
    await expect(verify.getByRole('alert').filter({ hasText: 'Aucun niveau' })).toHaveText(noPlaces);
    await expect(create).toBeDisabled();
    await expect(importer.verification.saveButton).toBeDisabled();
    // Each class and module offers no level or institute to choose.
    const levelChoice = verify.getByRole('combobox', { name: /^Niveau : / }).first();
    await expect(levelChoice.locator('option')).toHaveText(['—']);
    await expect(
      verify
        .getByRole('combobox', { name: /^Institut : / })
        .first()
        .locator('option'),
    ).toHaveText(['—']);
    await verify.getByText(noPlaces).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/13-no-places.png` });
    await verify.getByRole('button', { name: 'Annuler' }).click();
    await expect(verify).toHaveCount(0);
  });

  await test.step('a level and an institute created in Paramètres', async () => {
    const settings = new SettingsPage(page);
    for (const [tab, add, title, name, abbr] of [
      ['niveaux', '+ Nouveau niveau', 'Nouveau niveau', 'Licence', 'L'],
      ['instituts', '+ Nouvel institut', 'Nouvel institut', 'Institut supérieur', 'ISI'],
    ] as const) {
      await settings.open(tab);
      const form = await settings.startNew(add, title);
      await settings.saveNamed(form, name, abbr);
      await expect(form).toHaveCount(0);
      await expect(page.getByRole('button', { name: `Modifier « ${name} »` })).toBeVisible();
    }
  });

  await test.step('"Créer" waits until every class and module has its level and institute', async () => {
    await importer.analyse(join(FIXTURES, 'stacked-classes.xlsx'));
    await expect(verify.getByText('Classes manquantes (3)')).toBeVisible();
    // The only level and institute are proposed: nothing to explain, "Créer" may run.
    await expect(verify.getByText(noPlaces)).toHaveCount(0);
    await expect(verify.getByText(placeRequired)).toHaveCount(0);
    await expect(create).toBeEnabled();
    // One class without its level, one module without its institute: "Créer" waits, and says why.
    const classLevel = verify.getByRole('combobox', { name: /^Niveau : / }).first();
    const moduleInstitute = verify.getByRole('combobox', { name: /^Institut : / }).nth(3);
    await classLevel.selectOption({ label: '—' });
    await expect(verify.getByRole('status').filter({ hasText: placeRequired })).toBeVisible();
    await expect(create).toBeDisabled();
    await classLevel.selectOption({ label: 'Licence' });
    await expect(create).toBeEnabled();
    await moduleInstitute.selectOption({ label: '—' });
    await expect(verify.getByText(placeRequired)).toBeVisible();
    await expect(create).toBeDisabled();
    await verify.getByText(placeRequired).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/14-place-required.png` });
    await moduleInstitute.selectOption({ label: 'Institut supérieur' });
    await expect(verify.getByText(placeRequired)).toHaveCount(0);
    await expect(create).toBeEnabled();
    await create.click();
    await expect(verify.getByText('Toutes les références existent.')).toBeVisible();
    await verify.getByRole('button', { name: 'Annuler' }).click();
  });

  await test.step('the classes created carry the level and the institute', async () => {
    await page.goto('/settings/classes');
    const rows = page
      .getByRole('row')
      .filter({ hasText: 'Licence' })
      .filter({ hasText: 'Institut supérieur' });
    await expect(rows).toHaveCount(3);
  });
});

test('large workbook: 120 classes x 30 weekly slots, read off the main thread', async ({ page, request }) => {
  await signedInSchool(page, request, 'import-large', emptyOrg());
  const importer = new PlanningImportPage(page);
  const workbook = XLSX.utils.book_new();
  const days = ['Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi'];
  const times = [
    '08:00 - 09:00',
    '09:00 - 10:00',
    '10:00 - 11:00',
    '11:00 - 12:00',
    '14:00 - 15:00',
    '15:00 - 16:00',
  ];
  for (let c = 0; c < 120; c += 1) {
    const rows: string[][] = [['Horaire', ...days]];
    times.forEach((time, t) => {
      rows.push([time, ...days.map((_, d) => `Module ${(t * 5 + d) % 30}\nProf ${c}`)]);
    });
    XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), `Classe ${c + 1}`);
  }
  // In this run's own output folder: /tmp/shots-import is shared with anyone else running this spec.
  const file = test.info().outputPath('large-120x30.xlsx');
  writeFileSync(file, XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx' }) as Buffer);

  const form = await importer.fillNewImport(file);
  // A requestAnimationFrame counter: frames keep coming while the worker reads (the main thread is free).
  await page.evaluate(() => {
    const w = window as unknown as {
      frames: [number, number][];
      verifyAt: number | null;
      statuses: string[];
    };
    w.frames = [];
    w.verifyAt = null;
    // Every status text the dialog shows, however briefly: a quick read must not make the check racy.
    w.statuses = [];
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('[role="dialog"] [role="status"]')) {
        const text = el.textContent ?? '';
        if (text !== '' && !w.statuses.includes(text)) w.statuses.push(text);
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
    // Long tasks of the main thread (Chromium's PerformanceObserver 'longtask', tasks over 50 ms): the
    // verification dialog must never block a frame for more than 100 ms (its own rendering included).
    const lw = window as unknown as { longTasks: [number, number][] };
    lw.longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) lw.longTasks.push([entry.startTime, entry.duration]);
    }).observe({ type: 'longtask', buffered: false });
    let last = performance.now();
    const tick = (now: number) => {
      w.frames.push([now, now - last]);
      last = now;
      if (w.verifyAt === null && document.querySelector('.import-verify')) w.verifyAt = now;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  // Each step below is measured by the longest main-thread task it caused. Its waits are plain DOM checks:
  // Playwright's role and text queries over a dialog this size are long tasks themselves.
  const settle = () =>
    page.evaluate(
      () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
    );
  const now = () => page.evaluate(() => performance.now());
  const longestSince = (from: number) =>
    page.evaluate(
      (t) =>
        Math.round(
          Math.max(
            0,
            ...(window as unknown as { longTasks: [number, number][] }).longTasks
              .filter(([start]) => start >= t)
              .map(([, duration]) => duration),
          ),
        ),
      from,
    );
  const waitForText = (selector: string, text: string) =>
    page.waitForFunction(
      ([sel, expected]) =>
        [...document.querySelectorAll(sel)].some((el) => el.textContent?.trim() === expected),
      [selector, text] as const,
      { polling: 100, timeout: 60_000 },
    );
  const clickedAt = await page.evaluate(() => performance.now());
  const started = Date.now();
  await form.analyse();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { statuses: string[] }).statuses.join(' | ')))
    .toMatch(/Chargement|Décodage|Analyse/);
  // While the worker reads, the main thread still answers: a script round trip comes back at once.
  const clickStarted = Date.now();
  await page.evaluate(() => document.querySelectorAll('button').length);
  const clickMs = Date.now() - clickStarted;
  const verify = importer.verification.dialog;
  await waitForText('.import-missing summary', 'Classes manquantes (120)');
  const readMs = Date.now() - started;
  await page.waitForFunction(() => document.querySelector('table[aria-label="Aperçu"]') !== null, undefined, {
    polling: 100,
    timeout: 60_000,
  });
  const previewMs = Date.now() - started;
  const { frames, verifyAt } = await page.evaluate(() => {
    const w = window as unknown as { frames: [number, number][]; verifyAt: number | null };
    return { frames: w.frames, verifyAt: w.verifyAt };
  });
  await page.screenshot({ path: `${SHOTS}/11-large.png` });
  // Frames painted before the verification dialog appeared: the reading itself.
  const reading = frames.filter(([at]) => verifyAt === null || at < verifyAt);
  const rendering = frames.filter(([at]) => verifyAt !== null && at >= verifyAt);
  const report = {
    readMs,
    previewMs,
    clickDuringReadMs: clickMs,
    framesWhileReading: reading.length,
    maxFrameGapWhileReadingMs: Math.round(Math.max(0, ...reading.map(([, gap]) => gap))),
    firstRenderFrameGapMs: Math.round(rendering[0]?.[1] ?? 0),
  };
  console.log(`LARGE WORKBOOK ${JSON.stringify(report)}`);
  writeFileSync(join(SHOTS, 'large-report.json'), JSON.stringify(report, null, 2));

  await settle();
  const longTasks: Record<string, number> = {
    dialogOpen: await longestSince(verifyAt ?? clickedAt),
  };
  await expect(verify.getByText('Classes manquantes (120)')).toBeVisible();
  await expect(verify.getByRole('table', { name: 'Aperçu' })).toBeVisible();

  // 120 classes read: their list starts folded; opening it draws the first rows only.
  const classList = await verify.getByText('Classes lues dans le fichier (120)').elementHandle();
  let from = await now();
  await classList?.click();
  await page.waitForFunction(
    () => document.querySelector('input[aria-label="Nom retenu pour Classe 1"]'),
    undefined,
    {
      polling: 100,
    },
  );
  await settle();
  longTasks.openList = await longestSince(from);

  const renameField = await verify.getByLabel('Nom retenu pour Classe 1', { exact: true }).elementHandle();
  from = await now();
  await renameField?.press('End');
  await renameField?.type(' bis');
  await waitForText('.import-missing-table th[scope="row"]', 'Classe 1 bis');
  await settle();
  longTasks.rename = await longestSince(from);

  const create = await verify
    .getByRole('button', { name: 'Créer les référentiels manquants' })
    .elementHandle();
  from = await now();
  const created = Date.now();
  await create?.click();
  await waitForText('.count-line', '120 classe(s), 3600 créneau(x) prêts à enregistrer');
  const createMs = Date.now() - created;
  await settle();
  longTasks.create = await longestSince(from);

  from = await now();
  await verify.locator('.import-preview-scroll').evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await waitForText('.import-preview-row td:first-child', 'Classe 120');
  await settle();
  longTasks.scroll = await longestSince(from);

  await expect(verify.getByRole('button', { name: 'Enregistrer le planning' })).toBeEnabled();
  const saveButton = await verify.getByRole('button', { name: 'Enregistrer le planning' }).elementHandle();
  from = await now();
  const saving = Date.now();
  await saveButton?.click();
  await page.waitForFunction(() => !document.querySelector('.import-verify'), undefined, {
    polling: 100,
    timeout: 60_000,
  });
  await settle();
  longTasks.save = await longestSince(from);
  console.log(`LARGE WORKBOOK longest main-thread task (ms) ${JSON.stringify(longTasks)}`);
  // The save's conflict check and contract warnings run in the verification worker, the courses are built in
  // a task of their own: the goal is no task above 100 ms (0 to about 110 ms measured on a busy 2-core
  // machine, 280 to 560 ms before). A long task also stretches when the machine is loaded (up to 170 ms at
  // a load average of 11 on 2 cores), so the check is looser than the goal: it catches the save's work coming
  // back to the page, not the machine's noise.
  expect(longTasks.save).toBeLessThanOrEqual(250);
  await expect(page.getByText('Planning enregistré', { exact: true })).toBeVisible();
  console.log(`LARGE WORKBOOK create ${createMs} ms, save ${Date.now() - saving} ms`);
});
