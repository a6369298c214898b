import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import * as XLSX from 'xlsx';
import { courseSlot as slot, teacherCheck as log, weekTimetable } from '../support/builders';
import { pdfTextRuns } from '../support/pdf-text';
import { liveLastMonth } from './support/live-day';
import { newOrgId, schoolPeople, seedOrg } from './support/org';
import { signInOnNewPage } from './support/pages/sign-in';

// Issue 32, the payroll statement: last month is closed; the teacher opens her statement on a 360 px phone
// and validates it; the administrator sees it validated, downloads its PDF and the month's XLSX, and both
// files hold the same hours and amount. The month is the one before today's (the statement's default), read
// just before the test with a few minutes left in the UTC day: a run at midnight on the last day of a month
// waits for the next month (tests/e2e/support/live-day.ts) rather than seeing "last month" change meanwhile.
let today: Date;
let MONTH: string;
// The second Monday of that month, and the Tuesday after it.
let MONDAY: string;
let TUESDAY: string;
test.beforeEach(async () => {
  ({ today, month: MONTH, secondMonday: MONDAY } = await liveLastMonth());
  TUESDAY = new Date(Date.parse(`${MONDAY}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
});
const french = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/**
 * Fatou Ndiaye (staff number VAC-042, VH contract at 6 000 FCFA an hour): Monday 08:00-10:00 held from 08:00
 * to 09:50, Tuesday 10:00-12:00 nobody checked into (« Non émargé »). Paid 1h50 = 11 000 FCFA.
 */
function statementOrg() {
  const [admin, moussa, fatou] = schoolPeople('payroll-admin');
  return {
    users: [admin, moussa, { ...fatou, extra: { matricule: 'VAC-042' } }],
    profiles: [
      {
        id: 'payroll-admin',
        name: 'Paie',
        moduleIds: ['workload', 'attendance', 'users'],
        formFieldKeys: ['email', 'matricule'],
      },
      { id: 'teacher', name: 'Enseignant', moduleIds: ['teacher', 'teacher.workload'], formFieldKeys: [] },
    ],
    classes: [{ id: 'cls-l1', code: 'L1-INFO', levelId: null }],
    courseModules: [{ id: 'mod-ang', code: 'ANG', name: 'Anglais économique', levelId: null }],
    timetables: [
      weekTimetable(
        'tt-1',
        MONDAY,
        [slot(1, '08:00', '10:00', 'mod-ang', 'u-t2'), slot(2, '10:00', '12:00', 'mod-ang', 'u-t2')],
        { classId: 'cls-l1' },
      ),
    ],
    planningLogs: [
      log('pl-1', 'in', `${MONDAY}T08:00:00.000Z`, 'tt-1', 0, 'cls-l1', 'mod-ang', 'u-t2'),
      log('pl-2', 'out', `${MONDAY}T09:50:00.000Z`, 'tt-1', 0, 'cls-l1', 'mod-ang', 'u-t2'),
    ],
    contracts: [
      {
        id: 'ct-1',
        teacherUserId: 'u-t2',
        startDate: `${MONTH}-01`,
        endDate: `${MONTH}-28`,
        createdAt: `${MONTH}-01T00:00:00.000Z`,
        hourlyRate: 6000,
        entries: [{ id: 'e-1', classId: 'cls-l1', moduleId: 'mod-ang', volumeCapMin: 0 }],
      },
    ],
    monthClosures: [
      {
        id: `closure-${MONTH}-org`,
        month: MONTH,
        instituteId: null,
        status: 'closed',
        closedAt: today.toISOString(),
        closedByUserId: 'u-admin',
        history: [],
      },
    ],
  };
}

async function download(page: Page, action: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), action()]);
  return { name: file.suggestedFilename(), bytes: fs.readFileSync(await file.path()) };
}

test('the teacher validates her statement on a phone; the PDF and the XLSX agree', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const org = newOrgId('statement');
  await seedOrg(request, org, statementOrg());

  // The teacher, on a 360 px phone: Mes heures, last month's statement.
  const phone = await signInOnNewPage(browser, org, 'fatou@ecole.sn', 'Prof@2026', {
    context: { viewport: { width: 360, height: 740 }, acceptDownloads: true },
  });
  await phone.goto('/teacher/workload');
  const statement = phone.getByRole('region', { name: 'État des heures' });
  await expect(statement.getByLabel('Mois de l’état')).toHaveValue(MONTH);
  await expect(statement.getByText('Mois clôturé : ces heures sont définitives.')).toBeVisible();
  const total = (label: string) =>
    statement.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
  await expect(total('Heures payées')).toHaveText('1h50');
  await expect(total('Montant à payer')).toHaveText(/^11\s000 FCFA$/);
  await expect(total('Non émargés')).toHaveText('1');
  // Nothing sticks out sideways on the phone.
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const validate = statement.getByRole('button', { name: 'Je valide cet état' });
  await validate.scrollIntoViewIfNeeded();
  await validate.click();
  await expect(statement.getByRole('status')).toContainText('Vous avez validé cet état le');
  await phone.screenshot({ path: test.info().outputPath('statement-360.png'), fullPage: true });
  await expect(validate).toHaveCount(0);

  // The administrator: /workload shows who validated (once the teacher's answer reached the server).
  const admin = await signInOnNewPage(browser, org, 'awa@ecole.sn', 'Admin@2026', {
    context: { acceptDownloads: true },
  });
  await admin.goto('/workload');
  const follow = admin.getByRole('region', { name: 'États des heures du mois' });
  await follow.getByLabel('Mois', { exact: true }).selectOption(MONTH);
  const row = follow.getByRole('row', { name: /Fatou Ndiaye/ });
  await expect(async () => {
    await admin.reload();
    await follow.getByLabel('Mois', { exact: true }).selectOption(MONTH);
    await expect(row).toContainText('Validé', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(row).toContainText('1h50');
  await expect(row).toContainText('11 000 FCFA');

  // Its PDF, read back: the same hours and amount.
  const pdf = await download(admin, () => row.getByRole('button', { name: 'PDF de Fatou Ndiaye' }).click());
  expect(pdf.name).toBe(`etat-heures-${MONTH}-fatou-ndiaye.pdf`);
  expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const text = pdfTextRuns(pdf.bytes).join('\n');
  expect(text).toContain('Matricule : VAC-042');
  expect(text).toContain(`Période : du ${french(`${MONTH}-01`)}`);
  expect(text).toContain('Réponse de l’enseignant : Vous avez validé cet état le');
  const pdfPaid = /Heures payées\n(\S+)/.exec(text)?.[1];
  const pdfAmount = /Montant à payer\n([\d  ]+) FCFA/.exec(text)?.[1]?.replace(/\s/g, '');
  expect([pdfPaid, pdfAmount]).toEqual(['1h50', '11000']);
  expect(text).toContain('Non émargé');

  // The month's XLSX from /workload, read back with SheetJS: the same figures as the PDF.
  await admin
    .getByRole('radio', { name: 'Mois' })
    .or(admin.getByRole('button', { name: 'Mois' }))
    .first()
    .click();
  await admin.getByLabel('Date de référence').fill(MONDAY);
  const xlsx = await download(admin, () => admin.getByRole('button', { name: 'Exporter (Excel)' }).click());
  const book = XLSX.read(xlsx.bytes, { type: 'buffer' });
  const teachers = XLSX.utils.sheet_to_json<Record<string, string | number>>(book.Sheets['Par enseignant']!);
  const fatou = teachers.find((r) => r.Enseignant === 'Fatou Ndiaye');
  expect(fatou).toMatchObject({ Matricule: 'VAC-042', Payé: pdfPaid, 'Non émargés': 1 });
  expect(String(fatou?.['Montant (FCFA)'])).toBe(pdfAmount);
  const sessions = XLSX.utils.sheet_to_json<Record<string, string | number>>(book.Sheets['Séances']!);
  expect(sessions.filter((r) => r.Enseignant === 'Fatou Ndiaye').map((r) => [r.Date, r.État])).toEqual([
    [french(MONDAY), 'Tenu'],
    [french(TUESDAY), 'Non émargé'],
  ]);
  await phone.context().close();
  await admin.context().close();
});
