import { expect, type Page, test } from '@playwright/test';
import { watchPage } from '../helpers/watch-page.ts';
import { DEMO_ACCOUNTS } from '../support/accounts.ts';
import { queryRelay } from '../support/relay.ts';
import { relayUrlOf, serverUrl } from '../support/server.ts';

// Profiles against the seeded caching service: header, stats, every tab, vanity names, not found, history.

const bob = DEMO_ACCOUNTS.find((a) => a.name === 'bob')!;
const TABS = ['Notes', 'Replies', 'Reads', 'Media', 'Zaps', 'Following', 'Followers', 'Relays'] as const;

test('a profile shows its header and stats, and every tab loads', async ({ page, baseURL }) => {
  test.setTimeout(150_000);
  const problems = watchPage(page, baseURL!);
  await page.goto(`/p/${bob.pubkey}`);
  await expect(page.getByTestId('profile-name')).toHaveText(bob.displayName);
  await expect(page.getByTestId('profile-stats')).toContainText('followers');
  await expect(page.getByRole('tab', { name: 'Drafts' })).toHaveCount(0);
  for (const tab of TABS) {
    await page.getByRole('tab', { name: tab, exact: true }).click();
    const panel = page.getByRole('tabpanel');
    await expect(
      panel
        .locator(
          '[data-testid="note"], [data-testid="profile-media-item"], [data-testid="article-card"], [data-testid="profile-zap"], [data-testid="profile-person"], [data-testid="profile-relays"] li',
        )
        .or(panel.getByTestId('profile-tab-empty'))
        .first(),
    ).toBeVisible();
    await expect(panel.getByRole('alert')).toHaveCount(0);
  }
  // The notes tab pages: 20 first, more after "Show more" or scrolling.
  await page.getByRole('tab', { name: 'Notes', exact: true }).click();
  await expect(page.getByRole('tabpanel').getByTestId('note').first()).toBeVisible();
  expect(problems.consoleErrors).toEqual([]);
});

test('a verified name opens the profile and the visit goes into the recent-profiles history', async ({ page }) => {
  await page.goto(`/${bob.name}`);
  await expect(page.getByTestId('profile-name')).toHaveText(bob.displayName);
  await expect(page.getByTestId('recent-profiles')).toContainText(bob.displayName);
  const stored = await page.evaluate(() => localStorage.getItem('store_anon'));
  expect(JSON.parse(stored ?? '{}').profileHistory[0].pubkey).toBe(bob.pubkey);
});

test("an unknown key says 'user not found'", async ({ page }) => {
  await page.goto(`/p/${'ab'.repeat(32)}`);
  await expect(page.getByTestId('profile-not-found')).toHaveText('user not found');
});

test("an unknown verified name says 'user not found'", async ({ page }) => {
  await page.goto('/nosuchname1234');
  await expect(page.getByTestId('profile-not-found')).toHaveText('user not found');
});

/** Relay of the suite's seeded server. */
const seededRelay = () => relayUrlOf(serverUrl());

/** Makes `pubkey` the viewer (dev mode exposes the session store; the key alone, nothing is signed). */
async function viewAs(page: Page, pubkey: string) {
  await page.waitForFunction(() => Boolean((window as unknown as { tide?: unknown }).tide));
  await page.evaluate((key) => {
    const tide = (window as unknown as { tide: { stores: { session: { setState: (s: object) => void } } } }).tide;
    tide.stores.session.setState({ publicKey: key });
  }, pubkey);
}

test('the sidebar shows two of the articles, each opening it', async ({ page }) => {
  test.setTimeout(120_000);
  const [article] = await queryRelay(seededRelay(), { kinds: [30023], limit: 1 });
  if (!article) throw new Error('the seed has no article');
  await page.goto(`/p/${article.pubkey}`);
  const reads = page.getByTestId('profile-sidebar-reads');
  await expect(reads.getByRole('link').first()).toBeVisible({ timeout: 60_000 });
  expect(await reads.getByRole('link').count()).toBeLessThanOrEqual(2);
  await reads.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/a\/naddr1/);
});

test("a viewer sees 'Follows you' and the people they follow who follow the profile", async ({ page }) => {
  test.setTimeout(120_000);
  const relay = seededRelay();
  const viewer = DEMO_ACCOUNTS.find((a) => a.name === 'alice')!;
  const [contacts] = await queryRelay(relay, { kinds: [3], authors: [viewer.pubkey], limit: 1 });
  const follows = (contacts?.tags ?? []).filter((t) => t[0] === 'p').map((t) => t[1] as string);
  const followers = (await queryRelay(relay, { kinds: [3], '#p': [viewer.pubkey] })).map((e) => e.pubkey);
  let target: { pubkey: string; common: string[] } | undefined;
  for (const candidate of followers.filter((p) => p !== viewer.pubkey).slice(0, 40)) {
    const common = (await queryRelay(relay, { kinds: [3], '#p': [candidate], authors: follows })).map((e) => e.pubkey);
    if (common.length) {
      target = { pubkey: candidate, common };
      break;
    }
  }
  if (!target) throw new Error('the seed has no follower of alice followed by one of her follows');
  await page.addInitScript(() => localStorage.setItem('devMode', 'true'));
  await page.goto('/home');
  await viewAs(page, viewer.pubkey);
  // In-app navigation keeps the viewer (a reload would start a guest session).
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, `/p/${target.pubkey}`);
  await expect(page.getByTestId('profile-follows-you')).toHaveText('Follows you', { timeout: 60_000 });
  const common = page.getByTestId('profile-followed-by');
  await expect(common.getByRole('link').first()).toBeVisible();
  expect(await common.getByRole('link').count()).toBeLessThanOrEqual(6);
});

test('the media tab is a grid of thumbnails with reserved space, each opening its note', async ({ page }) => {
  test.setTimeout(120_000);
  const notes = await queryRelay(seededRelay(), { kinds: [1], limit: 300 });
  const withMedia = notes.find((n) => n.tags.some((t) => t[0] === 'imeta') && !n.tags.some((t) => t[0] === 'e'));
  if (!withMedia) throw new Error('the seed has no note with a picture');
  await page.goto(`/p/${withMedia.pubkey}`);
  await page.getByRole('tab', { name: 'Media', exact: true }).click();
  const item = page.getByTestId('profile-media-item').first();
  await expect(item).toBeVisible({ timeout: 60_000 });
  const img = item.locator('img');
  await expect(img).toHaveAttribute('width', '200');
  await expect(img).toHaveAttribute('height', '200');
  const box = await item.boundingBox();
  expect(box && Math.abs(box.width - box.height)).toBeLessThan(2);
  await item.click();
  await expect(page).toHaveURL(/\/e\/note1/);
  await expect(page.getByTestId('thread-primary')).toBeVisible({ timeout: 60_000 });
});
