import { hexToBytes } from '@noble/hashes/utils.js';
import { expect, type Page, test } from '@playwright/test';
import { npubEncode, nsecEncode } from 'nostr-tools/nip19';
import { type EventTemplate, finalizeEvent } from 'nostr-tools/pure';
import { watchPage } from '../helpers/watch-page.ts';
import { DEMO_ACCOUNTS } from '../support/accounts.ts';

// A real signed-in session against the seeded demo network: alice signs in with her private key and a PIN, reads as
// herself, comes back after a reload with the PIN, sees her seeded bookmarks and logs out; bob browses with his npub.

const alice = DEMO_ACCOUNTS.find((a) => a.name === 'alice')!;
const bob = DEMO_ACCOUNTS.find((a) => a.name === 'bob')!;
const carol = DEMO_ACCOUNTS.find((a) => a.name === 'carol')!;
const ALICE_NSEC = nsecEncode(hexToBytes(alice.secretKeyHex));
const PIN = '2468';

async function openSignIn(page: Page) {
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The side navigation's account name (wide screens; found by CSS, so also while a modal hides the page). */
const accountName = (page: Page) => page.locator('nav[aria-label="Main navigation"] [data-testid="account-name"]');

test('alice signs in with her key and a PIN, unlocks after a reload, sees her bookmarks and logs out', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const problems = watchPage(page, baseURL!);
  // Init scripts also run in embedded frames, where a sandbox may deny storage.
  await page.addInitScript(() => {
    if (window === window.top) localStorage.setItem('devMode', 'true');
  });
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Home');

  const dialog = await openSignIn(page);
  await dialog.getByLabel('Private key (nsec)').fill(ALICE_NSEC);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  const createPin = page.getByRole('dialog', { name: 'Create PIN' });
  await createPin.getByLabel('PIN', { exact: true }).fill(PIN);
  await createPin.getByLabel('Repeat PIN').fill(PIN);
  await createPin.getByRole('button', { name: 'Create PIN' }).click();
  await expect(createPin).toBeHidden({ timeout: 30_000 });
  await expect(accountName(page)).toHaveText(alice.displayName);
  await expect(page.getByTestId('note').first()).toBeVisible();

  // The key is nowhere in plain text: not in storage, the page, or devMode's window.tide dump.
  const exposed = await page.evaluate((nsec) => {
    const tide = (window as unknown as { tide?: { stores: { session: { getState: () => unknown } } } }).tide;
    const dump = JSON.stringify(tide?.stores.session.getState());
    return [JSON.stringify({ ...localStorage }), document.documentElement.outerHTML, dump].some((s) =>
      s.includes(nsec),
    );
  }, ALICE_NSEC);
  expect(exposed).toBe(false);
  expect(await page.evaluate(() => localStorage.getItem('pubkey'))).toBe(alice.pubkey);

  // After a reload she reads as herself at once; the key waits for its PIN.
  await page.reload();
  const enterPin = page.getByRole('dialog', { name: 'Enter PIN' });
  await expect(enterPin).toBeVisible();
  await expect(accountName(page)).toHaveText(alice.displayName);
  await enterPin.getByLabel('PIN', { exact: true }).fill('1111');
  await enterPin.getByRole('button', { name: 'Unlock' }).click();
  await expect(enterPin.getByText('Wrong PIN')).toBeVisible({ timeout: 30_000 });
  await enterPin.getByLabel('PIN', { exact: true }).fill(PIN);
  await enterPin.getByRole('button', { name: 'Unlock' }).click();
  await expect(enterPin).toBeHidden({ timeout: 30_000 });
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByText('Locked')).toHaveCount(0);

  // Her seeded bookmarks: notes, and two articles on the Reads tab.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Bookmarks' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bookmarks');
  await expect(page.getByTestId('note').first()).toBeVisible();
  await page.getByRole('tab', { name: 'Reads' }).click();
  await expect(page.getByTestId('bookmarked-reads').getByRole('link')).toHaveCount(2);

  // The account menu leads to her profile, then logs out: back to guest, nothing of the session left in storage.
  const menu = page.getByRole('navigation', { name: 'Main navigation' }).getByTestId('account-menu');
  await menu.click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page.getByTestId('profile-name')).toHaveText(alice.displayName);
  await menu.click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Sign in' }),
  ).toBeVisible();
  await page.goto('/bookmarks');
  await expect(page.getByText('Sign in to see your bookmarks')).toBeVisible();
  const left = await page.evaluate(() =>
    ['pubkey', 'signInMethod', 'tide.pinVault'].map((k) => localStorage.getItem(k)),
  );
  expect(left).toEqual([null, null, null]);
  expect(problems.consoleErrors).toEqual([]);
});

test('bob browses with his public key: reading works, actions that need a key say so', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Home');
  const dialog = await openSignIn(page);
  await dialog.getByRole('button', { name: 'Browse with a public key' }).click();
  const browse = page.getByRole('dialog', { name: 'Browse with a public key' });
  await browse.getByLabel('Public key (npub)').fill('npub1notakey');
  await browse.getByRole('button', { name: 'Browse', exact: true }).click();
  await expect(browse.getByRole('alert')).toHaveText('Please enter a valid public key');
  await browse.getByLabel('Public key (npub)').fill(npubEncode(bob.pubkey));
  await browse.getByRole('button', { name: 'Browse', exact: true }).click();
  await expect(browse).toBeHidden();
  await expect(accountName(page)).toHaveText(bob.displayName);
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByText('Browse only')).toBeVisible();

  await page.getByTestId('note').first().getByRole('button', { name: 'Like' }).click();
  await expect(page.getByText('You need to be signed in to perform this action')).toBeVisible();

  await page.goto('/bookmarks');
  await expect(page.getByTestId('note').first()).toBeVisible();
  await page.reload();
  await expect(accountName(page)).toHaveText(bob.displayName);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // On a phone the account entry sits in the "More" sheet.
  await page.setViewportSize({ width: 390, height: 844 });
  const bar = page.getByRole('navigation', { name: 'Navigation', exact: true });
  await bar.getByRole('button', { name: 'More' }).click();
  await expect(bar.getByTestId('account-menu')).toBeVisible();
  await expect(bar.getByTestId('account-name')).toHaveText(bob.displayName);
});

test('carol signs in with a signer extension (a NIP-07 window.nostr signing in the test) and stays after a reload', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const problems = watchPage(page, baseURL!);
  const signed: number[] = [];
  await page.exposeFunction('testSignEvent', (template: EventTemplate) => {
    signed.push(template.kind);
    return finalizeEvent(template, hexToBytes(carol.secretKeyHex));
  });
  await page.addInitScript((pubkey) => {
    const w = window as unknown as { nostr: unknown; testSignEvent: (t: unknown) => Promise<unknown> };
    w.nostr = { getPublicKey: async () => pubkey, signEvent: (t: unknown) => w.testSignEvent(t) };
  }, carol.pubkey);
  await page.goto('/home');
  const dialog = await openSignIn(page);
  await dialog.getByRole('button', { name: 'Sign in with extension' }).click();
  await expect(dialog).toBeHidden();
  await expect(accountName(page)).toHaveText(carol.displayName);
  // Her settings and home feeds are asked for with requests the extension signed (kind 30078).
  await expect.poll(() => signed.filter((k) => k === 30078).length).toBeGreaterThanOrEqual(2);
  await expect(page.getByTestId('note').first()).toBeVisible();

  await page.reload();
  await expect(accountName(page)).toHaveText(carol.displayName);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByText('Browse only')).toHaveCount(0);
  expect(problems.consoleErrors).toEqual([]);
});
