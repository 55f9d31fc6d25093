import { expect, type Page, test } from '@playwright/test';
import { npubEncode } from 'nostr-tools/nip19';
import { DEFAULT_ACCOUNT_PUBKEY, DEMO_ACCOUNTS } from '../support/accounts.ts';
import { queryRelay } from '../support/relay.ts';
import { type ServerInstance, startServerInstance } from '../support/server-instance.ts';

// The caching service going away mid-session: recovery after a restart without a reload, and the relay fallback
// (a second seeded server acting as a plain relay) while it is down. Each test runs its own servers.

const seededDb = () => {
  const db = process.env.TIDE_E2E_DB;
  if (!db) throw new Error('TIDE_E2E_DB is not set: run through e2e/playwright.config.ts');
  return db;
};

const web = () => {
  const dir = process.env.TIDE_E2E_WEB;
  if (!dir) throw new Error('TIDE_E2E_WEB is not set: run through e2e/playwright.config.ts');
  return dir;
};

/** Client-side navigation (no document load), as a link inside the app does. */
async function navigateInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

const servers: ServerInstance[] = [];
test.afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.dispose()));
});

test('stopping and restarting the caching service recovers without a reload', async ({ page }) => {
  test.setTimeout(240_000);
  const cache = await startServerInstance({ copyOf: seededDb(), web: web() });
  servers.push(cache);
  await page.goto(`${cache.origin}/home`);
  const list = page.getByTestId('note-list');
  await expect.poll(async () => Number(await list.getAttribute('data-count')), { timeout: 60_000 }).toBe(20);
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
  const status = page.locator('[data-cache-status]').first();
  await expect(status).toHaveAttribute('data-cache-status', 'connected');

  await cache.stop();
  await expect(status).toHaveAttribute('data-cache-status', /reconnecting|disconnected|connecting/, {
    timeout: 30_000,
  });
  await cache.restart();
  await expect(status).toHaveAttribute('data-cache-status', 'connected', { timeout: 60_000 });

  // Same document, the same 20 notes without duplicates, and new screens load from the restarted service.
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  await expect.poll(async () => Number(await list.getAttribute('data-count')), { timeout: 30_000 }).toBe(20);
  const keys = await page
    .locator('[data-item-key]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-item-key')));
  expect(new Set(keys).size).toBe(keys.length);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Explore' }).click();
  await expect(page.getByTestId('net-stats').locator('dd[data-stat="pubnotes"]')).toHaveText(/^[\d.,]+[KMB]?$/, {
    timeout: 60_000,
  });
});

test('with the caching service stopped, thread and profile load from the relay fallback', async ({ page }) => {
  test.setTimeout(240_000);
  const [cache, relay] = await Promise.all([
    startServerInstance({ copyOf: seededDb(), web: web() }),
    startServerInstance({ copyOf: seededDb() }),
  ]);
  servers.push(cache, relay);
  // A plain-text note (no embeds or links, which render differently from their source text).
  const notes = await queryRelay(relay.relayUrl, { kinds: [1], authors: [DEFAULT_ACCOUNT_PUBKEY], limit: 50 });
  const note = notes.find((n) => !/nostr:|https?:|#\[\d+\]/.test(n.content) && !n.tags.some((t) => t[0] === 'e'));
  if (!note) throw new Error('the seeded relay has no plain note by the default account');
  const firstLine = note.content.trim().split('\n')[0] ?? '';
  const threadPath = `/thread/${note.id}`;
  const profilePath = `/p/${npubEncode(DEFAULT_ACCOUNT_PUBKEY)}`;

  await page.addInitScript((url) => localStorage.setItem('fallbackRelays', JSON.stringify([url])), relay.relayUrl);
  await page.goto(`${cache.origin}/home`);
  await expect(page.getByTestId('note').first()).toBeVisible({ timeout: 60_000 });
  // Load the thread and profile screens once while the service is up (their code comes from the stopped server),
  // and with them the fallback screen's code.
  const fallbackCode = page.waitForResponse((r) => /\/assets\/relay-fallback-screen-[^/]*\.js$/.test(r.url()), {
    timeout: 60_000,
  });
  await navigateInApp(page, threadPath);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thread');
  await navigateInApp(page, profilePath);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Profile');
  await fallbackCode;
  await navigateInApp(page, '/home');

  await cache.stop();
  await navigateInApp(page, threadPath);
  const notice = page.getByTestId('relay-fallback-notice');
  await expect(notice).toHaveText('The caching service is unreachable: reading your relays directly', {
    timeout: 30_000,
  });
  await expect(page.getByTestId('note-content').first()).toContainText(firstLine, { timeout: 30_000 });

  await navigateInApp(page, profilePath);
  await expect(notice).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('fallback-profile-name')).toHaveText('Tide', { timeout: 30_000 });
  await expect(page.getByTestId('note').first()).toBeVisible({ timeout: 30_000 });
});

test("with the caching service stopped, a known viewer's home loads the follows' notes from the relay fallback", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const [cache, relay] = await Promise.all([
    startServerInstance({ copyOf: seededDb(), web: web() }),
    startServerInstance({ copyOf: seededDb() }),
  ]);
  servers.push(cache, relay);
  const viewer = DEMO_ACCOUNTS.find((a) => a.name === 'alice')!;
  const [contacts] = await queryRelay(relay.relayUrl, { kinds: [3], authors: [viewer.pubkey], limit: 1 });
  const follows = new Set((contacts?.tags ?? []).filter((t) => t[0] === 'p').map((t) => t[1] as string));
  if (!follows.size) throw new Error('the seeded relay has no contact list for alice');

  await page.addInitScript((url) => {
    localStorage.setItem('fallbackRelays', JSON.stringify([url]));
    localStorage.setItem('devMode', 'true');
  }, relay.relayUrl);
  await page.goto(`${cache.origin}/home`);
  await expect(page.getByTestId('note').first()).toBeVisible({ timeout: 60_000 });
  // The viewer is known (dev mode exposes the session store; sign-in is not needed to read). The fallback screen's
  // code comes from the service, which fetches it for a known viewer while it is up: wait for it before stopping.
  await page.waitForFunction(() => Boolean((window as unknown as { tide?: unknown }).tide));
  const fallbackCode = page.waitForResponse((r) => /\/assets\/relay-fallback-screen-[^/]*\.js$/.test(r.url()), {
    timeout: 60_000,
  });
  await page.evaluate((key) => {
    const tide = (window as unknown as { tide: { stores: { session: { setState: (s: object) => void } } } }).tide;
    tide.stores.session.setState({ publicKey: key });
  }, viewer.pubkey);
  await fallbackCode;
  await expect(page.getByTestId('note').first()).toBeVisible({ timeout: 60_000 });

  await cache.stop();
  await expect(page.getByTestId('relay-fallback-notice')).toHaveText(
    'The caching service is unreachable: reading your relays directly',
    { timeout: 30_000 },
  );
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Home');
  const first = page.getByTestId('note').first();
  await expect(first).toBeVisible({ timeout: 30_000 });
  // Every item read from the relay is one of the newest notes or reposts of the people alice follows.
  const newest = await queryRelay(relay.relayUrl, { kinds: [1, 6], authors: [...follows], limit: 100 });
  const expected = new Set(newest.map((e) => e.id));
  const shown = await page
    .locator('[data-item-key]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-item-key')));
  expect(shown.length).toBeGreaterThan(0);
  for (const id of shown) expect(expected.has(id ?? '')).toBe(true);

  // Back to the caching service when it returns.
  await cache.restart();
  await expect(page.getByTestId('relay-fallback-notice')).toHaveCount(0, { timeout: 60_000 });
  await expect(page.getByTestId('note').first()).toBeVisible({ timeout: 60_000 });
});
