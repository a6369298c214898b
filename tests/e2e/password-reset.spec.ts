import { expect, test } from '@playwright/test';
import { newOrgId, schoolWithTeachers, seedOrg } from './support/org';

test('forgot password: the link is displayed, opens the reset screen, and the new password works', async ({
  page,
  request,
}) => {
  const org = newOrgId('reset');
  await seedOrg(request, org, schoolWithTeachers());
  await page.goto(`/login?org=${org}`);
  await page.getByRole('button', { name: 'Mot de passe oublié ?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mot de passe oublié' });
  await dialog.getByLabel('Email').fill('sans-arobase');
  await dialog.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(dialog.getByText('Saisissez un email valide')).toBeVisible();
  await dialog.getByLabel('Email').fill('inconnu@ecole.sn');
  await dialog.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(
    dialog.getByText('Si un compte correspond à cet email, un lien de réinitialisation a été envoyé.'),
  ).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Ouvrir' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Fermer' }).click();

  await page.getByRole('button', { name: 'Mot de passe oublié ?' }).click();
  await dialog.getByLabel('Email').fill('moussa@ecole.sn');
  await dialog.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(
    dialog.getByText('Si un compte correspond à cet email, un lien de réinitialisation a été envoyé.'),
  ).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Copier' })).toBeVisible();
  const link = await dialog.getByRole('link', { name: 'Ouvrir' }).getAttribute('href');
  // The server made the link (issue 12): the spec's shape, plus the organisation the token belongs to.
  expect(link).toMatch(new RegExp(`/reset-password\\?token=[0-9a-f]{32}&org=${org}$`));

  await page.goto('/reset-password?token=00000000000000000000000000000000');
  await expect(page.getByText('Lien invalide ou expiré.')).toBeVisible();

  await page.goto(link ?? '');
  await expect(page.getByRole('heading', { name: 'Réinitialiser le mot de passe' })).toBeVisible();
  await page.getByLabel('Nouveau mot de passe').fill('Nouveau@2026');
  await page.getByLabel('Confirmation').fill('Nouveau@2026');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page).toHaveURL(/\/login$/, { timeout: 5000 });

  await page.getByLabel('Email').first().fill('moussa@ecole.sn');
  await page.getByLabel('Mot de passe', { exact: true }).fill('Nouveau@2026');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/teacher\/today$/);

  // The link works once.
  await page.goto(link ?? '');
  await expect(page.getByText('Lien invalide ou expiré.')).toBeVisible();
});
