import { expect, type Page, test } from '@playwright/test';
import { naddrEncode } from 'nostr-tools/nip19';
import { finalizeEvent, generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import { DEMO_ACCOUNTS } from '../support/accounts.ts';
import { publishToRelay, queryRelay } from '../support/relay.ts';
import { relayUrlOf, serverUrl } from '../support/server.ts';
import { type ServerInstance, startServerInstance } from '../support/server-instance.ts';

// Layout at a phone's 390×844 and a desktop's 1280×800: what sits in the sidebar is reachable on a phone, names and
// hashtags are not cut, nothing widens the page, and the profile's tab bar shows every tab or says it scrolls.

const PHONE = { width: 390, height: 844 };
const bob = DEMO_ACCOUNTS.find((a) => a.name === 'bob')!;

async function noSideScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `page wider than the window at ${page.url()}`).toBeLessThanOrEqual(1);
}

/** Opens the phone's folded sidebar section ("More on this page"). */
async function openPhoneSidebar(page: Page) {
  const more = page.getByTestId('phone-sidebar');
  await more.getByText('More on this page').click();
  return more;
}

test.describe('phone 390×844', () => {
  test.use({ viewport: PHONE });

  test('Explore: network stats are reachable', async ({ page }) => {
    await page.goto('/explore');
    const more = await openPhoneSidebar(page);
    await expect(more.getByTestId('net-stats')).toBeVisible();
    await expect(more.getByTestId('net-stats')).toBeInViewport();
    await noSideScroll(page);
  });

  test('Reads: top picks and topics are reachable', async ({ page }) => {
    await page.goto('/reads');
    const more = await openPhoneSidebar(page);
    await expect(more.getByTestId('reads-top-picks')).toBeVisible();
    await more.getByTestId('reads-topics').scrollIntoViewIfNeeded();
    await expect(more.getByTestId('reads-topics')).toBeVisible();
    await noSideScroll(page);
  });

  test('a thread: People in this Note is reachable', async ({ page }) => {
    test.setTimeout(90_000);
    const [note] = await queryRelay(relayUrlOf(serverUrl()), { kinds: [1], authors: [bob.pubkey], limit: 1 });
    await page.goto(`/e/${note!.id}`);
    await expect(page.getByTestId('thread-primary')).toBeVisible();
    const more = await openPhoneSidebar(page);
    await expect(more.getByRole('heading', { name: 'People in this Note' })).toBeVisible();
    await noSideScroll(page);
  });

  test('Premium: the leaderboard links are reachable', async ({ page }) => {
    await page.goto('/premium');
    const more = await openPhoneSidebar(page);
    await more.getByRole('link', { name: 'Legends' }).click();
    await expect(page).toHaveURL(/\/legends$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Legends');
  });

  test('Search: the field keeps off the screen edge', async ({ page }) => {
    await page.goto('/search');
    const box = (await page.getByTestId('search-input').boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(8);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width - 8);
    await noSideScroll(page);
  });

  test("Home: authors' names are whole and hashtags never break inside", async ({ page }) => {
    await page.goto('/home');
    const notes = page.getByTestId('note');
    await expect(notes.first()).toBeVisible();
    // Every author name (the first link of each note's header) shows in full when it fits the column on its own.
    const cut = await page.evaluate(() =>
      [...document.querySelectorAll('[data-testid="note"] header')].flatMap((header) => {
        const name = header.querySelector('a[href]') as HTMLElement | null;
        if (!name || (name.textContent ?? '').length > 16) return [];
        return name.scrollWidth > name.clientWidth + 1 ? [name.textContent] : [];
      }),
    );
    expect(cut).toEqual([]);
    // A hashtag is on one line (short tags move to the next line whole instead of splitting).
    const split = await page.evaluate(() =>
      [...document.querySelectorAll('[data-testid="note-content"] a[href^="/search/%23"]')].flatMap((tag) =>
        (tag.textContent ?? '').length <= 20 &&
        new Set([...tag.getClientRects()].map((r) => Math.round(r.top))).size > 1
          ? [tag.textContent]
          : [],
      ),
    );
    expect(split).toEqual([]);
    expect(await page.locator('[data-testid="note-content"] a[href^="/search/%23"]').count()).toBeGreaterThan(0);
    await noSideScroll(page);
  });
});

test('desktop 1280×800: the profile tab bar shows Followers whole, and Relays or a scroll cue', async ({ page }) => {
  await page.goto(`/p/${bob.pubkey}`);
  const tabs = page.getByRole('tablist').first();
  await expect(tabs.getByRole('tab', { name: 'Relays' })).toBeAttached();
  const bar = (await tabs.boundingBox())!;
  const followers = (await tabs.getByRole('tab', { name: 'Followers' }).boundingBox())!;
  expect(followers.x + followers.width).toBeLessThanOrEqual(bar.x + bar.width + 0.5);
  const relays = (await tabs.getByRole('tab', { name: 'Relays' }).boundingBox())!;
  if (relays.x + relays.width > bar.x + bar.width + 0.5) await expect(tabs).toHaveAttribute('data-more', /end|both/);
  // The last tab is one scroll away, and then the cue turns round.
  await tabs.getByRole('tab', { name: 'Relays' }).click();
  await expect(page.getByRole('tab', { name: 'Relays' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Relays' })).toBeInViewport({ ratio: 0.95 });
  const end = (await tabs.getByRole('tab', { name: 'Relays' }).boundingBox())!;
  expect(end.x + end.width).toBeLessThanOrEqual(bar.x + bar.width + 0.5);
});

test.describe('an article nested hundreds of levels deep', () => {
  let server: ServerInstance;
  const key = generateSecretKey();
  const pubkey = getPublicKey(key);
  const lines: string[] = ['# Deep', '', `${'> '.repeat(400)}deep quote`, ''];
  for (let i = 0; i < 300; i++) lines.push(`${'  '.repeat(i)}- level ${i}`);
  const article = finalizeEvent(
    {
      kind: 30023,
      created_at: Math.floor(Date.now() / 1000),
      tags: [
        ['d', 'deep'],
        ['title', 'Deep'],
      ],
      content: lines.join('\n'),
    },
    key,
  );
  const path = `/a/${naddrEncode({ kind: 30023, pubkey, identifier: 'deep' })}`;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    const db = process.env.TIDE_E2E_DB;
    const web = process.env.TIDE_E2E_WEB;
    if (!db || !web) throw new Error('TIDE_E2E_DB / TIDE_E2E_WEB are not set: run through e2e/playwright.config.ts');
    server = await startServerInstance({ copyOf: db, web });
    expect(await publishToRelay(server.relayUrl, [article])).toBe(1);
  });

  test.afterAll(async () => {
    await server?.dispose();
  });

  for (const viewport of [{ width: 1280, height: 800 }, PHONE]) {
    test(`keeps the page width at ${viewport.width}×${viewport.height}`, async ({ page }) => {
      test.setTimeout(90_000);
      await page.setViewportSize(viewport);
      await page.goto(`${server.origin}${path}`);
      await expect(page.getByTestId('article-body')).toContainText('level 5', { timeout: 30_000 });
      await noSideScroll(page);
      const body = (await page.getByTestId('article-body').boundingBox())!;
      expect(body.x + body.width).toBeLessThanOrEqual(viewport.width + 1);
    });
  }
});
