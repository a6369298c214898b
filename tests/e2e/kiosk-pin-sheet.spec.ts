import { expect, test, type Page } from '@playwright/test';
import type { RealDay } from '../support/builders';
import { liveDay } from './support/live-day';
import {
  algorithmsCourse,
  enrolKioskApi,
  newOrgId,
  readStoreAsAdmin,
  schoolWithTeachers,
  seedOrg,
} from './support/org';
import { SignInPage, signInOnNewPage } from './support/pages/sign-in';
import { TodayPage } from './support/pages/today';

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results';

/**
 * Issue 33 point 3 and 7 on the classroom kiosk (820 px): a printable PIN sheet for a class, every name tile
 * of one height (a teacher without a PIN included), the names list never shown empty after an Arrivée, the
 * lockout after three wrong PINs counted down.
 */
test.use({ viewport: { width: 820, height: 1180 } });

/** The school, its course on the real day (check-ins are timed by the server's clock), started 5 minutes ago. */
function school({ dayOfWeek, monday, since, until }: RealDay) {
  const base = schoolWithTeachers();
  const [admin, moussa, fatou] = base.users;
  const ibrahima = { ...moussa, id: 'u-t3', name: 'Ibrahima Sow', email: 'ibrahima@ecole.sn' };
  delete (ibrahima as { pin?: string }).pin;
  return {
    ...base,
    users: [admin, moussa, fatou, ibrahima],
    ...algorithmsCourse(monday, dayOfWeek, since(5), until(115)),
  };
}

async function tileHeights(page: Page): Promise<number[]> {
  const names = page.getByRole('list', { name: 'Qui êtes-vous ?' });
  return names
    .getByRole('button')
    .evaluateAll((buttons) => buttons.map((b) => b.getBoundingClientRect().height));
}

test('PIN sheet: new PINs for a class shown once on cards to print; the kiosk takes them', async ({
  browser,
  request,
}) => {
  const org = newOrgId('pin-sheet');
  await seedOrg(request, org, school(await liveDay()));
  const page = await signInOnNewPage(browser, org, 'awa@ecole.sn', 'Admin@2026', {
    landing: /\/users$/,
    context: { viewport: { width: 820, height: 1180 } },
  });
  await page.getByRole('button', { name: 'Fiche des codes PIN' }).click();
  const dialog = page.getByRole('dialog', { name: 'Fiche des codes PIN' });
  // The kiosk's roster: every teacher, the one without a PIN too.
  const list = dialog.getByRole('list', { name: /enseignant\(s\) sélectionné\(s\)/ });
  await expect(list.getByRole('checkbox')).toHaveCount(3);
  await expect(list).not.toContainText('Awa Diop');
  // A class: only the teachers of its courses.
  await dialog.getByLabel('Classe').selectOption({ label: 'L1-INFO' });
  await expect(list.getByRole('checkbox')).toHaveCount(1);
  await expect(list.getByRole('checkbox', { name: 'Moussa Fall' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Créer les codes PIN' }).click();

  const card = dialog.getByRole('listitem').filter({ hasText: 'Moussa Fall' });
  const pinCell = card.getByLabel('Code PIN de Moussa Fall');
  await expect(pinCell).toHaveText(/^\d{4,6}$/);
  const pin = (await pinCell.textContent()) ?? '';
  expect(pin).not.toBe('4321');
  await expect(dialog).toContainText("Ces codes ne sont affichés qu'une fois");
  await expect(card).toContainText('L1-INFO');
  await page.screenshot({ path: `${SHOTS}/pin-sheet-820.png`, fullPage: true });
  // The printed page: the cards alone.
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.pin-sheet-print')).toBeVisible();
  await expect(page.locator('.pin-sheet-print')).toContainText(pin);
  await expect(page.locator('.shell')).toBeHidden();
  await page.screenshot({ path: `${SHOTS}/pin-sheet-print.png`, fullPage: true });
  await page.emulateMedia({ media: 'screen' });

  // Never kept in clear: the server's copy holds a hash, not the digits.
  const store = await readStoreAsAdmin(request, org);
  const serialised = JSON.stringify(store.users ?? []);
  expect(serialised).not.toContain(`"pin":"${pin}"`);
  const moussaRecord = JSON.stringify((store.users ?? []).find((u) => u.id === 'u-t1') ?? {});
  expect(moussaRecord).not.toContain(`"${pin}"`);

  // Closing the dialog forgets the PINs.
  await dialog.getByRole('button', { name: 'Fermer' }).click();
  await page.getByRole('button', { name: 'Fiche des codes PIN' }).click();
  await expect(page.getByRole('dialog', { name: 'Fiche des codes PIN' })).not.toContainText(pin);
  await page.context().close();

  // The new PIN opens the kiosk.
  const kiosk = await browser.newContext({ viewport: { width: 820, height: 1180 }, locale: 'fr-FR' });
  await enrolKioskApi(kiosk, org, 'Salle 12');
  const tablet = await kiosk.newPage();
  const login = new SignInPage(tablet);
  await login.open(org);
  await login.openPinTab();
  await tablet.getByRole('button', { name: 'Moussa Fall' }).click();
  // A six-digit PIN sends itself on the last digit; a shorter one is sent with Valider.
  for (const digit of pin) await tablet.getByRole('button', { name: `Chiffre ${digit}` }).click();
  if (pin.length < 6) await tablet.getByRole('button', { name: 'Valider' }).click();
  await expect(tablet).toHaveURL(/\/teacher\/today$/);
  await kiosk.close();
});

test('kiosk: tiles of one height, never an empty list after an Arrivée, a countdown after three wrong PINs', async ({
  page,
  context,
  request,
}) => {
  const org = newOrgId('kiosk-ux');
  await seedOrg(request, org, school(await liveDay()));
  await enrolKioskApi(context, org, 'Salle 12');
  // Records whether the names list is ever drawn with no name in it (the blank moment after an Arrivée).
  await page.addInitScript(() => {
    const w = window as unknown as { emptyListSeen: boolean };
    w.emptyListSeen = false;
    new MutationObserver(() => {
      for (const list of document.querySelectorAll('ul.pin-users'))
        if (list.children.length === 0) w.emptyListSeen = true;
    }).observe(document, { childList: true, subtree: true });
  });
  const login = new SignInPage(page);
  await login.open(org);
  await login.openPinTab();

  const without = page.getByRole('button', { name: /Ibrahima Sow/ });
  await expect(without).toContainText("Pas de code PIN : demandez-le à l'administration");
  const heights = await tileHeights(page);
  expect(heights).toHaveLength(3);
  for (const h of heights) expect(Math.abs(h - (heights[0] ?? 0))).toBeLessThanOrEqual(1);
  await page.screenshot({ path: `${SHOTS}/kiosk-no-pin-tiles-820.png`, fullPage: true });

  // An Arrivée, then back to the names by itself: a loading line or the names, never an empty list.
  await login.pinSignIn('Moussa Fall', '4321');
  const today = new TodayPage(page);
  await page.evaluate(() => ((window as unknown as { emptyListSeen: boolean }).emptyListSeen = false));
  await today.arrival().click();
  await expect(today.checkInConfirmation).toBeVisible();
  await expect(page).toHaveURL(/\/login\?mode=pin/, { timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Fatou Ndiaye' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { emptyListSeen: boolean }).emptyListSeen)).toBe(
    false,
  );

  // Three wrong PINs: the pad is locked and the time left counts down.
  await page.getByRole('button', { name: 'Fatou Ndiaye' }).click();
  await login.typePin('1111');
  await login.typePin('2222');
  await login.typePin('3333');
  const timer = page.getByRole('timer');
  await expect(timer).toHaveText(/^Trop de tentatives\. Réessayez dans [45]:\d\d\.$/);
  const first = (await timer.textContent()) ?? '';
  await expect(page.getByRole('button', { name: 'Chiffre 8' })).toBeDisabled();
  await expect(timer).not.toHaveText(first, { timeout: 5_000 });
  await page.screenshot({ path: `${SHOTS}/kiosk-pin-countdown-820.png` });
});
