import { naddrEncode, neventEncode, noteEncode, npubEncode } from '@tide/core/nostr';
import { describe, expect, it } from 'vitest';
import { parseSearchDate, parseSearchQuery } from './content-search-query.ts';

const NOW = 1_800_000_000;
const PK = 'a'.repeat(64);
const ID = 'b'.repeat(64);
const root = (q: string) => parseSearchQuery(q, NOW).root;

describe('advanced search query parser', () => {
  it('reads words, phrases, exclusions and hashtags as an AND of leaves', () => {
    expect(root('Coffee "good morning" -tea -"bad news" #Nostr -#spam')).toEqual({
      type: 'and',
      nodes: [
        { type: 'text', tokens: ['coffee'] },
        { type: 'text', tokens: ['good', 'morning'] },
        { type: 'not', node: { type: 'text', tokens: ['tea'] } },
        { type: 'not', node: { type: 'text', tokens: ['bad', 'news'] } },
        { type: 'hashtag', tag: 'nostr' },
        { type: 'not', node: { type: 'hashtag', tag: 'spam' } },
      ],
    });
  });

  it('splits a word with inner punctuation into a phrase of its parts', () => {
    expect(root('e-mail')).toEqual({ type: 'text', tokens: ['e', 'mail'] });
  });

  it('binds OR loosest and groups with parentheses', () => {
    expect(root('a b OR c')).toEqual({
      type: 'or',
      nodes: [
        {
          type: 'and',
          nodes: [
            { type: 'text', tokens: ['a'] },
            { type: 'text', tokens: ['b'] },
          ],
        },
        { type: 'text', tokens: ['c'] },
      ],
    });
    expect(root('a (b OR c)')).toEqual({
      type: 'and',
      nodes: [
        { type: 'text', tokens: ['a'] },
        {
          type: 'or',
          nodes: [
            { type: 'text', tokens: ['b'] },
            { type: 'text', tokens: ['c'] },
          ],
        },
      ],
    });
    expect(root('-(b OR c)')).toEqual({
      type: 'not',
      node: {
        type: 'or',
        nodes: [
          { type: 'text', tokens: ['b'] },
          { type: 'text', tokens: ['c'] },
        ],
      },
    });
  });

  it('reads people operators with hex, npub and nprofile', () => {
    const npub = npubEncode(PK);
    expect(root(`from:${npub} to:${PK} @${npub} mentions:${npub} zappedby:nostr:${npub} following:${PK}`)).toEqual({
      type: 'and',
      nodes: ['from', 'to', 'mention', 'mention', 'zappedby', 'following'].map((type) => ({ type, pubkey: PK })),
    });
    expect(root('from:alice')).toEqual({ type: 'fromName', name: 'alice' });
    const pack = naddrEncode({ kind: 39089, pubkey: PK, identifier: 'devs' });
    expect(root(`from:${pack}`)).toEqual({ type: 'fromPack', pubkey: PK, identifier: 'devs' });
  });

  it('reads event references, kinds, filters, stats and features', () => {
    const q = parseSearchQuery(
      `${noteEncode(ID)} nostr:${neventEncode({ id: ID })} kind:30023 repliestokind:1 post:root filter:image filter:-video url:example minlikes:3 maxzaps:2 minscore:50 mininteractions:4 minwords:100 maxwords:900 maxchars:140 minlongreplies:1 minduration:5 maxduration:90 orientation:vertical features:summary,bookmarked-by-follows ref:${noteEncode(ID)}`,
      NOW,
    );
    expect(q.topKinds).toEqual([30023]);
    expect(q.anyKind).toBe(true);
    expect(q.root?.type === 'and' && q.root.nodes).toEqual([
      { type: 'event', id: ID },
      { type: 'event', id: ID },
      { type: 'kind', kind: 30023 },
      { type: 'repliestokind', kind: 1 },
      { type: 'root' },
      { type: 'filter', filter: 'image' },
      { type: 'not', node: { type: 'filter', filter: 'video' } },
      { type: 'and', nodes: [{ type: 'url', word: 'example' }] },
      { type: 'stat', stat: 'likes', cmp: '>=', value: 3 },
      { type: 'stat', stat: 'zaps', cmp: '<=', value: 2 },
      { type: 'stat', stat: 'score', cmp: '>=', value: 50 },
      { type: 'stat', stat: 'interactions', cmp: '>=', value: 4 },
      { type: 'words', cmp: '>=', value: 100 },
      { type: 'words', cmp: '<=', value: 900 },
      { type: 'maxchars', value: 140 },
      { type: 'longreplies', value: 1 },
      { type: 'duration', cmp: '>=', value: 5 },
      { type: 'duration', cmp: '<=', value: 90 },
      { type: 'orientation', vertical: true },
      {
        type: 'and',
        nodes: [
          { type: 'feature', feature: 'summary' },
          { type: 'feature', feature: 'bookmarked-by-follows' },
        ],
      },
      { type: 'ref', tag: 'e', value: ID },
    ]);
  });

  it('reads sentiment signs, language and scope', () => {
    expect(root(':) :( :| ? lang:fra scope:myfollows')).toEqual({
      type: 'and',
      nodes: [
        { type: 'sentiment', sentiment: 'positive' },
        { type: 'sentiment', sentiment: 'negative' },
        { type: 'sentiment', sentiment: 'neutral' },
        { type: 'sentiment', sentiment: 'question' },
        { type: 'lang', lang: 'fr' },
        { type: 'scope', scope: 'myfollows' },
      ],
    });
  });

  it('takes orderby: and pas:1 out of the tree as top-level modifiers', () => {
    const q = parseSearchQuery('bitcoin orderby:likes pas:1', NOW);
    expect(q).toMatchObject({ orderBy: 'likes', cap: 20, root: { type: 'text', tokens: ['bitcoin'] } });
    expect(() => parseSearchQuery('(a orderby:likes) OR b', NOW)).toThrow(/top level/);
  });

  it('gives the text of a kind:0 user search', () => {
    expect(parseSearchQuery('kind:0 carol "the baker"', NOW)).toMatchObject({
      topKinds: [0],
      topText: ['carol', 'the baker'],
    });
  });

  it('keeps URLs and times as words, not operators', () => {
    expect(root('https://example.com 10:30')).toEqual({
      type: 'and',
      nodes: [
        { type: 'text', tokens: ['https', 'example', 'com'] },
        { type: 'text', tokens: ['10', '30'] },
      ],
    });
  });

  it('rejects unknown and uncomputable operators, bad values and broken structure with a NOTICE', () => {
    for (const [query, message] of [
      ['color:red', /unsupported search operator: color/],
      ['category:sports', /unsupported search operator: category/],
      ['mintrustrank:2', /unsupported search operator: mintrustrank/],
      ['features:mediamemes', /unsupported search operator: features:mediamemes/],
      ['lang:tlh', /unsupported search operator: lang:tlh/],
      ['from:npub1xyz', /from: needs/],
      ['to:nobody', /to: needs/],
      ['kind:abc', /whole number/],
      ['since:someday', /unreadable date/],
      ['orderby:nonsense', /orderby: supports/],
      ['filter:pdf', /filter: supports/],
      ['scope:everyone', /unknown scope/],
      ['(a OR b', /unbalanced/],
      ['a ) b', /unbalanced/],
      ['a OR', /OR needs/],
    ] as const) {
      expect(() => parseSearchQuery(query, NOW), query).toThrow(message);
    }
  });

  it('reads absolute and relative dates', () => {
    expect(parseSearchDate('2024-01-02', NOW)).toBe(Date.UTC(2024, 0, 2) / 1000);
    expect(parseSearchDate('2024-01-02_10:30', NOW)).toBe(Date.UTC(2024, 0, 2, 10, 30) / 1000);
    expect(parseSearchDate('lastweek', NOW)).toBe(NOW - 7 * 86_400);
    expect(parseSearchDate('someday', NOW)).toBeUndefined();
    expect(root('since:yesterday until:2030-01-01')).toEqual({
      type: 'and',
      nodes: [
        { type: 'since', at: NOW - 86_400 },
        { type: 'until', at: Date.UTC(2030, 0, 1) / 1000 },
      ],
    });
  });
});
