import { expect, test } from '@playwright/test';
import { liveDay } from './support/live-day';
import {
  absenceSchool,
  algorithmsCourse,
  moussaAbsence,
  moussaSubstitution,
  newOrgId,
  readStoreAsAdmin,
  seedOrg,
} from './support/org';
import { SignInPage } from './support/pages/sign-in';

/**
 * Issue 35, item 1, as people use it: the course of an absent teacher (Moussa Fall) was assigned to Fatou
 * Ndiaye. Fatou signs in on her phone, sees the course in Module du jour marked "Remplacement", taps Arrivée:
 * the server keeps her check-in, in her name; Mon planning shows the replacement. Moussa's Module du jour shows his course "Remplacé par Fatou
 * Ndiaye", with no Arrivée of his.
 */
test.describe.configure({ timeout: 120_000 });

test('the substitute sees the course in Module du jour and checks in; the absent teacher sees it replaced', async ({
  browser,
  request,
  baseURL,
}) => {
  const org = newOrgId('substitute');
  const { monday, dayOfWeek, date: today } = await liveDay();
  // A course open for check-in all day (today, UTC), so the test runs at any hour.
  const course = algorithmsCourse(monday, dayOfWeek, '00:01', '23:59');
  await seedOrg(request, org, {
    // The administrator reads the check-ins (the attendance module), to check the server's copy.
    ...absenceSchool({
      adminModules: ['attendance'],
      absences: [moussaAbsence(today)],
      substitutions: [
        moussaSubstitution(today, { id: 's-1', start: '00:01', end: '23:59' }, 'mod-algo', 'u-t2'),
      ],
    }),
    ...course,
  });

  const fatou = await browser.newContext({ baseURL });
  const phone = await fatou.newPage();
  const signIn = new SignInPage(phone);
  await signIn.open(org);
  await signIn.signIn('fatou@ecole.sn', 'Prof@2026', { landing: /\/teacher\/today$/ });
  const card = phone.getByRole('article', { name: /.+/ });
  await expect(card).toContainText('Algorithmique');
  await expect(card).toContainText('Remplacement · Remplacement de Moussa Fall');
  await card.getByRole('button', { name: /^Arrivée : Algorithmique/ }).click();
  await expect(card).toContainText('En cours');

  // The server keeps her check-in, in her name.
  await expect
    .poll(
      async () => {
        const store = await readStoreAsAdmin(request, org);
        return (store.planningLogs ?? [])
          .filter((l) => l.action === 'planning-checkin')
          .map((l) => [l.teacherUserId, l.actorUserId]);
      },
      { timeout: 30_000 },
    )
    .toEqual([['u-t2', 'u-t2']]);

  // Mon planning shows it too, as a replacement.
  await phone.getByRole('link', { name: 'Mon planning' }).click();
  await expect(phone.getByText('Remplacement · Algorithmique').first()).toBeVisible();

  // The absent teacher: his course replaced, nothing to tap.
  const moussa = await browser.newContext({ baseURL });
  const his = await moussa.newPage();
  const hisSignIn = new SignInPage(his);
  await hisSignIn.open(org);
  await hisSignIn.signIn('moussa@ecole.sn', 'Prof@2026', { landing: /\/teacher\/today$/ });
  // No Arrivée to offer: his course is listed among the day's, not featured.
  const hisRow = his.getByRole('row', { name: /Algorithmique/ });
  await expect(hisRow).toContainText('Remplacé par Fatou Ndiaye');
  await expect(hisRow.getByRole('cell', { name: 'Remplacé', exact: true })).toBeVisible();
  await expect(hisRow.getByRole('button', { name: /^Arrivée/ })).toHaveCount(0);
  await expect(hisRow).toContainText('Fatou Ndiaye émarge ce cours à votre place.');
  await expect(his.getByRole('article')).toHaveCount(0);
  await his.getByRole('link', { name: 'Mon planning' }).click();
  await expect(his.getByText(/Remplacé par Fatou Ndiaye/).first()).toBeVisible();
  await fatou.close();
  await moussa.close();
});
