import { expect, type Page } from '@playwright/test';
import { navigateInApp } from './session.ts';

/** On a subscription or Legend step: Subscribe, the invoice (QR code and text), paid by the page's wallet, Done. */
export async function subscribeAndPay(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByRole('img', { name: 'Lightning invoice QR code' })).toBeVisible();
  await expect(page.getByTestId('premium-invoice')).toHaveText(/^lnbc/);
  await page.getByRole('button', { name: 'Pay with connected wallet' }).click();
  await page.getByRole('button', { name: 'Done' }).click({ timeout: 30_000 });
}

/** Finds `name` (live availability), picks the plan and reaches its payment step. */
export async function choosePremiumPlan(page: Page, name: string, plan: RegExp = /3 months/): Promise<void> {
  await navigateInApp(page, '/premium/name');
  await page.getByLabel('Premium name').fill(name);
  await expect(page.getByText('This name is available')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('radio', { name: plan }).check();
  await page.getByRole('button', { name: 'Next' }).click();
}

/**
 * Finds `name` and buys the plan, paying with the page's wallet (the sandbox WebLN provider); ends on /premium with
 * the member's status shown.
 */
export async function buyPremium(page: Page, name: string, plan: RegExp = /3 months/): Promise<void> {
  await choosePremiumPlan(page, name, plan);
  await subscribeAndPay(page);
  await expect(page).toHaveURL(/\/premium$/);
  await expect(page.getByTestId('premium-status')).toContainText('Premium');
}
