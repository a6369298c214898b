// Time to first render of /users with 5,000 users and of /journal with 100,000 journal entries, seeded through
// the store API, in Chromium. Usage: a server running the built app, then
//   BASE=http://127.0.0.1:4402 node bench/large-org-render.mjs
import { chromium } from '@playwright/test';
import { webcrypto } from 'node:crypto';

const base = process.env.BASE ?? 'http://127.0.0.1:8080';
const org = process.env.ORG ?? `bench-${Date.now()}`;

async function pbkdf2(secret) {
  const salt = webcrypto.getRandomValues(new Uint8Array(16));
  const key = await webcrypto.subtle.importKey('raw', new TextEncoder().encode(secret), 'PBKDF2', false, [
    'deriveBits',
  ]);
  const bits = await webcrypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations: 600000 },
    key,
    256,
  );
  return `pbkdf2-sha256$600000$${Buffer.from(salt).toString('base64')}$${Buffer.from(bits).toString('base64')}`;
}

const hash = await pbkdf2('Admin@2026');
const users = [
  {
    id: 'u-admin',
    name: 'Awa Diop',
    email: 'awa@ecole.sn',
    profileId: 'super-admin',
    status: 'Active',
    passwordHash: hash,
  },
];
for (let i = 0; i < 5000; i += 1) {
  users.push({
    id: `u-${i}`,
    name: `Utilisateur ${String(i).padStart(4, '0')}`,
    email: `u${i}@ecole.sn`,
    profileId: 'contrib',
    status: i % 7 === 0 ? 'Inactive' : 'Active',
    passwordHash: hash,
  });
}
const userLogs = [];
const start = Date.parse('2025-01-01T00:00:00Z');
for (let i = 0; i < 100000; i += 1) {
  userLogs.push({
    id: `log-${i}`,
    action: i % 3 === 0 ? 'create' : 'update',
    targetUserId: `u-${i % 5000}`,
    targetUserName: `Utilisateur ${String(i % 5000).padStart(4, '0')}`,
    actorUserId: 'u-admin',
    actorUserName: 'Awa Diop',
    timestamp: new Date(start + i * 60000).toISOString(),
    fields: [{ key: 'phone', label: 'Téléphone', before: '77 000', after: `77 ${i}` }],
  });
}
const store = {
  users,
  profiles: [
    {
      id: 'super-admin',
      name: 'Super Admin',
      moduleIds: ['user-mgmt', 'users', 'profiles', 'journal', 'settings', 'settings.instituts'],
      formFieldKeys: ['email'],
    },
    { id: 'contrib', name: 'Contributeur', moduleIds: ['user-mgmt', 'users'], formFieldKeys: ['email'] },
  ],
  userLogs,
};
const body = JSON.stringify(store);
let t = Date.now();
const put = await fetch(`${base}/api/store?orgId=${org}`, {
  method: 'PUT',
  headers: { 'content-type': 'application/json' },
  body,
});
console.log(`seed PUT ${put.status}: ${(body.length / 1e6).toFixed(1)} MB in ${Date.now() - t} ms`);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage();
t = Date.now();
await page.goto(`${base}/login?org=${org}`);
await page.getByLabel('Email').first().waitFor({ timeout: 300_000 });
console.log(`first load (remote store of 105,000 records into IndexedDB): ${Date.now() - t} ms`);
await page.getByLabel('Email').first().fill('awa@ecole.sn');
await page.getByLabel('Mot de passe', { exact: true }).fill('Admin@2026');
t = Date.now();
await page.getByRole('button', { name: 'Se connecter' }).click();
await page.getByRole('row', { name: /Utilisateur 0000/ }).waitFor();
console.log(`sign-in to first rows of /users (5,001 users): ${Date.now() - t} ms`);
const rendered = await page.locator('tbody tr').count();
console.log(`rows in the DOM: ${rendered}`);
t = Date.now();
await page.goto(`${base}/users`);
await page.getByRole('row', { name: /Utilisateur 0000/ }).waitFor();
console.log(`/users cold navigation (reload) to first rows: ${Date.now() - t} ms`);
t = Date.now();
await page.getByRole('link', { name: 'Journal', exact: true }).click();
await page
  .getByRole('row', { name: /Utilisateur 4999/ })
  .first()
  .waitFor();
console.log(`/journal (100,000 entries) to first page: ${Date.now() - t} ms`);
t = Date.now();
await page.goto(`${base}/journal`);
await page
  .getByRole('row', { name: /Utilisateur 4999/ })
  .first()
  .waitFor();
console.log(`/journal cold navigation (reload) to first page: ${Date.now() - t} ms`);
t = Date.now();
await page.getByRole('button', { name: 'Charger plus' }).click();
await page.getByText('100 entrée(s) affichée(s)').waitFor();
console.log(`"Charger plus": ${Date.now() - t} ms`);
await browser.close();
