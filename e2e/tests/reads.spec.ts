import { expect, test } from '@playwright/test';
import { naddrEncode } from 'nostr-tools/nip19';
import { finalizeEvent, generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import { watchPage } from '../helpers/watch-page.ts';
import { publishToRelay } from '../support/relay.ts';
import { relayUrlOf, serverUrl } from '../support/server.ts';

const HOSTILE = [
  '# Hostile heading',
  '',
  'Some **bold** text. <script>alert("script")</script>',
  '',
  '<img src=x onerror="alert(\'img\')">',
  '',
  '[click me](javascript:alert("link"))',
  '',
  '<a href="javascript:alert(1)" onclick="alert(2)">raw link</a>',
  '',
  '<iframe src="javascript:alert(3)"></iframe>',
  '',
  '**unclosed [markdown](',
  '',
  'long '.repeat(20_000),
].join('\n');

// Reads against the seeded caching service: feed, topics, sidebar and the article page.

test('reads lists article cards with reading time, a topic and the sidebar', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const problems = watchPage(page, baseURL!);
  await page.goto('/reads');
  await expect(page.getByTestId('article-card').first()).toBeVisible();
  await expect(page.getByTestId('article-card').first().getByTestId('reading-time')).toHaveText(/^\d+ min read$/);
  await expect(page.getByTestId('reads-topics').getByRole('link').first()).toBeVisible();
  await expect(page.getByTestId('reads-top-picks').getByRole('link').first()).toBeVisible();
  await expect(page.getByTestId('reads-featured-author')).toBeVisible();
  const topic = (await page.getByTestId('reads-topics').getByRole('link').first().textContent()) ?? '';
  await page.getByTestId('reads-topics').getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/reads/${encodeURIComponent(topic)}$`));
  await expect(page.getByTestId('article-card').or(page.getByText('No articles here yet')).first()).toBeVisible();
  expect(problems.consoleErrors).toEqual([]);
});

test('an article renders its markdown, footer and comments; scripts stay inert', async ({ page }) => {
  test.setTimeout(120_000);
  let dialogs = 0;
  page.on('dialog', (d) => {
    dialogs += 1;
    void d.dismiss();
  });
  await page.goto('/reads');
  await page.getByTestId('article-card').first().click();
  await expect(page).toHaveURL(/\/a\/naddr1/);
  const body = page.getByTestId('article-body');
  await expect(body).toBeVisible();
  await expect(body.locator('p').first()).toBeVisible();
  await expect(page.getByTestId('article-actions').getByRole('button', { name: 'Like' })).toBeVisible();
  await expect(page.getByTestId('article-footer')).toHaveCount(0);
  await expect(page.getByTestId('article-comments')).toBeVisible();
  expect(await body.locator('script, iframe, [onerror], [onload]').count()).toBe(0);
  expect(dialogs).toBe(0);
});

test('a hostile article renders inert: no dialog, no script, layout intact', async ({ page }) => {
  test.setTimeout(120_000);
  const secret = generateSecretKey();
  const pubkey = getPublicKey(secret);
  const now = Math.floor(Date.now() / 1000);
  const tags = [
    ['d', 'hostile'],
    ['title', '<img src=x onerror=alert(4)> Hostile'],
    ['summary', '<script>alert(5)</script>'],
  ];
  const article = finalizeEvent({ kind: 30023, created_at: now, tags, content: HOSTILE }, secret);
  expect(await publishToRelay(relayUrlOf(serverUrl()), [article])).toBe(1);
  let dialogs = 0;
  page.on('dialog', (d) => {
    dialogs += 1;
    void d.dismiss();
  });
  await page.goto(`/a/${naddrEncode({ kind: 30023, pubkey, identifier: 'hostile' })}`);
  const body = page.getByTestId('article-body');
  await expect(body.locator('h3')).toHaveText('Hostile heading');
  expect(await page.locator('h1').count()).toBe(1);
  await expect(body.locator('strong').first()).toHaveText('bold');
  await expect(page.getByTestId('article')).toContainText('<img src=x onerror=alert(4)> Hostile');
  expect(await page.locator('[data-testid="article"] script, [data-testid="article"] iframe').count()).toBe(0);
  expect(await page.locator('[data-testid="article"] [onerror], [data-testid="article"] [onclick]').count()).toBe(0);
  expect(await body.locator('a[href^="javascript"]').count()).toBe(0);
  const width = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
  expect(width).toBe(true);
  expect(dialogs).toBe(0);
});

/** The id of the article card at the middle of the viewport, or '' when none is there. */
async function cardInView(page: import('@playwright/test').Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.elementFromPoint(window.innerWidth / 2 - 100, window.innerHeight / 2);
    return el?.closest('[data-article-id]')?.getAttribute('data-article-id') ?? '';
  });
}

test('the reads list position is restored on back navigation', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/reads');
  await expect(page.getByTestId('article-card').first()).toBeVisible({ timeout: 60_000 });
  const top = await cardInView(page);
  for (let i = 0; i < 3; i++) await page.mouse.wheel(0, 600);
  await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 10_000 }).toBeGreaterThan(1000);
  await expect.poll(() => cardInView(page), { timeout: 10_000 }).not.toBe('');
  const before = await cardInView(page);
  expect(before).not.toBe(top);
  await page.locator(`[data-article-id="${before}"]`).click();
  await expect(page).toHaveURL(/\/a\/naddr1/);
  await expect(page.getByTestId('article-body')).toBeVisible({ timeout: 30_000 });
  await page.goBack();
  await expect(page.getByTestId('article-list')).toHaveAttribute('data-restored', 'true', { timeout: 30_000 });
  await expect.poll(() => cardInView(page), { timeout: 10_000 }).toBe(before);
});
