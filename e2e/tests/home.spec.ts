import { hexToBytes } from '@noble/hashes/utils.js';
import { expect, type Page, test } from '@playwright/test';
import { finalizeEvent } from 'nostr-tools/pure';
import { DEMO_ACCOUNTS } from '../support/accounts.ts';

// Home against the seeded caching service (the e2e server runs with --seed): first page, paging, new-notes pill.

/** Scrolls the window from the top, collecting the item key (a repost's own id) at each list position until `count` positions are seen. */
async function collectIds(page: Page, count: number): Promise<string[]> {
  const byIndex = new Map<number, string>();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(300);
  for (let step = 0; step < 400 && byIndex.size < count; step++) {
    const rows = await page
      .locator('[data-index]')
      .evaluateAll((els) =>
        els.map((e) => [Number(e.getAttribute('data-index')), e.getAttribute('data-item-key') ?? '']),
      );
    for (const [index, id] of rows) if (Number(index) < count) byIndex.set(Number(index), String(id));
    const atEnd = await page.evaluate(() => {
      const before = window.scrollY;
      window.scrollBy(0, window.innerHeight * 0.8);
      return window.scrollY === before;
    });
    if (atEnd) break;
    await page.waitForTimeout(150);
  }
  return [...byIndex.entries()].sort((a, b) => a[0] - b[0]).map(([, id]) => id);
}

async function listCount(page: Page): Promise<number> {
  return Number(await page.getByTestId('note-list').getAttribute('data-count'));
}

test('home loads 20 notes, scrolling loads three more pages with no repeated id', async ({ page }) => {
  test.setTimeout(240_000);
  await page.goto('/home');
  await expect(page.getByTestId('note').first()).toBeVisible({ timeout: 90_000 });
  await expect.poll(() => listCount(page), { timeout: 30_000 }).toBe(20);
  for (const expected of [40, 60, 80]) {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => listCount(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(expected);
  }
  const ids = await collectIds(page, 80);
  expect(ids).toHaveLength(80);
  expect(new Set(ids).size).toBe(80);
  expect(await page.locator('[data-testid="note"]').count()).toBeLessThan(await listCount(page));
});

test('the new-notes pill appears after events are published to the relay, and prepends them', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  await page.clock.install();
  await page.goto('/home');
  await page.getByTestId('feed-selector').selectOption({ label: 'All Notes' });
  await expect(page.getByTestId('note').first()).toBeVisible({ timeout: 90_000 });
  await expect.poll(() => listCount(page), { timeout: 30_000 }).toBe(20);
  // A seeded demo account: the service may leave fresh, unknown authors out of network-wide feeds.
  const key = hexToBytes(DEMO_ACCOUNTS[0]?.secretKeyHex ?? '');
  // Newer than everything loaded, whatever clock the seeded network was generated with.
  const newest = await page
    .locator('[data-testid="note"] time')
    .evaluateAll((els) => Math.max(...els.map((e) => Date.parse(e.getAttribute('datetime') ?? '') / 1000)));
  const now = Math.max(Math.floor(Date.now() / 1000), Math.floor(newest) + 1);
  const events = [0, 1, 2].map((i) =>
    finalizeEvent({ kind: 1, created_at: now + i, tags: [], content: `e2e fresh note ${i}` }, key),
  );
  const relayUrl = `${(baseURL ?? '').replace(/^http/, 'ws')}/`;
  const accepted = await page.evaluate(
    ({ url, events }) =>
      new Promise<number>((resolve, reject) => {
        const ws = new WebSocket(url);
        let ok = 0;
        let answers = 0;
        ws.onopen = () => {
          for (const event of events) ws.send(JSON.stringify(['EVENT', event]));
        };
        ws.onmessage = (message) => {
          const frame = JSON.parse(String(message.data));
          if (frame[0] !== 'OK') return;
          answers++;
          if (frame[2] === true) ok++;
          if (answers === events.length) {
            ws.close();
            resolve(ok);
          }
        };
        ws.onerror = () => reject(new Error('relay unreachable'));
      }),
    { url: relayUrl, events },
  );
  expect(accepted).toBe(3);
  const pill = page.getByTestId('new-notes-pill');
  // Advance the page's clock past the 25 s check interval until a check has come back (the service may be slow here).
  await expect
    .poll(
      async () => {
        await page.clock.runFor(26_000);
        await page.waitForTimeout(2_000);
        return (await pill.count()) > 0 ? await pill.textContent() : '';
      },
      { timeout: 90_000, intervals: [0] },
    )
    .toBe('Show 3 new notes');
  await pill.click();
  await expect(pill).toBeHidden();
  await expect(page.getByTestId('note-content').first()).toHaveText('e2e fresh note 2');
});

/** The list position of the row under the middle of the viewport. */
async function rowInView(page: Page): Promise<number> {
  return page.evaluate(() => {
    const el = document.elementFromPoint(window.innerWidth / 2 - 100, window.innerHeight / 2);
    return Number(el?.closest('[data-index]')?.getAttribute('data-index') ?? -1);
  });
}

/** Opens /home and scrolls it down three wheel turns; the list position then in view. */
async function scrolledHome(page: Page): Promise<number> {
  await page.goto('/home');
  await expect(page.getByTestId('note').first()).toBeVisible({ timeout: 90_000 });
  for (let i = 0; i < 3; i++) {
    await page.mouse.wheel(0, 1000);
    await page.waitForTimeout(300);
  }
  await expect.poll(() => rowInView(page)).toBeGreaterThan(2);
  return rowInView(page);
}

/** Expects the row in view to be within one of `before`. */
async function expectRowNear(page: Page, before: number): Promise<void> {
  await expect.poll(() => rowInView(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(before - 1);
  expect(Math.abs((await rowInView(page)) - before)).toBeLessThanOrEqual(1);
}

test('the list position is restored on back navigation', async ({ page }) => {
  test.setTimeout(240_000);
  const before = await scrolledHome(page);
  // Open the note in view (clicking one outside the viewport would scroll the page first).
  const opened = await page
    .locator(`[data-index="${before}"]`)
    .getByTestId('note')
    .first()
    .getAttribute('data-note-id');
  await page.locator(`[data-index="${before}"] time`).click();
  // Back only once the thread is on screen, as a user would: the URL changes at the click (pushState) but React
  // commits the route change later, and a back before that commit leaves the list mounted, with nothing to restore.
  await expect(page).toHaveURL(/\/e\//);
  await expect(page.getByTestId('thread-primary').getByTestId('note').first()).toHaveAttribute('data-note-id', opened!);
  await page.goBack();
  await expect(page.getByTestId('note-list')).toHaveAttribute('data-restored', 'true', { timeout: 30_000 });
  await expectRowNear(page, before);
});

test('back before the thread screen showed keeps the list where it was (a 20x slower CPU)', async ({ page }) => {
  test.setTimeout(240_000);
  const before = await scrolledHome(page);
  // Slowed down, React commits the route change well after the URL changed: the back comes first, so the list
  // either never left (nothing to restore) or is restored; either way the same notes are in view.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
  await page.locator(`[data-index="${before}"] time`).click();
  await page.waitForURL(/\/e\//);
  await page.goBack();
  await expect(page).toHaveURL(/\/home$/);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await expect(page.getByTestId('note-list')).toBeVisible();
  await expectRowNear(page, before);
  await expect(page.getByTestId('thread-primary')).toHaveCount(0);
});
