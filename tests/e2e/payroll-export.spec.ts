import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import * as XLSX from 'xlsx';
import type { Slot } from '../../src/domain/store/schema';
import { courseSlot as slot, teacherCheck as log, weekTimetable } from '../support/builders';
import { newOrgId, schoolPeople, seedOrg } from './support/org';
import { signInOnNewPage } from './support/pages/sign-in';

// Payroll export: /workload and /attendance export the period shown (XLSX built by SheetJS in a worker, and
// CSV); the file, opened here with SheetJS, holds the totals the screen shows. Week of Monday 16 November 2026.
const MONDAY = '2026-11-16';
const TUESDAY = '2026-11-17';

/** The week of MONDAY for `classId`. */
const timetable = (id: string, classId: string, slots: Slot[]) =>
  weekTimetable(id, MONDAY, slots, { classId });

/**
 * Moussa Fall: planned 3h, real 3h (2h + 1h); Fatou Ndiaye: planned 3h, real 2h30 (1h + 1h30). Their Monday
 * check-outs at 10:10 and 10:01 are credited up to the planned end (10:00) only.
 */
function payrollOrg() {
  return {
    users: schoolPeople('payroll-admin'),
    profiles: [
      { id: 'payroll-admin', name: 'Paie', moduleIds: ['workload', 'attendance'], formFieldKeys: [] },
      { id: 'teacher', name: 'Enseignant', moduleIds: ['teacher'], formFieldKeys: [] },
    ],
    classes: [
      { id: 'cls-l1', code: 'L1-INFO', levelId: null },
      { id: 'cls-l2', code: 'L2-INFO', levelId: null },
    ],
    courseModules: [
      { id: 'mod-algo', code: 'ALGO', name: 'Algorithmique', levelId: null },
      { id: 'mod-web', code: 'WEB', name: 'Développement web', levelId: null },
      { id: 'mod-ang', code: 'ANG', name: 'Anglais', levelId: null },
    ],
    timetables: [
      timetable('tt-l1', 'cls-l1', [
        slot(1, '08:00', '10:00', 'mod-algo', 'u-t1'),
        slot(1, '09:00', '10:00', 'mod-ang', 'u-t2'),
        slot(2, '10:00', '12:00', 'mod-web', 'u-t2'),
      ]),
      timetable('tt-l2', 'cls-l2', [slot(2, '14:00', '15:00', 'mod-algo', 'u-t1')]),
    ],
    planningLogs: [
      log('pl-1', 'in', `${MONDAY}T08:00:00.000Z`, 'tt-l1', 0, 'cls-l1', 'mod-algo', 'u-t1'),
      log('pl-2', 'out', `${MONDAY}T10:10:00.000Z`, 'tt-l1', 0, 'cls-l1', 'mod-algo', 'u-t1'),
      log('pl-3', 'in', `${MONDAY}T09:00:00.000Z`, 'tt-l1', 1, 'cls-l1', 'mod-ang', 'u-t2'),
      log('pl-4', 'out', `${MONDAY}T10:01:00.000Z`, 'tt-l1', 1, 'cls-l1', 'mod-ang', 'u-t2'),
      log('pl-5', 'in', `${TUESDAY}T10:00:00.000Z`, 'tt-l1', 2, 'cls-l1', 'mod-web', 'u-t2'),
      log('pl-6', 'out', `${TUESDAY}T11:30:00.000Z`, 'tt-l1', 2, 'cls-l1', 'mod-web', 'u-t2'),
      log('pl-7', 'in', `${TUESDAY}T14:00:00.000Z`, 'tt-l2', 0, 'cls-l2', 'mod-algo', 'u-t1'),
      log('pl-8', 'out', `${TUESDAY}T15:00:00.000Z`, 'tt-l2', 0, 'cls-l2', 'mod-algo', 'u-t1'),
    ],
  };
}

/** '2h10' -> 130 minutes. */
const minutesOf = (text: string) => {
  const match = /^(\d+)h(\d\d)?$/.exec(text.trim());
  if (!match) throw new Error(`not a duration: ${text}`);
  return Number(match[1]) * 60 + Number(match[2] ?? 0);
};

/** Planned and real per teacher, as the /workload table shows them. */
async function screenTotals(page: Page): Promise<Record<string, { planned: string; real: string }>> {
  const totals: Record<string, { planned: string; real: string }> = {};
  for (const row of await page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader') })
    .all()) {
    const name = (await row.getByRole('rowheader').textContent()) ?? '';
    const cells = row.getByRole('cell');
    const real = ((await cells.nth(1).textContent()) ?? '').replace(/\s*\(.*\)$/, '');
    totals[name] = { planned: (await cells.nth(0).textContent()) ?? '', real };
  }
  return totals;
}

async function download(page: Page, button: string): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  const path = await file.path();
  return { name: file.suggestedFilename(), bytes: fs.readFileSync(path) };
}

type SheetRow = Record<string, string | number>;
const sheetRows = (bytes: Buffer, sheet: string): SheetRow[] => {
  const book = XLSX.read(bytes, { type: 'buffer' });
  const ws = book.Sheets[sheet];
  if (!ws) throw new Error(`no sheet ${sheet} in ${book.SheetNames.join(', ')}`);
  return XLSX.utils.sheet_to_json<SheetRow>(ws);
};

test('the XLSX export of /workload and /attendance holds the totals of the screen', async ({
  browser,
  request,
}) => {
  // Three downloads, two screens and a worker each time: more than the default minute on a busy machine.
  test.setTimeout(120_000);
  const org = newOrgId('payroll');
  await seedOrg(request, org, payrollOrg());
  const page = await signInOnNewPage(browser, org, 'awa@ecole.sn', 'Admin@2026', {
    context: { acceptDownloads: true },
  });
  await page.goto('/workload');
  await page.getByLabel('Date de référence').fill('2026-11-18');
  await expect(page.locator('.workload-period-label')).toHaveText('Semaine 47 · du 16/11 au 22/11/2026');
  await expect(page.getByText('2 enseignant(s)')).toBeVisible();
  const screen = await screenTotals(page);
  expect(screen).toEqual({
    'Fatou Ndiaye': { planned: '3h', real: '2h30' },
    'Moussa Fall': { planned: '3h', real: '3h' },
  });

  // XLSX: the file carries the period; per teacher, the same planned and real as the screen, and the total.
  const xlsx = await download(page, 'Exporter (Excel)');
  expect(xlsx.name).toBe('heures-2026-11-16_2026-11-22.xlsx');
  await expect(page.getByText('Fichier heures-2026-11-16_2026-11-22.xlsx téléchargé')).toBeVisible();
  const byTeacher = sheetRows(xlsx.bytes, 'Par enseignant');
  for (const [name, { planned, real }] of Object.entries(screen)) {
    const row = byTeacher.find((r) => r.Enseignant === name);
    expect(row, name).toMatchObject({ Prévu: planned, Réel: real });
    expect(row?.['Prévu (heures)']).toBeCloseTo(minutesOf(planned) / 60, 2);
    expect(row?.['Réel (heures)']).toBeCloseTo(minutesOf(real) / 60, 2);
    // Nothing was corrected: the corrected time is the real time.
    expect(row?.Corrigé).toBe(real);
  }
  const screenPlanned = Object.values(screen).reduce((n, t) => n + minutesOf(t.planned), 0);
  const screenReal = Object.values(screen).reduce((n, t) => n + minutesOf(t.real), 0);
  expect(byTeacher.at(-1)).toMatchObject({ Enseignant: 'Total', Prévu: '6h', Réel: '5h30' });
  expect(minutesOf(String(byTeacher.at(-1)?.Prévu))).toBe(screenPlanned);
  expect(minutesOf(String(byTeacher.at(-1)?.Réel))).toBe(screenReal);
  // Per module and class: the lines add up to each teacher's totals.
  const detail = sheetRows(xlsx.bytes, 'Par module et classe');
  expect(detail.map((r) => [r.Enseignant, r.Module, r.Classe, r.Prévu, r.Réel])).toEqual([
    ['Fatou Ndiaye', 'Anglais', 'L1-INFO', '1h', '1h'],
    ['Fatou Ndiaye', 'Développement web', 'L1-INFO', '2h', '1h30'],
    ['Moussa Fall', 'Algorithmique', 'L1-INFO', '2h', '2h'],
    ['Moussa Fall', 'Algorithmique', 'L2-INFO', '1h', '1h'],
  ]);

  // Issue 32: the organisation and the period inside the file, one table per sheet.
  expect(sheetRows(xlsx.bytes, 'Informations').slice(0, 2)).toEqual([
    { Rubrique: 'Organisation', Valeur: org },
    { Rubrique: 'Période', Valeur: 'du 16/11/2026 au 22/11/2026' },
  ]);
  const sessions = sheetRows(xlsx.bytes, 'Séances');
  expect(sessions.map((r) => [r.Enseignant, r.Date, r.Début, r.Module, r.État, r['Payé (heures)']])).toEqual([
    ['Fatou Ndiaye', '16/11/2026', '09:00', 'Anglais', 'Tenu', 1],
    ['Fatou Ndiaye', '17/11/2026', '10:00', 'Développement web', 'Tenu', 1.5],
    ['Moussa Fall', '16/11/2026', '08:00', 'Algorithmique', 'Tenu', 2],
    ['Moussa Fall', '17/11/2026', '14:00', 'Algorithmique', 'Tenu', 1],
  ]);

  // CSV of the same period: French separators, ONE table (the sessions), each line with organisation and period.
  const csv = await download(page, 'Exporter (CSV)');
  expect(csv.name).toBe('heures-2026-11-16_2026-11-22.csv');
  const text = csv.bytes.toString('utf8');
  const lines = text.split('\r\n').filter((l) => l !== '');
  expect(lines[0]).toMatch(
    /^\uFEFFOrganisation;Période;Matricule;Enseignant;E-mail;Date;Début;Fin;Module;Classe;État;/,
  );
  expect(lines.filter((l) => l.includes('Enseignant'))).toHaveLength(1);
  expect(lines).toHaveLength(1 + sessions.length);
  // Issue 32: held courses without a check-in (« Non émargé ») and no rate (no VH contract): said in the line.
  expect(text).toMatch(
    new RegExp(
      `\\r\\n${org};du 16/11/2026 au 22/11/2026;;Moussa Fall;[^;]*;16/11/2026;08:00;10:00;Algorithmique;L1-INFO;Tenu;2;2;2;0;0;2;0;;taux manquant;\\r\\n`,
    ),
  );
  expect(text).toContain(';Fatou Ndiaye;');
  expect(text).toContain(
    ';17/11/2026;10:00;12:00;Développement web;L1-INFO;Tenu;2;1,5;1,5;0;0;1,5;-0,5;;taux manquant;',
  );

  // /attendance exports the period it shows (its week here): the same totals.
  await page.goto(`/attendance?date=2026-11-18`);
  await page
    .getByRole('radio', { name: 'Semaine' })
    .or(page.getByRole('button', { name: 'Semaine' }))
    .click();
  const fromAttendance = await download(page, 'Exporter (Excel)');
  expect(fromAttendance.name).toBe('heures-2026-11-16_2026-11-22.xlsx');
  expect(sheetRows(fromAttendance.bytes, 'Par enseignant')).toEqual(byTeacher);
  await page.context().close();
});
