import { expect, request as playwrightRequest, test } from '@playwright/test';
import { newOrgId, SCHOOL_ADMIN, schoolWithTeachers, seedOrg, signInApi } from './support/org';
import { SignInPage } from './support/pages/sign-in';

const ASK_ADMIN =
  "Si aucun e-mail n'arrive, demandez à un administrateur de votre établissement : il peut vous donner un lien de réinitialisation ou un mot de passe temporaire depuis la gestion des utilisateurs.";

test('forgot password: never a link to whoever asks; the administrator’s link opens the reset screen, and the new password works', async ({
  page,
  request,
  baseURL,
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
  // A real account gets exactly the same answer: no link on the screen (the server has no e-mail service
  // here), the spec's neutral sentence and where to turn.
  await expect(
    dialog.getByText('Si un compte correspond à cet email, un lien de réinitialisation a été envoyé.'),
  ).toBeVisible();
  await expect(dialog.getByText(ASK_ADMIN)).toBeVisible();
  await expect(dialog.getByRole('link')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Copier' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Fermer' }).click();

  // The administrator, who may manage Moussa, produces the link (POST /api/users/:id/reset-link).
  const admin = await playwrightRequest.newContext({ baseURL });
  await signInApi(admin, org, SCHOOL_ADMIN.email, SCHOOL_ADMIN.password);
  const made = await admin.post(`/api/users/u-t1/reset-link?orgId=${org}`, { data: {} });
  expect(made.ok()).toBe(true);
  const { path } = (await made.json()) as { path: string };
  await admin.dispose();
  const link = path;
  // The spec's shape, plus the organisation the token belongs to.
  expect(link).toMatch(new RegExp(`^/reset-password\\?token=[0-9a-f]{32}&org=${org}$`));

  await page.goto('/reset-password?token=00000000000000000000000000000000');
  await expect(page.getByText('Lien invalide ou expiré.')).toBeVisible();

  await page.goto(link ?? '');
  await expect(page.getByRole('heading', { name: 'Réinitialiser le mot de passe' })).toBeVisible();
  await page.getByLabel('Nouveau mot de passe').fill('Nouveau@2026');
  await page.getByLabel('Confirmation').fill('Nouveau@2026');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page).toHaveURL(/\/login$/, { timeout: 5000 });

  await new SignInPage(page).signIn('moussa@ecole.sn', 'Nouveau@2026', { landing: /\/teacher\/today$/ });

  // The link works once.
  await page.goto(link ?? '');
  await expect(page.getByText('Lien invalide ou expiré.')).toBeVisible();
});
