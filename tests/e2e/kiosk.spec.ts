import { expect, test } from '@playwright/test';
import { enrolKioskApi, newOrgId, schoolWithTeachers, seedOrg } from './support/org';
import { SignInPage } from './support/pages/sign-in';
import { TodayPage } from './support/pages/today';

test('a device that is not an enrolled kiosk offers no PIN sign-in', async ({ page, request }) => {
  const org = newOrgId('not-kiosk');
  await seedOrg(request, org, schoolWithTeachers());
  const login = new SignInPage(page);
  await login.open(org);
  await login.openPinTab();
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
  const login = new SignInPage(page);
  await login.open(org);
  await login.openPinTab();
  await page.getByRole('button', { name: 'Moussa Fall' }).click();
  await expect(page.getByText('Code PIN de Moussa Fall')).toBeVisible();
  await login.typePin('4321');
  await expect(page).toHaveURL(/\/teacher\/today$/);
  await expect(new TodayPage(page).heading).toBeVisible();
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
  const login = new SignInPage(page);
  await login.open(org);
  await login.openPinTab();
  await page.getByRole('button', { name: 'Fatou Ndiaye' }).click();
  await login.typePin('12');
  await expect(page.getByRole('alert')).toHaveText('Saisissez votre code PIN.');
  await login.typePin('1111');
  await expect(page.getByRole('alert')).toHaveText('PIN incorrect. 2 tentative(s) restante(s).');
  await login.typePin('2222');
  await expect(page.getByRole('alert')).toHaveText('PIN incorrect. 1 tentative(s) restante(s).');
  await login.typePin('3333');
  await expect(page.getByRole('alert')).toHaveText('Trop de tentatives. Réessayez dans 5 minutes.');
  // During the cooldown the pad is locked (even the right PIN cannot be typed) and the time left counts down
  // (issue 33, tests/e2e/kiosk-pin-sheet.spec.ts).
  await expect(page.getByRole('timer')).toHaveText(/Réessayez dans [45]:\d\d\./);
  await expect(page.getByRole('button', { name: 'Chiffre 8' })).toBeDisabled();
  await expect(page).toHaveURL(/\/login/);
});
