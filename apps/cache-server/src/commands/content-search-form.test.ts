import { npubEncode } from '@tide/core/nostr';
import { describe, expect, it } from 'vitest';
import { searchForm } from './content-search-form.ts';

const NOW = 1_800_000_000;
const PK = 'a'.repeat(64);

describe('parse_advanced_search_query form', () => {
  it('fills every field from the query, defaults elsewhere', () => {
    const npub = npubEncode(PK);
    const form = searchForm(
      `bitcoin "good morning" -tea #nostr from:${npub} to:${PK} zappedby:${PK} @${npub} following:${PK} kind:1 filter:image since:lastweek scope:myfollows :) orientation:vertical minduration:5 minwords:476 minscore:50 mininteractions:3 minlikes:2 orderby:satszapped`,
      NOW,
    );
    expect(form).toEqual({
      timeframe: 'This Week',
      customTimeframe: { since: '', until: '' },
      sentiment: 'Positive',
      scope: 'My Follows',
      sortBy: 'Sats Zapped',
      kind: 'Images',
      orientation: 'Vertical',
      minDuration: 5,
      maxDuration: 0,
      minWords: 2,
      maxWords: 0,
      minScore: 50,
      minInteractions: 3,
      minLikes: 2,
      minZaps: 0,
      minReplies: 0,
      minReposts: 0,
      includes: 'bitcoin "good morning"',
      excludes: 'tea',
      hashtags: 'nostr',
      postedBy: [PK],
      replingTo: [PK],
      zappedBy: [PK],
      userMentions: [PK],
      following: [npub],
    });
  });

  it('names reply kinds and custom dates', () => {
    expect(searchForm('kind:1 repliestokind:30023', NOW).kind).toBe('Reads Comments');
    expect(searchForm('kind:1 repliestokind:1', NOW).kind).toBe('Note Replies');
    expect(searchForm('kind:30023', NOW).kind).toBe('Reads');
    expect(searchForm('since:2024-01-02 until:2024-02-03', NOW)).toMatchObject({
      timeframe: 'Custom',
      customTimeframe: { since: '2024-01-02', until: '2024-02-03' },
    });
  });
});
