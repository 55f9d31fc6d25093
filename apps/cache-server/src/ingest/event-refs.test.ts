import { naddrEncode, neventEncode, noteEncode, npubEncode } from 'nostr-tools/nip19';
import { describe, expect, it } from 'vitest';
import {
  hashtagsOf,
  identifierOf,
  isLikeContent,
  isReplyByRootMarker,
  noteReferences,
  parseCoordinate,
  replyParent,
  urlsOf,
} from './event-refs.ts';

const A = 'a'.repeat(64);
const B = 'b'.repeat(64);
const C = 'c'.repeat(64);

describe('replyParent (core NIP-10 rule over e and a tags)', () => {
  it('prefers the tag marked reply', () => {
    expect(
      replyParent([
        ['e', A, '', 'root'],
        ['e', B, '', 'reply'],
        ['e', C, '', 'mention'],
      ]),
    ).toEqual({ id: B });
  });
  it('falls back to the first root', () => {
    expect(
      replyParent([
        ['e', A, '', 'root'],
        ['e', B, '', 'root'],
      ]),
    ).toEqual({ id: A });
  });
  it('falls back to the last unmarked e/a tag, skipping mentions', () => {
    expect(
      replyParent([
        ['e', A],
        ['e', B],
        ['e', C, '', 'mention'],
      ]),
    ).toEqual({ id: B });
  });
  it('follows a tags', () => {
    const coord = `30023:${A}:my-article`;
    expect(replyParent([['a', coord, '', 'root']])).toEqual({ address: coord });
  });
  it('is null for top-level notes and mention-only tags', () => {
    expect(replyParent([['p', A]])).toBeNull();
    expect(replyParent([['e', A, '', 'mention']])).toBeNull();
  });
});

describe('isReplyByRootMarker', () => {
  it('needs a root marker; positional e tags do not make a reply', () => {
    expect(isReplyByRootMarker([['e', A, '', 'root']])).toBe(true);
    expect(
      isReplyByRootMarker([
        ['e', A],
        ['e', B],
      ]),
    ).toBe(false);
    expect(isReplyByRootMarker([['e', A, '', 'reply']])).toBe(false);
  });
});

describe('isLikeContent (NIP-25 as the reference counts it)', () => {
  it('counts empty, +, 🤙, ❤ and ❤️ as likes', () => {
    for (const c of ['', '+', '🤙', '❤', '❤️', '🤙🏻']) expect(isLikeContent(c)).toBe(true);
  });
  it('does not count -, other emoji or text', () => {
    for (const c of ['-', '🔥', 'nice', ':custom:']) expect(isLikeContent(c)).toBe(false);
  });
});

describe('noteReferences', () => {
  it('finds quotes and user mentions in content and tags', () => {
    const content = `see nostr:${noteEncode(A)} and ${neventEncode({ id: B })} by nostr:${npubEncode(C)} #[1] ${naddrEncode({ kind: 30023, pubkey: A, identifier: 'x' })}`;
    const refs = noteReferences({
      content,
      tags: [
        ['e', C, '', 'mention'],
        ['p', B],
      ],
    });
    expect(refs.quotedIds.sort()).toEqual([A, B, C].sort());
    expect(refs.quotedAddresses).toEqual([`30023:${A}:x`]);
    expect(refs.mentionedPubkeys.sort()).toEqual([B, C].sort());
  });
  it('ignores plain p tags and invalid bech32', () => {
    const refs = noteReferences({ content: 'npub1notvalid', tags: [['p', A, '', 'mention']] });
    expect(refs).toEqual({ quotedIds: [], quotedAddresses: [], mentionedPubkeys: [] });
  });
});

describe('small helpers', () => {
  it('parses coordinates', () => {
    expect(parseCoordinate(`30023:${A}:a:b`)).toEqual({ kind: 30023, pubkey: A, identifier: 'a:b' });
    expect(parseCoordinate('30023:zz:x')).toBeNull();
  });
  it('gives the d tag only to addressable kinds', () => {
    expect(identifierOf({ kind: 30000, tags: [['d', 'mute']] })).toBe('mute');
    expect(identifierOf({ kind: 10000, tags: [['d', 'mute']] })).toBe('');
  });
  it('extracts hashtags from content and t tags, lowercased', () => {
    expect(hashtagsOf({ content: 'Hi #Nostr and #café, not a#b or #123', tags: [['t', 'Bitcoin']] }).sort()).toEqual(
      ['bitcoin', 'café', 'nostr'].sort(),
    );
  });
  it('splits URLs into media and links', () => {
    expect(urlsOf('look https://x.io/a.JPG, https://x.io/page. and https://v.io/v.mp4?x=1')).toEqual({
      media: ['https://x.io/a.JPG', 'https://v.io/v.mp4?x=1'],
      links: ['https://x.io/page'],
    });
  });
});
