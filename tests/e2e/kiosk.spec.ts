import { expect, test, type Page } from '@playwright/test';
import { enrolKioskApi, newOrgId, schoolWithTeachers, seedOrg } from './support/org';

async function typePin(page: Page, pin: string) {
  for (const digit of pin) await page.getByRole('button', { name: `Chiffre ${digit}` }).click();
  await page.getByRole('button', { name: 'Valider' }).click();
}

test('a device that is not an enrolled kiosk offers no PIN sign-in', async ({ page, request }) => {
  const org = newOrgId('not-kiosk');
  await seedOrg(request, org, schoolWithTeachers());
  await page.goto(`/login?org=${org}`);
  await page.getByRole('tab', { name: 'Accès rapide par PIN' }).click();
  await expect(
    page.getByText(
      "Cet appareil n'est pas enregistré comme borne. Un administrateur peut l'enregistrer depuis Paramètres › Données.",
    ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Moussa Fall' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Chiffre 1' })).toHaveCount(0);
});

test('a teacher PIN sign-in on the kiosk reaches only /teacher/today', async ({ page, context, request }) => {
  const org = newOrgId('kiosk');
  await seedOrg(request, org, schoolWithTeachers());
  await enrolKioskApi(context, org, 'Salle 12');
  await page.goto(`/login?org=${org}`);
  await page.getByRole('tab', { name: 'Accès rapide par PIN' }).click();
  await page.getByRole('button', { name: 'Moussa Fall' }).click();
  await expect(page.getByText('Code PIN de Moussa Fall')).toBeVisible();
  await typePin(page, '4321');
  await expect(page).toHaveURL(/\/teacher\/today$/);
  await expect(page.getByRole('heading', { name: 'Module du jour' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Modules' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Mon planning' })).toHaveCount(0);
  for (const path of [
    '/teacher/planning',
    '/teacher/workload',
    '/teacher/contract',
    '/users',
    '/attendance',
  ]) {
    await page.goto(path);
    await expect(page.getByText('Accès non autorisé')).toBeVisible();
  }
  await page.goto('/teacher');
  await expect(page).toHaveURL(/\/teacher\/today$/);
});

test('three wrong PINs start the cooldown', async ({ page, context, request }) => {
  const org = newOrgId('cooldown');
  await seedOrg(request, org, schoolWithTeachers());
  await enrolKioskApi(context, org, 'Salle 12');
  await page.goto(`/login?org=${org}`);
  await page.getByRole('tab', { name: 'Accès rapide par PIN' }).click();
  await page.getByRole('button', { name: 'Fatou Ndiaye' }).click();
  await typePin(page, '12');
  await expect(page.getByRole('alert')).toHaveText('Saisissez votre code PIN.');
  await typePin(page, '1111');
  await expect(page.getByRole('alert')).toHaveText('PIN incorrect. 2 tentative(s) restante(s).');
  await typePin(page, '2222');
  await expect(page.getByRole('alert')).toHaveText('PIN incorrect. 1 tentative(s) restante(s).');
  await typePin(page, '3333');
  await expect(page.getByRole('alert')).toHaveText('Trop de tentatives. Réessayez dans 5 minutes.');
  // Even the right PIN is refused during the cooldown.
  await typePin(page, '8765');
  await expect(page.getByRole('alert')).toHaveText('Trop de tentatives. Réessayez dans 5 minutes.');
  await expect(page).toHaveURL(/\/login/);
});
