import { expect, test } from '@playwright/test';
import { signIn, SignInPage, UserMenu } from './page-models/sign-in-page';
import { E2E_SETUP_CODE, INITIAL_PASSWORD, newOrgId, schoolWithTeachers, seedOrg } from './support/org';

test('fresh install: emergency admin, forced password change, then /users', async ({ page }) => {
  const org = newOrgId('fresh');
  const login = new SignInPage(page);
  await login.open(org);
  await expect(page.getByRole('heading', { name: 'Accès administrateur de secours' })).toBeVisible();
  // Only the owner of the server creates a school: without the code printed in its terminal, nothing.
  await login.promoteEmergencyAdmin('directrice@ecole.sn');
  await expect(page.getByText('Code d’installation incorrect.', { exact: false })).toBeVisible();
  await login.promoteEmergencyAdmin('directrice@ecole.sn', 'FAUX-CODE');
  await expect(page.getByText('Code d’installation incorrect.', { exact: false })).toBeVisible();
  await login.promoteEmergencyAdmin('directrice@ecole.sn', E2E_SETUP_CODE);
  await expect(page.getByText('Compte Super Admin prêt pour directrice@ecole.sn')).toBeVisible();

  await login.submit('directrice@ecole.sn', INITIAL_PASSWORD);
  await expect(page).toHaveURL(/\/first-login$/);
  await login.chooseNewPassword('court');
  await expect(login.error).toHaveText('Le mot de passe doit contenir au moins 6 caractères.');
  await login.chooseNewPassword('Directrice@1', 'Directrice@2');
  await expect(login.error).toHaveText('Les mots de passe ne correspondent pas.');
  await login.chooseNewPassword('Directrice@1');
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('navigation', { name: 'Modules' })).toContainText('Gestion des utilisateurs');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gestion des utilisateurs');

  // The promoted admin now exists: the emergency area is gone and refuses when forced open.
  await new UserMenu(page).choose('Déconnexion');
  await expect(page.getByText('Déconnexion réussie')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Accès administrateur de secours' })).toHaveCount(0);
  await page.goto('/login?emergency=1');
  await login.promoteEmergencyAdmin('intrus@ecole.sn', E2E_SETUP_CODE);
  await expect(
    page.getByText('Un administrateur actif existe déjà. Utilisez ses identifiants ou la réinitialisation.'),
  ).toBeVisible();

  await login.submit('directrice@ecole.sn', 'Directrice@1');
  await expect(page).toHaveURL(/\/users$/);
});

test('wrong password, unknown e-mail and empty password messages', async ({ page, request }) => {
  const org = newOrgId('wrong');
  await seedOrg(request, org, schoolWithTeachers());
  await page.goto(`/login?org=${org}&email=awa@ecole.sn`);
  await expect(page.getByLabel('Email').first()).toHaveValue('awa@ecole.sn');
  const login = new SignInPage(page);
  await login.submit('awa@ecole.sn', 'pas-le-bon');
  await expect(login.error).toHaveText('Mot de passe incorrect.');
  await login.submit('personne@ecole.sn', 'x');
  await expect(login.error).toHaveText('Utilisateur introuvable. Vérifiez votre email.');
  await login.submit('awa@ecole.sn', '');
  await expect(login.error).toHaveText('Veuillez saisir votre mot de passe.');
  await login.submit('awa@ecole.sn', 'Admin@2026');
  await expect(page).toHaveURL(/\/users$/);

  // Change password from the user menu: its three messages, then success.
  const menu = new UserMenu(page);
  await menu.choose('Changer le mot de passe');
  const dialog = menu.passwordDialog;
  await menu.changePassword({ current: 'faux', next: 'Nouveau@2026' });
  await expect(dialog.getByRole('alert')).toHaveText('Mot de passe actuel incorrect.');
  await menu.changePassword({ current: 'Admin@2026', next: 'abc' });
  await expect(dialog.getByRole('alert')).toHaveText(
    'Le nouveau mot de passe doit contenir au moins 6 caractères.',
  );
  await menu.changePassword({ next: 'Nouveau@2026' });
  await expect(page.getByText('Mot de passe modifié avec succès')).toBeVisible();
});

test('unknown paths go to /, guarded sections redirect to their first tab', async ({ page, request }) => {
  const org = newOrgId('routes');
  await seedOrg(request, org, schoolWithTeachers());
  await signIn(page, org, 'awa@ecole.sn', 'Admin@2026', { landing: /\/users$/ });
  await page.goto('/nulle-part');
  await expect(page).toHaveURL(/\/users$/);
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/settings\/instituts$/);
  await expect(page.getByRole('navigation', { name: 'Onglets de la section' }).getByRole('link')).toHaveText([
    'Instituts',
    'Niveaux',
    'Classes',
    'Modules',
    'Données',
  ]);
  await page.goto('/planning/importer');
  await expect(page.getByText('Accès non autorisé')).toBeVisible();
});
