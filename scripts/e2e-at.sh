#!/bin/bash
# Runs e2e specs as if it were another moment: `scripts/e2e-at.sh '2026-11-29 23:57:00' kiosk-pin-sheet.spec.ts ...`
# (UTC; spec file names as in tests/e2e; needs `apt-get install faketime` and a build in $E2E_STATIC_DIR).
# The server and the test processes run under libfaketime (one offset for all, so they agree); Chromium
# crashes under libfaketime, so every browser context gets Playwright's clock at the test process's time
# instead: copies of the specs import `test` from a fixture that installs it. The copies live in .e2e-at/
# (removed at the end), beside symlinks to the real support files. The time then flows from that moment.
set -euo pipefail
cd "$(dirname "$0")/.."
target=$(date -u -d "$1" +%s)
shift
work=.e2e-at
rm -rf "$work" && mkdir -p "$work/e2e"
trap 'rm -rf "$work"' EXIT
ln -s ../tests/support "$work/support" && ln -s ../tests/fixtures "$work/fixtures"
ln -s ../../tests/e2e/support "$work/e2e/support" && ln -s ../../tests/e2e/page-models "$work/e2e/page-models"
cat > "$work/e2e/clock-fixture.ts" <<'TS'
import { test as base, type Browser, type BrowserContext, type Page } from '@playwright/test';
export * from '@playwright/test';
// Playwright's clock restarts a navigated page at the time last set, not flowing while the test waits in
// Node: each navigation sets it again to the test process's (faked) time.
function follow(page: Page): Page {
  for (const name of ['goto', 'reload'] as const) {
    const original = page[name].bind(page) as (...args: unknown[]) => Promise<unknown>;
    (page as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      await page.context().clock.setSystemTime(Date.now());
      return original(...args);
    };
  }
  return page;
}
async function faked(context: BrowserContext): Promise<BrowserContext> {
  await context.clock.install({ time: Date.now() });
  const newPage = context.newPage.bind(context);
  context.newPage = async () => {
    await context.clock.setSystemTime(Date.now());
    return follow(await newPage());
  };
  return context;
}
export const test = base.extend<object, { browser: Browser }>({
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => faked(await newContext(options));
      const newPage = browser.newPage.bind(browser);
      browser.newPage = async (options) => {
        const page = await newPage(options);
        await page.context().clock.install({ time: Date.now() });
        return follow(page);
      };
      await use(browser);
    },
    { scope: 'worker' },
  ],
});
TS
sed -e "s#testDir: 'tests/e2e'#testDir: 'e2e'#" \
  -e "s#command: 'node --import tsx server/main.ts',#command: 'node --import tsx server/main.ts', cwd: '$PWD',#" \
  -e "s#executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',#&\n      env: Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'LD_PRELOAD')) as Record<string, string>,#" \
  playwright.config.ts > "$work/playwright.config.ts"
args=()
for s in "$@"; do
  if [ -f "tests/e2e/$s" ]; then sed "s#from '@playwright/test'#from './clock-fixture'#" "tests/e2e/$s" > "$work/e2e/$s"; fi
  args+=("$s")
done
off=$((target - $(date -u +%s)))
export FAKETIME="+${off}s" FAKETIME_DONT_FAKE_MONOTONIC=1 LD_PRELOAD=/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1
export CHROMIUM_PATH="${CHROMIUM_PATH:-/usr/bin/chromium}" E2E_STATIC_DIR="${E2E_STATIC_DIR:-dist}"
echo "e2e-at: $(date -u) (offset ${off} s)"
npx playwright test -c "$work/playwright.config.ts" --output "${E2E_AT_OUTPUT:-/tmp/e2e-at-results}" "${args[@]}"
