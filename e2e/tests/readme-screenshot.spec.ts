import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

// The README's picture of guest /home; written to docs/ only when UPDATE_README_SCREENSHOT=1.
// TIDE_SCREENSHOT_URL points at a running Tide with the seeded demo network (e.g. `npm start`).
test('screenshot of /home for the README', async ({ page }, testInfo) => {
  await page.goto(process.env.TIDE_SCREENSHOT_URL ? `${process.env.TIDE_SCREENSHOT_URL}/home` : '/home');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Home');
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: testInfo.outputPath('home.png') });
  if (process.env.UPDATE_README_SCREENSHOT === '1') {
    await page.screenshot({ path: fileURLToPath(new URL('../../docs/screenshot.png', import.meta.url)) });
  }
});
