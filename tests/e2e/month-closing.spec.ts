import { expect, test } from '@playwright/test';
import { courseSlot, teacherCheck, weekTimetable } from '../support/builders';
import { newOrgId, readStoreAsAdmin, schoolPeople, seedOrg } from './support/org';
import { AttendancePage } from './support/pages/attendance';
import { signInOnNewPage } from './support/pages/sign-in';
import { waitSynced } from './support/pages/sync-status';

/**
 * Issue 32, month closing, as an administrator does it: March 2026 (over by the server's clock) is closed from
 * /attendance after a confirmation; the month then reads « Clôturé » with its read-only notice, and a late
 * correction of a March course is saved as an adjustment of April (stamped by the server), March's hours
 * unchanged on the screen.
 */
const DAY = '2026-03-09'; // a Monday
const at = (time: string) => `${DAY}T${time}:00.000Z`;
const ADMIN = { email: 'awa@ecole.sn', password: 'Admin@2026' } as const;

function closingOrg() {
  const [admin, moussa, fatou] = schoolPeople('super-admin');
  return {
    users: [admin, moussa, fatou],
    profiles: [
      {
        // A full administrator (users, profiles, settings) who follows attendance and corrects it.
        id: 'super-admin',
        name: 'Super Admin',
        moduleIds: [
          'users',
          'profiles',
          'settings.donnees',
          'settings.instituts',
          'attendance',
          'planning.consulter',
          'planning.consulter.actions',
        ],
        formFieldKeys: ['email'],
      },
      {
        id: 'teacher',
        name: 'Enseignant',
        moduleIds: ['teacher', 'teacher.today', 'teacher.planning', 'teacher.workload'],
        formFieldKeys: [],
      },
    ],
    institutes: [{ id: 'inst-1', name: 'Institut Dakar', abbr: 'ID' }],
    levels: [{ id: 'lvl-1', name: 'Licence 1', abbr: 'L1' }],
    classes: [{ id: 'cls-1', code: 'L1-INFO', levelId: 'lvl-1', instituteId: 'inst-1' }],
    courseModules: [
      { id: 'mod-algo', code: 'ALGO', name: 'Algorithmique', levelId: 'lvl-1', instituteId: 'inst-1' },
    ],
    timetables: [
      weekTimetable('tt-1', DAY, [courseSlot(1, '08:00', '10:00', 'mod-algo', 'u-t1', { id: 's-1' })], {
        classId: 'cls-1',
      }),
    ],
    // Moussa arrived at 08:00 and tapped Départ at 09:00: one hour of two.
    planningLogs: [
      teacherCheck('ci-1', 'in', at('08:00'), 'tt-1', 0, 'cls-1', 'mod-algo', 'u-t1'),
      {
        ...teacherCheck('co-1', 'out', at('09:00'), 'tt-1', 0, 'cls-1', 'mod-algo', 'u-t1'),
        checkinLogId: 'ci-1',
      },
    ],
  };
}

test.describe.configure({ timeout: 120_000 });

test('a month is closed, then a late correction lands in the next month', async ({ browser, request }) => {
  const org = newOrgId('closing');
  await seedOrg(request, org, closingOrg());
  const page = await signInOnNewPage(browser, org, ADMIN.email, ADMIN.password);
  const screen = new AttendancePage(page);
  await screen.open(DAY);
  const panel = page.getByRole('region', { name: 'Clôture du mois' });
  await expect(panel).toContainText('Mois : mars 2026');
  await expect(panel).toContainText('Ouvert');
  const course = screen.row('08:00 – 10:00');
  await expect(course).toContainText('1h / 2h');

  // Close March, after a confirmation that says where later corrections go.
  await panel.getByRole('button', { name: 'Clôturer le mois' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Clôturer mars 2026 ?' });
  await expect(confirm).toContainText('ajustement daté sur avril 2026');
  await confirm.getByRole('button', { name: 'Clôturer', exact: true }).click();
  await expect(confirm).toHaveCount(0);
  await expect(panel).toContainText('Clôturé');
  await expect(panel).toContainText("Toute l'organisation : clôturé le");
  await expect(page.getByRole('note').filter({ hasText: 'mars 2026 est clôturé' })).toContainText(
    'Une correction sera reportée en ajustement sur avril 2026.',
  );
  await expect(panel.getByRole('button', { name: 'Clôturer le mois' })).toBeDisabled();
  await waitSynced(page);

  // A late correction: the Départ put back to the planned end.
  await course.getByRole('button', { name: 'Corriger' }).click();
  const dialog = page.getByRole('dialog', { name: 'Corriger un horaire' });
  await expect(dialog.getByRole('note')).toContainText('ajustement daté sur avril 2026');
  await dialog.locator('label', { hasText: /^Départ/ }).click();
  await dialog.getByLabel('Heure corrigée (HH:MM)').fill('10:00');
  await dialog.getByLabel('Motif de la correction').fill('Départ tapé trop tôt, cours fini à 10:00');
  await dialog.getByRole('button', { name: 'Enregistrer la correction' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Correction enregistrée en ajustement sur avril 2026')).toBeVisible();
  // March's hours stay as closed.
  await expect(course).toContainText('1h / 2h');
  await waitSynced(page);

  const store = await readStoreAsAdmin(request, org, ADMIN);
  const closures = (store.monthClosures ?? []) as Record<string, unknown>[];
  expect(closures).toEqual([
    expect.objectContaining({ id: 'closure-2026-03-org', status: 'closed', closedByUserId: 'u-admin' }),
  ]);
  const logs = (store.planningLogs ?? []) as unknown as Record<string, unknown>[];
  expect(logs.find((l) => l.action === 'planning-correction')).toMatchObject({
    correctsLogId: 'co-1',
    correctedTimestamp: at('10:00'),
    adjustmentMonth: '2026-04',
    actorUserId: 'u-admin',
  });
  // The original check-out is kept.
  expect(logs.find((l) => l.id === 'co-1')).toMatchObject({ timestamp: at('09:00') });
  await page.screenshot({ path: 'test-results/month-closing.png', fullPage: true });
  await page.context().close();
});
