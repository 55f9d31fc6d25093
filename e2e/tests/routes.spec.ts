import { expect, test } from '@playwright/test';
import { ROUTES, VIEWPORTS } from '../helpers/routes.ts';
import { watchPage } from '../helpers/watch-page.ts';

for (const viewport of VIEWPORTS) {
  test.describe(`every route at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const route of ROUTES) {
      test(`${route.path} shows "${route.heading}"`, async ({ page, baseURL }, testInfo) => {
        const problems = watchPage(page, baseURL!);
        await page.goto(route.path);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.heading);
        await expect(page).toHaveTitle(route.title);
        await page.waitForLoadState('networkidle');

        const mainNav = page.getByRole('navigation', { name: 'Main navigation' });
        const phoneNav = page.getByRole('navigation', { name: 'Navigation', exact: true });
        if (route.public) {
          await expect(mainNav).toHaveCount(0);
        } else if (viewport.name === 'desktop') {
          await expect(mainNav).toBeVisible();
          await expect(phoneNav).toBeHidden();
        } else {
          await expect(phoneNav).toBeVisible();
          await expect(mainNav).toBeHidden();
        }
        await expect(page.getByText(/\bTODO\b|lorem ipsum/i)).toHaveCount(0);

        await page.screenshot({ path: testInfo.outputPath(`${viewport.name}.png`), fullPage: false });
        expect(problems.consoleErrors, 'console errors').toEqual([]);
        expect(problems.failedRequests, 'failed requests to the app origin').toEqual([]);
        const socketOrigin = baseURL!.replace(/^http/, 'ws');
        expect(
          problems.webSockets.filter((url) => !url.startsWith(`${socketOrigin}/v1`)),
          'sockets',
        ).toEqual([]);
      });
    }
  });
}
