import { expect, type Page, test } from '@playwright/test';
import { nsecEncode } from 'nostr-tools/nip19';
import { finalizeEvent, generateSecretKey, getPublicKey, type NostrEvent } from 'nostr-tools/pure';
import { buyPremium } from '../support/premium.ts';
import { publishToRelay } from '../support/relay.ts';
import { sandboxWeblnScript, setSandboxBalance } from '../support/sandbox.ts';
import { relayUrlOf, serverUrl } from '../support/server.ts';

// The membership tier looked up at sign-in (unsigned membership_cohort_info on the real caching service), the
// premium reminder for someone who is not a member, and a member's own badge on first load in a new browser.

const DAY_MS = 24 * 60 * 60 * 1000;

/** Client-side navigation (no reload: the signer and what the app learnt stay). */
async function navigate(page: Page, path: string) {
  await page.evaluate((to) => {
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

const accountName = (page: Page) => page.locator('nav[aria-label="Main navigation"] [data-testid="account-name"]');
const navBadge = (page: Page) => page.locator('nav[aria-label="Main navigation"] [data-testid="member-badge"]');
const reminder = (page: Page) => page.getByTestId('premium-reminder');

async function signIn(page: Page, secretKey: Uint8Array) {
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByLabel('Private key (nsec)').fill(nsecEncode(secretKey));
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('dialog', { name: 'Create PIN' }).getByRole('button', { name: 'Continue without PIN' }).click();
  await expect(accountName(page)).toBeVisible();
}

/** A profile and one note of `secretKey`, published to the server's relay. */
async function publishProfileAndNote(secretKey: Uint8Array, name: string): Promise<NostrEvent[]> {
  const now = Math.floor(Date.now() / 1000);
  const events = [
    finalizeEvent({ kind: 0, created_at: now, tags: [], content: JSON.stringify({ name }) }, secretKey),
    finalizeEvent({ kind: 1, created_at: now, tags: [], content: `hello from ${name}` }, secretKey),
  ] as NostrEvent[];
  await publishToRelay(relayUrlOf(serverUrl()), events);
  return events;
}

test('a new account: no badge, the premium reminder shows; dismissed, it stays away after a reload until the interval is over', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const key = generateSecretKey();
  const pubkey = getPublicKey(key);
  await page.goto('/home');
  await expect(reminder(page)).toHaveCount(0);
  await signIn(page, key);

  const card = reminder(page);
  await expect(card).toBeVisible();
  await expect(card.getByRole('link', { name: 'See Premium' })).toHaveAttribute('href', '/premium');
  await expect(navBadge(page)).toHaveCount(0);

  await card.getByRole('button', { name: 'Hide the Premium reminder' }).click();
  await expect(
    page.locator('[role="status"], [role="alert"]').filter({ hasText: 'Premium reminder hidden for 7 days' }),
  ).toBeVisible();
  await expect(reminder(page)).toHaveCount(0);
  const stored = await page.evaluate((pk) => JSON.parse(localStorage.getItem(`store_${pk}`) ?? '{}'), pubkey);
  expect(Date.now() - stored.premiumReminder).toBeLessThan(60_000);

  // After a reload (the session comes back from this browser's device key) the tier is looked up again: still
  // hidden, as it was dismissed just now.
  await page.reload();
  await expect(accountName(page)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Trending now' })).toBeVisible();
  await page.waitForTimeout(2_000);
  await expect(reminder(page)).toHaveCount(0);

  // The same record dated 8 days back: the interval is over and the reminder is back after a reload.
  await page.evaluate(
    ({ pk, at }) => {
      const record = JSON.parse(localStorage.getItem(`store_${pk}`) ?? '{}');
      localStorage.setItem(`store_${pk}`, JSON.stringify({ ...record, premiumReminder: at }));
    },
    { pk: pubkey, at: Date.now() - 8 * DAY_MS },
  );
  await page.reload();
  await expect(reminder(page)).toBeVisible();
  await expect(navBadge(page)).toHaveCount(0);
});

test('a member signing in on a new browser sees their own badge at once, without visiting /premium, and no reminder', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const key = generateSecretKey();
  const pubkey = getPublicKey(key);
  const name = `tier${Date.now().toString(36)}`;
  await publishProfileAndNote(key, name);

  // Buying Premium through the app; the sandbox's "tide" wallet pays (it is the membership's own account, so the
  // money goes round and no other spec's wallet is drawn on).
  await setSandboxBalance('tide', 1_000_000);
  await page.addInitScript({ content: await sandboxWeblnScript('tide') });
  await page.goto('/premium');
  await signIn(page, key);
  await buyPremium(page, name);

  // A new browser: nothing remembered. Signing in looks the tier up; the badge shows on the first page.
  const context = await browser.newContext();
  const fresh = await context.newPage();
  const requests: string[] = [];
  fresh.on('websocket', (ws) => {
    ws.on('framesent', (frame) => {
      if (typeof frame.payload === 'string' && frame.payload.includes('membership_')) requests.push(frame.payload);
    });
  });
  await fresh.goto('/home');
  await signIn(fresh, key);
  await expect(navBadge(fresh)).toHaveAttribute('data-tier', 'premium');
  await expect(accountName(fresh)).toHaveText(name);
  // Only the unsigned cohort lookup was sent, nothing asked the signer to sign a membership request.
  expect(requests.some((r) => r.includes('membership_cohort_info'))).toBe(true);
  expect(requests.some((r) => r.includes('membership_status'))).toBe(false);

  await navigate(fresh, `/p/${pubkey}`);
  await expect(
    fresh.locator('[data-testid="note"] [data-testid="member-badge"][data-tier="premium"]').first(),
  ).toBeVisible();
  await navigate(fresh, '/home');
  await expect(fresh.getByRole('heading', { name: 'Trending now' })).toBeVisible();
  await fresh.waitForTimeout(1_500);
  await expect(reminder(fresh)).toHaveCount(0);
  await context.close();
});
