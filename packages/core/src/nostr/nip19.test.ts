import { hexToBytes } from '@noble/hashes/utils.js';
import { bech32 } from '@scure/base';
import { describe, expect, it } from 'vitest';
import vectors from '../../test/fixtures/vectors/nip19.vectors.json' with { type: 'json' };
import {
  BECH32_MAX_LENGTH,
  decodeNip19,
  filterRelayHints,
  MEGA_FEED_RELAY_HINTS,
  Nip19Error,
  naddrEncode,
  neventEncode,
  noteEncode,
  nprofileEncode,
  npubEncode,
  nsecEncode,
  toHexPubkey,
  tryDecodeNip19,
} from './nip19.ts';

const pk = vectors.npub[0].hex;
const id = `${'f'.repeat(63)}0`;

describe('NIP-19 official examples', () => {
  it.each(vectors.npub)('npub $bech32', ({ hex, bech32 }) => {
    expect(npubEncode(hex)).toBe(bech32);
    expect(decodeNip19(bech32)).toEqual({ type: 'npub', data: hex });
  });
  it.each(vectors.nsec)('nsec $bech32', ({ hex, bech32 }) => {
    expect(nsecEncode(hex)).toBe(bech32);
    expect(decodeNip19(bech32)).toEqual({ type: 'nsec', data: hex });
  });
  it.each(vectors.nprofile)('nprofile decodes with its relays', ({ bech32, pubkey, relays }) => {
    expect(decodeNip19(bech32)).toEqual({ type: 'nprofile', data: { pubkey, relays } });
    expect(nprofileEncode({ pubkey, relays })).toBe(bech32);
  });
});

describe('round trips', () => {
  it('note, nevent with author and kind, naddr', () => {
    expect(decodeNip19(noteEncode(id))).toEqual({ type: 'note', data: id });
    const nevent = neventEncode({ id, author: pk, kind: 30023, relays: ['wss://a.com'] });
    expect(decodeNip19(nevent)).toEqual({
      type: 'nevent',
      data: { id, author: pk, kind: 30023, relays: ['wss://a.com'] },
    });
    const naddr = naddrEncode({ identifier: 'my-article', pubkey: pk, kind: 30023, relays: [] });
    expect(decodeNip19(`nostr:${naddr}`)).toEqual({
      type: 'naddr',
      data: { identifier: 'my-article', pubkey: pk, kind: 30023, relays: [] },
    });
  });
});

describe('relay hints', () => {
  const relays = [
    'https://bad.com',
    'wss://one.com',
    'ws://two.com',
    'wss://one.com',
    'wss://three.com',
    'wss://four.com',
  ];
  it('keeps only ws(s) hints, deduplicated, at most 3', () => {
    expect(filterRelayHints(relays)).toEqual(['wss://one.com', 'ws://two.com', 'wss://three.com']);
    const decoded = decodeNip19(nprofileEncode({ pubkey: pk, relays }));
    expect(decoded.type === 'nprofile' && decoded.data.relays).toEqual([
      'wss://one.com',
      'ws://two.com',
      'wss://three.com',
    ]);
  });
  it('keeps short ws:// hosts and drops bare schemes', () => {
    expect(filterRelayHints(['ws://a', 'wss://', 'ws://', ' wss://b.com '])).toEqual(['ws://a', 'wss://b.com']);
  });
  it('allows 2 for the mega feed', () => {
    const code = neventEncode({ id, relays }, { maxRelays: MEGA_FEED_RELAY_HINTS });
    const decoded = decodeNip19(code);
    expect(decoded.type === 'nevent' && decoded.data.relays).toEqual(['wss://one.com', 'ws://two.com']);
  });
  it('drops non-websocket hints found while decoding and honours maxRelays', () => {
    const enc = new TextEncoder();
    const tlv = [0, 32, ...hexToBytes(pk)];
    for (const r of ['https://x.com', 'wss://a.com', 'wss://b.com']) tlv.push(1, r.length, ...enc.encode(r));
    const code = bech32.encode('nprofile', bech32.toWords(Uint8Array.from(tlv)), false);
    const all = decodeNip19(code);
    expect(all.type === 'nprofile' && all.data.relays).toEqual(['wss://a.com', 'wss://b.com']);
    const one = decodeNip19(code, { maxRelays: 1 });
    expect(one.type === 'nprofile' && one.data.relays).toEqual(['wss://a.com']);
  });
});

describe('errors', () => {
  it('rejects bad checksums, unknown prefixes and wrong lengths with Nip19Error', () => {
    const good = vectors.npub[0].bech32;
    const broken = good.slice(0, -1) + (good.endsWith('q') ? 'p' : 'q');
    expect(() => decodeNip19(broken)).toThrow(Nip19Error);
    expect(() => decodeNip19('hello')).toThrow(/invalid bech32/);
    expect(() => npubEncode('xyz')).toThrow('public key must be 64 lower-case hex characters');
    expect(tryDecodeNip19('nope')).toBeNull();
  });
  it('accepts an all upper-case string and rejects mixed case', () => {
    const good = vectors.npub[0];
    expect(decodeNip19(good.bech32.toUpperCase())).toEqual({ type: 'npub', data: good.hex });
    const mixed = `N${good.bech32.slice(1)}`;
    expect(() => decodeNip19(mixed)).toThrow('invalid bech32: mixed case');
  });
  it('enforces the 5000-character limit', () => {
    const long = `naddr1${'q'.repeat(BECH32_MAX_LENGTH)}`;
    expect(() => decodeNip19(long)).toThrow(`NIP-19 string longer than ${BECH32_MAX_LENGTH} characters`);
  });
  it('rejects an nprofile without a pubkey TLV', () => {
    const code = naddrEncode({ identifier: 'x', pubkey: pk, kind: 1 }).replace(/^naddr/, 'nprofile');
    expect(() => decodeNip19(code)).toThrow(Nip19Error);
  });
});

describe('toHexPubkey', () => {
  it('accepts hex, npub and nprofile', () => {
    expect(toHexPubkey(pk)).toBe(pk);
    expect(toHexPubkey(npubEncode(pk))).toBe(pk);
    expect(toHexPubkey(nprofileEncode({ pubkey: pk }))).toBe(pk);
    expect(toHexPubkey('garbage')).toBeNull();
  });
});
