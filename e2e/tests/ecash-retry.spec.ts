import { expect, type Page, test } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../support/accounts.ts';
import { sandboxBalance, sandboxToken, sandboxUrl, sandboxWeblnScript } from '../support/sandbox.ts';
import { navigateInApp as navigate, signInWithKey as signIn } from '../support/session.ts';

// Ecash that failed to redeem is kept in this browser (tokensWithErrors); Settings → Connected Wallets lists it.
// Against the real sandbox mint and carol's sandbox WebLN wallet: Retry redeems a kept token into her wallet and
// forgets it; Discard asks first, then forgets the other one. The token text never appears on the page.

const carol = DEMO_ACCOUNTS.find((a) => a.name === 'carol')!;
const toast = (page: Page, text: string | RegExp) =>
  page.locator('[role="status"], [role="alert"]').filter({ hasText: text });

test('a kept ecash token is retried into the wallet, another is discarded after a confirmation', async ({ page }) => {
  test.setTimeout(180_000);
  const retried = await sandboxToken(150);
  const discarded = await sandboxToken(30);
  await page.addInitScript({ content: await sandboxWeblnScript('carol') });
  await page.goto('/home');
  await page.evaluate((list) => localStorage.setItem('tokensWithErrors', JSON.stringify(list)), [retried, discarded]);
  await signIn(page, carol.secretKeyHex);
  await navigate(page, '/settings/nwc');

  const rows = page.getByTestId('kept-token');
  await expect(rows).toHaveCount(2);
  const first = rows.filter({ hasText: '150 sats' });
  await expect(first).toContainText(`from ${sandboxUrl()}/mint`);
  const html = await page.content();
  expect(html).not.toContain(retried);
  expect(html).not.toContain(discarded);

  // Retry: melted at the mint into an invoice of carol's wallet; the row goes, her balance rises.
  const before = await sandboxBalance('carol');
  await first.getByRole('button', { name: 'Retry' }).click();
  await expect(toast(page, /Redeemed \d+ sats into your wallet/)).toBeVisible({ timeout: 60_000 });
  await expect(rows).toHaveCount(1);
  const after = await sandboxBalance('carol');
  expect(after).toBeGreaterThan(before);
  expect(after).toBeLessThanOrEqual(before + 150);

  // Discard asks first (focus inside the dialog); Cancel keeps it, confirming forgets it.
  const second = rows.filter({ hasText: '30 sats' });
  await second.getByRole('button', { name: 'Discard' }).click();
  const dialog = page.getByRole('dialog', { name: 'Discard this token?' });
  await expect(dialog).toBeVisible();
  expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(rows).toHaveCount(1);
  await second.getByRole('button', { name: 'Discard' }).click();
  await dialog.getByRole('button', { name: 'Discard' }).click();
  await expect(toast(page, 'Token discarded')).toBeVisible();
  await expect(rows).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('tokensWithErrors'))).toBe('[]');
});
