import { expect, test } from '@playwright/test';
import { enrolKioskApi, newOrgId, schoolWithTeachers, seedOrg } from './support/org';
import { SignInPage } from './support/pages/sign-in';

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results';

/**
 * Issue 33, the classroom kiosk (820 px, portrait): a teacher without a PIN is greyed with the reason
 * before any digit is typed, and "Se souvenir de moi" starts unticked on the shared tablet.
 */
test.use({ viewport: { width: 820, height: 1180 } });

test('kiosk: a teacher without a PIN is greyed with the reason; remember-me starts unticked', async ({
  page,
  context,
  request,
}) => {
  const org = newOrgId('kiosk-no-pin');
  const school = schoolWithTeachers();
  const [, moussa] = school.users;
  const noPin = { ...moussa, id: 'u-t3', name: 'Ibrahima Sow', email: 'ibrahima@ecole.sn' };
  delete (noPin as { pin?: string }).pin;
  await seedOrg(request, org, { ...school, users: [...school.users, noPin] });
  await enrolKioskApi(context, org, 'Salle 12');
  const login = new SignInPage(page);
  await login.open(org);
  await login.openPinTab();

  const without = page.getByRole('button', { name: /Ibrahima Sow/ });
  await expect(without).toContainText("Pas de code PIN : demandez-le à l'administration");
  await expect(without).toBeDisabled();
  const withPin = page.getByRole('button', { name: 'Moussa Fall' });
  await expect(withPin).toBeEnabled();
  await expect(withPin).not.toContainText('Pas de code PIN');
  await expect(page.getByRole('button', { name: 'Chiffre 1' })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/kiosk-no-pin-820.png`, fullPage: true });

  // the names with a PIN still sign in
  await withPin.click();
  await expect(page.getByText('Code PIN de Moussa Fall')).toBeVisible();
  await page.getByRole('button', { name: 'Changer de personne' }).click();
  await expect(without).toBeVisible();

  await page.getByRole('tab', { name: 'Connexion par mot de passe' }).click();
  await expect(page.getByRole('checkbox', { name: 'Se souvenir de moi' })).not.toBeChecked();
});

test('a device that is not a kiosk keeps "Se souvenir de moi" ticked', async ({ page, request }) => {
  const org = newOrgId('not-kiosk-remember');
  await seedOrg(request, org, schoolWithTeachers());
  const login = new SignInPage(page);
  await login.open(org);
  await expect(page.getByRole('checkbox', { name: 'Se souvenir de moi' })).toBeChecked();
});
