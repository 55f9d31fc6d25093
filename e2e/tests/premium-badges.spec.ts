import { expect, test } from '@playwright/test';
import { noteEncode } from 'nostr-tools/nip19';
import { finalizeEvent, generateSecretKey, getPublicKey, type NostrEvent } from 'nostr-tools/pure';
import { choosePremiumPlan, subscribeAndPay } from '../support/premium.ts';
import { publishToRelay } from '../support/relay.ts';
import { sandboxWeblnScript, setSandboxBalance } from '../support/sandbox.ts';
import { navigateInApp as navigate, signInWithKey as signIn } from '../support/session.ts';

// Other users' membership comes from the caching service's answers: a fresh key buys Premium and then Legend through
// the UI and picks a style; a guest (another browser context, signed out) then sees the legend badge in that colour and
// the avatar glow on the member's note in a thread and on their profile, and nothing on a non-member's reply. The guest
// opened the thread before the purchase too, so the badge also proves no answer made before it is served after it.

const relayUrl = () => `ws://127.0.0.1:${process.env.TIDE_E2E_PORT}/`;

/** A fresh key's signed event. */
function signed(key: Uint8Array, kind: number, content: string, tags: string[][] = []): NostrEvent {
  return finalizeEvent({ kind, content, tags, created_at: Math.floor(Date.now() / 1000) }, key) as NostrEvent;
}

test("a guest sees a legend's badge colour and avatar glow from the answers, and no badge on a non-member", async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const member = generateSecretKey();
  const other = generateSecretKey();
  const memberPk = getPublicKey(member);
  const name = `glow${Date.now().toString(36)}`;
  const memberNote = signed(member, 1, 'A note by a member to be');
  const otherReply = signed(other, 1, 'A reply by someone who is not a member', [
    ['e', memberNote.id, '', 'root'],
    ['p', memberPk],
  ]);
  const published = await publishToRelay(relayUrl(), [
    signed(member, 0, JSON.stringify({ name, display_name: `Member ${name}` })),
    signed(other, 0, JSON.stringify({ name: 'not-a-member', display_name: 'Not a member' })),
    memberNote,
    otherReply,
  ]);
  expect(published).toBe(4);

  // The guest opens the thread first: nobody there is a member yet.
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  const threadPath = `/e/${noteEncode(memberNote.id)}`;
  const noteOf = (id: string) => guest.locator(`[data-testid="note"][data-note-id="${id}"]`).first();
  await guest.goto(threadPath);
  await expect(noteOf(memberNote.id)).toContainText('A note by a member to be');
  await expect(noteOf(otherReply.id)).toContainText('A reply by someone who is not a member');
  await expect(noteOf(memberNote.id).locator('[data-testid="member-badge"]')).toHaveCount(0);

  // The member buys 3 months of Premium, then Legend, with the sandbox wallet (set to cover both) and picks a style.
  await setSandboxBalance('tide', 1_100_000);
  await page.addInitScript({ content: await sandboxWeblnScript('tide') });
  await page.goto('/premium');
  await signIn(page, member);
  await choosePremiumPlan(page, name);
  await subscribeAndPay(page);
  await expect(page.getByTestId('premium-status')).toContainText('Premium');
  await navigate(page, '/premium/legend');
  // other specs set the shared tide wallet too: top it up again right before the Legend payment
  await setSandboxBalance('tide', 1_100_000);
  await page.getByLabel('Donation in US dollars').fill('1000');
  await page.getByRole('button', { name: 'Next' }).click();
  await subscribeAndPay(page);
  await expect(page.getByTestId('premium-status')).toContainText('Legend');
  await page.getByRole('link', { name: 'Legend style' }).click();
  await page.getByLabel('PURPLE', { exact: true }).check();
  await page.getByRole('button', { name: 'Save style' }).click();
  await expect(page.locator('[role="status"], [role="alert"]').filter({ hasText: 'Legend style saved' })).toBeVisible();

  // The guest's next load of the same thread: the member's badge in the legend colour and the glow; none on the reply.
  await guest.goto(threadPath);
  const badge = noteOf(memberNote.id).locator('[data-testid="member-badge"]');
  await expect(badge).toHaveAttribute('data-tier', 'premium-legend');
  await expect(badge).toHaveAttribute('style', /--legend-purple/);
  await expect(noteOf(memberNote.id).locator('[data-glow="PURPLE"]')).toBeVisible();
  await expect(noteOf(otherReply.id)).toContainText('A reply by someone who is not a member');
  await expect(noteOf(otherReply.id).locator('[data-testid="member-badge"]')).toHaveCount(0);
  await expect(noteOf(otherReply.id).locator('[data-glow]')).toHaveCount(0);

  // Their profile (header and their notes' feed) too, in a fresh guest page.
  const profile = await guestContext.newPage();
  await profile.goto(`/p/${memberPk}`);
  await expect(profile.locator('[data-glow="PURPLE"]').first()).toBeVisible();
  await expect(
    profile.locator(`[data-testid="note"][data-note-id="${memberNote.id}"] [data-testid="member-badge"]`).first(),
  ).toHaveAttribute('style', /--legend-purple/);
  await guestContext.close();
});
