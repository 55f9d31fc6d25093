import { beforeAll, expect, it } from 'vitest';
import { describeDialects } from '../../test/dialects.ts';
import { guestContext, rangeElements } from '../../test/fixtures/answers.ts';
import { searchNotes } from './content-search.ts';
import { loadSearchFixture } from './content-search-fixture.ts';
import { NOW } from './content-test-fixture.ts';
import type { CommandContext } from './context.ts';

// The time walk (every required term frequent: notes read newest first, matches only filter) must answer exactly
// what reading every match answers, pages included.
describeDialects('search: the time walk answers like the match-by-match plan', (getStore) => {
  let ctx: CommandContext;
  beforeAll(async () => {
    await loadSearchFixture(getStore());
    ctx = guestContext(getStore(), NOW);
  });
  const both = async (query: string, p: Record<string, unknown> = {}) => {
    const payload = { limit: 50, ...p };
    const walked = rangeElements(await searchNotes(ctx, payload, query, { walkMinMatches: 1 }));
    const matched = rangeElements(await searchNotes(ctx, payload, query, { walkMinMatches: Infinity }));
    return { walked, matched };
  };

  it('gives the same notes in the same order for words, phrases, AND, OR and negation', async () => {
    const queries = [
      'coffee',
      'zebra',
      '"zebra day"',
      'zebra day',
      'day zebra -crossing',
      'zebra -crossing',
      'coffee OR relays',
      'zebra from:erin',
    ];
    let found = 0;
    for (const q of queries) {
      const { walked, matched } = await both(q);
      expect(walked, q).toEqual(matched);
      found += matched.length;
    }
    expect(found).toBeGreaterThan(5);
  });

  it('pages with until + offset the same way', async () => {
    const all = (await both('zebra')).matched;
    expect(all.length).toBeGreaterThanOrEqual(3);
    const first = await searchNotes(ctx, { limit: 2 }, 'zebra', { walkMinMatches: 1 });
    expect(rangeElements(first)).toEqual(all.slice(0, 2));
    const times = rangeElements(first).map((id) => first.find((e) => e.id === id)?.created_at);
    const until = times[1];
    const second = await both('zebra', { limit: 2, until, offset: times.filter((t) => t === until).length });
    expect(second.walked).toEqual(second.matched);
    expect(second.walked).toEqual(all.slice(2, 4));
  });
});
