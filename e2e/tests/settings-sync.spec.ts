import { type Browser, expect, type Page, test } from '@playwright/test';
import { nsecEncode } from 'nostr-tools/nip19';
import { finalizeEvent, generateSecretKey } from 'nostr-tools/pure';
import { cacheRequest } from '../support/cache.ts';
import { cacheUrlOf, serverUrl } from '../support/server.ts';
import { type ServerInstance, startServerInstance } from '../support/server-instance.ts';

// Settings sync (issue 15) against the real caching service: every settings section changed in one browser context
// shows the same in a second one after sign-in with the same key. A fresh key per run (no other spec uses it), so the
// demo accounts other specs sign in with concurrently are left alone.

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

async function signIn(page: Page, nsec: string) {
  await page.goto('/home');
  await nav(page).getByRole('button', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByLabel('Private key (nsec)').fill(nsec);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  const createPin = page.getByRole('dialog', { name: 'Create PIN' });
  await createPin.getByRole('button', { name: 'Continue without PIN' }).click();
  await expect(createPin).toBeHidden({ timeout: 30_000 });
  await expect(nav(page).getByRole('button', { name: 'Sign in' })).toBeHidden();
}

/** The user's saved settings JSON as the caching service holds it (signed get_app_settings, as the app asks). */
async function savedSettings(sk: Uint8Array, cacheUrl = cacheUrlOf(serverUrl())): Promise<Record<string, unknown>> {
  const request = finalizeEvent(
    {
      kind: 30078,
      created_at: Math.floor(Date.now() / 1000),
      tags: [['d', 'Primal-Web App', 'get_app_settings']],
      content: '{"description":"Sync app settings"}',
    },
    sk,
  );
  const events = await cacheRequest(cacheUrl, 'get_app_settings', { event_from_user: request });
  const own = events.find((e) => e.kind === 30078);
  return own?.content ? (JSON.parse(own.content) as Record<string, unknown>) : {};
}

const fieldset = (page: Page, legend: string) => page.getByRole('group', { name: legend });

async function newPage(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

test('every settings section changed in one browser shows the same in a second one after sign-in', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const sk = generateSecretKey();
  const nsec = nsecEncode(sk);

  const a = await newPage(browser);
  const page = a.page;
  await signIn(page, nsec);

  await page.goto('/settings/appearance');
  await page.getByLabel('Ice Wave').check();
  await page.getByLabel('Play animations').uncheck();

  await page.goto('/settings/filters');
  await fieldset(page, 'NSFW filter').getByLabel('Hide in feeds and threads').check();
  await fieldset(page, 'Spam filter').getByLabel('Hide in trending').uncheck();
  await page.getByLabel('Apply content moderation').uncheck();

  await page.goto('/settings/notifications');
  await page.getByLabel('New followers').uncheck();
  await fieldset(page, 'Notes you were mentioned in').getByLabel('Liked').uncheck();
  await page.getByLabel('Include replies to replies').uncheck();

  await page.goto('/settings/zaps');
  await page.getByLabel('Default zap amount (sats)').fill('77');
  await page.getByLabel('Default zap message').fill('synced thanks');
  await page.getByLabel('Preset 2 amount (sats)').fill('444');
  await page.getByLabel('Preset 2 message').fill('rocket fuel');
  await page.getByRole('button', { name: 'Save' }).click();

  await page.goto('/settings/network');
  await page.getByLabel('Publish through the caching service').check();

  await page.goto('/settings/home_feeds');
  const list = page.getByTestId('home-feed-list');
  await expect(list.getByRole('checkbox').first()).toBeVisible({ timeout: 30_000 });
  const names = await list
    .getByRole('checkbox')
    .evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).labels?.[0]?.textContent ?? ''));
  expect(names.length).toBeGreaterThanOrEqual(2);
  await page.getByRole('button', { name: `Rename ${names[0]}`, exact: true }).click();
  await page.getByLabel('Feed name').fill('Synced feed');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(list.getByRole('checkbox', { name: 'Synced feed', exact: true })).toBeVisible();
  await list.getByRole('checkbox', { name: names[1] as string, exact: true }).uncheck();
  await page.getByRole('button', { name: 'Move Synced feed down' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Failed' })).toHaveCount(0);

  // Every change reached the service (read back the way the app reads it).
  await expect
    .poll(async () => savedSettings(sk), { timeout: 20_000 })
    .toMatchObject({
      theme: 'ice',
      animated: false,
      applyContentModeration: false,
      proxyThroughPrimal: true,
      zapDefault: { amount: 77, message: 'synced thanks' },
      notifications: { NEW_USER_FOLLOWED_YOU: false, POST_YOU_WERE_MENTIONED_IN_WAS_LIKED: false },
      notificationsAdditional: { include_deep_replies: false },
    });
  await a.context.close();

  // A second browser: nothing local, same key.
  const b = await newPage(browser);
  const second = b.page;
  await signIn(second, nsec);
  await expect(second.locator('html')).toHaveAttribute('data-theme', 'ice');
  await expect(second.locator('html')).toHaveAttribute('data-animated', 'false');

  await second.goto('/settings/appearance');
  await expect(second.getByLabel('Ice Wave')).toBeChecked();
  await expect(second.getByLabel('Play animations')).not.toBeChecked();

  await second.goto('/settings/filters');
  await expect(second.getByLabel('Apply content moderation')).not.toBeChecked();
  await expect(fieldset(second, 'NSFW filter').getByLabel('Hide in feeds and threads')).toBeChecked();
  await expect(fieldset(second, 'Spam filter').getByLabel('Hide in trending')).not.toBeChecked();
  await expect(fieldset(second, 'Spam filter').getByLabel('Hide in feeds and threads')).toBeChecked();

  await second.goto('/settings/notifications');
  await expect(second.getByLabel('New followers')).not.toBeChecked();
  await expect(fieldset(second, 'Notes you were mentioned in').getByLabel('Liked')).not.toBeChecked();
  await expect(fieldset(second, 'Notes you were mentioned in').getByLabel('Zapped')).toBeChecked();
  await expect(second.getByLabel('Include replies to replies')).not.toBeChecked();

  await second.goto('/settings/zaps');
  await expect(second.getByLabel('Default zap amount (sats)')).toHaveValue('77');
  await expect(second.getByLabel('Default zap message')).toHaveValue('synced thanks');
  await expect(second.getByLabel('Preset 2 amount (sats)')).toHaveValue('444');
  await expect(second.getByLabel('Preset 2 message')).toHaveValue('rocket fuel');

  await second.goto('/settings/network');
  await expect(second.getByLabel('Publish through the caching service')).toBeChecked();

  await second.goto('/settings/home_feeds');
  const secondList = second.getByTestId('home-feed-list');
  await expect(secondList.getByRole('checkbox').nth(1)).toHaveAccessibleName('Synced feed', { timeout: 30_000 });
  await expect(secondList.getByRole('checkbox', { name: names[1] as string, exact: true })).not.toBeChecked();

  // The home feed selector follows the saved list: the renamed feed, not the disabled one.
  await second.goto('/home');
  const selector = second.getByLabel('Feed', { exact: true });
  await expect(selector.locator('option', { hasText: 'Synced feed' })).toHaveCount(1, { timeout: 30_000 });
  await expect(
    selector
      .locator('option')
      .filter({ hasText: new RegExp(`^${(names[1] as string).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }),
  ).toHaveCount(0);
  await b.context.close();
});

let instance: ServerInstance | undefined;

test.afterAll(async () => {
  await instance?.dispose();
});

test("a save to a stopped caching service says 'Failed to save settings' and keeps the local value", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const db = process.env.TIDE_E2E_DB;
  const web = process.env.TIDE_E2E_WEB;
  if (!db || !web) throw new Error('TIDE_E2E_DB / TIDE_E2E_WEB are not set: run through e2e/playwright.config.ts');
  // A caching service of its own (a copy of the seeded one, serving the app), so stopping it disturbs no other test.
  instance = await startServerInstance({ copyOf: db, web });
  const sk = generateSecretKey();
  const context = await browser.newContext({ baseURL: instance.origin });
  const page = await context.newPage();
  await signIn(page, nsecEncode(sk));
  await page.goto('/settings/zaps');
  await expect(page.getByLabel('Default zap amount (sats)')).toHaveValue('42');
  await instance.stop();
  await page.getByLabel('Default zap amount (sats)').fill('99');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to save settings' })).toBeVisible({
    timeout: 30_000,
  });
  // The local value stays: the field and the theme the user sees are not rolled back.
  await expect(page.getByLabel('Default zap amount (sats)')).toHaveValue('99');
  await context.close();
});
