import { npubEncode } from '@tide/core/nostr';
import { describe, expect, it } from 'vitest';
import { parseSearchDate, parseSearchQuery } from './content-search-query.ts';

const NOW = 1_800_000_000;
const PK = 'a'.repeat(64);

describe('advanced search query parser', () => {
  it('reads words, phrases, exclusions and hashtags', () => {
    const q = parseSearchQuery('Coffee "good morning" -tea -"bad news" #Nostr -#spam', NOW);
    expect(q).toMatchObject({
      words: ['coffee'],
      phrases: ['good morning'],
      notWords: ['tea', 'bad news'],
      hashtags: ['nostr'],
      notHashtags: ['spam'],
    });
  });

  it('reads operators: kind, from (hex or npub), mentions, scope, filter, orderby, thresholds', () => {
    const q = parseSearchQuery(
      `kind:30023 from:${npubEncode(PK)} @${npubEncode(PK)} scope:myfollows filter:image orderby:likes minlikes:3 minwords:100 maxchars:140`,
      NOW,
    );
    expect(q).toMatchObject({
      kinds: [30023],
      from: [PK],
      mentions: [PK],
      scope: 'myfollows',
      filters: ['image'],
      orderBy: 'likes',
      minStats: { likes: 3 },
      minWords: 100,
      maxChars: 140,
    });
  });

  it('ignores unknown operators, OR and parentheses, and bad pubkeys', () => {
    const q = parseSearchQuery('( a OR b ) from:nobody lang:en orderby:nonsense', NOW);
    expect(q.words).toEqual(['a', 'b']);
    expect(q.from).toEqual([]);
    expect(q.orderBy).toBeUndefined();
  });

  it('reads absolute and relative dates', () => {
    expect(parseSearchDate('2024-01-02', NOW)).toBe(Date.UTC(2024, 0, 2) / 1000);
    expect(parseSearchDate('2024-01-02_10:30', NOW)).toBe(Date.UTC(2024, 0, 2, 10, 30) / 1000);
    expect(parseSearchDate('lastweek', NOW)).toBe(NOW - 7 * 86_400);
    expect(parseSearchDate('someday', NOW)).toBeUndefined();
    const q = parseSearchQuery('since:yesterday until:2030-01-01', NOW);
    expect(q.since).toBe(NOW - 86_400);
    expect(q.until).toBe(Date.UTC(2030, 0, 1) / 1000);
  });
});
