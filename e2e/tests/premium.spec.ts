import { readFile } from 'node:fs/promises';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { expect, test } from '@playwright/test';
import { finalizeEvent, generateSecretKey, getPublicKey, type NostrEvent, verifyEvent } from 'nostr-tools/pure';
import { DEMO_ACCOUNTS } from '../support/accounts.ts';
import { buyPremium, subscribeAndPay } from '../support/premium.ts';
import { publishToRelay, queryRelay } from '../support/relay.ts';
import { sandboxBalance, sandboxWeblnScript, setSandboxBalance } from '../support/sandbox.ts';
import { navigateInApp as navigate, signInWithKey as signIn } from '../support/session.ts';

// The premium flow against the real caching service's membership socket (/wallet/v1): a demo account finds a name
// (too short, invalid, free — each answered live by the service) and reaches the subscription step with its plans.

// The tests build on each other ("bob (a member since the first test)"): they run in order, in one worker.
test.describe.configure({ mode: 'default' });

const alice = DEMO_ACCOUNTS.find((a) => a.name === 'alice')!;
const bob = DEMO_ACCOUNTS.find((a) => a.name === 'bob')!;
const carol = DEMO_ACCOUNTS.find((a) => a.name === 'carol')!;
const origin = `http://127.0.0.1:${process.env.TIDE_E2E_PORT}`;

async function nostrJson(name: string): Promise<Record<string, string>> {
  const res = await fetch(`${origin}/.well-known/nostr.json?name=${name}`);
  return ((await res.json()) as { names?: Record<string, string> }).names ?? {};
}

test('a demo account finds a free premium name live and reaches the subscription plans', async ({ page }) => {
  await page.goto('/premium');
  await signIn(page, alice.secretKeyHex);
  await page.getByRole('link', { name: 'Find your name' }).click();
  await expect(page).toHaveURL(/\/premium\/name$/);
  const field = page.getByLabel('Premium name');

  await field.fill('ab');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Name needs to be at least 3 characters long')).toBeVisible();

  // The service refuses names outside [a-z0-9_-.]: not available.
  await field.fill('no spaces!');
  await expect(page.getByText('Sorry, that name is currently unavailable')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();

  const name = `alice${Date.now().toString(36)}`;
  await field.fill(name);
  await expect(page.getByText('This name is available')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(new RegExp(`/premium/subscribe\\?name=${name}$`));
  await expect(page.getByRole('radio', { name: '$7 a month, paid for 3 months' })).toBeChecked();
  await page.getByRole('radio', { name: '$6 a month, paid for 12 months' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(`Your name will be ${name}.`)).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('radio', { name: '$6 a month, paid for 12 months' })).toBeChecked();
});

test('bob buys 3 months with his sandbox wallet: badge, verified name in nostr.json, rename, premium leaderboard', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.addInitScript({ content: await sandboxWeblnScript('bob') });
  await page.goto('/premium');
  await signIn(page, bob.secretKeyHex);
  const before = await sandboxBalance('bob');
  const name = `bob${Date.now().toString(36)}`;
  await buyPremium(page, name);
  // $21 at the service's 100 000 USD/BTC = 21 000 sats left bob's wallet.
  expect(before - (await sandboxBalance('bob'))).toBe(21_000);
  await expect(page.getByTestId('premium-status')).toContainText(`${name}@`);
  await expect(page.getByTestId('premium-status')).toContainText('Premium');
  expect((await nostrJson(name))[name]).toBe(bob.pubkey);

  // His badge beside his name on his notes.
  await navigate(page, `/p/${bob.pubkey}`);
  await expect(
    page.locator('[data-testid="note"] [data-testid="member-badge"][data-tier="premium"]').first(),
  ).toBeVisible();

  // Rename: the new name resolves, the old one no longer.
  await navigate(page, '/premium/rename');
  const renamed = `${name}x`;
  await page.getByLabel('Premium name').fill(renamed);
  await expect(page.getByText('This name is available')).toBeVisible();
  await page.getByRole('button', { name: 'Change name' }).click();
  await expect(page.locator('[role="status"], [role="alert"]').filter({ hasText: 'Name changed' })).toBeVisible();
  await expect(page.getByTestId('premium-status')).toContainText(`${renamed}@`);
  expect((await nostrJson(renamed))[renamed]).toBe(bob.pubkey);
  expect((await nostrJson(name))[name]).toBeUndefined();

  // The purchase is in his history, and he is on the premium leaderboard.
  await navigate(page, '/premium/history');
  await expect(page.getByTestId('purchase-history')).toContainText('$21.00');
  await navigate(page, '/premiums');
  await expect(page.getByTestId('leaderboard')).toContainText(new RegExp(`bob|${bob.pubkey.slice(0, 12)}`, 'i'));
});

test('carol becomes a Legend, picks a style and her avatar glows on her notes', async ({ page }) => {
  test.setTimeout(120_000);
  await setSandboxBalance('carol', 2_000_000);
  await page.addInitScript({ content: await sandboxWeblnScript('carol') });
  await page.goto('/premium');
  await signIn(page, carol.secretKeyHex);
  const name = `carol${Date.now().toString(36)}`;
  await buyPremium(page, name);
  await navigate(page, '/premium/legend');
  await page.getByLabel('Donation in US dollars').fill('999');
  await expect(page.getByText('A Legend donation is $1000 or more')).toBeVisible();
  await page.getByLabel('Donation in US dollars').fill('1000');
  await page.getByRole('button', { name: 'Next' }).click();
  await subscribeAndPay(page);
  await expect(page.getByTestId('premium-status')).toContainText('Legend');

  await page.getByRole('link', { name: 'Legend style' }).click();
  await page.getByLabel('TEAL').check();
  await page.getByRole('button', { name: 'Save style' }).click();
  await expect(page.locator('[role="status"], [role="alert"]').filter({ hasText: 'Legend style saved' })).toBeVisible();

  await navigate(page, `/p/${carol.pubkey}`);
  const firstNote = page.locator('[data-testid="note"]').first();
  await expect(firstNote.locator('[data-glow="TEAL"]')).toBeVisible();
  await expect(firstNote.locator('[data-testid="member-badge"][data-tier="premium-legend"]')).toHaveAttribute(
    'style',
    /--legend-teal/,
  );
  await navigate(page, '/legends');
  // The leaderboard answer names her by profile when it carries one, else by her key's start.
  await expect(page.getByTestId('leaderboard')).toContainText(new RegExp(`carol|${carol.pubkey.slice(0, 12)}`, 'i'));
});

test('bob (a member since the first test) recovers his earlier follow list after replacing it', async ({ page }) => {
  test.setTimeout(90_000);
  const relay = `ws://127.0.0.1:${process.env.TIDE_E2E_PORT}/`;
  const latest = async () =>
    (await queryRelay(relay, { kinds: [3], authors: [bob.pubkey] })).sort((a, b) => b.created_at - a.created_at)[0];
  const earlier = await latest();
  const earlierFollows = (earlier?.tags ?? []).filter((t) => t[0] === 'p').map((t) => t[1]);
  expect(earlierFollows.length).toBeGreaterThan(1);
  // Bob replaces his follow list with one person.
  const replaced = finalizeEvent(
    { kind: 3, content: '', tags: [['p', carol.pubkey]], created_at: Math.floor(Date.now() / 1000) },
    hexToBytes(bob.secretKeyHex),
  ) as NostrEvent;
  expect(await publishToRelay(relay, [replaced])).toBe(1);

  await page.goto('/premium');
  await signIn(page, bob.secretKeyHex);
  await navigate(page, '/premium/recover');
  const versions = page.getByTestId('follow-versions').locator('li');
  await expect(versions.first()).toHaveAttribute('data-follows', '1');
  const older = page.getByTestId('follow-versions').locator(`li[data-follows="${earlierFollows.length}"]`).first();
  await older.getByRole('button', { name: 'Restore' }).click();
  await expect(
    page.locator('[role="status"], [role="alert"]').filter({ hasText: 'Follow list restored' }),
  ).toBeVisible();
  const restored = await latest();
  expect(restored!.id).not.toBe(replaced.id);
  expect(restored!.tags.filter((t) => t[0] === 'p').map((t) => t[1])).toEqual(earlierFollows);
});

test('bob sees his content counted per kind and rebroadcasts it, and his media usage', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/premium');
  await signIn(page, bob.secretKeyHex);
  await navigate(page, '/premium/backup');
  const notes = page.getByTestId('content-stats').locator('tr[data-kind="1"] td').nth(1);
  await expect(notes).toHaveText(/^[1-9]\d*$/);
  await page.getByRole('button', { name: 'Rebroadcast to my relays' }).click();
  await expect(page.getByTestId('rebroadcast-status')).toHaveText(/Rebroadcasting|Rebroadcast finished/);
  // The backup downloads as JSON lines: bob's own signed events.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download backup' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^tide-backup-\d{4}-\d{2}-\d{2}\.jsonl$/);
  const backup = (await readFile((await download.path())!, 'utf8'))
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  expect(backup.length).toBeGreaterThan(0);
  expect(backup.every((e: NostrEvent) => e.pubkey === bob.pubkey && verifyEvent(e))).toBe(true);
  await expect(page.locator('[role="status"], [role="alert"]').filter({ hasText: 'Backup downloaded' })).toBeVisible();
  await navigate(page, '/premium/media');
  await expect(page.getByTestId('media-usage')).toContainText('MB used');
});

test('bob sees the premium relay as it describes itself (NIP-11) and adds it to his relays (kind 10002)', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const premiumRelay = `ws://127.0.0.1:${process.env.TIDE_E2E_PORT}/premium`;
  const info = (await (await fetch(`${origin}/premium`, { headers: { Accept: 'application/nostr+json' } })).json()) as {
    name: string;
    version: string;
  };
  expect(info.name).toBeTruthy();

  await page.goto('/premium');
  await signIn(page, bob.secretKeyHex);
  await navigate(page, '/premium/relay');
  await expect(page.getByTestId('premium-relay-url')).toHaveText(premiumRelay);
  await expect(page.getByTestId('premium-relay-info')).toContainText(info.name);
  await expect(page.getByTestId('premium-relay-info')).toContainText(info.version);
  await expect(page.getByText('As a member you can publish to this relay.')).toBeVisible();
  await expect(page.getByTestId('premium-relay-listed')).toContainText('It is not in your relays');

  await page.getByRole('button', { name: 'Add to my relays' }).click();
  await expect(
    page.locator('[role="status"], [role="alert"]').filter({ hasText: 'Premium relay added to your relays' }),
  ).toBeVisible({ timeout: 20_000 });
  // in his list now, and the app's pool opened it
  await expect(page.getByTestId('premium-relay-listed')).toHaveText(/It is in your relays · connected$/);
  const lists = await queryRelay(`ws://127.0.0.1:${process.env.TIDE_E2E_PORT}/`, {
    kinds: [10002],
    authors: [bob.pubkey],
  });
  const newest = lists.sort((a, b) => b.created_at - a.created_at)[0];
  expect(newest?.tags).toContainEqual(['r', premiumRelay]);
  // his other relays stay in the list
  expect(newest!.tags.filter((t) => t[0] === 'r').length).toBeGreaterThan(1);
});

test('the OG path makes a fresh key a Legend directly: a name, the Legend donation, paid and monitored', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // The sandbox's "tide" wallet pays (the membership's own account: the money goes round; no spec counts it).
  const tideBalance = await sandboxBalance('tide');
  if (tideBalance < 1_100_000) await setSandboxBalance('tide', tideBalance + 1_100_000);
  await page.addInitScript({ content: await sandboxWeblnScript('tide') });
  const key = generateSecretKey();
  const pubkey = getPublicKey(key);
  await page.goto('/premium');
  await signIn(page, bytesToHex(key));
  await page.getByRole('link', { name: 'Become a Legend straight away' }).click();
  await expect(page).toHaveURL(/\/premium\/og$/);
  const name = `og${Date.now().toString(36)}`;
  await page.getByLabel('Premium name').fill(name);
  await expect(page.getByText('This name is available')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Donation in US dollars').fill('999');
  await expect(page.getByText('A Legend donation is $1000 or more')).toBeVisible();
  await page.getByLabel('Donation in US dollars').fill('1000');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(`Your name will be ${name}.`)).toBeVisible();
  await subscribeAndPay(page);
  await expect(page).toHaveURL(/\/premium$/);
  await expect(page.getByTestId('premium-status')).toContainText('Legend');
  await expect(page.getByTestId('premium-status')).toContainText(`${name}@`);
  expect((await nostrJson(name))[name]).toBe(pubkey);

  // On the legends leaderboard, with the Legend badge.
  await navigate(page, '/legends');
  const row = page.locator(`[data-testid="leaderboard"] li[data-pubkey="${pubkey}"]`);
  await expect(row).toBeVisible();
  await expect(row.locator('[data-testid="member-badge"]')).toHaveAttribute('data-tier', 'premium-legend');
});

test('the leaderboards offer "Load more" only while a full page of 20 came back', async ({ page }) => {
  for (const [path, sort] of [
    ['/premiums', 'premium_since'],
    ['/legends', 'donated_btc'],
  ] as const) {
    await page.goto(path);
    const rows = page.locator('[data-testid="leaderboard"] li');
    await expect(rows.first()).toBeVisible();
    const count = await rows.count();
    // Each row shows its member badge.
    await expect(rows.first().locator('[data-testid="member-badge"]')).toBeVisible();
    // The e2e service has fewer than 20 members: one short page, nothing more to load ("sort" is the page's default).
    expect(count, `${path} by ${sort}`).toBeLessThan(20);
    await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  }
});
