import { afterEach, describe, expect, it } from 'vitest';
import { clearNip05Cache, nip05Scheme, resolveNip05, splitNip05, verifyNip05 } from './nip05.ts';

const PK = 'f'.repeat(64);

function fakeFetch(body: unknown, calls: string[] = []) {
  return async (url: string) => {
    calls.push(url);
    return { ok: true, json: async () => body };
  };
}

afterEach(() => clearNip05Cache());

describe('NIP-05 check', () => {
  it('splits name@domain, bare domains mean _', () => {
    expect(splitNip05('Bob@Example.com')).toEqual({ name: 'bob', domain: 'example.com' });
    expect(splitNip05('example.com')).toEqual({ name: '_', domain: 'example.com' });
    expect(splitNip05('a@b@c.com')).toBeNull();
    expect(splitNip05('bob@localhost')).toBeNull();
  });

  it('verifies only when the name resolves to the same pubkey, and caches per address', async () => {
    const calls: string[] = [];
    const fetcher = fakeFetch({ names: { bob: PK } }, calls);
    expect(await verifyNip05('bob@example.com', PK, fetcher)).toBe(true);
    expect(await verifyNip05('bob@example.com', 'e'.repeat(64), fetcher)).toBe(false);
    expect(calls).toEqual(['https://example.com/.well-known/nostr.json?name=bob']);
  });

  it('a missing name, bad JSON or a failed request do not verify', async () => {
    expect(await resolveNip05('x@a.example', fakeFetch({ names: {} }))).toBeNull();
    expect(await resolveNip05('x@b.example', fakeFetch(null))).toBeNull();
    expect(await resolveNip05('x@c.example', async () => Promise.reject(new Error('offline')))).toBeNull();
  });

  it("asks the page's own host with the page's scheme", () => {
    expect(nip05Scheme('127.0.0.1:8787', { host: '127.0.0.1:8787', protocol: 'http:' } as Location)).toBe('http:');
    expect(nip05Scheme('example.com', { host: '127.0.0.1:8787', protocol: 'http:' } as Location)).toBe('https:');
  });
});
