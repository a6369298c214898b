import { expect, test, type Locator, type Page } from '@playwright/test';
import type { Slot } from '../../src/domain/store/schema';
import { keyedCourseSlot as slot, weekTimetable } from '../support/builders';
import { newOrgId, schoolWithTeachers, seedOrg } from './support/org';
import { signInOnNewPage } from './support/pages/sign-in';

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results';

/**
 * Issue 33 point 6, the director's desk (1366 px): the global week shows four classes' Monday morning at once;
 * no course text is cut mid-word (a line that does not fit ends with "…" and the full text stays in the
 * chip's name and tooltip), the "+3" count is whole; the by-class grouping has a class picker.
 */
const NOW = new Date('2026-03-09T08:20:00.000Z'); // Monday, 20 minutes into the 08:00 courses: "En retard"

function org() {
  const base = schoolWithTeachers();
  const week = (id: string, classId: string, slots: Slot[]) =>
    weekTimetable(id, '2026-03-09', slots, { classId });
  const classes = ['L1-INFO', 'L2-GL', 'BTS-COM1', 'L3-MKT'].map((code, i) => ({
    id: `cls-${i + 1}`,
    code,
  }));
  return {
    ...base,
    profiles: base.profiles.map((p) =>
      p.id === 'super-admin'
        ? { ...p, moduleIds: [...p.moduleIds, 'planning.consulter', 'planning.consulter.actions'] }
        : p,
    ),
    classes,
    courseModules: [
      { id: 'mod-mkt', code: 'MKT', name: 'Marketing digital', levelId: null },
      { id: 'mod-com', code: 'COM', name: 'Communication des organisations', levelId: null },
    ],
    timetables: classes.map((c, i) =>
      week(`tt-${i + 1}`, c.id, [
        slot(1, '08:00', '10:00', i % 2 === 0 ? 'mod-mkt' : 'mod-com', i % 2 === 0 ? 'u-t1' : 'u-t2'),
      ]),
    ),
  };
}

/** Text cut without an ellipsis: the element's content is wider than its box and it does not say "…". */
async function clippedTexts(scope: Locator): Promise<string[]> {
  return scope.evaluateAll((elements) =>
    elements.flatMap((el) => {
      const style = getComputedStyle(el);
      const isCut = el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
      const saysSo = style.textOverflow === 'ellipsis' || style.webkitLineClamp !== 'none';
      return isCut && !saysSo ? [el.textContent ?? ''] : [];
    }),
  );
}

const segment = (page: Page, group: string, label: string) =>
  page.getByRole('radiogroup', { name: group }).getByRole('radio', { name: label, exact: true });

test('global week at 1366 px: no clipped course text, a whole "+3"; by class, a class picker', async ({
  browser,
  request,
}) => {
  const orgId = newOrgId('week-1366');
  await seedOrg(request, orgId, org());
  const page = await signInOnNewPage(browser, orgId, 'awa@ecole.sn', 'Admin@2026', {
    context: { viewport: { width: 1366, height: 900 } },
    clock: NOW,
  });
  await page.goto('/planning/consulter');
  await segment(page, 'Regroupement', 'Global').click();
  const week = page.getByRole('group', { name: 'Tous les cours' });
  // Four courses at once: one drawn, the others behind the count.
  await expect(week.locator('.tt-chip-grid')).toHaveCount(1);
  const more = week.getByRole('button', { name: /3 autres cours/ });
  await expect(more).toHaveText('+3');
  await page.screenshot({ path: `${SHOTS}/global-week-1366.png`, fullPage: true });

  expect(await clippedTexts(week.locator('.tt-chip-grid span, .tt-overflow'))).toEqual([]);
  // The full text of a chip is its accessible name and its tooltip.
  const marketing = week.getByRole('button', { name: /^Marketing digital, classe/ });
  await expect(marketing.locator('.tt-chip-title')).toHaveAttribute('title', /Marketing digital.*En retard/);
  await more.click();
  await expect(page.getByRole('dialog', { name: /3 autres cours/ })).toContainText('Communication');
  await page.keyboard.press('Escape');

  // By class, month: the class picker shows one class's month alone.
  await segment(page, 'Regroupement', 'Par classe').click();
  await segment(page, 'Période', 'Mois').click();
  await expect(page.getByRole('heading', { level: 3 })).toHaveCount(4);
  await page.getByLabel('Classe affichée').selectOption({ label: 'BTS-COM1' });
  await expect(page.getByRole('heading', { level: 3 })).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 3 })).toContainText('BTS-COM1');
  await page.getByLabel('Classe affichée').selectOption({ label: 'Toutes les classes' });
  await expect(page.getByRole('heading', { level: 3 })).toHaveCount(4);
  await page.context().close();
});

test('Gérer un cours: a greyed Arrivée on a past course says why', async ({ browser, request }) => {
  const orgId = newOrgId('past-course');
  await seedOrg(request, orgId, org());
  const page = await signInOnNewPage(browser, orgId, 'awa@ecole.sn', 'Admin@2026', {
    context: { viewport: { width: 1366, height: 900 } },
    clock: new Date('2026-03-11T10:00:00.000Z'), // the Wednesday after
  });
  await page.goto('/planning/consulter');
  await page.getByRole('button', { name: /^Marketing digital, classe L1-INFO/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Gérer un cours' });
  const arrival = dialog.getByRole('button', { name: 'Arrivée' });
  await expect(arrival).toBeDisabled();
  await expect(dialog).toContainText("Ce cours est passé : l'arrivée ne s'enregistre que le jour du cours.");
  await expect(arrival).toHaveAccessibleDescription(
    "Ce cours est passé : l'arrivée ne s'enregistre que le jour du cours.",
  );
  await page.context().close();
});
