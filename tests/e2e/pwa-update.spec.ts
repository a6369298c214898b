import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';

// Two builds served in turn by a server of this test on its own port (the shared one serves one build).
const PORT = Number(process.env.E2E_PORT ?? 4399) + 50;
const ORIGIN = `http://127.0.0.1:${PORT}`;

test.use({ serviceWorkers: 'allow' });

function build(outDir: string, buildId: string) {
  execFileSync('npx', ['vite', 'build', '--logLevel', 'error', '--outDir', outDir, '--emptyOutDir'], {
    env: { ...process.env, APP_BUILD_ID: buildId },
    stdio: 'inherit',
  });
}

async function startServer(staticDir: string, dataFile: string): Promise<ChildProcess> {
  const server = spawn('node', ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_FILE: dataFile,
      STATIC_DIR: staticDir,
    },
    stdio: 'ignore',
  });
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      if ((await fetch(`${ORIGIN}/api/health`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  server.kill();
  throw new Error('update test server did not start');
}

async function stopServer(server: ChildProcess) {
  if (server.exitCode !== null) return;
  server.kill();
  await once(server, 'exit');
}

async function buildIdOf(page: Page) {
  return page.locator('html').getAttribute('data-build');
}

test('a new version is announced, and "Recharger" switches to it', async ({ page }) => {
  test.setTimeout(180_000);
  // Outside test-results/, which another Playwright run in the same checkout may wipe meanwhile.
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'emargement-update-'));
  const dataFile = path.join(work, 'update.sqlite');
  const dirA = path.join(work, 'build-a');
  const dirB = path.join(work, 'build-b');
  build(dirA, 'version-A');
  let server = await startServer(dirA, dataFile);
  try {
    await page.goto(`${ORIGIN}/login`);
    await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    expect(await buildIdOf(page)).toBe('version-A');
    await expect(page.getByText('Nouvelle version disponible')).toHaveCount(0);

    // Deploy B while the tab stays open on A.
    build(dirB, 'version-B');
    await stopServer(server);
    server = await startServer(dirB, dataFile);
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });
    const prompt = page.getByRole('status').filter({ hasText: 'Nouvelle version disponible' });
    await expect(prompt).toBeVisible({ timeout: 20_000 });
    expect(await buildIdOf(page)).toBe('version-A');
    await expectNoSeriousA11yViolations(page, 'connexion avec annonce de mise à jour');

    await prompt.getByRole('button', { name: 'Recharger' }).click();
    await expect.poll(() => buildIdOf(page), { timeout: 20_000 }).toBe('version-B');
    await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
    await expect(page.getByText('Nouvelle version disponible')).toHaveCount(0);
  } finally {
    await stopServer(server);
    fs.rmSync(work, { recursive: true, force: true });
  }
});
