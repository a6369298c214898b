import { expect, test } from '@playwright/test';
import { E2E_SETUP_CODE, INITIAL_PASSWORD, newOrgId, schoolWithTeachers, seedOrg } from './support/org';
import { submitSignIn } from './support/pages/sign-in';

test('fresh install: emergency admin, forced password change, then /users', async ({ page }) => {
  const org = newOrgId('fresh');
  await page.goto(`/login?org=${org}`);
  await expect(page.getByRole('heading', { name: 'Accès administrateur de secours' })).toBeVisible();
  const emergency = page.getByRole('region', { name: 'Accès administrateur de secours' });
  await emergency.getByLabel('Email').fill('directrice@ecole.sn');
  // Only the owner of the server creates a school: without the code printed in its terminal, nothing.
  await emergency.getByRole('button', { name: 'Promouvoir Super Admin' }).click();
  await expect(page.getByText('Code d’installation incorrect.', { exact: false })).toBeVisible();
  await emergency.getByLabel('Code d’installation (affiché dans le terminal du serveur)').fill('FAUX-CODE');
  await emergency.getByRole('button', { name: 'Promouvoir Super Admin' }).click();
  await expect(page.getByText('Code d’installation incorrect.', { exact: false })).toBeVisible();
  await emergency
    .getByLabel('Code d’installation (affiché dans le terminal du serveur)')
    .fill(E2E_SETUP_CODE);
  await emergency.getByRole('button', { name: 'Promouvoir Super Admin' }).click();
  await expect(page.getByText('Compte Super Admin prêt pour directrice@ecole.sn')).toBeVisible();

  await submitSignIn(page, 'directrice@ecole.sn', INITIAL_PASSWORD);
  await expect(page).toHaveURL(/\/first-login$/);
  await page.getByLabel('Nouveau mot de passe').fill('court');
  await page.getByLabel('Confirmation').fill('court');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByRole('alert')).toHaveText('Le mot de passe doit contenir au moins 6 caractères.');
  await page.getByLabel('Nouveau mot de passe').fill('Directrice@1');
  await page.getByLabel('Confirmation').fill('Directrice@2');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByRole('alert')).toHaveText('Les mots de passe ne correspondent pas.');
  await page.getByLabel('Confirmation').fill('Directrice@1');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('navigation', { name: 'Modules' })).toContainText('Gestion des utilisateurs');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gestion des utilisateurs');

  // The promoted admin now exists: the emergency area is gone and refuses when forced open.
  await page.getByRole('button', { name: 'Menu utilisateur' }).click();
  await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
  await expect(page.getByText('Déconnexion réussie')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Accès administrateur de secours' })).toHaveCount(0);
  await page.goto('/login?emergency=1');
  const area = page.getByRole('region', { name: 'Accès administrateur de secours' });
  await area.getByLabel('Email').fill('intrus@ecole.sn');
  await area.getByLabel('Code d’installation (affiché dans le terminal du serveur)').fill(E2E_SETUP_CODE);
  await area.getByRole('button', { name: 'Promouvoir Super Admin' }).click();
  await expect(
    page.getByText('Un administrateur actif existe déjà. Utilisez ses identifiants ou la réinitialisation.'),
  ).toBeVisible();

  await submitSignIn(page, 'directrice@ecole.sn', 'Directrice@1');
  await expect(page).toHaveURL(/\/users$/);
});

test('wrong password, unknown e-mail and empty password messages', async ({ page, request }) => {
  const org = newOrgId('wrong');
  await seedOrg(request, org, schoolWithTeachers());
  await page.goto(`/login?org=${org}&email=awa@ecole.sn`);
  await expect(page.getByLabel('Email').first()).toHaveValue('awa@ecole.sn');
  await submitSignIn(page, 'awa@ecole.sn', 'pas-le-bon');
  await expect(page.getByRole('alert')).toHaveText('Mot de passe incorrect.');
  await submitSignIn(page, 'personne@ecole.sn', 'x');
  await expect(page.getByRole('alert')).toHaveText('Utilisateur introuvable. Vérifiez votre email.');
  await submitSignIn(page, 'awa@ecole.sn', '');
  await expect(page.getByRole('alert')).toHaveText('Veuillez saisir votre mot de passe.');
  await submitSignIn(page, 'awa@ecole.sn', 'Admin@2026');
  await expect(page).toHaveURL(/\/users$/);

  // Change password from the user menu: its three messages, then success.
  await page.getByRole('button', { name: 'Menu utilisateur' }).click();
  await page.getByRole('menuitem', { name: 'Changer le mot de passe' }).click();
  const dialog = page.getByRole('dialog', { name: 'Changer le mot de passe' });
  await dialog.getByLabel('Mot de passe actuel').fill('faux');
  await dialog.getByLabel('Nouveau mot de passe', { exact: true }).fill('Nouveau@2026');
  await dialog.getByLabel('Confirmation du nouveau mot de passe').fill('Nouveau@2026');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Mot de passe actuel incorrect.');
  await dialog.getByLabel('Mot de passe actuel').fill('Admin@2026');
  await dialog.getByLabel('Nouveau mot de passe', { exact: true }).fill('abc');
  await dialog.getByLabel('Confirmation du nouveau mot de passe').fill('abc');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Le nouveau mot de passe doit contenir au moins 6 caractères.',
  );
  await dialog.getByLabel('Nouveau mot de passe', { exact: true }).fill('Nouveau@2026');
  await dialog.getByLabel('Confirmation du nouveau mot de passe').fill('Nouveau@2026');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Mot de passe modifié avec succès')).toBeVisible();
});

test('unknown paths go to /, guarded sections redirect to their first tab', async ({ page, request }) => {
  const org = newOrgId('routes');
  await seedOrg(request, org, schoolWithTeachers());
  await page.goto(`/login?org=${org}`);
  await submitSignIn(page, 'awa@ecole.sn', 'Admin@2026');
  await expect(page).toHaveURL(/\/users$/);
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
