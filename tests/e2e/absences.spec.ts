import { expect, test } from '@playwright/test';
import { liveDay } from './support/live-day';
import { absenceSchool, algorithmsCourse, newOrgId, readStoreAsAdmin, seedOrg } from './support/org';
import { SignInPage } from './support/pages/sign-in';

/**
 * Issue 35, item 1, as people use it: a teacher declares today's absence from Module du jour and sees the
 * course it takes; the administrator of the plannings opens "Absences et remplacements", sees the course and
 * the first proposal with its reasons, and assigns it in one tap; the server holds one substitution.
 * (The substitute's own Module du jour and check-in: substitute-checkin.spec.ts.)
 */
test('a teacher declares an absence; the administrator assigns a proposed substitute in one tap', async ({
  browser,
  request,
  baseURL,
}) => {
  const org = newOrgId('absence');
  const { monday, dayOfWeek } = await liveDay();
  await seedOrg(request, org, {
    ...absenceSchool(),
    ...algorithmsCourse(monday, dayOfWeek, '23:00', '23:50'),
  });

  const teacher = await browser.newContext({ baseURL });
  const phone = await teacher.newPage();
  const signIn = new SignInPage(phone);
  await signIn.open(org);
  await signIn.signIn('moussa@ecole.sn', 'Prof@2026', { landing: /\/teacher\/today$/ });
  await phone.getByRole('button', { name: 'Déclarer une absence' }).click();
  const declare = phone.getByRole('dialog', { name: 'Déclarer une absence' });
  await declare.getByRole('textbox', { name: 'Motif' }).fill('Malade');
  await declare.getByRole('button', { name: 'Déclarer' }).click();
  await expect(declare.getByText('1 cours concerné :')).toBeVisible();
  await expect(declare.getByRole('listitem')).toHaveText('23:00–23:50 · Algorithmique');

  const office = await browser.newContext({ baseURL });
  const laptop = await office.newPage();
  const adminSignIn = new SignInPage(laptop);
  await adminSignIn.open(org);
  await adminSignIn.signIn('awa@ecole.sn', 'Admin@2026');
  await laptop.getByRole('button', { name: 'Menu utilisateur' }).click();
  await laptop.getByRole('menuitem', { name: 'Absences et remplacements' }).click();
  const dialog = laptop.getByRole('dialog', { name: 'Absences et remplacements' });
  // The teacher's phone sends the absence; the administrator's device receives it.
  const course = dialog.getByRole('group', { name: '23:00–23:50 · Algorithmique · L1-INFO' });
  await expect(course).toBeVisible({ timeout: 30_000 });
  await expect(course.getByText(/libre à cette heure/).first()).toBeVisible();
  await course.getByRole('button', { name: 'Affecter Fatou Ndiaye' }).click();
  await expect(course.getByText('Remplacé par Fatou Ndiaye')).toBeVisible();
  // Settled: its choices fold away until « Changer de remplaçant » reopens them.
  await expect(course.getByRole('button', { name: 'Affecter Fatou Ndiaye' })).toBeHidden();
  await course.getByRole('button', { name: 'Changer de remplaçant' }).click();
  await expect(course.getByRole('button', { name: 'Personne : annuler le cours' })).toBeVisible();

  await expect
    .poll(async () => {
      const store = await readStoreAsAdmin(request, org);
      const substitutions = (store.substitutions ?? []) as { substituteUserId: string | null }[];
      return substitutions.map((s) => s.substituteUserId);
    })
    .toEqual(['u-t2']);

  // Consulter shows who gives the course: the substitute, marked « Remplacement ».
  await dialog.getByRole('button', { name: 'Fermer' }).click();
  await laptop.goto('/planning/consulter');
  await expect(
    laptop
      .getByRole('button', {
        name: /^Algorithmique, classe L1-INFO, Fatou Ndiaye \(Remplacement de Moussa Fall\)/,
      })
      .first(),
  ).toBeVisible();
  await expect(
    laptop.getByRole('button', { name: /^Algorithmique, classe L1-INFO, Moussa Fall,/ }),
  ).toHaveCount(0);
  await teacher.close();
  await office.close();
});
