import { screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { AppData } from '../../data/app-data.ts';
import { createTestAppData } from '../../data/test-app-data.ts';
import { renderWithApp } from '../../test-utils.tsx';
import { signed, startNetwork, testAuthor } from '../thread/test-network.test-helper.ts';
import { ArticleView } from './article-view.tsx';

const writer = testAuthor();
const reader = testAuthor();
const now = Math.floor(Date.now() / 1000);
const body = [
  'Intro paragraph.',
  '',
  '## A section',
  '',
  'Some **bold** words and <script>window.__hacked = true</script> and <img src=x onerror="window.__hacked = true">.',
  '',
  '[bad](javascript:alert(1))',
  '',
  'word '.repeat(300),
].join('\n');
const article = signed(
  writer,
  30023,
  body,
  [
    ['d', 'my-article'],
    ['title', 'A Test Article'],
    ['summary', 'What it is about'],
    ['image', 'javascript:window.__hacked = true'],
    ['published_at', String(now - 5000)],
  ],
  now - 5000,
);
let network: Awaited<ReturnType<typeof startNetwork>>;
let data: AppData;

beforeAll(async () => {
  network = await startNetwork([
    signed(writer, 0, JSON.stringify({ name: 'writer', display_name: 'Wri Ter' })),
    signed(reader, 0, JSON.stringify({ name: 'reader', display_name: 'Rea Der' })),
    article,
    signed(
      reader,
      1,
      'great article',
      [
        ['a', `30023:${writer.pubkey}:my-article`, '', 'root'],
        ['e', article.id, '', 'root'],
        ['p', writer.pubkey],
      ],
      now - 100,
    ),
  ]);
  data = createTestAppData(network.server.url, WebSocket);
}, 60_000);

afterAll(async () => {
  data?.dispose();
  await network?.close();
});

describe('ArticleView', () => {
  it('renders the markdown sanitised, with title, reading time, footer and comments', async () => {
    renderWithApp(
      <ArticleView articleRef={{ pubkey: writer.pubkey, identifier: 'my-article', kind: 30023 }} />,
      '/a/x',
      data,
    );
    const shown = await screen.findByTestId('article', {}, { timeout: 10_000 });
    expect(shown.textContent).toContain('A Test Article');
    expect(shown.textContent).toContain('2 min read');
    const bodyEl = screen.getByTestId('article-body');
    expect(bodyEl.querySelector('h4')?.textContent).toBe('A section');
    expect(bodyEl.querySelector('strong')?.textContent).toBe('bold');
    expect(bodyEl.querySelector('script, img, a[href^="javascript"]')).toBeNull();
    expect(screen.queryByTestId('article-image')).toBeNull();
    expect(shown.querySelector('[src^="javascript" i], [href^="javascript" i]')).toBeNull();
    expect((globalThis as { __hacked?: boolean }).__hacked).toBeUndefined();
    // one set of counters: the note footer's (the plain text counters are only a fallback without the event)
    const actions = screen.getByTestId('article-actions');
    expect(actions.querySelector('[data-testid="note-footer"] button[aria-label="Like"]')).not.toBeNull();
    expect(screen.queryByTestId('article-footer')).toBeNull();
    expect(screen.getByTestId('article-comments').textContent).toContain('great article');
  }, 30_000);

  it('says so when the article is unknown', async () => {
    renderWithApp(
      <ArticleView articleRef={{ pubkey: writer.pubkey, identifier: 'nope', kind: 30023 }} />,
      '/a/x',
      data,
    );
    expect((await screen.findByTestId('article-missing', {}, { timeout: 10_000 })).textContent).toBe(
      "We can't seem to find this article.",
    );
  }, 20_000);
});
