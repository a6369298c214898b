import { expect, test, type Browser } from '@playwright/test';
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
 * Issue 35, « Limites connues » closed: Moussa Fall is absent today and Fatou Ndiaye replaces him at 23:00.
 * The administrator taps « Retirer le remplacement »: the course is Moussa's again (its proposals come back),
 * the server holds no substitution, and each teacher's bell tells her or him (Fatou no longer replaces,
 * Moussa gives his course); the slot's history keeps a « Remplacement retiré » entry.
 */
const COURSE = { id: 's-1', start: '23:00', end: '23:50' };

async function signedIn(
  browser: Browser,
  baseURL: string | undefined,
  org: string,
  email: string,
  password: string,
) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const signIn = new SignInPage(page);
  await signIn.open(org);
  await signIn.signIn(email, password, email === 'awa@ecole.sn' ? {} : { landing: /\/teacher\/today$/ });
  return { context, page };
}

test('removing a substitution gives the course back and tells both teachers', async ({
  browser,
  request,
  baseURL,
}) => {
  const org = newOrgId('absence-remove');
  const { date, monday, dayOfWeek } = await liveDay();
  await seedOrg(request, org, {
    ...absenceSchool({
      absences: [moussaAbsence(date)],
      substitutions: [moussaSubstitution(date, COURSE, 'mod-algo', 'u-t2')],
    }),
    ...algorithmsCourse(monday, dayOfWeek, COURSE.start, COURSE.end, { slotId: COURSE.id }),
  });

  const office = await signedIn(browser, baseURL, org, 'awa@ecole.sn', 'Admin@2026');
  const laptop = office.page;
  await laptop.getByRole('button', { name: 'Menu utilisateur' }).click();
  await laptop.getByRole('menuitem', { name: 'Absences et remplacements' }).click();
  const dialog = laptop.getByRole('dialog', { name: 'Absences et remplacements' });
  const course = dialog.getByRole('group', { name: '23:00–23:50 · Algorithmique · L1-INFO' });
  await expect(course.getByText('Remplacé par Fatou Ndiaye')).toBeVisible();
  await course.getByRole('button', { name: 'Retirer le remplacement' }).click();
  // Nobody replaces him any more: the proposals are back, Fatou first.
  await expect(course.getByText(/Remplacé par/)).toHaveCount(0);
  await expect(course.getByRole('button', { name: 'Affecter Fatou Ndiaye' })).toBeVisible();
  await expect(course.getByRole('button', { name: 'Retirer le remplacement' })).toHaveCount(0);

  // The administrator's device sends the deletion and both notices in one push (the notices are read by
  // their teachers only: their bells below).
  await expect
    .poll(async () => ((await readStoreAsAdmin(request, org)).substitutions ?? []) as unknown[])
    .toEqual([]);
  // The removal leaves its trace in the slot's history, naming the substitute it withdrew.
  await expect
    .poll(async () =>
      ((await readStoreAsAdmin(request, org)).planningLogs ?? [])
        .map((l) => l as Record<string, unknown>)
        .filter((l) => l.action === 'planning-restore')
        .map((l): unknown[] => [l.teacherUserId, l.formerSubstituteUserId, l.note]),
    )
    .toEqual([['u-t1', 'u-t2', expect.stringContaining('Fatou Ndiaye ne le remplace plus')]]);
  await office.context.close();

  const day = `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
  for (const [email, text] of [
    ['fatou@ecole.sn', `Vous ne remplacez plus Moussa Fall le ${day} à 23:00`],
    ['moussa@ecole.sn', `Votre cours du ${day} à 23:00 n’est plus remplacé : vous le donnez`],
  ] as const) {
    const { context, page } = await signedIn(browser, baseURL, org, email, 'Prof@2026');
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await expect(panel.getByRole('list', { name: 'Remplacements' }).getByRole('listitem')).toHaveText(
      [text],
      {
        timeout: 30_000,
      },
    );
    await context.close();
  }
});
