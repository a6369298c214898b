import { expect, test } from '@playwright/test';
import { MODULE_CATALOGUE } from '../../src/domain/module-catalogue';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { courseSlot, weekTimetable } from '../support/builders';
import { newOrgId, seedOrg } from './support/org';
import { submitSignIn } from './support/pages/sign-in';

// No serious or critical axe violation on any screen of the app, with data on it.
const MONDAY = '2026-03-09';

function school() {
  const slot = (dayOfWeek: number, startTime: string, endTime: string, moduleId: string) =>
    courseSlot(dayOfWeek, startTime, endTime, moduleId, 'u-t1', { id: `s-${dayOfWeek}-${startTime}` });
  return {
    users: [
      {
        id: 'u-admin',
        name: 'Awa Diop',
        email: 'awa@ecole.sn',
        profileId: 'all',
        status: 'Active',
        password: 'Admin@2026',
      },
      {
        id: 'u-t1',
        name: 'Moussa Fall',
        email: 'moussa@ecole.sn',
        profileId: 'teacher',
        status: 'Active',
        password: 'Prof@2026',
        pin: '4321',
      },
    ],
    profiles: [
      {
        id: 'all',
        name: 'Super Admin',
        moduleIds: MODULE_CATALOGUE.map((m) => m.id),
        formFieldKeys: ['email'],
      },
      {
        id: 'teacher',
        name: 'Enseignant',
        moduleIds: ['teacher', 'teacher.today', 'teacher.planning', 'teacher.workload'],
        formFieldKeys: ['firstName', 'lastName', 'email'],
      },
    ],
    institutes: [{ id: 'i-1', name: 'Institut Supérieur', abbr: 'ISI' }],
    levels: [{ id: 'l-1', name: 'Licence 1', abbr: 'L1' }],
    classes: [{ id: 'cls-1', code: 'L1-INFO', levelId: 'l-1', instituteId: 'i-1' }],
    courseModules: [
      { id: 'mod-algo', code: 'ALGO', name: 'Algorithmique', levelId: 'l-1', instituteId: 'i-1' },
      { id: 'mod-web', code: 'WEB', name: 'Développement web', levelId: 'l-1', instituteId: 'i-1' },
    ],
    planningImports: [
      {
        id: 'imp-1',
        periodicity: 'week',
        year: 2026,
        weekStartDate: MONDAY,
        fileName: 'semaine.xlsx',
        createdAt: '2026-03-01T00:00:00.000Z',
      },
    ],
    timetables: [
      weekTimetable(
        'tt-1',
        MONDAY,
        [
          slot(1, '08:00', '10:00', 'mod-algo'),
          slot(1, '09:00', '11:00', 'mod-web'),
          slot(3, '14:00', '16:00', 'mod-web'),
        ],
        { classId: 'cls-1', planningImportId: 'imp-1' },
      ),
    ],
    planningLogs: [
      {
        id: 'pl-1',
        timestamp: `${MONDAY}T07:55:00.000Z`,
        action: 'planning-checkin',
        actorUserId: 'u-t1',
        actorUserName: 'Moussa Fall',
        timetableId: 'tt-1',
        classId: 'cls-1',
        moduleId: 'mod-algo',
        teacherUserId: 'u-t1',
        slotIndex: 0,
        latitude: 14.69283,
        longitude: -17.44672,
        accuracy: 12,
      },
    ],
    rescheduleRequests: [
      {
        id: 'r-1',
        timetableId: 'tt-1',
        slotIndex: 2,
        classId: 'cls-1',
        moduleId: 'mod-web',
        teacherUserId: 'u-t1',
        requestedAt: '2026-03-05T09:00:00.000Z',
        reason: 'Colloque',
        proposedDate: '2026-03-13',
        proposedStartTime: '14:00',
        proposedEndTime: '16:00',
        status: 'pending',
      },
    ],
    contracts: [
      {
        id: 'k-1',
        teacherUserId: 'u-t1',
        startDate: '2026-03-01',
        endDate: '2026-06-30',
        createdAt: '2026-03-01T00:00:00.000Z',
        entries: [{ id: 'e-1', classId: 'cls-1', moduleId: 'mod-algo', volumeCapMin: 600 }],
      },
    ],
    teacherContractSubmissions: [
      {
        id: 'tc-1',
        teacherUserId: 'u-t1',
        status: 'submitted',
        civility: 'M.',
        firstName: 'Moussa',
        lastName: 'Fall',
        attachments: [],
      },
    ],
    userLogs: [
      {
        id: 'ul-1',
        action: 'update',
        targetUserId: 'u-t1',
        targetUserName: 'Moussa Fall',
        actorUserId: 'u-admin',
        actorUserName: 'Awa Diop',
        timestamp: '2026-03-05T09:00:00.000Z',
        fields: [{ key: 'email', label: 'Email', before: 'a', after: 'b' }],
      },
    ],
  };
}

const ADMIN_SCREENS = [
  '/users',
  '/profiles',
  '/journal',
  '/settings/instituts',
  '/settings/niveaux',
  '/settings/classes',
  '/settings/modules',
  '/settings/donnees',
  '/planning/importer',
  '/planning/consulter',
  '/planning/reprogrammation',
  '/planning/historique',
  '/workload',
  '/attendance',
  '/contracts/vh',
  '/contracts/compliance',
];

test('every administration screen, with data, has no serious or critical axe violation', async ({ page }) => {
  test.setTimeout(120_000);
  const org = newOrgId('a11y');
  await seedOrg(page.request, org, school());
  await page.clock.install({ time: new Date(`${MONDAY}T09:30:00.000Z`) });
  await page.goto(`/login?org=${org}`);
  await submitSignIn(page, 'awa@ecole.sn', 'Admin@2026');
  await expect(page).toHaveURL(/\/users$/);
  for (const path of ADMIN_SCREENS) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Chargement…')).toHaveCount(0);
    await expect(page.getByText('Accès non autorisé')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, path);
  }
});

test('every teacher screen has no serious or critical axe violation', async ({ page }) => {
  const org = newOrgId('a11y-teacher');
  await seedOrg(page.request, org, {
    ...school(),
    teacherContractSubmissions: [{ id: 'tc-1', teacherUserId: 'u-t1', status: 'validated', attachments: [] }],
  });
  await page.clock.install({ time: new Date(`${MONDAY}T07:50:00.000Z`) });
  await page.goto(`/login?org=${org}`);
  await submitSignIn(page, 'moussa@ecole.sn', 'Prof@2026');
  await expect(page).toHaveURL(/\/teacher\/today$/);
  for (const path of ['/teacher/today', '/teacher/planning', '/teacher/workload', '/teacher/contract']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Chargement…')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, path);
  }
});
