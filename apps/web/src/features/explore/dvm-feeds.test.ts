import type { CacheEvent } from '@tide/core/nostr';
import { describe, expect, it } from 'vitest';
import { dvmFeedRouteId, parseDvmFeedRouteId, parseDvmFeeds } from './dvm-feeds.ts';

const A = 'a'.repeat(64);
const B = 'b'.repeat(64);

function handler(id: string, pubkey: string, d: string, content: object, kinds = ['1']): CacheEvent {
  return {
    id,
    pubkey,
    kind: 31990,
    created_at: 1,
    tags: [['d', d], ['k', '5300'], ...kinds.map((k) => ['k', k])],
    content: JSON.stringify(content),
    sig: '',
  };
}

describe('parseDvmFeeds', () => {
  it('joins handlers with metadata, likes/sats and authors, in answer order', () => {
    const events: CacheEvent[] = [
      handler('1', A, 'one', { name: 'One', about: 'first', picture: 'https://x/p.png', amount: 'free' }),
      { kind: 10000159, content: JSON.stringify({ event_id: '1', kind: 'notes', is_primal: false }) },
      handler('2', B, 'two', { about: 'no name', amount: '21' }, ['30023']),
      { kind: 10000100, content: JSON.stringify({ event_id: '2', likes: 3, satszapped: 2100 }) },
      { kind: 0, pubkey: A, content: JSON.stringify({ name: 'alice' }), tags: [], created_at: 1, id: 'p', sig: '' },
      { kind: 10000159, content: 'not json' },
    ];
    const feeds = parseDvmFeeds(events);
    expect(feeds.map((f) => [f.identifier, f.name, f.kind, f.paid, f.likes, f.satszapped])).toEqual([
      ['one', 'One', 'notes', false, 0, 0],
      ['two', 'two', 'reads', true, 3, 2100],
    ]);
    expect(feeds[0]?.author.name).toBe('alice');
    expect(feeds[1]?.author.pubkey).toBe(B);
    expect(feeds[0]?.picture).toBe('https://x/p.png');
  });

  it('takes a verified-name requirement as paid and survives junk content', () => {
    const [feed] = parseDvmFeeds([{ ...handler('3', A, 'x', {}), content: '[1,2]' }]);
    expect(feed).toMatchObject({ name: 'x', about: '', paid: false });
    const [verified] = parseDvmFeeds([handler('4', A, 'y', { primalVerifiedRequired: true })]);
    expect(verified?.paid).toBe(true);
  });
});

describe('DVM feed route ids', () => {
  it('round-trips identifier and pubkey, identifiers may hold underscores', () => {
    const id = dvmFeedRouteId({ identifier: 'my_by_feed', pubkey: A });
    expect(id).toBe(`my_by_feed_by_${A}`);
    expect(parseDvmFeedRouteId(id)).toEqual({ identifier: 'my_by_feed', pubkey: A });
  });

  it('refuses ids without a 64-hex pubkey or an identifier', () => {
    expect(parseDvmFeedRouteId('trending_global')).toBeUndefined();
    expect(parseDvmFeedRouteId('feed_by_xyz')).toBeUndefined();
    expect(parseDvmFeedRouteId(`_by_${A}`)).toBeUndefined();
  });
});
