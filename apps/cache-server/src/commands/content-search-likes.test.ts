import type { NostrEvent } from '@tide/core/nostr';
import { beforeAll, expect, it } from 'vitest';
import { describeDialects } from '../../test/dialects.ts';
import { feedRange, guestContext } from '../../test/fixtures/answers.ts';
import { ev, note, reaction, T0, testUser } from '../../test/fixtures/events.ts';
import { ingestEvents } from '../ingest/index.ts';
import { searchNotes } from './content-search.ts';
import { LIKES_WALK_MIN } from './content-search-likes.ts';
import type { CommandContext } from './context.ts';

const NOW = T0 + 86_400;
const author = testUser('likes-walk-author');
const likers = Array.from({ length: 6 }, (_, i) => testUser(`likes-walk-liker-${i}`));

// Notes with 0..5 likes (several with the same count: ties go by id), some matching "walk", one an article.
const notes: NostrEvent[] = Array.from({ length: 18 }, (_, i) =>
  note(author, `${i % 3 === 2 ? 'other words' : 'a long walk'} number ${i}`, [], T0 + i * 60),
);
const article = ev(author, 30023, 'an article about a walk', [['d', 'walk']], T0 + 5_000);

// PostgreSQL `orderby:likes` walks notes by likes (≥ LIKES_WALK_MIN) when the words are common, then reads the rest:
// it must answer exactly what reading every match answers, pages included (SQLite always reads every match).
describeDialects('search orderby:likes: the likes walk answers like reading every match', (getStore) => {
  let ctx: CommandContext;
  beforeAll(async () => {
    const likes = notes.flatMap((n, i) => likers.slice(0, i % 6).map((u) => reaction(u, n, '+', T0 + 3_600 + i)));
    const results = await ingestEvents(getStore(), [...notes, article, ...likes], { now: NOW });
    expect(results.filter((r) => !r.ok)).toEqual([]);
    ctx = guestContext(getStore(), NOW);
  });
  const both = async (query: string, p: Record<string, unknown> = {}) => {
    const walked = feedRange(await searchNotes(ctx, p, query, { walkMinMatches: 1 }));
    const matched = feedRange(await searchNotes(ctx, p, query, { walkMinMatches: Number.POSITIVE_INFINITY }));
    return { walked, matched };
  };

  it('gives the same notes in the same order, across the walk’s threshold', async () => {
    for (const query of ['walk orderby:likes', 'long walk orderby:likes', '"long walk" -number orderby:likes']) {
      const { walked, matched } = await both(query, { limit: 50 });
      expect(walked.elements, query).toEqual(matched.elements);
    }
    const all = (await both('walk orderby:likes', { limit: 50 })).matched;
    // the 12 notes that say "walk" have 0, 1, 3 or 4 likes (i % 6 for i % 3 ≠ 2); the three with none are left out
    expect(all.elements).toHaveLength(9);
    expect(all).toMatchObject({ since: 1, until: 4 });
    expect(LIKES_WALK_MIN).toBeGreaterThan(1); // the page below crosses from walked rows to read ones
  });

  it('pages with limit, offset and until the same way', async () => {
    const all = (await both('walk orderby:likes', { limit: 50 })).matched.elements;
    for (const p of [{ limit: 3 }, { limit: 4, offset: 3 }, { limit: 3, offset: 6 }, { limit: 5, until: 3 }]) {
      const { walked, matched } = await both('walk orderby:likes', p);
      expect(walked.elements, JSON.stringify(p)).toEqual(matched.elements);
    }
    const { walked } = await both('walk orderby:likes', { limit: 4, offset: 3 });
    expect(walked.elements).toEqual(all.slice(3, 7));
  });
});
