import { assemblePage } from '@tide/core/model';
import { npubEncode } from '@tide/core/nostr';
import { describe, expect, it } from 'vitest';
import { buildAdvancedQuery, EMPTY_ADVANCED, pubkeyOfTerm, rankUsers } from './search-queries.ts';

const PK = '3bf0c63fcb93463407af97a5e5ee64fa883d107ef9e558472c4eb9aaaefa459d';

describe('pubkeyOfTerm', () => {
  it('decodes an npub (also nostr:-prefixed) and falls back to text for one that cannot be decoded', () => {
    expect(pubkeyOfTerm(npubEncode(PK))).toBe(PK);
    expect(pubkeyOfTerm(`nostr:${npubEncode(PK)}`)).toBe(PK);
    expect(pubkeyOfTerm('npub1notreallyannpub')).toBeNull();
    expect(pubkeyOfTerm('alice')).toBeNull();
  });
});

describe('rankUsers', () => {
  it('orders by score and keeps at most 10', () => {
    const users = Array.from({ length: 12 }, (_, i) => ({
      kind: 0,
      pubkey: i.toString(16).padStart(64, '0'),
      content: JSON.stringify({ name: `u${i}` }),
      created_at: 1,
      tags: [],
    }));
    const scores = { kind: 10000108, content: JSON.stringify(Object.fromEntries(users.map((u, i) => [u.pubkey, i]))) };
    const ranked = rankUsers(assemblePage([...users, scores]));
    expect(ranked).toHaveLength(10);
    expect(ranked[0]).toBe(users[11]?.pubkey);
    expect(ranked[9]).toBe(users[2]?.pubkey);
  });
});

describe('buildAdvancedQuery', () => {
  it('joins words, exclusions, hashtags, authors, mentions, kind, dates and score', () => {
    expect(
      buildAdvancedQuery({
        ...EMPTY_ADVANCED,
        includes: 'bitcoin  nostr',
        excludes: '-spam',
        hashtags: '#art, music',
        from: 'npub1x',
        mentions: '@npub1y',
        kind: 'reads',
        since: '2024-01-02',
        until: 'bad',
        minScore: '5',
      }),
    ).toBe('bitcoin nostr -spam #art #music from:npub1x @npub1y kind:30023 since:2024-01-02 minscore:5');
  });

  it('has only the kind filter for an empty form', () => {
    expect(buildAdvancedQuery(EMPTY_ADVANCED)).toBe('kind:1');
    expect(buildAdvancedQuery({ ...EMPTY_ADVANCED, kind: 'images' })).toBe('kind:1 filter:image');
  });
});
