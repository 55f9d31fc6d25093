import { describe, expect, it } from 'vitest';
import { newestEvent } from './latest-replaceable.ts';
import {
  defaultRelayList,
  productRelayUrl,
  relaysFromFlags,
  relaysFromTags,
  relayTags,
  resolveProductRelay,
  writeRelayUrls,
} from './user-relays.ts';

describe('user relays', () => {
  it('resolves the product relay to the caching service origin', () => {
    expect(productRelayUrl('ws://127.0.0.1:8080/v1')).toBe('ws://127.0.0.1:8080');
    expect(productRelayUrl('wss://tide.example/v1')).toBe('wss://tide.example');
    expect(productRelayUrl('https://tide.example/v1')).toBeNull();
  });

  it('reads r tags with markers, normalised and de-duplicated, and writes them back', () => {
    const relays = relaysFromTags([
      ['r', 'relay.example'],
      ['r', 'wss://relay.example/'],
      ['r', 'wss://read.example', 'read'],
      ['r', 'ws://write.example:80', 'write'],
      ['r', 'https://nope.example'],
      ['p', 'x'],
    ]);
    expect(relays).toEqual([
      { url: 'wss://relay.example', read: true, write: true },
      { url: 'wss://read.example', read: true, write: false },
      { url: 'ws://write.example', read: false, write: true },
    ]);
    expect(writeRelayUrls({ relays, declared: true, createdAt: 1 })).toEqual([
      'wss://relay.example',
      'ws://write.example',
    ]);
    expect(relayTags(relays)).toEqual([
      ['r', 'wss://relay.example'],
      ['r', 'wss://read.example', 'read'],
      ['r', 'ws://write.example', 'write'],
    ]);
    expect(relayTags([{ url: 'wss://x', read: false, write: false }])).toEqual([]);
  });

  it('takes a relay on the unspecified address for the product relay', () => {
    const product = 'ws://192.168.1.5:8787';
    expect(
      resolveProductRelay(
        [
          { url: 'ws://0.0.0.0:8787', read: true, write: false },
          { url: product, read: false, write: true },
          { url: 'ws://127.0.0.1:7777', read: true, write: true },
        ],
        product,
      ),
    ).toEqual([
      { url: product, read: true, write: true },
      { url: 'ws://127.0.0.1:7777', read: true, write: true },
    ]);
  });

  it('reads caching-service flags and defaults to the product relay', () => {
    expect(relaysFromFlags({ 'wss://a.example': { read: true, write: false } })).toEqual([
      { url: 'wss://a.example', read: true, write: false },
    ]);
    expect(defaultRelayList('ws://127.0.0.1:8080')).toEqual({
      relays: [{ url: 'ws://127.0.0.1:8080', read: true, write: true }],
      declared: false,
      createdAt: 0,
    });
  });

  it('picks the newest replaceable event, the lowest id on a tie', () => {
    const e = (id: string, created_at: number) => ({
      id,
      created_at,
      kind: 3,
      pubkey: 'p',
      tags: [],
      content: '',
      sig: 's',
    });
    expect(newestEvent([e('b', 5), null, e('c', 9), e('a', 9)])?.id).toBe('a');
    expect(newestEvent([])).toBeNull();
  });
});
