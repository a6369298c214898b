import { expect, test } from '@playwright/test';
import { courseSlot, weekTimetable } from '../support/builders';
import { newOrgId, schoolWithTeachers, seedOrg } from './support/org';
import { AttendancePage } from './support/pages/attendance';
import { signInOnNewPage } from './support/pages/sign-in';
import { waitSynced } from './support/pages/sync-status';
import { TodayPage } from './support/pages/today';

/**
 * Issue 32, the states a school pays on, read as a teacher and an administrator would: Départ refused before
 * the planned start, asked with the time left, undone within seconds; a course nobody checked into is
 * "Non émargé" once over, and an administrator records its check-in with a reason.
 */
const DAY = '2026-03-09'; // a Monday; times are UTC
const at = (time: string) => new Date(`${DAY}T${time}:00.000Z`);

function org() {
  const base = schoolWithTeachers();
  return {
    ...base,
    // The administrator follows attendance and may correct (planning.consulter.actions).
    profiles: base.profiles.map((p) =>
      p.id === 'super-admin'
        ? {
            ...p,
            moduleIds: [...p.moduleIds, 'attendance', 'planning.consulter', 'planning.consulter.actions'],
          }
        : p,
    ),
    levels: [{ id: 'lvl-1', name: 'Licence 1', abbr: 'L1' }],
    classes: [{ id: 'cls-1', code: 'L1-INFO', levelId: 'lvl-1' }],
    courseModules: [
      { id: 'mod-algo', code: 'ALGO', name: 'Algorithmique', levelId: 'lvl-1' },
      { id: 'mod-web', code: 'WEB', name: 'Développement web', levelId: 'lvl-1' },
    ],
    timetables: [
      weekTimetable(
        'tt-1',
        DAY,
        [
          courseSlot(1, '08:00', '10:00', 'mod-algo', 'u-t1', { id: 's-algo' }),
          courseSlot(1, '13:00', '15:00', 'mod-web', 'u-t1', { id: 's-web' }),
        ],
        { classId: 'cls-1' },
      ),
    ],
  };
}

test.describe.configure({ timeout: 180_000 });

test('Départ: refused before the start, confirmed with the time left, undone; Non émargé recorded by an administrator', async ({
  browser,
  request,
}) => {
  const orgId = newOrgId('states');
  await seedOrg(request, orgId, org());

  // The teacher arrives at 12:31 for 13:00-15:00.
  const page = await signInOnNewPage(browser, orgId, 'moussa@ecole.sn', 'Prof@2026', { clock: at('12:31') });
  const today = new TodayPage(page);
  await today.open();
  await today.arrival().click();
  await expect(today.checkInConfirmation).toBeVisible();
  // The course counts from 13:00; no Départ before it.
  await expect(today.departure()).toBeDisabled();
  await expect(today.currentCourse).toContainText(
    "Le départ n'est possible qu'à partir du début prévu du cours.",
  );

  await page.clock.fastForward('01:00:00'); // 13:31
  await expect(today.departure()).toBeEnabled();
  await today.departure().click();
  const ask = page.getByRole('alertdialog', { name: 'Départ' });
  await expect(ask).toContainText('Le cours se termine à 15:00 : partir maintenant ?');
  await ask.getByRole('button', { name: 'Rester' }).click();
  await expect(ask).toHaveCount(0);
  await expect(today.departure()).toBeEnabled();

  // Partir, then Annuler within the seconds left: nothing is recorded.
  await today.departure().click();
  await ask.getByRole('button', { name: 'Partir maintenant' }).click();
  const undo = page.getByRole('status').filter({ hasText: /Départ enregistré dans \d s/ });
  await expect(undo).toBeVisible();
  await undo.getByRole('button', { name: 'Annuler le départ' }).click();
  await expect(page.getByText('Départ annulé.')).toBeVisible();
  await expect(undo).toHaveCount(0);
  await expect(today.departure()).toBeEnabled();

  // Partir for real: recorded when the countdown ends.
  await today.departure().click();
  await ask.getByRole('button', { name: 'Partir maintenant' }).click();
  await expect(page.getByText('Départ · Moussa Fall · L1-INFO · Développement web')).toBeVisible({
    timeout: 15_000,
  });
  await expect(today.currentCourse).toHaveCount(0);
  await waitSynced(page);
  await page.context().close();

  // The administrator at 13:40: Algorithmique (08:00-10:00) has no check-in: Non émargé, not En retard.
  const admin = await signInOnNewPage(browser, orgId, 'awa@ecole.sn', 'Admin@2026', { clock: at('13:40') });
  const screen = new AttendancePage(admin);
  await screen.open(DAY);
  const algo = screen.row('08:00 – 10:00');
  await expect(algo).toContainText('Non émargé');
  await expect(screen.counter('Non émargé')).toContainText('1');
  await expect(screen.counter('En retard')).toContainText('0');
  // Développement web: 13:00 (not 12:31) to 13:31.
  await expect(screen.row('13:00 – 15:00')).toContainText('0h31 / 2h');

  // A forgotten check-in, recorded with a reason (a correction: the teacher herself could not).
  await algo.getByRole('button', { name: /^Corriger les horaires/ }).click();
  const dialog = admin.getByRole('dialog', { name: 'Corriger un horaire' });
  await expect(dialog.getByRole('radio', { name: /Arrivée \(à enregistrer, 08:00 prévu\)/ })).toBeChecked();
  await expect(dialog.getByLabel('Heure corrigée (HH:MM)')).toHaveValue('08:00');
  await dialog.getByLabel('Motif de la correction').fill('Badge oublié, présence confirmée par la classe');
  await dialog.getByRole('button', { name: 'Enregistrer la correction' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(algo).toContainText('Terminé');
  await expect(algo).toContainText('2h / 2h');
  await expect(algo).toContainText('corrigé');
  await expect(screen.counter('Non émargé')).toContainText('0');
  await waitSynced(admin);
});
