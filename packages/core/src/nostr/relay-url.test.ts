import { describe, expect, it } from 'vitest';
import { INVALID_URL_MESSAGE, isValidRelayUrl, normalizeRelayUrl, normalizeRelayUrls } from './relay-url.ts';

describe('normalizeRelayUrl (spec §5)', () => {
  it.each([
    ['relay.example.com', 'wss://relay.example.com'],
    ['  WSS://Relay.Example.COM/  ', 'wss://relay.example.com'],
    ['wss://relay.example.com:443', 'wss://relay.example.com'],
    ['ws://relay.example.com:80/', 'ws://relay.example.com'],
    ['wss://relay.example.com:4848', 'wss://relay.example.com:4848'],
    ['wss://relay.example.com//nostr///v1//', 'wss://relay.example.com/nostr/v1'],
    ['wss://relay.example.com/path?x=1#frag', 'wss://relay.example.com/path?x=1'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeRelayUrl(input)).toBe(expected);
  });

  it.each(['https://relay.example.com', 'http://x.com', 'ftp://a.b', '', '   ', 'wss://', 'wss://bad host'])(
    'refuses %j with Invalid url',
    (input) => {
      expect(() => normalizeRelayUrl(input)).toThrow(INVALID_URL_MESSAGE);
      expect(isValidRelayUrl(input)).toBe(false);
    },
  );

  it('normalises lists, dropping invalid entries and duplicates', () => {
    expect(normalizeRelayUrls(['a.com', 'wss://a.com/', 'https://b.com', 'ws://c.com'])).toEqual([
      'wss://a.com',
      'ws://c.com',
    ]);
  });
});
