import type { NostrEvent } from '@tide/core/nostr';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeDialects } from '../../test/dialects.ts';
import { contacts, note, T0, testUser } from '../../test/fixtures/events.ts';
import { ingestEvents } from '../ingest/index.ts';
import type { Store } from '../store/index.ts';
import { queryPosts } from './content-posts.ts';
import { firstWindow, learnWindow } from './feed-windows.ts';

const DAY = 86_400;
const ann = testUser('feed-windows-ann');
const bob = testUser('feed-windows-bob');
const viewer = testUser('feed-windows-viewer');

describe('learnt feed windows', () => {
  it('start where the last page fitted, every row after a short page, 1 for a new feed', () => {
    const store = {} as Store;
    const until = 10 * DAY;
    expect(firstWindow(store, 'k')).toBe(1);
    learnWindow(
      store,
      'k',
      [
        { id: 'a', value: until - 10 },
        { id: 'b', value: until - 2 * DAY },
      ],
      until,
      2,
    );
    expect(firstWindow(store, 'k')).toBe(4);
    expect(firstWindow(store, 'new')).toBe(4); // a feed not seen yet starts where the last learnt one did
    learnWindow(store, 'k', [{ id: 'a', value: until - 70 * DAY }], until, 1);
    expect(firstWindow(store, 'k')).toBe(256);
    expect(firstWindow(store, 'new')).toBe(16); // at most 16 days
    learnWindow(store, 'k', [{ id: 'a', value: until }], until, 2);
    expect(firstWindow(store, 'k')).toBe(256);
    learnWindow(store, 'k', [{ id: 'a', value: until - 100 }], until, 1);
    expect(firstWindow(store, 'k')).toBe(1);
  });
});

describeDialects('follows feeds from any first window', (getStore) => {
  const posts: NostrEvent[] = [];
  beforeAll(async () => {
    // a busy last day, a quiet month before it, one very old note
    const events: NostrEvent[] = [contacts(viewer, [ann, bob], T0)];
    const now = T0 + 200 * DAY;
    for (let i = 0; i < 12; i++) events.push(note(i % 2 ? ann : bob, `recent ${i}`, [], now - i * 3000));
    for (let i = 0; i < 12; i++) events.push(note(i % 2 ? ann : bob, `older ${i}`, [], now - (2 + i * 3) * DAY));
    events.push(note(ann, 'ancient', [], T0 + 1));
    posts.push(...events.filter((e) => e.kind === 1));
    const results = await ingestEvents(getStore(), events, { source: 'import', now });
    expect(results.every((r) => r.ok)).toBe(true);
  });

  it('select the same page whatever window they start in', async () => {
    const now = T0 + 200 * DAY;
    let compared = 0;
    for (const until of [now, now - DAY, now - 20 * DAY, now - 100 * DAY]) {
      for (const [limit, offset] of [
        [5, 0],
        [10, 3],
        [30, 0],
        [2, 20],
      ]) {
        const paging = { limit, offset, since: 0, until };
        const q = { followedBy: viewer.pubkey, isReply: 0 as const, kinds: [1, 6] };
        const expected = posts
          .filter((e) => e.created_at <= until)
          .sort((a, b) => b.created_at - a.created_at || (a.id < b.id ? 1 : -1))
          .slice(offset, offset + limit)
          .map((e) => ({ id: e.id, value: e.created_at }));
        for (const fromDays of [1, 4, 16, 64, 256]) {
          expect(await queryPosts(getStore(), { ...q, fromDays }, paging)).toEqual(expected);
          compared += 1;
        }
      }
    }
    expect(compared).toBe(80);
  });
});
