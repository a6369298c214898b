import { expect, test, type Page } from '@playwright/test';
import { algorithmsCourse, newOrgId, schoolWithTeachers, seedOrg } from './support/org';
import { localRecords } from './support/local-db';
import { SignInPage, signOut } from './support/pages/sign-in';
import { TodayPage } from './support/pages/today';

// A shared desk browser (ARCHITECTURE.md "Trust": a shared device keeps only what its next user may see):
// after the administrator signs out, IndexedDB holds no contract file, no journal and nobody's hash; the
// next person signs in and finds their own day.
const MONDAY = '2026-03-09';
const PDF_BASE64 = 'JVBERi0xLjQK';

function schoolWithFilesAndJournal() {
  const base = schoolWithTeachers();
  return {
    ...base,
    profiles: base.profiles.map((p) =>
      p.id === 'super-admin'
        ? { ...p, moduleIds: [...p.moduleIds, 'contracts', 'contracts.compliance', 'attendance'] }
        : p,
    ),
    ...algorithmsCourse(MONDAY, 1, '08:00', '10:00'),
    teacherContractSubmissions: [
      { id: 'tc-1', teacherUserId: 'u-t1', status: 'validated', attachments: [] },
      {
        id: 'tc-2',
        teacherUserId: 'u-t2',
        status: 'submitted',
        bankFullNumber: 'SN012 01201 012345678901 23',
        attachments: [
          {
            id: 'a-rib',
            kind: 'rib',
            name: 'rib.pdf',
            contentBase64: PDF_BASE64,
            size: 9,
            uploadedAt: '2026-03-01T00:00:00.000Z',
          },
        ],
      },
    ],
    userLogs: [
      {
        id: 'ul-1',
        action: 'update',
        targetUserId: 'u-t2',
        targetUserName: 'Fatou Ndiaye',
        timestamp: '2026-03-01T00:00:00.000Z',
      },
    ],
  };
}

async function offlineHashes(page: Page): Promise<Record<string, unknown>> {
  const meta = await localRecords(page, 'meta');
  const entry = meta.find((m) => m.key === 'offlineHashes');
  return (entry?.value ?? {}) as Record<string, unknown>;
}

test('after an administrator signs out of a shared browser, it keeps no contract file and no one’s hash; the next person finds their day', async ({
  page,
  request,
}) => {
  // Four sign-ins and three sign-outs on one page: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  const org = newOrgId('shared-device');
  await seedOrg(request, org, schoolWithFilesAndJournal());
  await page.clock.install({ time: new Date(`${MONDAY}T07:50:00.000Z`) });

  // A teacher used this browser earlier without "Se souvenir de moi".
  const login = new SignInPage(page);
  await login.open(org);
  await login.signIn('fatou@ecole.sn', 'Prof@2026', { remember: false });
  await signOut(page);

  // The administrator's session brings every contract file (bank details, attachments) and the journal.
  await login.signIn('awa@ecole.sn', 'Admin@2026', { remember: false });
  await expect
    .poll(async () => (await localRecords(page, 'teacherContractSubmissions')).map((f) => f.id).sort())
    .toEqual(['tc-1', 'tc-2']);
  expect((await localRecords(page, 'userLogs')).length).toBeGreaterThan(0);
  expect((await localRecords(page, 'users')).some((u) => typeof u.passwordHash === 'string')).toBe(true);

  await signOut(page);
  await expect.poll(async () => (await localRecords(page, 'teacherContractSubmissions')).length).toBe(0);
  expect(await localRecords(page, 'userLogs')).toEqual([]);
  const users = await localRecords(page, 'users');
  expect(users.map((u) => u.id).sort()).toEqual(['u-admin', 'u-t1', 'u-t2']);
  expect(JSON.stringify(users)).not.toMatch(/passwordHash|pinHash|pbkdf2/);
  expect(await offlineHashes(page)).toEqual({});
  expect(JSON.stringify(await localRecords(page, 'meta'))).not.toContain('pbkdf2');

  // The next person signs in on the same browser and sees their own course of the day and their own file.
  await login.signIn('moussa@ecole.sn', 'Prof@2026', { remember: true });
  await expect(page.getByRole('button', { name: 'Menu utilisateur' })).toContainText('Moussa Fall');
  await new TodayPage(page).open();
  await expect(page.getByRole('main')).toContainText('08:00 – 10:00');
  await expect(page.getByRole('main')).toContainText('Algorithmique');
  await expect
    .poll(async () => (await localRecords(page, 'teacherContractSubmissions')).map((f) => f.id))
    .toEqual(['tc-1']);
  // He ticked "Se souvenir de moi": once he leaves, his own hash (only his) stays for an offline sign-in.
  await signOut(page);
  expect(Object.keys(await offlineHashes(page))).toEqual(['u-t1']);
  expect(await localRecords(page, 'userLogs')).toEqual([]);
});
