import { expect, test } from '@playwright/test';
import { watchPage } from '../helpers/watch-page.ts';

test('/ redirects to /home', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Home');
});

test('/download redirects to /downloads', async ({ page }) => {
  await page.goto('/download');
  await expect(page).toHaveURL(/\/downloads$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Downloads');
});

for (const path of ['/no/such/page', '/settings/no-such-section', '/reads/edit/a/b/c']) {
  test(`unknown path ${path} shows the not-found screen`, async ({ page, baseURL }) => {
    const problems = watchPage(page, baseURL!);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await expect(page).toHaveTitle('Page not found | Tide');
    await page.getByRole('link', { name: 'Go to Home' }).click();
    await expect(page).toHaveURL(/\/home$/);
    expect(problems.consoleErrors).toEqual([]);
  });
}

test('the left navigation moves between screens without reloading', async ({ page }) => {
  await page.goto('/home');
  await page.evaluate(() => {
    (window as unknown as { marker: number }).marker = 1;
  });
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  for (const [name, heading] of [
    ['Reads', 'Reads'],
    ['Explore', 'Explore'],
    ['Messages', 'Messages'],
    ['Bookmarks', 'Bookmarks'],
    ['Notifications', 'Notifications'],
    ['Downloads', 'Downloads'],
    ['Premium', 'Premium'],
    ['Settings', 'Settings'],
    ['Home', 'Home'],
  ] as const) {
    await nav.getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'page');
  }
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
});

test('the phone "More" sheet reaches the remaining sections', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/home');
  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
  await expect(page.getByRole('button', { name: 'More' })).toHaveAttribute('aria-expanded', 'false');
});
