import { expect, test, type Browser, type Page } from '@playwright/test';
import { courseSlot, weekTimetable, type RealDay } from '../support/builders';
import { liveDay } from './support/live-day';
import { absenceSchool, moussaAbsence, moussaSubstitution, newOrgId, seedOrg } from './support/org';
import { AttendancePage } from './support/pages/attendance';
import { SignInPage } from './support/pages/sign-in';

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results';

/**
 * Issue 35 on « Suivi des émargements » (/attendance): Moussa Fall is absent today. His 00:01 course was
 * given to Fatou Ndiaye: the row names her, « Remplacement de Moussa Fall ». Nobody could take his 12:00
 * course: « Annulé », « Aucun remplaçant », no Arrivée, and it counts in no counter. Moussa, whose profile
 * here reads the attendance, sees his own course « Remplacé par Fatou Ndiaye ».
 */
const SUBSTITUTED = { id: 's-algo', start: '00:01', end: '11:59' };
const CANCELED = { id: 's-web', start: '12:00', end: '23:59' };

function orgData({ date: today, monday, dayOfWeek }: RealDay) {
  const school = absenceSchool({
    adminModules: ['attendance', 'planning', 'planning.consulter.actions'],
    absences: [moussaAbsence(today)],
    substitutions: [
      moussaSubstitution(today, SUBSTITUTED, 'mod-algo', 'u-t2'),
      moussaSubstitution(today, CANCELED, 'mod-web', null),
    ],
  });
  return {
    ...school,
    profiles: [
      ...school.profiles,
      {
        id: 'teacher-attendance',
        name: 'Enseignant (suivi)',
        moduleIds: ['teacher', 'teacher.today', 'attendance'],
        formFieldKeys: [],
      },
    ],
    users: school.users.map((u) => (u.id === 'u-t1' ? { ...u, profileId: 'teacher-attendance' } : u)),
    classes: [{ id: 'cls-1', code: 'L1-INFO', levelId: null, instituteId: null }],
    courseModules: [
      { id: 'mod-algo', code: 'ALGO', name: 'Algorithmique', levelId: null, instituteId: null },
      { id: 'mod-web', code: 'WEB', name: 'Développement web', levelId: null, instituteId: null },
    ],
    timetables: [
      weekTimetable(
        'tt-1',
        monday,
        [
          courseSlot(dayOfWeek, SUBSTITUTED.start, SUBSTITUTED.end, 'mod-algo', 'u-t1', {
            id: SUBSTITUTED.id,
          }),
          courseSlot(dayOfWeek, CANCELED.start, CANCELED.end, 'mod-web', 'u-t1', { id: CANCELED.id }),
        ],
        { classId: 'cls-1' },
      ),
    ],
  };
}

async function openAttendance(
  browser: Browser,
  baseURL: string | undefined,
  org: string,
  email: string,
  password: string,
) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  const signIn = new SignInPage(page);
  await signIn.open(org);
  await signIn.signIn(email, password);
  const attendance = new AttendancePage(page);
  return { page, attendance };
}

/** The courses the counters count: the sum of the five numbers of the « Compteurs » list. */
async function countedCourses(page: Page): Promise<number> {
  const items = await page.getByRole('list', { name: 'Compteurs' }).getByRole('listitem').allInnerTexts();
  expect(items).toHaveLength(5);
  return items.reduce((sum, text) => sum + Number(/^\s*(\d+)/.exec(text)?.[1] ?? NaN), 0);
}

test('a substituted course names the substitute; a course without one is Annulé and counts nowhere', async ({
  browser,
  request,
  baseURL,
}) => {
  const org = newOrgId('absence-attendance');
  const day = await liveDay();
  const today = day.date;
  await seedOrg(request, org, orgData(day));

  const { page: awa, attendance } = await openAttendance(browser, baseURL, org, 'awa@ecole.sn', 'Admin@2026');
  await attendance.open(today);
  const given = attendance.row('Algorithmique');
  const canceled = attendance.row('Développement web');
  await expect(given.getByRole('cell').nth(3)).toHaveText('Fatou NdiayeRemplacement de Moussa Fall');
  await expect(given.getByRole('button', { name: 'Arrivée' })).toBeVisible();
  await expect(canceled.getByRole('cell').nth(3)).toHaveText('Moussa FallAucun remplaçant');
  await expect(canceled.getByRole('cell').nth(5)).toHaveText('Annulé');
  // Nothing to record on a cancelled course, not even for the administrator of the plannings.
  await expect(canceled.getByRole('button')).toHaveText(['Voir']);
  // One course counted (the substituted one), whatever the hour: the cancelled one is in no counter.
  await expect.poll(() => countedCourses(awa)).toBe(1);
  // On a 360 px phone the rows stack; the substitute's note stays under her name.
  await awa.setViewportSize({ width: 360, height: 740 });
  await expect(given.getByText('Remplacement de Moussa Fall', { exact: true })).toBeVisible();
  await given.scrollIntoViewIfNeeded();
  await awa.screenshot({ path: `${SHOTS}/absences-attendance-360.png`, fullPage: true });

  // Moussa's own course, as he reads it: replaced by Fatou, nothing for him to tap.
  const { attendance: his } = await openAttendance(browser, baseURL, org, 'moussa@ecole.sn', 'Prof@2026');
  await his.open(today);
  const mine = his.row('Algorithmique');
  await expect(mine.getByRole('cell').nth(3)).toHaveText('Moussa FallRemplacé par Fatou Ndiaye');
  await expect(mine.getByRole('button', { name: 'Arrivée' })).toHaveCount(0);
});
