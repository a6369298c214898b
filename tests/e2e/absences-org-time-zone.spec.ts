import { expect, test } from '@playwright/test';
import { newOrgId, readStoreAsAdmin, schoolWithTeachers, seedOrg } from './support/org';
import { SignInPage } from './support/pages/sign-in';

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results';

/**
 * Issue 35: the organisation's time zone, the hours of the calendar feeds, set in Paramètres › Données. The
 * administrator of the data finds the stored default (Africa/Dakar), searches "paris", picks Europe/Paris
 * and saves; the server keeps it; a reload shows it.
 */
test('the administrator searches and saves the organisation’s time zone', async ({ page, request }) => {
  const org = newOrgId('time-zone');
  await seedOrg(request, org, schoolWithTeachers());
  const signIn = new SignInPage(page);
  await signIn.open(org);
  await signIn.signIn('awa@ecole.sn', 'Admin@2026');
  await page.goto('/settings/donnees');

  const section = page.getByRole('region', { name: 'Fuseau horaire de l’organisation' });
  await expect(section.getByText('Fuseau enregistré : Afrique / Dakar — UTC+00:00')).toBeVisible();
  const list = section.getByRole('combobox', { name: 'Fuseau horaire', exact: true });
  const save = section.getByRole('button', { name: 'Enregistrer le fuseau' });
  await expect(list).toHaveValue('Africa/Dakar');
  // Nothing changed yet: nothing to save.
  await expect(save).toBeDisabled();

  await section.getByRole('textbox', { name: 'Rechercher un fuseau' }).fill('paris');
  // The chosen zone stays listed beside the matches.
  await expect(list.getByRole('option')).toHaveText([
    'Afrique / Dakar — UTC+00:00',
    /^Europe \/ Paris — UTC\+0[12]:00$/,
  ]);
  await expect(section.getByText('1 fuseau sur')).toBeVisible();
  await list.selectOption('Europe/Paris');
  await section.screenshot({ path: `${SHOTS}/settings-time-zone.png` });
  await save.click();
  await expect(page.getByText('Fuseau horaire enregistré.')).toBeVisible();
  await expect(section.getByText(/^Fuseau enregistré : Europe \/ Paris/)).toBeVisible();
  await expect(save).toBeDisabled();

  await expect
    .poll(async () => {
      const store = await readStoreAsAdmin(request, org);
      return ((store.settings ?? []) as { id: string; timeZone?: string }[]).find((s) => s.id === 'org')
        ?.timeZone;
    })
    .toBe('Europe/Paris');

  await page.reload();
  await expect(list).toHaveValue('Europe/Paris');
});
