import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { newOrgId, schoolWithTeachers, seedOrg } from './support/org';
import { submitSignIn } from './support/pages/sign-in';

test.use({ serviceWorkers: 'allow' });

/** The service worker is installed (precache complete), active, and controls this page. */
async function waitForServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

test('offline start: a device used before opens, signs in and navigates without network', async ({
  page,
  context,
  request,
}) => {
  const org = newOrgId('offline');
  await seedOrg(request, org, schoolWithTeachers());
  await page.goto(`/login?org=${org}`);
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'connexion');
  await page.getByRole('tab', { name: /PIN/ }).click();
  // PIN mode is for enrolled classroom kiosks only: an ordinary device says so.
  await expect(
    page.getByText("Cet appareil n'est pas enregistré comme borne.", { exact: false }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'PIN');
  await page.getByRole('tab', { name: /mot de passe/i }).click();

  await submitSignIn(page, 'awa@ecole.sn', 'Admin@2026');
  await expect(page).toHaveURL(/\/users$/);
  await expectNoSeriousA11yViolations(page, 'utilisateurs (en ligne)');
  await waitForServiceWorker(page);
  await page.getByRole('button', { name: 'Menu utilisateur' }).click();
  await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // Offline, for the page and for the service worker's own requests.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  // (navigator.onLine may still read true in a page its service worker reloaded: the requests below fail all
  // the same, and the sign-in rules are what this test checks.)
  // Someone who never signed in on this device needs the network (no hash of theirs here).
  await submitSignIn(page, 'moussa@ecole.sn', 'Prof@2026');
  await expect(
    page.getByText('Première connexion sur cet appareil : une connexion au réseau est nécessaire.'),
  ).toBeVisible();
  await submitSignIn(page, 'awa@ecole.sn', 'Admin@2026');
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gestion des utilisateurs');
  await expect(page.getByText('Moussa Fall')).toBeVisible();

  await expectNoSeriousA11yViolations(page, 'utilisateurs (hors ligne)');
  const modules = page.getByRole('navigation', { name: 'Modules' });
  await page
    .getByRole('navigation', { name: 'Onglets de la section' })
    .getByRole('link', { name: 'Journal' })
    .click();
  await expect(page).toHaveURL(/\/journal$/);
  await expectNoSeriousA11yViolations(page, 'journal (hors ligne)');
  await modules.getByRole('link', { name: 'Paramètres' }).click();
  await expect(page).toHaveURL(/\/settings\/instituts$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Paramètres');
  await expectNoSeriousA11yViolations(page, 'paramètres (hors ligne)');
  await page
    .getByRole('navigation', { name: 'Onglets de la section' })
    .getByRole('link', { name: 'Données' })
    .click();
  await expect(page).toHaveURL(/\/settings\/donnees$/);
  await expectNoSeriousA11yViolations(page, 'données (hors ligne)');

  // A deep link typed offline also opens from the cached shell.
  await page.goto('/journal');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gestion des utilisateurs');

  // No API answer was ever stored in a cache.
  const cachedUrls = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const req of await cache.keys()) urls.push(req.url);
    }
    return urls;
  });
  expect(cachedUrls.length).toBeGreaterThan(5);
  expect(cachedUrls.filter((u) => new URL(u).pathname.startsWith('/api/'))).toEqual([]);
  await context.setOffline(false);
});

test('first login screen and reset screen pass axe', async ({ page, request }) => {
  const org = newOrgId('a11y');
  const store = schoolWithTeachers();
  store.users.push({
    id: 'u-new',
    name: 'Nouvel Agent',
    email: 'nouveau@ecole.sn',
    profileId: 'super-admin',
    status: 'Active',
    password: 'Bienvenue@2026',
    mustChangePassword: true,
  });
  await seedOrg(request, org, store);
  await page.goto(`/login?org=${org}`);
  await submitSignIn(page, 'nouveau@ecole.sn', 'Bienvenue@2026');
  await expect(page).toHaveURL(/\/first-login$/);
  await expectNoSeriousA11yViolations(page, 'première connexion');
  await page.goto('/reset-password?token=inconnu&email=nouveau@ecole.sn');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'réinitialisation');
});

test('installable: manifest, icons and service worker pass Chromium’s check', async ({
  playwright,
  request,
  baseURL,
}, testInfo) => {
  // Chromium refuses installation in incognito, which Playwright's default contexts are: use a profile.
  const profileDir = testInfo.outputPath('profile');
  const context = await playwright.chromium.launchPersistentContext(profileDir, {
    ...testInfo.project.use.launchOptions,
    baseURL,
    serviceWorkers: 'allow',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto('/login');
  await waitForServiceWorker(page);
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string }[];
  };
  expect(installabilityErrors).toEqual([]);
  const manifest = (await cdp.send('Page.getAppManifest')) as { errors: unknown[] };
  expect(manifest.errors).toEqual([]);
  await context.close();

  const response = await request.get('/manifest.webmanifest');
  const body = (await response.json()) as {
    lang: string;
    display: string;
    categories: string[];
    icons: { src: string; sizes: string; purpose?: string }[];
    screenshots: { src: string; sizes: string; form_factor: string }[];
  };
  expect(body).toMatchObject({ lang: 'fr', display: 'standalone', categories: ['education'] });
  expect(body.icons.some((i) => i.purpose === 'maskable')).toBe(true);
  expect(body.screenshots.map((s) => s.form_factor).sort()).toEqual(['narrow', 'wide']);
  for (const image of [...body.icons, ...body.screenshots]) {
    const png = await request.get(image.src);
    expect(png.status(), image.src).toBe(200);
    const bytes = await png.body();
    // PNG header: width and height at bytes 16 and 20.
    expect(`${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`, image.src).toBe(image.sizes);
  }
});

test('the login screen downloads no spreadsheet, map or PDF code', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.url());
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
  const bodies = await Promise.all(
    scripts.map((url) => page.evaluate(async (u) => (await fetch(u)).text(), url)),
  );
  for (const code of bodies) {
    expect(code).not.toMatch(/SheetJS|maplibregl|%PDF-/);
  }
});
