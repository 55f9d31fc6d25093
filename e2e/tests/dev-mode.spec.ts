import { expect, test } from '@playwright/test';

test('devMode exposes the stores on window.tide with the session id', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('devMode', 'true'));
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Home');
  const handle = await page.evaluate(() => {
    const tide = (window as unknown as { tide?: { stores: Record<string, unknown>; appId: string; version: string } })
      .tide;
    return tide ? { stores: Object.keys(tide.stores), appId: tide.appId, version: tide.version } : null;
  });
  expect(handle).not.toBeNull();
  expect(handle!.stores).toEqual(['settings', 'toasts', 'session']);
  expect(handle!.version).toBe('2.1.10');
  expect(handle!.appId).toMatch(/^web_2\.1\.10_\d+$/);
});

test('without devMode nothing is exposed', async ({ page }) => {
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Home');
  expect(await page.evaluate(() => 'tide' in window)).toBe(false);
});

test('a guest action shows the sign-in toast for 4 seconds', async ({ page }) => {
  await page.goto('/dms');
  await page.getByRole('button', { name: 'Mark All Read' }).click();
  const toast = page.getByText('You need to be signed in to perform this action');
  await expect(toast).toBeVisible();
  await expect(toast).toBeHidden({ timeout: 6000 });
});
