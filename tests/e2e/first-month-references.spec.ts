import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import * as XLSX from 'xlsx';
import { PlanningImportPage } from './page-models/planning-import-page';
import { signIn, SignInPage, signInOnNewPage } from './page-models/sign-in-page';
import { E2E_SETUP_CODE, INITIAL_PASSWORD, newOrgId, schoolPeople, seedOrg } from './support/org';

// Issue 33 points 4, 5, 8 and 9, as the school's people meet them: the director on day one at her desk
// (1366 px), a teacher filling her contract file on her phone (390 px), the import of a first timetable.
const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/shots-ux-b';
mkdirSync(SHOTS, { recursive: true });
const DESK = { width: 1366, height: 900 };
const READABLE_PASSWORD = /^[A-Z][a-z]{3}(-[a-z]{4}){2}(-\d{4}){2}$/;

test('day one: the emergency area comes first; the director is offered no teacher space', async ({
  browser,
}) => {
  const org = newOrgId('jour-un');
  const context = await browser.newContext({ viewport: DESK, locale: 'fr-FR', timezoneId: 'UTC' });
  const page = await context.newPage();
  const login = new SignInPage(page);
  await login.open(org);
  const area = login.emergency;
  await expect(area).toBeVisible();
  await expect(page.getByRole('note').filter({ hasText: 'Aucun administrateur' })).toBeVisible();
  // First on the screen: the whole area above the login form's button.
  const areaBox = await area.boundingBox();
  const loginBox = await page.getByRole('button', { name: 'Se connecter' }).boundingBox();
  expect(areaBox && loginBox && areaBox.y + areaBox.height <= loginBox.y).toBe(true);
  await page.screenshot({ path: `${SHOTS}/day-one-login.png`, fullPage: true });

  await login.promoteEmergencyAdmin('directrice@ecole.sn', E2E_SETUP_CODE);
  await expect(page.getByText('Compte Super Admin prêt pour directrice@ecole.sn')).toBeVisible();
  // The login form below was filled with her address by the area.
  await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(INITIAL_PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/first-login$/);
  await login.chooseNewPassword('Directrice@2026');
  await expect(page).toHaveURL(/\/users$/);

  // Super Admin holds every module, the teacher space included: she does not teach, so it is not offered.
  const nav = page.getByRole('navigation', { name: 'Modules' });
  await expect(nav.getByRole('link', { name: 'Gestion des utilisateurs' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Espace pédagogique' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Mon contrat' })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/day-one-director-menu.png` });
  await page.goto('/teacher/contract');
  await expect(page.getByText('Accès non autorisé')).toBeVisible();
  // Never a teacher's contract form for her.
  await expect(page.getByRole('button', { name: 'Soumettre' })).toHaveCount(0);
  await expect(page.getByText('Civilité')).toHaveCount(0);
  await context.close();
});

test('a school that lost its administrators keeps the login form first', async ({ page, request }) => {
  const org = newOrgId('sans-admin');
  const [, moussa] = schoolPeople('teacher');
  await seedOrg(request, org, {
    users: [moussa],
    profiles: [
      { id: 'teacher', name: 'Enseignant', moduleIds: ['teacher', 'teacher.today'], formFieldKeys: [] },
    ],
  });
  const login = new SignInPage(page);
  await login.open(org);
  const area = login.emergency;
  await expect(area).toBeVisible();
  const areaBox = await area.boundingBox();
  const loginBox = await page.getByRole('button', { name: 'Se connecter' }).boundingBox();
  expect(areaBox && loginBox && loginBox.y < areaBox.y).toBe(true);
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

test('contract file at 390 px: every error at once, focus on the first, a long file name on one line', async ({
  browser,
  request,
}) => {
  const org = newOrgId('dossier-390');
  await seedOrg(request, org, {
    users: schoolPeople('admin'),
    profiles: [
      {
        id: 'admin',
        name: 'Administration',
        moduleIds: ['users', 'contracts.compliance'],
        formFieldKeys: [],
      },
      {
        id: 'teacher',
        name: 'Enseignant',
        moduleIds: ['teacher', 'teacher.today', 'teacher.planning', 'teacher.contract'],
        formFieldKeys: [],
      },
    ],
  });
  const page = await signInOnNewPage(browser, org, 'moussa@ecole.sn', 'Prof@2026', {
    context: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  });
  await page.goto('/teacher/contract');
  await expect(page.getByRole('heading', { name: 'Mon contrat', level: 2 })).toBeVisible();
  await page.getByLabel('Adresse', { exact: true }).fill('Rue 10, Dakar');
  await page.getByLabel('Téléphone', { exact: true }).fill('77 123 45 67');
  await page.getByLabel('Numéro complet (IBAN ou RIB)').fill('SN08 SN01 0015 2000 0485 0000 3036');
  await page.getByRole('button', { name: 'Soumettre' }).click();

  // One summary, both steps: the 5 empty fields, the IBAN's checksum, the attestation and both documents.
  const summary = page.getByRole('alert').filter({ hasText: 'points à corriger' });
  await expect(summary).toContainText('9 points à corriger avant de soumettre :');
  for (const text of [
    'Civilité : Choisissez la civilité.',
    'Date de naissance : Ce champ est obligatoire.',
    'Type de pièce : Choisissez le type de pièce.',
    'Numéro de la pièce : Ce champ est obligatoire.',
    'Banque : Ce champ est obligatoire.',
    'Numéro complet (IBAN ou RIB) : IBAN invalide : clé de contrôle incorrecte.',
    "Attestation sur l’honneur : Cochez l'attestation sur l'honneur pour soumettre.",
    "Pièce d'identité : Ajoutez votre pièce d'identité.",
    'RIB : Ajoutez votre RIB.',
  ])
    await expect(summary).toContainText(text);
  // The focus is on the first field to correct.
  await expect(page.getByRole('radio', { name: 'M.', exact: true })).toBeFocused();
  await page.screenshot({ path: `${SHOTS}/contract-errors-390.png`, fullPage: true });

  // From the summary to the RIB upload of step 2.
  await summary.getByRole('button', { name: /^RIB : Ajoutez votre RIB/ }).click();
  await expect(page.getByRole('tab', { name: '2. Pièces jointes' })).toHaveAttribute('aria-selected', 'true');
  const rib = page.getByLabel('RIB', { exact: true });
  await expect(rib).toBeFocused();
  const longName = 'Attestation-de-domiciliation-bancaire-compte-courant-principal-2025-version-signee.pdf';
  await rib.setInputFiles({ name: longName, mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByText('Pièce jointe ajoutée')).toBeVisible();
  await expect(summary).toContainText('8 points à corriger avant de soumettre :');
  await expect(summary).not.toContainText('Ajoutez votre RIB.');

  const item = page.getByRole('list', { name: 'Fichiers ajoutés' }).getByRole('listitem');
  const name = item.getByTitle(longName);
  await expect(name).toHaveText(longName);
  // One line, cut with an ellipsis at its end, never mid-word on a second line; "Retirer" stays on screen.
  const layout = await name.evaluate((el) => ({
    lineHeight: parseFloat(getComputedStyle(el).lineHeight) || 24,
    height: el.getBoundingClientRect().height,
    isCut: el.scrollWidth > el.clientWidth,
    overflow: getComputedStyle(el).textOverflow,
  }));
  expect(layout.height).toBeLessThan(layout.lineHeight * 1.5);
  expect(layout.isCut).toBe(true);
  expect(layout.overflow).toBe('ellipsis');
  const remove = item.getByRole('button', { name: `Retirer ${longName}` });
  const box = await remove.boundingBox();
  expect(box && box.x + box.width <= 390).toBe(true);
  await page.screenshot({ path: `${SHOTS}/contract-long-name-390.png`, fullPage: true });
});

/** A week of four classes whose names say their level; Anglais is taught in BTS and in L2. */
function referencesWorkbook(): string {
  const head = ['Horaire', 'Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi'];
  const rows = [
    ['Classe : BTS-COM1'],
    head,
    ['08:00 - 10:00', 'Anglais\nM. Faye', '', 'Marketing\nMme Sow', '', ''],
    [],
    ['Classe : L2 INFO'],
    head,
    ['08:00 - 10:00', '', 'Anglais\nM. Faye', '', '', ''],
    [],
    ['Classe : M1 DROIT'],
    head,
    ['10:00 - 12:00', 'Droit des affaires\nMme Diop', '', '', '', ''],
    [],
    ['Classe : Terminale S'],
    head,
    ['14:00 - 16:00', '', '', '', 'Mathématiques\nM. Ba', ''],
  ];
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Semaine');
  const file = join(SHOTS, 'references.xlsx');
  writeFileSync(file, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
  return file;
}

test('import references: levels suggested from class names, apply to all, e-mails to complete, the journal', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const org = newOrgId('references');
  const [admin] = schoolPeople('admin');
  await seedOrg(request, org, {
    users: [admin],
    profiles: [
      {
        id: 'admin',
        name: 'Administration',
        moduleIds: [
          'users',
          'profiles',
          'journal',
          'settings.instituts',
          'settings.niveaux',
          'settings.classes',
          'settings.modules',
          'planning.importer',
          'planning.historique',
          'planning.consulter',
          'planning.consulter.actions',
        ],
        formFieldKeys: ['email'],
      },
      { id: 'teacher', name: 'Enseignant', moduleIds: ['teacher', 'teacher.today'], formFieldKeys: [] },
    ],
    levels: [
      { id: 'lvl-l1', name: 'Licence 1', abbr: 'L1' },
      { id: 'lvl-l2', name: 'Licence 2', abbr: 'L2' },
      { id: 'lvl-m1', name: 'Master 1', abbr: 'M1' },
      { id: 'lvl-bts', name: 'BTS', abbr: 'BTS' },
      { id: 'lvl-tle', name: 'Terminale', abbr: 'Tle' },
    ],
    institutes: [
      { id: 'inst-sup', name: 'Institut supérieur', abbr: 'ISI' },
      { id: 'inst-lyc', name: 'Lycée', abbr: 'LYC' },
    ],
  });
  await page.setViewportSize(DESK);
  await signIn(page, org, 'awa@ecole.sn', 'Admin@2026');
  // A week of March of the current year.
  const importer = new PlanningImportPage(page);
  await importer.analyse(referencesWorkbook());
  const verify = importer.verification.dialog;
  await expect(verify.getByText('Classes manquantes (4)')).toBeVisible();
  await expect(verify.getByText('Modules manquants (4)')).toBeVisible();

  const level = (name: string) => verify.getByRole('combobox', { name: `Niveau : ${name}`, exact: true });
  await expect(level('BTS-COM1')).toHaveValue('lvl-bts');
  await expect(level('L2 INFO')).toHaveValue('lvl-l2');
  await expect(level('M1 DROIT')).toHaveValue('lvl-m1');
  await expect(level('Terminale S')).toHaveValue('lvl-tle');
  // A module takes the level of its classes; Anglais, in BTS and L2, is one module of several levels.
  await expect(level('Marketing')).toHaveValue('lvl-bts');
  await expect(level('Droit des affaires')).toHaveValue('lvl-m1');
  await expect(level('Anglais')).toHaveValue('');
  await expect(level('Anglais').locator('option:checked')).toHaveText('Plusieurs niveaux (tous)');
  await expect(verify.getByText('Suggéré', { exact: true })).toHaveCount(8);
  // Teachers without an address: no made-up address shown, the account is marked to complete.
  await expect(verify.getByRole('textbox', { name: 'Email : Faye' })).toHaveAttribute(
    'placeholder',
    'e-mail à compléter',
  );
  await expect(verify.getByText('le compte est créé « e-mail à compléter »', { exact: false })).toBeVisible();
  await verify.getByText('Classes manquantes (4)').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/verification-suggested-levels.png` });

  // One institute for every class at once; the suggested levels stay.
  const allClasses = verify.getByRole('group', { name: 'Pour toutes les classes' });
  await allClasses.getByLabel('Institut de toutes les classes').selectOption({ label: 'Lycée' });
  await allClasses.getByRole('button', { name: 'Appliquer à tous' }).click();
  for (const name of ['BTS-COM1', 'L2 INFO', 'M1 DROIT', 'Terminale S'])
    await expect(verify.getByRole('combobox', { name: `Institut : ${name}`, exact: true })).toHaveValue(
      'inst-lyc',
    );
  await expect(level('BTS-COM1')).toHaveValue('lvl-bts');
  await page.screenshot({ path: `${SHOTS}/verification-applied-to-all.png` });

  await verify.getByRole('button', { name: 'Créer les référentiels manquants' }).click();
  await expect(page.getByText('Référentiels mis à jour')).toBeVisible();
  await expect(verify.getByText('Toutes les références existent.')).toBeVisible();
  await verify.getByRole('button', { name: 'Enregistrer le planning' }).click();
  await expect(page.getByText('Planning enregistré', { exact: true })).toBeVisible();
  const invitations = page.getByRole('dialog', { name: 'Invitations à remettre' });
  await invitations.getByRole('button', { name: 'Créer les invitations' }).click();
  await expect(invitations.locator('tbody tr code')).toHaveCount(4);
  // Point 9: a password that can be read over the phone.
  expect((await invitations.locator('tbody tr code').first().textContent()) ?? '').toMatch(READABLE_PASSWORD);
  await invitations.getByRole('button', { name: 'Fermer' }).click();

  await page.goto('/settings/modules');
  await expect(page.getByRole('row').filter({ hasText: 'Anglais' })).toContainText('Tous niveaux');
  await expect(page.getByRole('row').filter({ hasText: 'Marketing' })).toContainText('BTS');

  await page.goto('/users');
  const toComplete = page.getByRole('region', { name: '4 comptes avec un e-mail à compléter' });
  await expect(toComplete).toContainText('Faye');

  // Point 8: the journal shows the import and the accounts it created, in French, filtered by kind.
  await page.goto('/journal');
  const importRow = page.getByRole('row').filter({ hasText: 'Fichier « references.xlsx », semaine du' });
  await expect(importRow).toContainText('Import du planning');
  await expect(importRow).toContainText('Awa Diop');
  await expect(page.getByText('Compte créé par l’import du planning').first()).toBeVisible();
  await expect(page.getByText('import-planning')).toHaveCount(0);
  await page.getByLabel('Type d’action').selectOption({ label: 'Planning' });
  await expect(page.getByRole('row').filter({ hasText: 'Import du planning' })).toHaveCount(1);
  await expect(page.getByText('Compte créé par l’import du planning')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/journal-planning.png` });
});
