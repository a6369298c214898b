import { expect, test } from '@playwright/test';

test('a fresh browser opens the app and reaches the login screen in French', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  // .first(): on a server without administrator the emergency area has its own Email field.
  await expect(page.getByLabel('Email').first()).toBeVisible();
  await expect(page.getByLabel('Mot de passe', { exact: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Accès rapide par PIN' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
});
