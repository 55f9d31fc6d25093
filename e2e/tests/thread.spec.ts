import { expect, test } from '@playwright/test';
import { watchPage } from '../helpers/watch-page.ts';
import { DEMO_ACCOUNTS } from '../support/accounts.ts';
import { queryRelay } from '../support/relay.ts';
import { relayUrlOf, serverUrl } from '../support/server.ts';

const bob = DEMO_ACCOUNTS.find((a) => a.name === 'bob')!;

// Threads against the seeded caching service: open a note from home, see parents/primary/replies and sidebars.

test('a note opens as a thread with the primary note, title and sidebars', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const problems = watchPage(page, baseURL!);
  await page.goto(`/p/${bob.pubkey}`);
  const first = page.getByRole('tabpanel').getByTestId('note').first();
  await expect(first).toBeVisible();
  const id = await first.getAttribute('data-note-id');
  // In-app navigation: the note's time links to its thread.
  await first.locator('time').click();
  await expect(page).toHaveURL(/\/e\/note1/);
  const primary = page.getByTestId('thread-primary');
  await expect(primary).toBeVisible();
  await expect(primary.getByTestId('note')).toHaveAttribute('data-note-id', id!);
  await expect(page).toHaveTitle(/^Note by .+/);
  await expect(page.getByRole('heading', { name: 'Replying to this Note' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'People in this Note' })).toBeVisible();
  await expect(primary).toBeInViewport();
  expect(problems.consoleErrors).toEqual([]);
});

test('a reply shows its parent above it, and the parent lists the reply', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`/p/${bob.pubkey}`);
  await page.getByRole('tab', { name: 'Replies', exact: true }).click();
  const replies = page.getByRole('tabpanel').getByTestId('note');
  await expect(replies.first()).toBeVisible();
  // The oldest reply on the first page is a seeded one: other specs post replies as bob meanwhile (comments on
  // articles they later delete, for one), whose parents are not notes.
  const replyId = (await replies.last().getAttribute('data-note-id'))!;
  await page.goto(`/e/${replyId}`);
  const parent = page.getByTestId('thread-parents').getByTestId('note').last();
  await expect(parent).toBeVisible();
  const parentId = (await parent.getAttribute('data-note-id'))!;
  await page.goto(`/thread/${parentId}`);
  await expect(page.getByTestId('thread-replies').locator(`[data-note-id="${replyId}"]`)).toBeVisible();
});

test('a missing note says it may have been deleted', async ({ page }) => {
  await page.goto(`/e/${'ef'.repeat(32)}`);
  await expect(page.getByTestId('thread-missing')).toHaveText(
    "We can't seem to find this note. It may have been deleted by the author.",
  );
});

test("a repost's thread is the thread of the note it reposts", async ({ page }) => {
  test.setTimeout(120_000);
  const [repost] = await queryRelay(relayUrlOf(serverUrl()), { kinds: [6], limit: 1 });
  const target = repost?.tags.find((t) => t[0] === 'e')?.[1];
  if (!repost || !target) throw new Error('the seed has no repost');
  await page.goto(`/e/${repost.id}`);
  await expect(page.getByTestId('thread-primary').getByTestId('note')).toHaveAttribute('data-note-id', target, {
    timeout: 60_000,
  });
  await expect(page).toHaveTitle(/^Note by .+/);
});
