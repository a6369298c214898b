import { expect, test, type Browser, type Page } from '@playwright/test';
import type { RealDay } from '../support/builders';
import { liveDay } from './support/live-day';
import { algorithmsCourse, newOrgId, schoolWithTeachers, seedOrg } from './support/org';
import { AttendancePage } from './support/pages/attendance';
import { signIn } from './support/pages/sign-in';

// Live follow-up: while online, a teacher's check-in reaches the administrator's /attendance (row, bell and
// toast) within 2 seconds, through the server's push of the change feed (GET /api/live), not the 60 s pull.
// Real time (no fake clock): the course spans the whole current UTC day, so check-in is open now.

const RANGE = '00:00 – 23:59';

function liveOrg({ dayOfWeek, monday }: RealDay) {
  const base = schoolWithTeachers();
  return {
    ...base,
    profiles: [
      {
        id: 'super-admin',
        name: 'Super Admin',
        moduleIds: ['users', 'attendance'],
        formFieldKeys: ['email'],
      },
      { id: 'teacher', name: 'Enseignant', moduleIds: ['attendance', 'teacher'], formFieldKeys: [] },
    ],
    ...algorithmsCourse(monday, dayOfWeek, '00:00', '23:59', { timetableId: 'tt-live', slotId: 's-live' }),
  };
}

/** Pages whose device holds a live stream open (GET /api/live answered 200). */
const streaming = new WeakSet<Page>();

async function openAttendance(
  browser: Browser,
  org: string,
  date: string,
  email: string,
  password: string,
): Promise<Page> {
  // Position granted: the check-in does not wait for a geolocation refusal.
  const context = await browser.newContext({
    timezoneId: 'UTC',
    locale: 'fr-FR',
    geolocation: { latitude: 14.6928, longitude: -17.4467, accuracy: 10 },
    permissions: ['geolocation'],
  });
  const page = await context.newPage();
  page.on('response', (response) => {
    if (response.url().includes('/api/live?') && response.status() === 200) streaming.add(page);
  });
  await signIn(page, org, email, password);
  await new AttendancePage(page).open(date);
  return page;
}

test("a teacher's check-in reaches the administrator's screen, bell and toast within 2 seconds", async ({
  browser,
  request,
}) => {
  const org = newOrgId('live');
  const day = await liveDay();
  await seedOrg(request, org, liveOrg(day));

  const admin = await openAttendance(browser, org, day.date, 'awa@ecole.sn', 'Admin@2026');
  const adminRow = new AttendancePage(admin).row(RANGE);
  await expect(adminRow).toBeVisible();
  await expect(adminRow).not.toContainText('En cours');
  // The administrator's device holds its live stream open (it opens after the first successful exchange).
  await expect.poll(() => streaming.has(admin)).toBe(true);
  const bell = admin.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');

  const teacher = await openAttendance(browser, org, day.date, 'moussa@ecole.sn', 'Prof@2026');
  const teacherScreen = new AttendancePage(teacher);
  const teacherRow = teacherScreen.row(RANGE);
  await expect(teacherScreen.arrival(teacherRow)).toBeEnabled();
  // Let the teacher's device finish its first exchanges, so the measure starts from a quiet state.
  await expect(teacher.getByText('Synchronisé').first()).toBeVisible({ timeout: 20_000 });

  const clickedAt = Date.now();
  await teacherScreen.arrival(teacherRow).click();
  await expect(teacherRow).toContainText('En cours');
  // The check-in exists from here (written on the teacher's device, position included).
  const recordedAt = Date.now();

  const seen = { row: 0, toast: 0, bell: 0 };
  await Promise.all([
    expect(adminRow)
      .toContainText('En cours', { timeout: 10_000 })
      .then(() => (seen.row = Date.now())),
    expect(admin.getByText('Arrivée · Moussa Fall · L1-INFO · Algorithmique'))
      .toBeVisible({ timeout: 10_000 })
      .then(() => (seen.toast = Date.now())),
    expect(bell)
      .toHaveAccessibleName(/^Notifications, /, { timeout: 10_000 })
      .then(() => (seen.bell = Date.now())),
  ]);
  const since = (t: number) => `${t - recordedAt} ms (${t - clickedAt} ms after the click)`;
  console.log(
    `live follow-up, from the check-in on the teacher's device: admin row ${since(seen.row)}, toast ${since(seen.toast)}, bell ${since(seen.bell)}`,
  );
  for (const at of Object.values(seen)) expect(at - recordedAt).toBeLessThan(2_000);

  await teacher.context().close();
  await admin.context().close();
});
