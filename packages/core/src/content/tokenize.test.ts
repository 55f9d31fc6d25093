import { describe, expect, it } from 'vitest';
import type { Tag } from '../nostr/event.ts';
import { naddrEncode, neventEncode, noteEncode, nprofileEncode, npubEncode, nsecEncode } from '../nostr/nip19.ts';
import { tokenize } from './tokenize.ts';

const pk = '3bf0c63fcb93463407af97a5e5ee64fa883d107ef9e558472c4eb9aaaefa459d';
const id = 'b'.repeat(64);
const npub = npubEncode(pk);

describe('tokenize: text and links', () => {
  it('empty text gives no tokens; plain text one token', () => {
    expect(tokenize('')).toEqual([]);
    expect(tokenize('just words\nand lines')).toEqual([{ type: 'text', text: 'just words\nand lines' }]);
  });

  it('splits links, images and videos, trimming sentence punctuation', () => {
    expect(tokenize('see https://example.com/a?b=1. and https://x.com/p.png, https://x.com/v.mp4!')).toEqual([
      { type: 'text', text: 'see ' },
      { type: 'link', url: 'https://example.com/a?b=1' },
      { type: 'text', text: '. and ' },
      { type: 'image', url: 'https://x.com/p.png' },
      { type: 'text', text: ', ' },
      { type: 'video', url: 'https://x.com/v.mp4' },
      { type: 'text', text: '!' },
    ]);
  });

  it('keeps balanced parentheses and drops an unbalanced one', () => {
    expect(tokenize('(https://en.wikipedia.org/wiki/Foo_(bar))')).toEqual([
      { type: 'text', text: '(' },
      { type: 'link', url: 'https://en.wikipedia.org/wiki/Foo_(bar)' },
      { type: 'text', text: ')' },
    ]);
  });

  it('ends a URL at CJK punctuation, an ellipsis or a zero-width space', () => {
    expect(tokenize('看这个https://x.com/a。很好')).toEqual([
      { type: 'text', text: '看这个' },
      { type: 'link', url: 'https://x.com/a' },
      { type: 'text', text: '。很好' },
    ]);
    expect(tokenize('https://x.com/b…').map((t) => t.type)).toEqual(['link', 'text']);
    expect(tokenize('https://x.com/c\u200Bnext')[0]).toEqual({ type: 'link', url: 'https://x.com/c' });
    expect(tokenize('https://ja.wikipedia.org/wiki/東京')[0]).toEqual({
      type: 'link',
      url: 'https://ja.wikipedia.org/wiki/東京',
    });
  });

  it('recognises embeds', () => {
    const [t] = tokenize('https://open.spotify.com/album/1ATL5GLyefJaxhQzSPVrLX');
    expect(t).toMatchObject({ type: 'embed', provider: 'spotify', height: 352 });
  });
});

describe('tokenize: nostr references', () => {
  it('decodes npub, nprofile, note, nevent, naddr with or without nostr:', () => {
    const nprofile = nprofileEncode({ pubkey: pk, relays: ['wss://r.com'] });
    const text = `hi nostr:${npub} and ${nprofile} re ${noteEncode(id)} nostr:${neventEncode({ id })} ${naddrEncode({ kind: 30023, pubkey: pk, identifier: 'post' })}`;
    const refs = tokenize(text).filter((t) => t.type === 'nostr');
    expect(refs.map((t) => t.type === 'nostr' && t.decoded.type)).toEqual([
      'npub',
      'nprofile',
      'note',
      'nevent',
      'naddr',
    ]);
    expect(refs[0]).toEqual({ type: 'nostr', raw: `nostr:${npub}`, decoded: { type: 'npub', data: pk } });
  });

  it('@npub is a mention too; nsec and broken identifiers stay text', () => {
    expect(tokenize(`@${npub}`)).toEqual([{ type: 'nostr', raw: `@${npub}`, decoded: { type: 'npub', data: pk } }]);
    const nsec = nsecEncode('1'.repeat(64));
    expect(tokenize(`key ${nsec}`)).toEqual([{ type: 'text', text: `key ${nsec}` }]);
    expect(tokenize('npub1qqqqqqqqqq')).toEqual([{ type: 'text', text: 'npub1qqqqqqqqqq' }]);
  });

  it('resolves legacy #[n] against the tags', () => {
    const tags: Tag[] = [
      ['p', pk],
      ['e', id, 'wss://relay.com'],
      ['a', `30023:${pk}:my:post`],
      ['t', 'x'],
    ];
    const tokens = tokenize('#[0] said #[1] about #[2] #[3] #[9]', { tags });
    expect(tokens).toEqual([
      { type: 'nostr', raw: '#[0]', decoded: { type: 'npub', data: pk }, legacyIndex: 0 },
      { type: 'text', text: ' said ' },
      {
        type: 'nostr',
        raw: '#[1]',
        decoded: { type: 'nevent', data: { id, relays: ['wss://relay.com'] } },
        legacyIndex: 1,
      },
      { type: 'text', text: ' about ' },
      {
        type: 'nostr',
        raw: '#[2]',
        decoded: { type: 'naddr', data: { kind: 30023, pubkey: pk, identifier: 'my:post', relays: [] } },
        legacyIndex: 2,
      },
      { type: 'text', text: ' #[3] #[9]' },
    ]);
  });
});

describe('tokenize: hashtags, invoices, cashu', () => {
  it('hashtags take Unicode letters and digits and stop at punctuation', () => {
    const tags = tokenize('#nostr, #Bitcoin! #日本語 #café2024. C#sharp a#b #').filter((t) => t.type === 'hashtag');
    expect(tags).toEqual([
      { type: 'hashtag', tag: 'nostr' },
      { type: 'hashtag', tag: 'Bitcoin' },
      { type: 'hashtag', tag: '日本語' },
      { type: 'hashtag', tag: 'café2024' },
    ]);
  });

  it('a URL fragment is not a hashtag', () => {
    expect(tokenize('https://x.com/page#section')).toEqual([{ type: 'link', url: 'https://x.com/page#section' }]);
  });

  it('lightning invoices (with or without lightning:, any case) and cashu tokens', () => {
    const inv = 'lnbc2500u1pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygs';
    expect(tokenize(`pay lightning:${inv.toUpperCase()} now`)).toEqual([
      { type: 'text', text: 'pay ' },
      { type: 'invoice', invoice: inv },
      { type: 'text', text: ' now' },
    ]);
    const cashu =
      'cashuBo2FteCJodHRwczovL25vZmVlcy50ZXN0bnV0LmNhc2h1LnNwYWNlYXVjc2F0YXSBomFpSAC0zSfYhhpEYXCCpGFhAmFzeEA1ZGE';
    expect(tokenize(`${cashu} and cashuAeyJ0b2tlbiI6W3sibWludCI6Imh0dHBzOi8vOGFt==`)).toEqual([
      { type: 'cashu', token: cashu },
      { type: 'text', text: ' and ' },
      { type: 'cashu', token: 'cashuAeyJ0b2tlbiI6W3sibWludCI6Imh0dHBzOi8vOGFt==' },
    ]);
  });
});
