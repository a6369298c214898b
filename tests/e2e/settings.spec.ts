import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { DataSettingsPage, SettingsPage } from './page-models/settings-page';
import { signIn } from './page-models/sign-in-page';
import { newOrgId, schoolWithTeachers, seedOrg } from './support/org';

/** Signs the administrator of schoolWithTeachers() in on `page` (she lands on /users). */
const signInAdmin = (page: Page, org: string) =>
  signIn(page, org, 'awa@ecole.sn', 'Admin@2026', { landing: /\/users$/ });

test('institutes, levels, classes and modules: create, edit, delete, with their messages', async ({
  page,
  request,
}) => {
  // Four screens, each with create, edit, delete and their messages: room for a busy machine.
  test.setTimeout(120_000);
  const org = newOrgId('settings');
  await seedOrg(request, org, schoolWithTeachers());
  await signInAdmin(page, org);
  const settings = new SettingsPage(page);
  const row = (title: string, key: string) => settings.row(title, key);
  await settings.openFromMenu();
  await expect(page).toHaveURL(/\/settings\/instituts$/);
  await expect(page.getByText('Aucun institut.')).toBeVisible();

  // Institute: field by field validation, then create and edit.
  let dialog = await settings.startNew('+ Nouvel institut', 'Nouvel institut');
  const save = () => settings.saveButton(dialog);
  await expect(save()).toBeDisabled();
  await dialog.getByLabel('Nom').fill('x');
  await dialog.getByLabel('Nom').fill('');
  await expect(dialog.getByText('Le nom est requis')).toBeVisible();
  await dialog.getByLabel('Abréviation').focus();
  await dialog.getByLabel('Abréviation').blur();
  await expect(dialog.getByText("L'abréviation est requise")).toBeVisible();
  await dialog.getByLabel('Nom').fill('Institut Supérieur d’Informatique');
  await dialog.getByLabel('Abréviation').fill('ISI');
  await expect(dialog.getByText('Le nom est requis')).toHaveCount(0);
  await save().click();
  await expect(page.getByText('Institut enregistré')).toBeVisible();
  await expect(row('Instituts', 'Institut Supérieur d’Informatique')).toContainText('ISI');
  dialog = await settings.edit('Institut Supérieur d’Informatique', "Modifier l'institut");
  await dialog.getByLabel('Abréviation').fill('ISI-Dakar');
  await save().click();
  await expect(row('Instituts', 'Institut Supérieur d’Informatique')).toContainText('ISI-Dakar');
  // A second institute, deleted at once: confirmation, no warning (nothing linked).
  dialog = await settings.startNew('+ Nouvel institut', 'Nouvel institut');
  await settings.saveNamed(dialog, 'Institut provisoire', 'IP');
  const confirm = await settings.askToDelete('Institut provisoire');
  await expect(confirm).toContainText("Supprimer l'institut « Institut provisoire » ?");
  await expect(confirm.getByText(/resteront sans institut/)).toHaveCount(0);
  await confirm.getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByText('Institut supprimé')).toBeVisible();
  await expect(row('Instituts', 'Institut provisoire')).toHaveCount(0);

  // Levels.
  await settings.openTab('Niveaux');
  for (const [name, abbr] of [
    ['Licence 1', 'L1'],
    ['Licence 2', 'L2'],
  ]) {
    dialog = await settings.startNew('+ Nouveau niveau', 'Nouveau niveau');
    await settings.saveNamed(dialog, name!, abbr!);
    await expect(page.getByText('Niveau enregistré').first()).toBeVisible();
  }
  dialog = await settings.edit('Licence 2', 'Modifier le niveau');
  await dialog.getByLabel('Nom').fill('Licence 2 (supprimée)');
  await save().click();
  await settings.askToDelete('Licence 2 (supprimée)');
  await expect(confirm).toContainText('Supprimer le niveau « Licence 2 (supprimée) » ?');
  await confirm.getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByText('Niveau supprimé')).toBeVisible();
  await expect(page.getByText('Total : 1')).toBeVisible();

  // Classes: the pickers start on the first level and institute.
  await settings.openTab('Classes');
  await expect(page.getByText('Aucune classe.')).toBeVisible();
  for (const code of ['L1-INFO', 'L1-TEMP']) {
    dialog = await settings.startNew('+ Nouvelle classe', 'Nouvelle classe');
    await expect(dialog.getByRole('button', { name: /Niveau/ })).toContainText('Licence 1');
    await dialog.getByLabel('Code').fill(code);
    await save().click();
    await expect(page.getByText('Classe enregistrée').first()).toBeVisible();
  }
  dialog = await settings.startNew('+ Nouvelle classe', 'Nouvelle classe');
  await dialog.getByLabel('Code').fill('l1-info');
  await expect(dialog.getByText('Une autre classe porte déjà ce code')).toBeVisible();
  await expect(save()).toBeDisabled();
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  await settings.askToDelete('L1-TEMP');
  await expect(confirm).toContainText('Supprimer la classe « L1-TEMP » ?');
  await confirm.getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByText('Classe supprimée')).toBeVisible();
  await expect(row('Classes', 'L1-INFO')).toContainText('Licence 1');
  await expect(row('Classes', 'L1-INFO')).toContainText('Institut Supérieur d’Informatique');

  // Modules, exactly as spec part 1 point 2 describes the screen.
  await settings.openTab('Modules');
  await expect(page.getByRole('heading', { name: /^Modules Total/ })).toContainText('Total : 0');
  for (const [code, name] of [
    ['ALGO', 'Algorithmique'],
    ['BD', 'Bases de données'],
  ]) {
    dialog = await settings.startNew('+ Nouveau module', 'Nouveau module');
    await expect(dialog.getByLabel('Code')).toHaveValue('');
    await expect(dialog.getByLabel('Nom')).toHaveValue('');
    await expect(dialog.getByRole('button', { name: /Niveau/ })).toContainText('Licence 1');
    await expect(dialog.getByRole('button', { name: /Institut/ })).toContainText('Institut Supérieur');
    await expect(save()).toBeDisabled();
    await dialog.getByLabel('Code').fill(' ');
    await expect(dialog.getByText('Le code est requis')).toBeVisible();
    await dialog.getByLabel('Code').fill(code!);
    await dialog.getByLabel('Nom').fill(name!);
    await settings.pick(dialog, 'Niveau', 'Licence 1');
    await save().click();
    await expect(page.getByText('Module enregistré').first()).toBeVisible();
  }
  await expect(settings.table('Modules').getByRole('columnheader')).toHaveText([
    'Code',
    'Nom',
    'Niveau',
    'Institut',
    'Actions',
  ]);
  await expect(page.getByText('Total : 2')).toBeVisible();
  dialog = await settings.edit('ALGO', 'Modifier le module');
  await dialog.getByLabel('Nom').fill('Algorithmique avancée');
  await save().click();
  await expect(row('Modules', 'ALGO')).toContainText('Algorithmique avancée');
  await settings.askToDelete('BD');
  await expect(confirm).toContainText('Supprimer le module « BD » ?');
  await confirm.getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByText('Module supprimé')).toBeVisible();
  await expect(page.getByText('Total : 1')).toBeVisible();

  // Counts of linked classes and modules; deleting a linked institute warns, and is not blocked.
  await settings.openTab('Instituts');
  await expect(row('Instituts', 'Institut Supérieur d’Informatique').getByRole('cell')).toHaveText([
    'ISI-Dakar',
    '1',
    '1',
    /Modifier/,
  ]);
  await settings.openTab('Classes');
  await expect(row('Classes', 'L1-INFO').getByRole('cell').nth(2)).toHaveText('1');
  await settings.openTab('Instituts');
  await settings.askToDelete('Institut Supérieur d’Informatique');
  await expect(confirm).toContainText(
    '1 classe(s) et 1 module(s) liés à cet institut resteront sans institut.',
  );
  await confirm.getByRole('button', { name: 'Annuler' }).click();
  await expect(confirm).toHaveCount(0);
});

test('Données: export, then import into a wiped browser gives the same lists', async ({
  page,
  browser,
  request,
}) => {
  // Two organisations, an export, four refused files and an import: room for a busy machine.
  test.setTimeout(150_000);
  const org = newOrgId('export');
  await seedOrg(request, org, {
    ...schoolWithTeachers(),
    institutes: [{ id: 'i-1', name: 'Institut Supérieur d’Informatique', abbr: 'ISI' }],
    levels: [{ id: 'l-1', name: 'Licence 1', abbr: 'L1' }],
    classes: [{ id: 'c-1', code: 'L1-INFO', levelId: 'l-1', instituteId: 'i-1' }],
    courseModules: [
      { id: 'm-1', code: 'ALGO', name: 'Algorithmique', levelId: 'l-1', instituteId: 'i-1' },
      { id: 'm-2', code: 'COMPTA', name: 'Comptabilité', levelId: 'l-gone', instituteId: 'i-1' },
    ],
  });
  await signInAdmin(page, org);
  const data = new DataSettingsPage(page);
  await data.open();
  await expect(page.getByText(/Espace utilisé : .* Mo sur .* Mo disponibles/)).toBeVisible();
  await expect(page.getByText(/sous forme chiffrée \(hachée\)/)).toBeVisible();

  // PIN validity: 1 to 365.
  await expect(data.pinValidity).toHaveValue('90');
  await data.pinValidity.fill('400');
  await expect(page.getByText('Saisissez un nombre entier de jours entre 1 et 365')).toBeVisible();
  await expect(data.saveButton).toBeDisabled();
  await data.pinValidity.fill('30');
  await data.saveButton.click();
  await expect(page.getByText('Durée de validité des PIN enregistrée')).toBeVisible();

  const download = await data.exportJson();
  await expect(page.getByText('Export terminé')).toBeVisible();
  expect(download.suggestedFilename()).toMatch(/^user-mgmt-store-\d{4}-\d{2}-\d{2}\.json$/);
  const file = test.info().outputPath(download.suggestedFilename());
  await download.saveAs(file);
  const text = await readFile(file, 'utf8');
  expect(text).not.toMatch(/"password"\s*:/);
  expect(text).not.toMatch(/"pin"\s*:/);
  expect(text).toContain('passwordHash');
  expect(text).not.toContain('currentUserId');
  // Online, the export is the server's backup: every user's password and PIN hashes, not only the admin's.
  const exported = JSON.parse(text) as { users: { passwordHash?: string; pinHash?: string }[] };
  expect(exported.users.filter((u) => u.passwordHash)).toHaveLength(3);
  expect(exported.users.filter((u) => u.pinHash)).toHaveLength(2);

  // A wiped browser (new context) on a new organisation: nothing there until the file is imported.
  const other = await browser.newContext();
  const fresh = await other.newPage();
  const emptyOrg = newOrgId('import');
  // Moussa has another password there: after the import, the file's (his real one) opens his account.
  const target = schoolWithTeachers();
  await seedOrg(request, emptyOrg, {
    ...target,
    users: target.users.map((u) => (u.id === 'u-t1' ? { ...u, password: 'Autre@2026' } : u)),
  });
  await signInAdmin(fresh, emptyOrg);
  await new SettingsPage(fresh).open('modules');
  await expect(fresh.getByText('Aucun module.')).toBeVisible();
  const freshData = new DataSettingsPage(fresh);
  await freshData.open();

  const { importArea } = freshData;
  const choose = (name: string, buffer: Buffer) => freshData.chooseImportFile(name, buffer);
  await choose('casse.json', Buffer.from('{"users": ['));
  await expect(importArea.getByRole('alert')).toContainText('Impossible de lire ce fichier JSON');
  await choose('vide.json', Buffer.from('{"institutes": []}'));
  await expect(importArea.getByRole('alert')).toContainText('Fichier invalide: clés manquantes');
  const broken = JSON.parse(text) as { levels: Record<string, unknown>[] };
  broken.levels[0]!.name = 12;
  await choose('abime.json', Buffer.from(JSON.stringify(broken)));
  await expect(importArea.getByRole('alert')).toContainText('levels[0].name');

  await choose(download.suggestedFilename(), Buffer.from(text));
  const confirm = freshData.confirmReplace;
  await expect(confirm.getByRole('row', { name: /Modules de cours/ }).getByRole('cell')).toHaveText([
    '0',
    '2',
    '0',
  ]);
  await confirm.getByRole('button', { name: 'Remplacer les données' }).click();
  await expect(fresh.getByText('Import terminé')).toBeVisible();
  await expect(freshData.pinValidity).toHaveValue('30');
  const moussa = await request.post('/api/auth/login', {
    data: { orgId: emptyOrg, email: 'moussa@ecole.sn', password: 'Prof@2026', remember: false },
  });
  expect(moussa.status()).toBe(200);

  for (const [tab, rows] of [
    ['instituts', [['Institut Supérieur d’Informatique', 'ISI', '1', '2']]],
    ['niveaux', [['Licence 1', 'L1', '1', '1']]],
    ['classes', [['L1-INFO', 'Licence 1', 'Institut Supérieur d’Informatique', '1', '0']]],
    [
      'modules',
      [
        ['ALGO', 'Algorithmique', 'Licence 1', 'Institut Supérieur d’Informatique'],
        ['COMPTA', 'Comptabilité', '—', 'Institut Supérieur d’Informatique'],
      ],
    ],
  ] as const) {
    for (const target of [page, fresh]) {
      await target.goto(`/settings/${tab}`);
      const body = target.locator('table.settings-table tbody tr');
      await expect(body).toHaveCount(rows.length);
      for (const [i, cells] of rows.entries()) {
        await expect(body.nth(i).locator('th, td')).toHaveText([...cells, /Modifier/]);
      }
    }
  }
  await other.close();
});
