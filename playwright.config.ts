import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4399);
const dataFile = path.join(os.tmpdir(), `emargement-e2e-${process.pid}.sqlite`);

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  // CI runs on a shared, noisy machine: one retry there, reported by Playwright as "flaky" (never silent) so a
  // test that needed it is a bug to fix, not a pass. Locally a failure fails at once.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'fr-FR',
    timezoneId: 'UTC',
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: {
    command: 'node --import tsx server/main.ts',
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_FILE: dataFile,
      STATIC_DIR: process.env.E2E_STATIC_DIR ?? 'dist',
      // Every browser of the suite signs in from 127.0.0.1: the per-address limits would refuse the suite
      // itself. Per-account limits stay; the server tests cover both (tests/server/access-control.test.ts).
      ADDRESS_RATE_LIMIT: '100000',
      // Creating an organisation and the emergency area need the setup code (tests/e2e/support/org.ts).
      SETUP_CODE: 'E2E-SETUP-2026',
      // The suite fakes the browsers' clocks (page.clock): devices keep them instead of the server's time.
      // tests/e2e/attendance.spec.ts adds the header itself where it tests the trusted time.
      SEND_SERVER_TIME: '0',
    },
  },
});
