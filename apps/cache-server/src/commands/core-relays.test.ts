import { describe, expect, it } from 'vitest';
import { productRelayUrl } from './core-relays.ts';

describe('productRelayUrl', () => {
  it("is the relay endpoint at / of the service's public URL, else of its bound address", () => {
    expect(productRelayUrl('https://tide.example/app', 'ws://127.0.0.1:8787/')).toBe('wss://tide.example/');
    expect(productRelayUrl('http://localhost:8787', 'ws://127.0.0.1:8787/')).toBe('ws://localhost:8787/');
    expect(productRelayUrl(undefined, 'ws://127.0.0.1:8787/')).toBe('ws://127.0.0.1:8787/');
    expect(productRelayUrl('not a url', 'ws://127.0.0.1:1/')).toBe('ws://127.0.0.1:1/');
  });
});
