import { expect, test, type Page } from '@playwright/test';
import { courseSlot, teacherCheck, weekTimetable } from '../support/builders';
import { newOrgId, schoolWithTeachers, seedOrg } from './support/org';
import { signInOnNewPage } from './support/pages/sign-in';

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results';

/**
 * Issue 33 point 2, the administration screens on a classroom tablet (820 px): the side navigation folds into
 * a menu button, /users keeps its Actions column on one line per person, /attendance keeps Statut,
 * Localisation and Actions in view.
 */
const DAY = '2026-03-09'; // a Monday; times are UTC
const at = (time: string) => new Date(`${DAY}T${time}:00.000Z`);

function org() {
  const base = schoolWithTeachers();
  return {
    ...base,
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
      { id: 'mod-mkt', code: 'MKT', name: 'Marketing digital et stratégie', levelId: 'lvl-1' },
    ],
    timetables: [
      weekTimetable(
        'tt-1',
        DAY,
        [
          courseSlot(1, '08:00', '10:00', 'mod-algo', 'u-t1', { id: 's-algo' }),
          courseSlot(1, '13:00', '15:00', 'mod-mkt', 'u-t2', { id: 's-mkt' }),
        ],
        { classId: 'cls-1' },
      ),
    ],
    planningLogs: [
      {
        ...teacherCheck('log-1', 'in', `${DAY}T08:04:00.000Z`, 'tt-1', 0, 'cls-1', 'mod-algo', 'u-t1'),
        latitude: 14.69,
        longitude: -17.44,
      },
    ],
  };
}

/** The element's right edge is inside the viewport (not cut off, no sideways scrolling needed to see it). */
async function isInsideViewport(page: Page, selector: ReturnType<Page['locator']>): Promise<boolean> {
  const box = await selector.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  return !!box && box.x >= 0 && box.x + box.width <= width;
}

test.use({ viewport: { width: 820, height: 1180 } });

test('at 820 px the side navigation folds into a keyboard menu; /users and /attendance keep their columns', async ({
  browser,
  request,
}) => {
  const orgId = newOrgId('tablet-820');
  await seedOrg(request, orgId, org());
  const page = await signInOnNewPage(browser, orgId, 'awa@ecole.sn', 'Admin@2026', {
    clock: at('09:00'),
    context: { viewport: { width: 820, height: 1180 } },
  });

  // /users: the 256 px side column is gone, the menu button opens the modules, by keyboard too.
  await page.goto('/users');
  const moussa = page.getByRole('row').filter({ hasText: 'Moussa Fall' });
  await expect(moussa).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/users-820.png`, fullPage: true });
  const sideNav = page.locator('aside.shell-aside');
  await expect(sideNav).toBeHidden();
  const menu = page.getByRole('button', { name: 'Ouvrir le menu des modules' });
  await menu.focus();
  await page.keyboard.press('Enter');
  const modules = page.getByRole('dialog').getByRole('navigation', { name: 'Modules' });
  await expect(modules).toBeVisible();
  await expect(modules.getByRole('link', { name: 'Utilisateurs' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(modules).toBeHidden();

  // Actions in view, the row not stacked tall.
  const actionsHeader = page.getByRole('columnheader', { name: 'Actions' });
  expect(await isInsideViewport(page, actionsHeader)).toBe(true);
  const edit = moussa.getByRole('button', { name: /Modifier.*Moussa Fall/ });
  expect(await isInsideViewport(page, edit)).toBe(true);
  const rowBox = await moussa.boundingBox();
  expect(rowBox?.height ?? 999).toBeLessThan(120);

  // /attendance: Statut, Localisation and Actions all in view.
  await page.goto(`/attendance?date=${DAY}`);
  const algo = page.getByRole('row').filter({ hasText: 'Algorithmique' });
  await expect(algo).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/attendance-820.png`, fullPage: true });
  for (const name of ['Statut', 'Localisation', 'Actions']) {
    const header = page.getByRole('columnheader', { name });
    expect(await isInsideViewport(page, header), `${name} in view`).toBe(true);
  }
  expect(await isInsideViewport(page, algo.getByText('En cours'))).toBe(true);
  expect(await isInsideViewport(page, algo.getByRole('button', { name: /Voir/ }))).toBe(true);
  expect(await isInsideViewport(page, algo.getByRole('button', { name: /Corriger/ }))).toBe(true);
  // Issue 32: the administrator's Départ asks first, naming the planned end; "Annuler" records nothing.
  await algo.getByRole('button', { name: 'Départ' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Départ' });
  await expect(ask).toContainText(
    'Le cours se termine à 10:00 : enregistrer le départ de Moussa Fall maintenant ?',
  );
  await ask.getByRole('button', { name: 'Annuler' }).click();
  await expect(ask).toBeHidden();
  await expect(algo.getByText('En cours')).toBeVisible();
  // Point 10: the period arrows are 44 px touch targets.
  for (const name of ['Période précédente', 'Période suivante']) {
    const box = await page.getByRole('button', { name }).boundingBox();
    expect(box?.width ?? 0, name).toBeGreaterThanOrEqual(44);
    expect(box?.height ?? 0, name).toBeGreaterThanOrEqual(44);
  }
  await page.context().close();
});
