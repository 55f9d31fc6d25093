import { describe, expect, it } from 'vitest';
import { defaultCacheServerUrl, isWebSocketUrl } from './cache-server-url.ts';

describe('caching service address', () => {
  it('accepts only ws:// and wss:// addresses', () => {
    expect(isWebSocketUrl('wss://cache.example.com/v1')).toBe(true);
    expect(isWebSocketUrl('ws://127.0.0.1:8787/v1')).toBe(true);
    expect(isWebSocketUrl('https://cache.example.com')).toBe(false);
    expect(isWebSocketUrl('cache.example.com')).toBe(false);
    expect(isWebSocketUrl('')).toBe(false);
  });

  it('defaults to the /v1 socket of the origin the app came from', () => {
    expect(defaultCacheServerUrl({ protocol: 'https:', host: 'tide.example' })).toBe('wss://tide.example/v1');
    expect(defaultCacheServerUrl({ protocol: 'http:', host: '127.0.0.1:8787' })).toBe('ws://127.0.0.1:8787/v1');
  });
});
