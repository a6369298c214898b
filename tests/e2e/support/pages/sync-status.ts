import { expect, type Page } from '@playwright/test';

/**
 * Waits for « Synchronisé ». Under Playwright's clock a debounced push may wait for the next fake tick: the
 * 'online' event asks the sync engine for an immediate exchange, as the browser does when the network comes back.
 */
export async function waitSynced(page: Page): Promise<void> {
  await expect(async () => {
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(page.getByText('Synchronisé').first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}
