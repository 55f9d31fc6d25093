import { expect, type Page, test } from '@playwright/test';
import { type CacheAnswerEvent, cacheRequest } from '../support/cache.ts';
import { cacheUrlOf, serverUrl } from '../support/server.ts';

// The reactions window's tab counts agree with the lists under them, and both with the caching service's answers
// to the commands the window sends (event_actions, event_zaps_by_satszapped, note_mentions, note_mentions_count).

type Stats = { event_id: string; likes: number; zaps: number; reposts: number };
const cache = (command: string, payload: Record<string, unknown>) =>
  cacheRequest(cacheUrlOf(serverUrl()), command, payload);
const isLike = (content = '') => content === '' || /^(\+|🤙|❤|\uFE0F)/u.test(content);
const of = (events: CacheAnswerEvent[], kind: number) => events.filter((e) => e.kind === kind);

/** What the server answers for one note: its counters and the lists behind each tab. */
async function answersFor(stats: Stats) {
  const [reactions, reposts, zaps, quotes, quoteCount] = await Promise.all([
    cache('event_actions', { event_id: stats.event_id, kind: 7, limit: 20, offset: 0 }),
    cache('event_actions', { event_id: stats.event_id, kind: 6, limit: 20, offset: 0 }),
    cache('event_zaps_by_satszapped', { event_id: stats.event_id, limit: 20, offset: 0 }),
    cache('note_mentions', { event_id: stats.event_id, limit: 20, offset: 0 }),
    cache('note_mentions_count', { event_id: stats.event_id }),
  ]);
  const count = (JSON.parse(quoteCount[0]?.content ?? '{}') as { count?: number }).count ?? 0;
  return {
    stats,
    reactions: of(reactions, 7),
    likes: of(reactions, 7).filter((e) => isLike(e.content)),
    reposts: of(reposts, 6),
    zaps: of(zaps, 9735),
    quotes: of(quotes, 1).filter((e) => e.id !== stats.event_id),
    quoteCount: count,
  };
}

async function seededNotes() {
  const answers = [
    ...(await cache('explore_global_trending_24h', { limit: 100 })),
    ...(await cache('mega_feed_directive', { spec: '{"id":"latest","kind":"notes"}', limit: 100 })),
  ];
  const stats = of(answers, 10000100).map((e) => JSON.parse(e.content ?? '{}') as Stats);
  return Promise.all(stats.map(answersFor));
}

async function openReactions(page: Page, id: string) {
  await page.goto(`/e/${id}`);
  const note = page.getByTestId('thread-primary').getByTestId('note');
  await expect(note).toHaveAttribute('data-note-id', id);
  await note.getByRole('button', { name: 'Note actions' }).click();
  await page.getByRole('menuitem', { name: 'Note reactions' }).click();
  return page.getByRole('dialog', { name: 'Reactions' });
}

async function rowsOf(page: Page, tab: string) {
  const dialog = page.getByRole('dialog', { name: 'Reactions' });
  await dialog.getByRole('tab', { name: new RegExp(`^${tab} \\(`) }).click();
  const panel = dialog.getByRole('tabpanel');
  await expect(panel.getByText('Loading', { exact: true })).toHaveCount(0);
  return panel.getByRole('listitem').count();
}

test('every tab count matches its list and the server answers', async ({ page }) => {
  test.setTimeout(180_000);
  const notes = await seededNotes();
  // The notes the window used to get wrong: non-like reactions, zaps, quotes (which the server counts as reposts).
  const withOtherReactions = notes.find((n) => n.reactions.length > n.likes.length && n.likes.length > 0);
  const zapped = notes.find((n) => n.zaps.length > 1);
  const quoted = notes.find((n) => n.quotes.length > 0 && n.reposts.length > 0) ?? notes.find((n) => n.quotes.length);
  expect(withOtherReactions, 'the seed has a note with likes and other reactions').toBeDefined();
  expect(zapped, 'the seed has a zapped note').toBeDefined();
  expect(quoted, 'the seed has a quoted note').toBeDefined();
  for (const note of new Set([withOtherReactions!, zapped!, quoted!])) {
    // The server's own counters agree with its lists (what the window builds on).
    expect(note.likes.length).toBe(note.stats.likes);
    expect(note.zaps.length).toBe(note.stats.zaps);
    expect(note.reposts.length + note.quoteCount).toBe(note.stats.reposts);
    expect(note.quotes.length).toBe(note.quoteCount);

    const dialog = await openReactions(page, note.stats.event_id);
    const expected = {
      Likes: note.likes.length,
      Zaps: note.zaps.length,
      Reposts: note.reposts.length,
      Quotes: note.quotes.length,
    };
    await expect(dialog.getByRole('tab', { name: `Quotes (${note.quoteCount})` })).toBeVisible();
    for (const [tab, n] of Object.entries(expected)) {
      await expect(
        dialog.getByRole('tab', { name: `${tab} (${n})` }),
        `${tab} of ${note.stats.event_id}`,
      ).toBeVisible();
      expect(await rowsOf(page, tab), `${tab} rows of ${note.stats.event_id}`).toBe(n);
    }
    await page.keyboard.press('Escape');
  }
});
