import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { newOrgId, schoolWithTeachers, seedOrg } from './support/org';
import { signIn } from './support/pages/sign-in';

async function openTab(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Onglets de la section' }).getByRole('link', { name }).click();
}

async function pick(page: Page, dialog: Locator, label: string, option: string) {
  await dialog.getByRole('button', { name: new RegExp(label) }).click();
  await page.getByRole('option', { name: option }).click();
}

const table = (page: Page, title: string) => page.getByRole('table', { name: new RegExp(`^${title}`) });
const row = (page: Page, title: string, key: string) =>
  table(page, title)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: key, exact: true }) });

test('institutes, levels, classes and modules: create, edit, delete, with their messages', async ({
  page,
  request,
}) => {
  // Four screens, each with create, edit, delete and their messages: room for a busy machine.
  test.setTimeout(120_000);
  const org = newOrgId('settings');
  await seedOrg(request, org, schoolWithTeachers());
  await signIn(page, org, 'awa@ecole.sn', 'Admin@2026', { landing: /\/users$/ });
  await page.getByRole('navigation', { name: 'Modules' }).getByRole('link', { name: 'Paramètres' }).click();
  await expect(page).toHaveURL(/\/settings\/instituts$/);
  await expect(page.getByText('Aucun institut.')).toBeVisible();

  // Institute: field by field validation, then create and edit.
  await page.getByRole('button', { name: '+ Nouvel institut' }).click();
  let dialog = page.getByRole('dialog', { name: 'Nouvel institut' });
  const save = () => dialog.getByRole('button', { name: 'Enregistrer' });
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
  await expect(row(page, 'Instituts', 'Institut Supérieur d’Informatique')).toContainText('ISI');
  await page.getByRole('button', { name: 'Modifier « Institut Supérieur d’Informatique »' }).click();
  dialog = page.getByRole('dialog', { name: "Modifier l'institut" });
  await dialog.getByLabel('Abréviation').fill('ISI-Dakar');
  await save().click();
  await expect(row(page, 'Instituts', 'Institut Supérieur d’Informatique')).toContainText('ISI-Dakar');
  // A second institute, deleted at once: confirmation, no warning (nothing linked).
  await page.getByRole('button', { name: '+ Nouvel institut' }).click();
  dialog = page.getByRole('dialog', { name: 'Nouvel institut' });
  await dialog.getByLabel('Nom').fill('Institut provisoire');
  await dialog.getByLabel('Abréviation').fill('IP');
  await save().click();
  await page.getByRole('button', { name: 'Supprimer « Institut provisoire »' }).click();
  let confirm = page.getByRole('alertdialog', { name: 'Confirmer la suppression' });
  await expect(confirm).toContainText("Supprimer l'institut « Institut provisoire » ?");
  await expect(confirm.getByText(/resteront sans institut/)).toHaveCount(0);
  await confirm.getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByText('Institut supprimé')).toBeVisible();
  await expect(row(page, 'Instituts', 'Institut provisoire')).toHaveCount(0);

  // Levels.
  await openTab(page, 'Niveaux');
  for (const [name, abbr] of [
    ['Licence 1', 'L1'],
    ['Licence 2', 'L2'],
  ]) {
    await page.getByRole('button', { name: '+ Nouveau niveau' }).click();
    dialog = page.getByRole('dialog', { name: 'Nouveau niveau' });
    await dialog.getByLabel('Nom').fill(name!);
    await dialog.getByLabel('Abréviation').fill(abbr!);
    await save().click();
    await expect(page.getByText('Niveau enregistré').first()).toBeVisible();
  }
  await page.getByRole('button', { name: 'Modifier « Licence 2 »' }).click();
  dialog = page.getByRole('dialog', { name: 'Modifier le niveau' });
  await dialog.getByLabel('Nom').fill('Licence 2 (supprimée)');
  await save().click();
  await page.getByRole('button', { name: 'Supprimer « Licence 2 (supprimée) »' }).click();
  confirm = page.getByRole('alertdialog', { name: 'Confirmer la suppression' });
  await expect(confirm).toContainText('Supprimer le niveau « Licence 2 (supprimée) » ?');
  await confirm.getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByText('Niveau supprimé')).toBeVisible();
  await expect(page.getByText('Total : 1')).toBeVisible();

  // Classes: the pickers start on the first level and institute.
  await openTab(page, 'Classes');
  await expect(page.getByText('Aucune classe.')).toBeVisible();
  for (const code of ['L1-INFO', 'L1-TEMP']) {
    await page.getByRole('button', { name: '+ Nouvelle classe' }).click();
    dialog = page.getByRole('dialog', { name: 'Nouvelle classe' });
    await expect(dialog.getByRole('button', { name: /Niveau/ })).toContainText('Licence 1');
    await dialog.getByLabel('Code').fill(code);
    await save().click();
    await expect(page.getByText('Classe enregistrée').first()).toBeVisible();
  }
  await page.getByRole('button', { name: '+ Nouvelle classe' }).click();
  dialog = page.getByRole('dialog', { name: 'Nouvelle classe' });
  await dialog.getByLabel('Code').fill('l1-info');
  await expect(dialog.getByText('Une autre classe porte déjà ce code')).toBeVisible();
  await expect(save()).toBeDisabled();
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  await page.getByRole('button', { name: 'Supprimer « L1-TEMP »' }).click();
  confirm = page.getByRole('alertdialog', { name: 'Confirmer la suppression' });
  await expect(confirm).toContainText('Supprimer la classe « L1-TEMP » ?');
  await confirm.getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByText('Classe supprimée')).toBeVisible();
  await expect(row(page, 'Classes', 'L1-INFO')).toContainText('Licence 1');
  await expect(row(page, 'Classes', 'L1-INFO')).toContainText('Institut Supérieur d’Informatique');

  // Modules, exactly as spec part 1 point 2 describes the screen.
  await openTab(page, 'Modules');
  await expect(page.getByRole('heading', { name: /^Modules Total/ })).toContainText('Total : 0');
  for (const [code, name] of [
    ['ALGO', 'Algorithmique'],
    ['BD', 'Bases de données'],
  ]) {
    await page.getByRole('button', { name: '+ Nouveau module' }).click();
    dialog = page.getByRole('dialog', { name: 'Nouveau module' });
    await expect(dialog.getByLabel('Code')).toHaveValue('');
    await expect(dialog.getByLabel('Nom')).toHaveValue('');
    await expect(dialog.getByRole('button', { name: /Niveau/ })).toContainText('Licence 1');
    await expect(dialog.getByRole('button', { name: /Institut/ })).toContainText('Institut Supérieur');
    await expect(save()).toBeDisabled();
    await dialog.getByLabel('Code').fill(' ');
    await expect(dialog.getByText('Le code est requis')).toBeVisible();
    await dialog.getByLabel('Code').fill(code!);
    await dialog.getByLabel('Nom').fill(name!);
    await pick(page, dialog, 'Niveau', 'Licence 1');
    await save().click();
    await expect(page.getByText('Module enregistré').first()).toBeVisible();
  }
  await expect(table(page, 'Modules').getByRole('columnheader')).toHaveText([
    'Code',
    'Nom',
    'Niveau',
    'Institut',
    'Actions',
  ]);
  await expect(page.getByText('Total : 2')).toBeVisible();
  await page.getByRole('button', { name: 'Modifier « ALGO »' }).click();
  dialog = page.getByRole('dialog', { name: 'Modifier le module' });
  await dialog.getByLabel('Nom').fill('Algorithmique avancée');
  await save().click();
  await expect(row(page, 'Modules', 'ALGO')).toContainText('Algorithmique avancée');
  await page.getByRole('button', { name: 'Supprimer « BD »' }).click();
  confirm = page.getByRole('alertdialog', { name: 'Confirmer la suppression' });
  await expect(confirm).toContainText('Supprimer le module « BD » ?');
  await confirm.getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByText('Module supprimé')).toBeVisible();
  await expect(page.getByText('Total : 1')).toBeVisible();

  // Counts of linked classes and modules; deleting a linked institute warns, and is not blocked.
  await openTab(page, 'Instituts');
  await expect(row(page, 'Instituts', 'Institut Supérieur d’Informatique').getByRole('cell')).toHaveText([
    'ISI-Dakar',
    '1',
    '1',
    /Modifier/,
  ]);
  await openTab(page, 'Classes');
  await expect(row(page, 'Classes', 'L1-INFO').getByRole('cell').nth(2)).toHaveText('1');
  await openTab(page, 'Instituts');
  await page.getByRole('button', { name: 'Supprimer « Institut Supérieur d’Informatique »' }).click();
  confirm = page.getByRole('alertdialog', { name: 'Confirmer la suppression' });
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
  await signIn(page, org, 'awa@ecole.sn', 'Admin@2026', { landing: /\/users$/ });
  await page.goto('/settings/donnees');
  await expect(page.getByText(/Espace utilisé : .* Mo sur .* Mo disponibles/)).toBeVisible();
  await expect(page.getByText(/sous forme chiffrée \(hachée\)/)).toBeVisible();

  // PIN validity: 1 to 365.
  const pin = page.getByLabel('Durée de validité des codes PIN (jours)');
  await expect(pin).toHaveValue('90');
  await pin.fill('400');
  await expect(page.getByText('Saisissez un nombre entier de jours entre 1 et 365')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enregistrer', exact: true })).toBeDisabled();
  await pin.fill('30');
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(page.getByText('Durée de validité des PIN enregistrée')).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exporter (JSON)' }).click();
  const download = await downloading;
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
  await signIn(fresh, emptyOrg, 'awa@ecole.sn', 'Admin@2026', { landing: /\/users$/ });
  await fresh.goto('/settings/modules');
  await expect(fresh.getByText('Aucun module.')).toBeVisible();
  await fresh.goto('/settings/donnees');

  const importArea = fresh.getByRole('region', { name: 'Importer des données' });
  const choose = async (name: string, buffer: Buffer) => {
    const chooser = fresh.waitForEvent('filechooser');
    await fresh.getByRole('button', { name: 'Choisir un fichier JSON…' }).click();
    await (await chooser).setFiles({ name, mimeType: 'application/json', buffer });
  };
  await choose('casse.json', Buffer.from('{"users": ['));
  await expect(importArea.getByRole('alert')).toContainText('Impossible de lire ce fichier JSON');
  await choose('vide.json', Buffer.from('{"institutes": []}'));
  await expect(importArea.getByRole('alert')).toContainText('Fichier invalide: clés manquantes');
  const broken = JSON.parse(text) as { levels: Record<string, unknown>[] };
  broken.levels[0]!.name = 12;
  await choose('abime.json', Buffer.from(JSON.stringify(broken)));
  await expect(importArea.getByRole('alert')).toContainText('levels[0].name');

  await choose(download.suggestedFilename(), Buffer.from(text));
  const confirm = fresh.getByRole('alertdialog', { name: 'Remplacer les données ?' });
  await expect(confirm.getByRole('row', { name: /Modules de cours/ }).getByRole('cell')).toHaveText([
    '0',
    '2',
    '0',
  ]);
  await confirm.getByRole('button', { name: 'Remplacer les données' }).click();
  await expect(fresh.getByText('Import terminé')).toBeVisible();
  await expect(fresh.getByLabel('Durée de validité des codes PIN (jours)')).toHaveValue('30');
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
