import { expect, type Page, test } from '@playwright/test';

const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test('the theme switch changes the computed background and is remembered', async ({ page }) => {
  await page.goto('/settings/appearance');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'sunrise');
  const light = await background(page);
  await page.getByLabel('Midnight Wave').check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'midnight');
  const dark = await background(page);
  expect(dark).not.toBe(light);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('midnight');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'midnight');
  expect(await background(page)).toBe(dark);
});

test('each of the four themes paints its own background', async ({ page }) => {
  await page.goto('/settings/appearance');
  const seen = new Set<string>();
  for (const name of ['Sunrise Wave', 'Sunset Wave', 'Midnight Wave', 'Ice Wave']) {
    await page.getByLabel(name).check();
    seen.add(await background(page));
  }
  expect(seen.size).toBe(4);
});

test('a forced theme in localStorage wins; an unknown one is ignored', async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('theme', 'sunset');
    localStorage.setItem('forceTheme', 'ice');
  });
  await page.goto('/home');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'ice');

  await page.addInitScript(() => localStorage.setItem('forceTheme', 'matrix'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'sunset');
});

test('the animation setting mirrors to <html>', async ({ page }) => {
  await page.goto('/settings/appearance');
  await page.getByLabel('Play animations').uncheck();
  await expect(page.locator('html')).toHaveAttribute('data-animated', 'false');
  expect(await page.evaluate(() => localStorage.getItem('animated'))).toBe('false');
});
