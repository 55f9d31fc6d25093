import { hexToBytes } from '@noble/hashes/utils.js';
import { expect, type Page, test } from '@playwright/test';
import { npubEncode, nsecEncode } from 'nostr-tools/nip19';
import { verifyEvent } from 'nostr-tools/pure';
import { watchPage } from '../helpers/watch-page.ts';
import { DEMO_ACCOUNTS } from '../support/accounts.ts';
import { queryRelay } from '../support/relay.ts';
import { relayUrlOf } from '../support/server.ts';

// Articles (issue 14): bob writes an article in the editor, saves it as a draft (kind 31234, encrypted to himself),
// reloads and finds it again, publishes it (kind 30023 on the relay with his valid signature), and finds it on the
// article page and in My Articles; the draft is gone from his drafts.

const bob = DEMO_ACCOUNTS.find((a) => a.name === 'bob')!;
const BOB_NSEC = nsecEncode(hexToBytes(bob.secretKeyHex));
const PIN = '1357';
// A 2x2 PNG (red, green / blue, white).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFElEQVR4nGP4z8DAAMIM/////w8AH+4F+7C4l8kAAAAASUVORK5CYII=',
  'base64',
);
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const accountName = (page: Page) => page.locator('nav[aria-label="Main navigation"] [data-testid="account-name"]');

async function signIn(page: Page) {
  await nav(page).getByRole('button', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByLabel('Private key (nsec)').fill(BOB_NSEC);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  const createPin = page.getByRole('dialog', { name: 'Create PIN' });
  await createPin.getByLabel('PIN', { exact: true }).fill(PIN);
  await createPin.getByLabel('Repeat PIN').fill(PIN);
  await createPin.getByRole('button', { name: 'Create PIN' }).click();
  await expect(createPin).toBeHidden({ timeout: 30_000 });
  await expect(accountName(page)).toHaveText(bob.displayName);
}

async function unlock(page: Page) {
  const enterPin = page.getByRole('dialog', { name: 'Enter PIN' });
  await expect(enterPin).toBeVisible({ timeout: 30_000 });
  await enterPin.getByLabel('PIN', { exact: true }).fill(PIN);
  await enterPin.getByRole('button', { name: 'Unlock' }).click();
  await expect(enterPin).toBeHidden({ timeout: 30_000 });
}

test('bob writes an article, saves a draft, reloads, publishes it, and finds it on the article page and My Articles', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const problems = watchPage(page, baseURL!);
  const relay = relayUrlOf(baseURL!);
  const stamp = Date.now().toString(36);
  const title = `Tide Tables ${stamp}`;
  const slug = `tide-tables-${stamp}`;

  const toast = (text: string) =>
    page.locator('[role="status"]:not([data-testid="draft-status"])').filter({ hasText: text }).first();

  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto('/home');
  await signIn(page);

  // The editor's code (TipTap) loads only now: the home screen did not fetch it.
  expect(scripts.some((url) => /editor-frame/.test(url))).toBe(false);
  await page.goto('/reads/edit');
  await unlock(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('New Article');
  const form = page.getByTestId('article-editor');
  await form.getByLabel('Title').fill(title);
  // A reload right after typing (before any relay save) loses nothing: the editor keeps it in this browser.
  await page.reload();
  await unlock(page);
  await expect(form.getByLabel('Title')).toHaveValue(title, { timeout: 30_000 });
  await form.getByLabel('Summary').fill('When the sea comes in');
  // Cover image: uploaded to the caching service's media store (signed kind 24242), its address fills the field.
  await page.getByTestId('cover-file').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
  await expect(toast('Image uploaded')).toBeVisible({ timeout: 30_000 });
  const coverUrl = await form.getByLabel('Cover image address').inputValue();
  expect(coverUrl).toMatch(/^https?:\/\/\S+$/);
  await expect(form.getByTestId('cover-preview')).toHaveAttribute('src', coverUrl);
  await form.getByLabel('Topics').fill('oceans, #Tides');
  const body = page.getByTestId('article-body-editor');
  await body.click();
  await page.keyboard.type('The moon pulls the water. ');
  await form.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type('Twice a day');
  await form.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type(' it rises.');
  await expect(body.locator('strong')).toHaveText('Twice a day');
  // Autosave: typing stops, the encrypted draft goes to the relays and the address bar takes its naddr.
  await expect(page.getByTestId('draft-status')).toHaveText('Draft saved', { timeout: 30_000 });
  await expect(page).toHaveURL(/\/reads\/edit\/naddr1/);

  // Markdown view shows what will be published; the preview renders it like the article page.
  await form.getByRole('tab', { name: 'Markdown' }).click();
  await expect(form.getByLabel('Article text (Markdown)')).toHaveValue(
    'The moon pulls the water. **Twice a day** it rises.',
  );
  await form.getByRole('tab', { name: 'Preview' }).click();
  const preview = page.getByTestId('article-preview');
  await expect(preview.getByRole('heading', { level: 2 })).toHaveText(title);
  await expect(preview.getByTestId('article-body').locator('strong')).toHaveText('Twice a day');
  await form.getByRole('tab', { name: 'Write' }).click();

  // Save draft: the relay stores a kind 31234 of bob, its content encrypted (not the title in clear).
  await form.getByRole('button', { name: 'Save draft' }).click();
  await expect(toast('Draft saved')).toBeVisible({ timeout: 30_000 });
  const drafts = await queryRelay(relay, { kinds: [31234], authors: [bob.pubkey] });
  const draft = drafts.find((d) => !d.content.includes(stamp) && d.tags.some((t) => t[0] === 'k' && t[1] === '30023'));
  expect(drafts.length).toBeGreaterThan(0);
  expect(drafts.every((d) => verifyEvent(d) && !d.content.includes(title))).toBe(true);
  expect(draft).toBeTruthy();

  // Reload: the draft opens again from the relay, decrypted with bob's key.
  await page.reload();
  await unlock(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit Article');
  await expect(form.getByLabel('Title')).toHaveValue(title, { timeout: 30_000 });
  await expect(form.getByLabel('Topics')).toHaveValue('oceans, tides');
  await expect(page.getByTestId('article-body-editor').locator('strong')).toHaveText('Twice a day');

  // Publish: kind 30023 with d from the title, title/summary/t tags and a valid signature.
  await form.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Article published').first()).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/a\/naddr1/, { timeout: 30_000 });
  const articles = await queryRelay(relay, { kinds: [30023], authors: [bob.pubkey], '#d': [slug] });
  expect(articles).toHaveLength(1);
  const article = articles[0]!;
  expect(verifyEvent(article)).toBe(true);
  expect(article.content).toBe('The moon pulls the water. **Twice a day** it rises.');
  expect(article.tags).toEqual(
    expect.arrayContaining([
      ['d', slug],
      ['title', title],
      ['summary', 'When the sea comes in'],
      ['t', 'oceans'],
      ['t', 'tides'],
      ['image', coverUrl],
    ]),
  );
  expect(article.tags.find((t) => t[0] === 'published_at')?.[1]).toMatch(/^\d+$/);

  // The article page shows it (through the caching service).
  const shown = page.getByTestId('article');
  await expect(shown.getByRole('heading', { level: 2 })).toHaveText(title, { timeout: 30_000 });
  await expect(shown.getByTestId('article-body').locator('strong')).toHaveText('Twice a day');
  await expect(shown.getByTestId('article-image')).toHaveAttribute('src', coverUrl);
  expect(await (await page.request.get(coverUrl)).body()).toEqual(PNG);
  const coordinate = `30023:${bob.pubkey}:${slug}`;

  // Like: the count moves once; the relay stores bob's kind 7 naming the article by id and address.
  const actions = page.getByTestId('article-actions');
  const like = actions.getByRole('button', { name: 'Like' });
  await expect(like).toHaveText('0');
  await like.click();
  await expect(like).toHaveText('1', { timeout: 30_000 });
  await like.click();
  await expect(like).toHaveText('1');
  const likes = await queryRelay(relay, { kinds: [7], authors: [bob.pubkey], '#a': [coordinate] });
  expect(likes).toHaveLength(1);
  expect(verifyEvent(likes[0]!) && likes[0]!.tags.some((t) => t[0] === 'e' && t[1] === article.id)).toBe(true);
  // The zap button is there (zapping itself is another issue).
  await expect(actions.getByRole('button', { name: 'Zap' })).toBeVisible();

  // Bookmark (the first public bookmark asks first): bob's kind 10003 names the article by its address.
  const bookmark = actions.getByRole('button', { name: 'Bookmark' });
  await bookmark.click();
  const ask = page.getByRole('dialog', { name: 'Save your first bookmark?' });
  await expect
    .poll(async () => (await ask.count()) > 0 || (await bookmark.getAttribute('aria-pressed')) === 'true', {
      timeout: 30_000,
    })
    .toBe(true);
  if (await ask.count()) await ask.getByRole('button', { name: 'Bookmark' }).click();
  await expect(actions.getByRole('button', { name: 'Remove bookmark' })).toHaveAttribute('aria-pressed', 'true', {
    timeout: 30_000,
  });
  const lists = await queryRelay(relay, { kinds: [10003], authors: [bob.pubkey] });
  const list = lists.sort((a, b) => b.created_at - a.created_at)[0];
  expect(list && verifyEvent(list) && list.tags.some((t) => t[0] === 'a' && t[1] === coordinate)).toBe(true);

  // Comment: a reply with the article's `e` (root) and `a` tags, shown under the article.
  await page.getByTestId('reply-box').click();
  await page.getByRole('combobox', { name: 'Write your reply' }).fill('Lovely piece on tides');
  await page.getByRole('button', { name: 'Reply', exact: true }).last().click();
  const comments = page.getByTestId('article-comments');
  // Posted (the reply box closed), and the comment is a note under the article.
  await expect(page.getByTestId('reply-box')).toBeVisible({ timeout: 30_000 });
  await expect(comments.getByTestId('note').filter({ hasText: 'Lovely piece on tides' })).toBeVisible({
    timeout: 30_000,
  });
  const replies = await queryRelay(relay, { kinds: [1], authors: [bob.pubkey], '#a': [coordinate] });
  expect(replies).toHaveLength(1);
  expect(verifyEvent(replies[0]!)).toBe(true);
  expect(replies[0]!.tags).toEqual(expect.arrayContaining([['e', article.id, expect.any(String), 'root', bob.pubkey]]));

  // The context menu: copy the link, and (his own article) delete is offered.
  await actions.getByTestId('article-menu').click();
  await expect(page.getByRole('menuitem', { name: 'Copy note link' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: /Delete/ })).toBeVisible();
  await page.keyboard.press('Escape');

  // My Articles lists it; the draft was deleted when it was published.
  await page.goto('/myarticles');
  await unlock(page);
  const published = page.getByTestId('my-articles-published');
  await expect(published.getByText(title)).toBeVisible({ timeout: 30_000 });
  await page.getByRole('tab', { name: /^Drafts/ }).click();
  await expect(page.getByTestId('draft-title').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('draft-title').filter({ hasText: title })).toHaveCount(0);
  const deletions = await queryRelay(relay, { kinds: [5], authors: [bob.pubkey] });
  expect(deletions.some((d) => verifyEvent(d) && d.tags.some((t) => t[0] === 'a' && t[1]?.startsWith('31234:')))).toBe(
    true,
  );

  // Editing from My Articles: the editor opens the published article; publishing again keeps d and published_at.
  await page.getByRole('tab', { name: /^Published/ }).click();
  await published
    .getByTestId('my-article')
    .filter({ hasText: title })
    .getByRole('button', { name: 'Article actions' })
    .click();
  await page.getByRole('menuitem', { name: 'Edit article' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit Article');
  await expect(form.getByLabel('Title')).toHaveValue(title, { timeout: 30_000 });
  await form.getByLabel('Summary').fill('When the sea comes in, twice');
  await form.getByRole('button', { name: 'Publish' }).click();
  await expect(page).toHaveURL(/\/a\/naddr1/, { timeout: 30_000 });
  await expect
    .poll(async () => (await queryRelay(relay, { kinds: [30023], '#d': [slug] }))[0]?.id)
    .not.toBe(article.id);
  const [edited] = await queryRelay(relay, { kinds: [30023], authors: [bob.pubkey], '#d': [slug] });
  expect(edited && verifyEvent(edited)).toBe(true);
  expect(edited!.tags).toContainEqual(['summary', 'When the sea comes in, twice']);
  expect(edited!.tags.find((t) => t[0] === 'published_at')).toEqual(article.tags.find((t) => t[0] === 'published_at'));

  // Delete from My Articles (after confirming): a kind 5 with the article's `a` tag, and the list no longer shows it.
  await page.goto('/myarticles');
  await unlock(page);
  const row = page.getByTestId('my-article').filter({ hasText: title });
  await row.getByRole('button', { name: 'Article actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete article' }).click();
  await page.getByRole('dialog', { name: 'Delete article?' }).getByRole('button', { name: 'Delete article' }).click();
  await expect(toast('Article deleted')).toBeVisible({ timeout: 30_000 });
  await expect(row).toHaveCount(0);
  const removals = await queryRelay(relay, { kinds: [5], authors: [bob.pubkey], '#a': [coordinate] });
  expect(removals.length).toBe(1);
  expect(verifyEvent(removals[0]!)).toBe(true);

  // The profile's Drafts tab (own profile only) shows the drafts by their decrypted titles.
  await page.goto(`/p/${npubEncode(bob.pubkey)}`);
  await unlock(page);
  await page.getByRole('tab', { name: 'Drafts' }).click();
  const profileTitles = page.getByTestId('profile-drafts').getByTestId('draft-title');
  await expect(profileTitles.first()).toBeVisible({ timeout: 30_000 });
  await expect(profileTitles.first()).not.toHaveText(/Encrypted draft|cannot be read|Untitled/, { timeout: 30_000 });

  // The editor is its own chunk: TipTap came with the editor route, not with the home screen.
  expect(scripts.some((url) => /editor-frame/.test(url))).toBe(true);
  expect(problems.consoleErrors).toEqual([]);
});
