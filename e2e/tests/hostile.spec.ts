import { expect, type Page, test } from '@playwright/test';
import { naddrEncode, npubEncode } from 'nostr-tools/nip19';
import { finalizeEvent, generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import { publishToRelay } from '../support/relay.ts';
import { type ServerInstance, startServerInstance } from '../support/server-instance.ts';

// Hostile notes, profiles and articles published to the e2e server render inert: no dialog, no script run, no
// javascript: link, layout intact. They go to a server of their own (a snapshot of the seeded e2e db), so the shared
// server's feeds (e.g. the home new-notes count) never see them.

const PWN = 'window.__pwned=1;alert(1)';
const HOSTILE_TEXT = [
  `<script>${PWN}</script>`,
  `<img src=x onerror="${PWN}">`,
  `<a href="javascript:${PWN}">click me</a>`,
  `[md link](javascript:${PWN})`,
  `<svg onload="${PWN}"></svg>`,
  `<iframe src="javascript:${PWN}"></iframe>`,
  'javascript:alert(1)',
].join('\n');
const HUGE_WORD = 'A'.repeat(20_000);

const key = generateSecretKey();
const pubkey = getPublicKey(key);
const now = Math.floor(Date.now() / 1000);
const profile = finalizeEvent(
  {
    kind: 0,
    created_at: now,
    tags: [],
    content: JSON.stringify({
      name: `<img src=x onerror="${PWN}">`,
      display_name: `<script>${PWN}</script>`,
      about: HOSTILE_TEXT,
      website: `javascript:${PWN}`,
      picture: `javascript:${PWN}`,
      banner: `" onerror="${PWN}`,
      lud16: `<b onmouseover="${PWN}">x</b>`,
    }),
  },
  key,
);
const note = finalizeEvent(
  { kind: 1, created_at: now, tags: [['t', '<script>']], content: `${HOSTILE_TEXT}\n${HUGE_WORD}\n#<b>tag</b>` },
  key,
);
const article = finalizeEvent(
  {
    kind: 30023,
    created_at: now,
    tags: [
      ['d', 'hostile'],
      ['title', `<script>${PWN}</script>`],
      ['summary', `<img src=x onerror="${PWN}">`],
      ['image', `javascript:${PWN}`],
    ],
    content: `# Title\n\n${HOSTILE_TEXT}\n\n**unclosed *emphasis [broken](link\n\n\`\`\`\nunclosed fence\n\n<div onclick="${PWN}">${HUGE_WORD}</div>\n\n${'> '.repeat(500)}deep quote\n\n${'- '.repeat(300)}list`,
  },
  key,
);

let server: ServerInstance;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const db = process.env.TIDE_E2E_DB;
  const web = process.env.TIDE_E2E_WEB;
  if (!db || !web) throw new Error('TIDE_E2E_DB / TIDE_E2E_WEB are not set: run through e2e/playwright.config.ts');
  server = await startServerInstance({ copyOf: db, web });
  expect(await publishToRelay(server.relayUrl, [profile, note, article])).toBe(3);
});

test.afterAll(async () => {
  await server?.dispose();
});

/** Fails on any dialog, records script execution, and checks the page has no live javascript: links and no overflow. */
async function expectInert(page: Page, dialogs: string[]) {
  await page.waitForTimeout(1500);
  expect(dialogs).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(await page.locator('a[href^="javascript:" i], [src^="javascript:" i]').count()).toBe(0);
  expect(
    await page.locator('main [onerror], main [onload], main [onclick], main [onmouseover], main script').count(),
  ).toBe(0);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
}

for (const [name, path, waitFor] of [
  ['note', `/thread/${note.id}`, 'note-content'],
  ['profile', `/p/${npubEncode(pubkey)}`, null],
  ['article', `/a/${naddrEncode({ kind: 30023, pubkey, identifier: 'hostile' })}`, null],
] as const) {
  test(`a hostile ${name} renders inert`, async ({ page }) => {
    test.setTimeout(120_000);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(`${server.origin}${path}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
    if (waitFor) await expect(page.getByTestId(waitFor).first()).toBeVisible({ timeout: 30_000 });
    else await expect(page.getByText(/onerror|<script>|javascript:/).first()).toBeVisible({ timeout: 30_000 });
    await expectInert(page, dialogs);
  });
}

test('hostile notes in search results render inert', async ({ page }) => {
  test.setTimeout(120_000);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(`${server.origin}/search/${encodeURIComponent('click me')}`);
  await expect(page.getByTestId('note').or(page.getByText('No results found')).first()).toBeVisible({
    timeout: 30_000,
  });
  await expectInert(page, dialogs);
});
