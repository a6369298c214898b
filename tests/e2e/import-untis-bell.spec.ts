import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { PlanningImportPage } from './page-models/planning-import-page';
import { COLLEGE, importSchool, signedInSchool } from './support/import-school';

// Issue 30, Deliver 3: Untis' GPU001.TXT numbers its periods without times. The school's bell schedule is
// asked once (prefilled with the hour from 8:00), saved for the organisation; the next Untis file is read
// with it, no question asked.
const GPU001 = join(process.cwd(), 'tests', 'fixtures', 'timetables', 'programs', 'GPU001.TXT');

test('an Untis file asks the bell schedule once; the next one is read with it', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signedInSchool(page, request, 'import-untis', importSchool(COLLEGE));
  const importer = new PlanningImportPage(page);
  const { bellSchedule: question, verification: verify } = importer;

  await importer.analyse(GPU001);
  await expect(question.dialog).toBeVisible({ timeout: 30_000 });
  await expect(question.dialog).toContainText('numérote les séances (1, 2, 3, 5, 6)');
  await expect(question.schedule).toHaveValue(/^1 08:00-08:50\n2 09:00-09:50/);
  await question.saveAndRead(
    '1 07:30-08:25\n2 08:30-09:25\n3 09:45-10:40\n4 10:45-11:40\n5 11:45-12:40\n6 14:00-14:55',
  );

  await expect(verify.dialog).toBeVisible({ timeout: 30_000 });
  await expect(question.dialog).toBeHidden();
  await expect(verify.dialog.getByText(/07:30/).first()).toBeVisible();
  await verify.cancel();

  // The next Untis file: no question, the saved times.
  await importer.analyse(GPU001);
  await expect(verify.dialog).toBeVisible({ timeout: 30_000 });
  await expect(question.dialog).toHaveCount(0);
  await expect(verify.dialog.getByText(/14:00/).first()).toBeVisible();
});
