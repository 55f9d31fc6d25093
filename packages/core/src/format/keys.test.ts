import { describe, expect, it } from 'vitest';
import { decodeNip19, nprofileEncode, npubEncode } from '../nostr/nip19.ts';
import { profileLink, truncatePubkey } from './keys.ts';

const pk = '3bf0c63fcb93463407af97a5e5ee64fa883d107ef9e558472c4eb9aaaefa459d';

describe('truncatePubkey (spec §9)', () => {
  it('keeps the first 15 and last 10 characters from 24 characters on', () => {
    const npub = npubEncode(pk);
    expect(truncatePubkey(npub)).toBe(`${npub.slice(0, 15)}…${npub.slice(-10)}`);
    expect(truncatePubkey('a'.repeat(24))).toBe(`${'a'.repeat(15)}…${'a'.repeat(10)}`);
    expect(truncatePubkey('a'.repeat(23))).toBe('a'.repeat(23));
  });
});

describe('profileLink (spec §2)', () => {
  it('no key → /home', () => {
    expect(profileLink()).toBe('/home');
    expect(profileLink('')).toBe('/home');
  });
  it('a verified name wins', () => {
    expect(profileLink(pk, 'alice')).toBe('/alice');
  });
  it('otherwise /p/{nprofile}, from hex or a decoded npub', () => {
    expect(profileLink(pk)).toBe(`/p/${nprofileEncode({ pubkey: pk })}`);
    expect(profileLink(npubEncode(pk))).toBe(`/p/${nprofileEncode({ pubkey: pk })}`);
  });
  it('adds at most 2 ws relay hints', () => {
    const link = profileLink(pk, undefined, ['https://x.com', 'wss://a.com', 'wss://b.com', 'wss://c.com']);
    const decoded = decodeNip19(link.slice(3));
    expect(decoded.type === 'nprofile' && decoded.data.relays).toEqual(['wss://a.com', 'wss://b.com']);
  });
  it('falls back to /p/{pubkey} when encoding fails', () => {
    expect(profileLink('not-a-key')).toBe('/p/not-a-key');
    expect(profileLink('npub1broken')).toBe('/p/npub1broken');
  });
});
