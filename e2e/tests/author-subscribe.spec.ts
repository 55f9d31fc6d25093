import { expect, type Page, test } from '@playwright/test';
import { finalizeEvent, generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import { publishToRelay, queryRelay } from '../support/relay.ts';
import { relayUrlOf, serverUrl } from '../support/server.ts';
import { navigateInApp as navigate, signInWithKey as signIn } from '../support/session.ts';

// Author subscription against the real caching service and relay: a fresh author publishes two paid tiers (kind
// 37001) and their tier list (17000); a signed-in reader opens the author's profile, opens the subscribe dialog
// (tiers from creator_paid_tiers, in the list's order, with prices), subscribes — a kind 7001 naming author and tier
// is on the relay and the app says so — then, signed in again in a new session, finds the subscription known (read
// back from the relay) and unsubscribes: a kind 7002 naming the subscription.

const relay = () => relayUrlOf(serverUrl());
/** A toast or status with `text` (case-sensitive: 'Unsubscribed' is not 'Subscribed'). */
const feedback = (page: Page, text: string) =>
  page.locator('[role="status"], [role="alert"]').filter({ hasText: new RegExp(`(^|[^A-Za-z])${text}`) });

test('a reader subscribes to an author tier (kind 7001 on the relay) and, in a later session, unsubscribes (kind 7002)', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const authorKey = generateSecretKey();
  const author = getPublicKey(authorKey);
  const now = Math.floor(Date.now() / 1000);
  const name = `Creator ${now.toString(36)}`;
  const tier = (d: string, title: string, msats: string, perks: string) =>
    finalizeEvent(
      {
        kind: 37001,
        created_at: now,
        content: perks,
        tags: [
          ['d', d],
          ['title', title],
          ['amount', msats, 'msats', 'monthly'],
        ],
      },
      authorKey,
    );
  const basic = tier('basic', 'Basic', '5000', 'Early access to my notes');
  const gold = tier('gold', 'Gold', '21000', 'A monthly letter');
  const events = [
    finalizeEvent({ kind: 0, created_at: now, content: JSON.stringify({ name }), tags: [] }, authorKey),
    basic,
    gold,
    finalizeEvent(
      {
        kind: 17000,
        created_at: now,
        content: '',
        tags: [
          ['a', `37001:${author}:gold`],
          ['a', `37001:${author}:basic`],
        ],
      },
      authorKey,
    ),
  ];
  expect(await publishToRelay(relay(), events)).toBe(events.length);

  const readerKey = generateSecretKey();
  const reader = getPublicKey(readerKey);
  await page.goto('/home');
  await signIn(page, readerKey);
  await navigate(page, `/p/${author}`);
  const header = page.getByTestId('profile-header');
  await expect(header.getByTestId('profile-name')).toHaveText(name);
  await header.getByRole('button', { name: 'Subscribe', exact: true }).click();

  const dialog = page.getByRole('dialog', { name: 'Subscription tiers' });
  await expect(dialog).toBeVisible();
  const tiers = dialog.getByTestId('creator-tiers').getByRole('listitem');
  await expect(tiers).toHaveCount(2);
  await expect(tiers.nth(0)).toContainText('Gold');
  await expect(tiers.nth(0)).toContainText('A monthly letter');
  await expect(tiers.nth(0)).toContainText('21000 msats monthly');
  await expect(tiers.nth(1)).toContainText('Basic');
  await dialog.getByRole('button', { name: 'Subscribe to Gold' }).click();

  await expect(feedback(page, 'Subscribed')).toBeVisible();
  await expect(header.getByRole('button', { name: 'Unsubscribe' })).toBeVisible();
  const [subscription, ...more] = await queryRelay(relay(), { kinds: [7001], authors: [reader] });
  expect(more).toHaveLength(0);
  expect(subscription?.tags).toContainEqual(['p', author]);
  expect(subscription?.tags).toContainEqual(['e', gold.id]);
  expect(subscription?.tags).toContainEqual(['a', `37001:${author}:gold`]);
  expect(subscription?.tags).toContainEqual(['amount', '21000', 'msats', 'monthly']);

  // A later session (signed in again) knows the subscription from the relay and offers to end it.
  const later = await browser.newContext();
  const again = await later.newPage();
  await again.goto('/home');
  await signIn(again, readerKey);
  await navigate(again, `/p/${author}`);
  const laterHeader = again.getByTestId('profile-header');
  await laterHeader.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(feedback(again, 'Unsubscribed')).toBeVisible();
  await expect(laterHeader.getByRole('button', { name: 'Subscribe', exact: true })).toBeVisible();
  await later.close();
  const [unsubscribe] = await queryRelay(relay(), { kinds: [7002], authors: [reader] });
  expect(unsubscribe?.tags).toContainEqual(['p', author]);
  expect(unsubscribe?.tags).toContainEqual(['e', subscription!.id]);
});
