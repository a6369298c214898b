import { expect, request as playwrightRequest, test } from '@playwright/test';
import { realDay } from '../support/builders';
import { algorithmsCourse, newOrgId, schoolWithTeachers, seedOrg } from './support/org';
import { SignInPage } from './support/pages/sign-in';

/**
 * Issue 35, item 2, as a teacher uses it: "Calendrier" in her menu makes a private address, shown once,
 * that any calendar application reads without a session (her course is in it); revoking it, after a
 * confirmation, makes the address answer 404.
 */
test('a teacher subscribes to her courses, then revokes the address', async ({ page, request, baseURL }) => {
  const org = newOrgId('agenda');
  const { monday } = realDay();
  await seedOrg(request, org, { ...schoolWithTeachers(), ...algorithmsCourse(monday, 1, '10:00', '12:00') });
  const signIn = new SignInPage(page);
  await signIn.open(org);
  await signIn.signIn('moussa@ecole.sn', 'Prof@2026');

  await page.getByRole('button', { name: 'Menu utilisateur' }).click();
  await page.getByRole('menuitem', { name: 'Calendrier' }).click();
  const dialog = page.getByRole('dialog', { name: 'Abonnement au calendrier' });
  const mine = dialog.getByRole('region', { name: 'Mes cours' });
  await expect(mine.getByText('Aucune adresse active.')).toBeVisible();
  await mine.getByRole('button', { name: 'Créer l’adresse' }).click();

  const address = mine.getByLabel('Adresse du calendrier');
  await expect(address).toHaveText(/\/api\/calendar\/[0-9a-f]{64}\.ics$/);
  const url = (await address.textContent()) ?? '';
  await expect(mine.getByRole('link', { name: 'Ouvrir dans l’application Calendrier' })).toHaveAttribute(
    'href',
    url.replace(/^https?:\/\//, 'webcal://'),
  );

  // A calendar application: no cookie, only the address.
  const outsider = await playwrightRequest.newContext({ baseURL });
  try {
    const feed = await outsider.get(url);
    expect(feed.status()).toBe(200);
    const text = await feed.text();
    expect(text).toContain('BEGIN:VCALENDAR');
    expect(text).toContain('SUMMARY:Algorithmique · L1-INFO');

    await mine.getByRole('button', { name: 'Révoquer l’adresse' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Révoquer l’adresse ?' });
    await confirm.getByRole('button', { name: 'Révoquer l’adresse' }).click();
    await expect(mine.getByText('Aucune adresse active.')).toBeVisible();
    expect((await outsider.get(url)).status()).toBe(404);
  } finally {
    await outsider.dispose();
  }
});
