import { describe, expect, it } from 'vitest';
import { decodeNip19, naddrEncode, neventEncode, noteEncode, nprofileEncode, npubEncode } from '../nostr/nip19.ts';
import { composeNote, extractHashtags, profileMentionText } from './composer.ts';

const pk = '3bf0c63fcb93463407af97a5e5ee64fa883d107ef9e558472c4eb9aaaefa459d';
const author = 'c'.repeat(64);
const id = 'b'.repeat(64);
const npub = npubEncode(pk);

describe('composeNote', () => {
  it('turns @npub and nostr:npub into nostr: references with p tags marked mention', () => {
    const out = composeNote(`hello @${npub} and nostr:${npub}!`);
    expect(out.content).toBe(`hello nostr:${npub} and nostr:${npub}!`);
    expect(out.tags).toEqual([['p', pk, '', 'mention']]);
  });

  it('writes profile mentions as nprofile with at most 2 relay hints when hints are known', () => {
    const out = composeNote(`gm @${npub}`, {
      relayHints: () => ['https://no.com', 'wss://a.com', 'wss://b.com', 'wss://c.com'],
    });
    const ref = out.content.slice('gm nostr:'.length);
    const decoded = decodeNip19(ref);
    expect(decoded).toEqual({ type: 'nprofile', data: { pubkey: pk, relays: ['wss://a.com', 'wss://b.com'] } });
    expect(out.tags).toEqual([['p', pk, 'wss://a.com', 'mention']]);
    expect(profileMentionText(pk, ['wss://1.com', 'wss://2.com', 'wss://3.com'])).toBe(
      `nostr:${nprofileEncode({ pubkey: pk, relays: ['wss://1.com', 'wss://2.com'] })}`,
    );
  });

  it('note/nevent → e tags marked mention (or q), naddr → a tags', () => {
    const nevent = neventEncode({ id, relays: ['wss://r.com'], author });
    const naddr = naddrEncode({ kind: 30023, pubkey: pk, identifier: 'my-post', relays: ['wss://x.com'] });
    const text = `look nostr:${noteEncode(id)} ${nevent} nostr:${naddr}`;
    expect(composeNote(text).tags).toEqual([
      ['e', id, '', 'mention'],
      ['a', `30023:${pk}:my-post`, 'wss://x.com', 'mention'],
    ]);
    expect(composeNote(`q ${nevent}`, { quoteTag: 'q' }).tags).toEqual([['q', id, 'wss://r.com', author]]);
    expect(composeNote(`q ${nevent}`).content).toBe(`q nostr:${nevent}`);
  });

  it('hashtags become lower-cased t tags, once; URL fragments are not hashtags', () => {
    const out = composeNote('#Nostr is #nostr and #日本 see https://x.com/#frag');
    expect(out.tags).toEqual([
      ['t', 'nostr'],
      ['t', '日本'],
    ]);
    expect(out.content).toBe('#Nostr is #nostr and #日本 see https://x.com/#frag');
    expect(extractHashtags('#A #b #a')).toEqual(['a', 'b']);
  });

  it('keeps existing tags first and never duplicates them', () => {
    const out = composeNote(`reply to @${npub} #tide`, {
      tags: [
        ['e', id, '', 'root'],
        ['p', pk],
      ],
    });
    expect(out.tags).toEqual([
      ['e', id, '', 'root'],
      ['p', pk],
      ['t', 'tide'],
    ]);
  });

  it('leaves text without references untouched and loses nothing on broken identifiers', () => {
    const text = 'plain @someone npub1notvalid text';
    expect(composeNote(text)).toEqual({ content: text, tags: [] });
  });
});
