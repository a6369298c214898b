import { expect, test, type Page } from '@playwright/test';
import { signIn, SignInPage } from './page-models/sign-in-page';
import { ProfilesPage, UsersPage } from './page-models/users-page';
import { enrolKioskApi, newOrgId, schoolWithTeachers, seedOrg } from './support/org';

/** Signs the administrator of schoolWithTeachers() in: she lands on /users. */
async function signInAdmin(page: Page, org: string): Promise<UsersPage> {
  await signIn(page, org, 'awa@ecole.sn', 'Admin@2026', { landing: /\/users$/ });
  return new UsersPage(page);
}

async function waitForServer(
  page: Page,
  org: string,
  predicate: (store: { users: { email: string; pinUpdatedAt?: string; status: string }[] }) => boolean,
) {
  // Read under the page's administrator session (the store API needs one, and hashes of other
  // users never leave the server, so the PIN shows through its date).
  await expect
    .poll(
      async () => predicate((await (await page.request.get(`/api/store?orgId=${org}`)).json()) as never),
      { timeout: 15_000 },
    )
    .toBe(true);
}

test('users: wizard, edit, status, archive, restore, temporary password, PIN, journal and CSV', async ({
  page,
  browser,
}) => {
  // A long walk through every screen and two more devices: room for a busy machine.
  test.setTimeout(150_000);
  const org = newOrgId('users');
  await seedOrg(page.request, org, schoolWithTeachers());
  const users = await signInAdmin(page, org);
  await expect(users.count).toContainText('3 sur 3');

  // Wizard: profile first, then the form; save stays disabled while invalid.
  const wizard = await users.startNewUser('Enseignant');
  await expect(wizard.getByRole('button', { name: 'Enregistrer' })).toBeDisabled();
  await wizard.getByRole('button', { name: 'Retour' }).click();
  await wizard.getByRole('button', { name: 'Enseignant' }).click();
  await users.fill(wizard, { firstName: 'Ibrahima', email: 'ibrahima.ecole.sn' });
  // spec part 1 point 5: the errors in one toast, joined by a dot (each field says its own too).
  await expect(page.getByRole('alert').filter({ hasText: 'Prénom et nom requis' })).toHaveText(
    'Prénom et nom requis · Format d’email invalide',
  );
  await users.fill(wizard, { lastName: 'Sarr', email: 'ibrahima@ecole.sn' });
  await users.save(wizard);
  await expect(page.getByText('Utilisateur enregistré')).toBeVisible();
  // No shared initial password: the new account's invitation, a one-time password shown once.
  const invited = await users.createInvitation();
  expect(invited).toMatch(/^[A-Z][a-z]{3}(-[a-z]{4}){2}(-\d{4}){2}$/); // readable (issue 33 point 9)
  await expect(users.invitation).toContainText('valable 72 heures');
  await users.invitation.getByRole('button', { name: 'Fermer' }).click();
  await expect(users.row('Ibrahima Sarr')).toContainText('Enseignant');

  // Edit.
  const editor = await users.edit('Ibrahima Sarr');
  await users.fill(editor, { email: 'i.sarr@ecole.sn' });
  await users.save(editor);
  await expect(users.row('Ibrahima Sarr')).toContainText('i.sarr@ecole.sn');

  // Deactivate, activate, archive, restore. Each step waits for the switch's state, not for a toast: an
  // earlier "Utilisateur activé" may still be on screen, and a click on a switch the table has not yet
  // re-enabled does nothing.
  const status = users.statusSwitch('Ibrahima Sarr');
  await expect(status).toBeChecked();
  await users.flipStatus('Ibrahima Sarr');
  await expect(page.getByText('Utilisateur désactivé')).toBeVisible();
  await expect(status).not.toBeChecked();
  await users.flipStatus('Ibrahima Sarr');
  await expect(status).toBeChecked();
  await users.archive('Ibrahima Sarr');
  await expect(page.getByText('Utilisateur archivé')).toBeVisible();
  await expect(status).toBeDisabled();
  await users.restore('Ibrahima Sarr');
  await expect(page.getByText('Utilisateur restauré (statut: Inactif)')).toBeVisible();
  await expect(status).toBeEnabled();
  await expect(status).not.toBeChecked();
  await users.flipStatus('Ibrahima Sarr');
  await expect(status).toBeChecked();

  // Search and filter.
  await users.search.fill('sarr');
  await expect(users.count).toContainText('1 sur 4');
  await users.search.fill('');

  // Temporary password, shown once.
  const temporary = await users.generateTemporaryPassword('Ibrahima Sarr');
  expect(temporary).toMatch(/^[A-Z][a-z]{3}(-[a-z]{4}){2}(-\d{4}){2}$/);

  // PIN, shown once.
  const pin = await users.generatePin('Ibrahima Sarr');
  expect(pin).toMatch(/^\d{6}$/);

  // The journal shows each step with its before/after values.
  await users.openTab('Journal');
  await expect(page.getByRole('row', { name: /Création.*Ibrahima Sarr/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Archivage.*Ibrahima Sarr/ })).toBeVisible();
  // The invitation and the new temporary password.
  await expect(page.getByRole('row', { name: /Mot de passe temporaire.*Ibrahima Sarr/ })).toHaveCount(2);
  await expect(page.getByRole('row', { name: /Désactivation.*Ibrahima Sarr/ })).toBeVisible();
  await page.getByLabel('Rechercher (utilisateur, auteur, détail)').fill('i.sarr');
  await expect(page.getByRole('status').filter({ hasText: 'entrée(s)' })).toHaveText(
    '1 entrée(s) affichée(s)',
  );
  await page.getByRole('button', { name: 'Voir les modifications (1)' }).click();
  await expect(
    page.getByRole('row', { name: 'Email ibrahima@ecole.sn i.sarr@ecole.sn', exact: true }),
  ).toBeVisible();
  await page.getByLabel('Rechercher (utilisateur, auteur, détail)').fill('');
  await expect(page.locator('body')).not.toContainText(temporary);
  await expect(page.locator('body')).not.toContainText(pin);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^journal-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await (await file.createReadStream()).toArray();
  const text = Buffer.concat(csv).toString('utf8');
  expect(
    text.startsWith(
      '\uFEFFDate;Heure (UTC);Action;Utilisateur;Auteur;Détails;Modifications;Horodatage ISO (UTC)',
    ),
  ).toBe(true);
  expect(text).toContain('Création;Ibrahima Sarr;Awa Diop');
  expect(text).toContain('Email: ibrahima@ecole.sn -> i.sarr@ecole.sn');
  expect(text).not.toContain(temporary);

  // The teacher signs in with the temporary password on another device: forced change.
  await waitForServer(page, org, (s) =>
    s.users.some((u) => u.email === 'i.sarr@ecole.sn' && Boolean(u.pinUpdatedAt) && u.status === 'Active'),
  );
  const phone = await browser.newPage();
  const phoneLogin = new SignInPage(phone);
  await phoneLogin.open(org);
  await phoneLogin.submit('i.sarr@ecole.sn', temporary);
  await expect(phone).toHaveURL(/\/first-login$/);
  await phoneLogin.chooseNewPassword('Ibrahima@2026');
  await expect(phone).toHaveURL(/\/teacher\//);
  await phone.close();

  // And with the PIN on a classroom kiosk (PIN mode only on enrolled devices).
  const kioskContext = await browser.newContext();
  await enrolKioskApi(kioskContext, org, 'Salle 12');
  const kiosk = await kioskContext.newPage();
  const kioskLogin = new SignInPage(kiosk);
  await kioskLogin.open(org);
  await kioskLogin.openPinTab();
  await kiosk.getByRole('button', { name: 'Ibrahima Sarr' }).click();
  // The sixth digit submits by itself (a generated PIN has six).
  for (const digit of pin) await kiosk.getByRole('button', { name: `Chiffre ${digit}` }).click();
  await expect(kiosk).toHaveURL(/\/teacher\/today$/);
  await kioskContext.close();
});

const PLANNING_MODULES = [
  'planning',
  'planning.importer',
  'planning.consulter',
  'planning.consulter.actions',
  'planning.reprogrammation',
  'planning.historique',
];

test('profiles: create with the module tree, configure form data, delete clears the users profile', async ({
  page,
}) => {
  const org = newOrgId('profiles');
  // One gives a profile only modules one holds: this administrator holds the planning ones too.
  const school = schoolWithTeachers();
  await seedOrg(page.request, org, {
    ...school,
    profiles: school.profiles.map((p) =>
      p.id === 'super-admin' ? { ...p, moduleIds: [...p.moduleIds, ...PLANNING_MODULES] } : p,
    ),
  });
  const users = await signInAdmin(page, org);
  await users.openTab('Profils');
  const profiles = new ProfilesPage(page);
  const dialog = await profiles.startNewProfile();
  await expect(dialog.getByRole('button', { name: 'Enregistrer' })).toBeDisabled();
  await dialog.getByLabel('Nom du profil').fill('Contributeur planning');
  await dialog.getByText('Gestion du planning', { exact: true }).click();
  await dialog.getByText('Importer', { exact: true }).click();
  await expect(dialog.getByRole('checkbox', { name: 'Gestion du planning' })).toBeChecked({
    indeterminate: true,
  });
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Profil mis à jour avec succès').last()).toBeVisible();
  const card = profiles.card('Contributeur planning');
  await expect(card).toContainText('Consulter');
  await expect(card).not.toContainText('Importer');
  await expect(card.locator('.pill.green').first()).toBeVisible();

  await page.getByRole('button', { name: 'Données du formulaire de Contributeur planning' }).click();
  await page.getByRole('dialog').getByText('Téléphone', { exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Profil mis à jour avec succès').last()).toBeVisible();

  const confirmDelete = await profiles.askToDelete('Enseignant');
  await expect(confirmDelete).toContainText('2 utilisateur(s)');
  await confirmDelete.getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByText('Profil supprimé')).toBeVisible();
  await users.openTab('Utilisateurs');
  await expect(users.row('Moussa Fall')).toContainText('Profil supprimé');
});

/** schoolWithTeachers() and a Contributeur (module users only). */
function schoolWithContributor() {
  const school = schoolWithTeachers();
  return {
    ...school,
    users: [
      ...school.users,
      {
        id: 'u-contrib',
        name: 'Ousmane Ba',
        email: 'ousmane@ecole.sn',
        profileId: 'contributeur',
        status: 'Active',
        password: 'Contrib@2026',
        mustChangePassword: false,
      },
    ],
    profiles: [
      ...school.profiles,
      {
        id: 'contributeur',
        name: 'Contributeur',
        moduleIds: ['user-mgmt', 'users'],
        formFieldKeys: ['email'],
      },
    ],
  };
}

test('rights: a Contributeur cannot give Super Admin, and administrators’ rows show no action', async ({
  page,
}) => {
  const org = newOrgId('rights');
  await seedOrg(page.request, org, schoolWithContributor());
  await signIn(page, org, 'ousmane@ecole.sn', 'Contrib@2026', { landing: /\/users$/ });
  const users = new UsersPage(page);

  // The Super Admin's row: no action, and the reason in words.
  const adminRow = page.getByRole('row', { name: /Awa Diop/ });
  await expect(adminRow).toContainText('Aucune action');
  await expect(adminRow.getByTitle(/droits plus étendus/)).toContainText('Aucune action');
  await expect(adminRow.getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('switch', { name: 'Statut de Awa Diop' })).toBeDisabled();
  // A teacher's row keeps its actions; his own row has no status change, archive or password reset.
  await expect(page.getByRole('button', { name: 'Modifier Moussa Fall' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Archiver Moussa Fall' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Modifier Ousmane Ba' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Archiver Ousmane Ba' })).toHaveCount(0);
  await expect(page.getByRole('switch', { name: 'Statut de Ousmane Ba' })).toBeDisabled();

  // The wizard offers only the profiles he could give.
  await page.getByRole('button', { name: '+ Ajouter un utilisateur' }).click();
  const { wizard } = users;
  await expect(wizard.getByRole('button', { name: 'Enseignant' })).toBeVisible();
  await expect(wizard.getByRole('button', { name: 'Contributeur' })).toBeVisible();
  await expect(wizard.getByRole('button', { name: 'Super Admin' })).toHaveCount(0);
  await wizard.getByRole('button', { name: 'Annuler' }).click();

  // Editing a teacher: the profile list holds no Super Admin either.
  const editor = await users.edit('Moussa Fall');
  await expect(editor.getByLabel('Profil')).toBeVisible();
  await expect(editor.locator('option', { hasText: 'Super Admin' })).toHaveCount(0);
  // A duplicate e-mail, whatever its case, is said in French and not saved.
  await editor.getByLabel('Email').fill('Awa@Ecole.SN');
  await expect(
    editor.getByText('Cette adresse e-mail est déjà utilisée par un autre compte.', { exact: true }),
  ).toBeVisible();
  await expect(editor.getByRole('button', { name: 'Enregistrer' })).toBeDisabled();
});

test('bulk: select-all → Désactiver skips the signed-in administrator and asks first, with the count', async ({
  page,
}) => {
  const org = newOrgId('bulk');
  await seedOrg(page.request, org, schoolWithTeachers());
  const users = await signInAdmin(page, org);
  await expect(users.count).toContainText('3 sur 3');

  await users.selectAll();
  await expect(users.count).toContainText('3 sélectionné(s)');
  await page.getByRole('button', { name: 'Désactiver', exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Désactiver les utilisateurs' });
  await expect(confirm).toContainText('Désactiver 2 utilisateur(s) ?');
  await expect(confirm).toContainText('1 compte sélectionné n’est pas concerné');
  // Nothing changes before the confirmation.
  await expect(users.statusSwitch('Moussa Fall')).toBeChecked();
  await confirm.getByRole('button', { name: 'Désactiver' }).click();
  await expect(page.getByText('Utilisateur désactivé')).toBeVisible();
  await expect(users.statusSwitch('Moussa Fall')).not.toBeChecked();
  await expect(users.statusSwitch('Fatou Ndiaye')).not.toBeChecked();
  await expect(users.statusSwitch('Awa Diop')).toBeChecked();
  await waitForServer(page, org, (s) =>
    s.users.every((u) => (u.email === 'awa@ecole.sn' ? u.status === 'Active' : u.status === 'Inactive')),
  );

  // Activer never reaches an archived user: Restaurer stays the way back.
  await users.archive('Moussa Fall');
  await expect(page.getByText('Utilisateur archivé')).toBeVisible();
  await users.selectAll();
  await page.getByRole('button', { name: 'Activer', exact: true }).click();
  const activate = page.getByRole('alertdialog', { name: 'Activer les utilisateurs' });
  await expect(activate).toContainText('Activer 1 utilisateur(s) ?');
  await activate.getByRole('button', { name: 'Activer' }).click();
  await expect(users.statusSwitch('Fatou Ndiaye')).toBeChecked();
  await expect(users.action('Restaurer', 'Moussa Fall')).toBeVisible();

  // The reset link reaches the administrator, once, copyable.
  await page.getByRole('button', { name: 'Lien de réinitialisation pour Fatou Ndiaye' }).click();
  const linkDialog = page.getByRole('dialog', { name: 'Lien de réinitialisation' });
  await linkDialog.getByRole('button', { name: 'Créer le lien' }).click();
  await expect(page.getByRole('status', { name: 'Lien de réinitialisation' })).toContainText(
    `/reset-password?token=`,
  );
  await linkDialog.getByRole('button', { name: 'Fermer' }).click();
});

test('user form: a deleted profile must be chosen again, errors in one toast, Enter submits, Email field warning', async ({
  page,
}) => {
  const org = newOrgId('user-form');
  const school = schoolWithTeachers();
  await seedOrg(page.request, org, {
    ...school,
    profiles: [
      ...school.profiles,
      {
        id: 'surveillant',
        name: 'Surveillant',
        moduleIds: ['teacher', 'teacher.today'],
        formFieldKeys: ['email'],
      },
    ],
    users: [
      ...school.users,
      {
        id: 'u-s1',
        name: 'Binta Sow',
        email: 'binta@ecole.sn',
        profileId: 'surveillant',
        status: 'Active',
        password: 'Binta@2026',
        mustChangePassword: false,
      },
    ],
  });
  const users = await signInAdmin(page, org);

  // Profiles: a profile without the Email field is flagged, in its form data configuration and on its card.
  await users.openTab('Profils');
  const profiles = new ProfilesPage(page);
  const fields = await profiles.openFormFields('Enseignant');
  await expect(fields.getByText(/Sans le champ Email/)).toHaveCount(0);
  await fields.getByText('Email', { exact: true }).click();
  await expect(fields.getByText(/Sans le champ Email, les utilisateurs de ce profil/)).toBeVisible();
  await fields.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(
    profiles.card('Enseignant').getByText('Sans champ Email : connexion impossible'),
  ).toBeVisible();

  // The Surveillant profile is deleted: Binta keeps no profile.
  await (await profiles.askToDelete('Surveillant')).getByRole('button', { name: 'Supprimer' }).click();
  await users.openTab('Utilisateurs');
  const binta = users.row('Binta Sow');
  await expect(binta).toContainText('Profil supprimé');

  // Her form says so instead of showing the first profile, and asks for one; Enter says why it cannot save.
  const editor = await users.edit('Binta Sow');
  const profile = editor.getByLabel('Profil');
  await expect(profile.locator('option:checked')).toHaveText('Profil supprimé : choisissez un profil');
  await expect(editor.getByText('Choisissez un profil : celui de ce compte a été supprimé.')).toBeVisible();
  await expect(editor.getByRole('button', { name: 'Enregistrer' })).toBeDisabled();
  await editor.getByLabel('Nom complet').press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Choisissez un profil' })).toHaveText(
    'Choisissez un profil : celui de ce compte a été supprimé.',
  );
  await expect(editor).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('user-form-deleted-profile.png') });

  // Choosing Enseignant (now without Email): the warning shows, and Enter saves once the form is valid.
  await profile.selectOption({ label: 'Enseignant' });
  await expect(editor.getByText(/Ce profil n’a pas de champ Email/)).toBeVisible();
  await editor.getByLabel('Prénom').fill('Binta');
  await editor.getByLabel('Nom', { exact: true }).fill('');
  await editor.getByLabel('Prénom').press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Prénom et nom requis' })).toHaveText(
    'Prénom et nom requis',
  );
  await page.screenshot({ path: test.info().outputPath('user-form-no-email-field.png') });
  await editor.getByLabel('Nom', { exact: true }).fill('Sow');
  await editor.getByLabel('Nom', { exact: true }).press('Enter');
  await expect(page.getByText('Utilisateur enregistré')).toBeVisible();
  await expect(editor).toBeHidden();
  await expect(binta).toContainText('Enseignant');
});

test('5,000 users on a 360 px phone and at desk width: the last one is reached by scrolling, rows never overlap', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const org = newOrgId('users-large');
  const school = schoolWithTeachers();
  const many = Array.from({ length: 5_000 }, (_, i) => ({
    id: `u-m${i}`,
    name: `Enseignant ${String(i).padStart(4, '0')} ${i % 7 === 0 ? 'Nom composé très long pour aller à la ligne' : 'Diallo'}`,
    email: `enseignant${i}@ecole.sn`,
    profileId: 'teacher',
    status: i % 11 === 0 ? 'Inactive' : 'Active',
  }));
  const last = {
    id: 'u-last',
    name: 'Zoé Zerbo',
    email: 'zoe@ecole.sn',
    profileId: 'teacher',
    status: 'Active',
  };
  await seedOrg(page.request, org, { ...school, users: [...school.users, ...many, last] });
  await page.setViewportSize({ width: 360, height: 780 });
  const login = new SignInPage(page);
  await login.open(org);
  await login.submit('awa@ecole.sn', 'Admin@2026');
  await expect(page).toHaveURL(/\/users$/, { timeout: 60_000 });
  const users = new UsersPage(page);
  await expect(users.count).toContainText('5004 sur 5004', { timeout: 60_000 });

  for (const size of [
    { width: 360, height: 780, name: 'phone' },
    { width: 1280, height: 800, name: 'desk' },
  ]) {
    await page.setViewportSize(size);
    const scroller = page.locator('.users-scroll');
    await scroller.evaluate((el) => el.scrollTo({ top: 0 }));
    // Scroll to the end, again while the end moves: rows measured on the way change the total height.
    const zoe = users.row('Zoé Zerbo');
    await expect
      .poll(
        async () => {
          await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
          return zoe.isVisible();
        },
        { timeout: 30_000, intervals: [200] },
      )
      .toBe(true);
    await zoe.scrollIntoViewIfNeeded();
    await expect(zoe.getByRole('button', { name: 'Modifier Zoé Zerbo' })).toBeInViewport();
    // Drawn rows follow each other: no overlap, no gap beyond a pixel.
    const boxes = await page
      .locator('.users-scroll tbody tr:not([aria-hidden])')
      .evaluateAll((rows) =>
        rows.map((r) => r.getBoundingClientRect()).map((b) => ({ top: b.top, bottom: b.bottom })),
      );
    expect(boxes.length).toBeGreaterThan(3);
    for (let i = 1; i < boxes.length; i += 1) {
      expect(Math.abs(boxes[i]!.top - boxes[i - 1]!.bottom), `row ${i} at ${size.name}`).toBeLessThanOrEqual(
        1,
      );
    }
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: test.info().outputPath(`users-5000-${size.name}-end.png`) });
    // Half-way too (rows measured while scrolling up do not pile up).
    await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight / 2 }));
    await expect(page.locator('.users-scroll tbody tr:not([aria-hidden])').first()).toBeVisible();
    const middle = await page
      .locator('.users-scroll tbody tr:not([aria-hidden])')
      .evaluateAll((rows) =>
        rows.map((r) => r.getBoundingClientRect()).map((b) => ({ top: b.top, bottom: b.bottom })),
      );
    for (let i = 1; i < middle.length; i += 1)
      expect(
        Math.abs(middle[i]!.top - middle[i - 1]!.bottom),
        `middle row ${i} at ${size.name}`,
      ).toBeLessThanOrEqual(1);
    await page.screenshot({ path: test.info().outputPath(`users-5000-${size.name}-middle.png`) });
  }
});

test('user form: two errors at once, Enter shows them in ONE toast joined by a dot', async ({ page }) => {
  const org = newOrgId('user-form-errors');
  await seedOrg(page.request, org, schoolWithTeachers());
  const users = await signInAdmin(page, org);
  const { count } = users;
  await expect(count).toContainText('3 sur 3');

  const wizard = await users.startNewUser('Enseignant');
  // First and last name empty, e-mail malformed: both errors at once, each beside its field.
  const email = wizard.getByLabel('Email');
  await email.fill('ibrahima.ecole.sn');
  // (Prénom and Nom each flag it.)
  await expect(wizard.getByText('Prénom et nom requis', { exact: true })).toHaveCount(2);
  await expect(wizard.getByText('Format d’email invalide', { exact: true })).toBeVisible();
  const toasts = page.locator('.toast-region .toast');
  const joined = 'Prénom et nom requis · Format d’email invalide';
  // The toast shown after the pause in typing goes away first: the one that follows is Enter's own.
  await expect(toasts.filter({ hasText: joined })).toHaveCount(1);
  await expect(toasts).toHaveCount(0);

  await email.press('Enter');
  await expect(toasts).toHaveCount(1);
  await expect(toasts.first()).toHaveText(joined);
  await expect(toasts.first()).toHaveAttribute('role', 'alert');
  // Enter again, from another field: still one toast, not a pile.
  await wizard.getByLabel('Prénom').press('Enter');
  await expect(toasts).toHaveText([joined]);
  await page.screenshot({ path: test.info().outputPath('user-form-two-errors-enter.png') });
  // Nothing was saved: the form stays open, the list unchanged.
  await expect(wizard).toBeVisible();
  await expect(wizard.getByRole('button', { name: 'Enregistrer' })).toBeDisabled();
  await expect(count).toContainText('3 sur 3');
});
