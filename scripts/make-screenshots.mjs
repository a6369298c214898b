// Draws the manifest's store screenshots (login screen, narrow and wide) from a running server: run once
// after a visible change of the login screen, files committed under public/screenshots/.
// Usage: SETUP_CODE=<the server's setup code> node scripts/make-screenshots.mjs http://127.0.0.1:4435
import { chromium } from '@playwright/test';
import { findChromium } from './find-chromium.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:8080';
const org = `captures-${Date.now().toString(36)}`;
// An organisation with an administrator, so the login screen shows no emergency area.
const seed = await fetch(`${base}/api/store?orgId=${org}`, {
  method: 'PUT',
  headers: { 'content-type': 'application/json', 'x-setup-code': process.env.SETUP_CODE ?? '' },
  body: JSON.stringify({
    users: [
      {
        id: 'u-admin',
        name: 'Awa Diop',
        email: 'awa@ecole.sn',
        profileId: 'super-admin',
        status: 'Active',
        password: 'Admin@2026',
        mustChangePassword: false,
      },
    ],
    profiles: [
      {
        id: 'super-admin',
        name: 'Super Admin',
        moduleIds: ['users', 'profiles', 'journal', 'settings.instituts', 'settings.donnees'],
        formFieldKeys: ['email'],
      },
    ],
  }),
});
if (!seed.ok) throw new Error(`seed failed: ${seed.status}`);

const browser = await chromium.launch({ executablePath: findChromium(), args: ['--no-sandbox'] });
for (const shot of [
  { file: 'public/screenshots/login-narrow.png', width: 540, height: 1200 },
  { file: 'public/screenshots/login-wide.png', width: 1280, height: 800 },
]) {
  const page = await browser.newPage({
    viewport: { width: shot.width, height: shot.height },
    locale: 'fr-FR',
  });
  await page.goto(`${base}/login?org=${org}`);
  await page.getByRole('button', { name: 'Se connecter' }).waitFor();
  await page.screenshot({ path: shot.file });
  await page.close();
  console.log(shot.file);
}
await browser.close();
