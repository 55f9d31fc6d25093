import { describe, expect, it } from 'vitest';
import { resolveCacheUrl } from './cache-url.ts';

describe('resolveCacheUrl', () => {
  it('uses localStorage.cacheServer when it is a ws:// or wss:// address', () => {
    expect(resolveCacheUrl('wss://cache.example/v1', { protocol: 'http:', host: 'a:1' })).toBe(
      'wss://cache.example/v1',
    );
  });

  it("falls back to the page origin's /v1, wss on https, for missing or invalid values", () => {
    expect(resolveCacheUrl(null, { protocol: 'https:', host: 'tide.example' })).toBe('wss://tide.example/v1');
    expect(resolveCacheUrl('https://nope', { protocol: 'http:', host: '127.0.0.1:8787' })).toBe(
      'ws://127.0.0.1:8787/v1',
    );
  });
});
