import { naddrEncode, neventEncode, noteEncode, npubEncode } from '@tide/core/nostr';
import { describe, expect, it } from 'vitest';
import { feedRange, referencesOf, sortPosts } from './bundle.ts';

const A = 'a'.repeat(64);
const B = 'b'.repeat(64);
const C = 'c'.repeat(64);

const event = (tags: string[][], content: string, kind = 1) => ({
  id: '0'.repeat(64),
  pubkey: A,
  sig: '',
  created_at: 1,
  kind,
  tags,
  content,
});

describe('bundle helpers', () => {
  it('finds referenced events, addresses and users in tags and nostr: URIs', () => {
    const refs = referencesOf(
      event(
        [
          ['e', B, '', 'root'],
          ['q', C],
          ['a', `30023:${A}:slug`],
          ['p', C],
        ],
        `see nostr:${noteEncode(A)} and nostr:${neventEncode({ id: C })} by nostr:${npubEncode(B)} in nostr:${naddrEncode({ kind: 30023, pubkey: B, identifier: 'x' })}`,
      ),
    );
    expect([...refs.ids].sort()).toEqual([A, B, C].sort());
    expect([...refs.addresses].sort()).toEqual([`30023:${A}:slug`, `30023:${B}:x`].sort());
    expect([...refs.pubkeys].sort()).toEqual([B, C].sort());
  });

  it('does not parse the content of reposts (it is JSON of the reposted note)', () => {
    const refs = referencesOf(event([['e', B]], `{"content":"nostr:${noteEncode(C)}"}`, 6));
    expect([...refs.ids]).toEqual([B]);
  });

  it('sorts posts by value desc, ties by id desc, without duplicates; FeedRange spans min..max', () => {
    const posts = sortPosts([
      { id: A, value: 5 },
      { id: C, value: 5 },
      { id: B, value: 9 },
      { id: A, value: 5 },
    ]);
    expect(posts.map((p) => p.id)).toEqual([B, C, A]);
    const range = feedRange('created_at', posts);
    expect(JSON.parse(String(range.content))).toEqual({
      since: 5,
      until: 9,
      order_by: 'created_at',
      elements: [B, C, A],
    });
    expect(JSON.parse(String(feedRange('score', []).content))).toEqual({ order_by: 'score', elements: [] });
  });
});
