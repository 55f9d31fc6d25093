import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { nprofileEncode, npubEncode } from '@tide/core/nostr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileKeyOf, resolveVanityName } from './profile-ref.ts';

const PK = 'cd'.repeat(32);
let server: Server;
let origin = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const name = url.searchParams.get('name');
    if (url.pathname !== '/.well-known/nostr.json') return void res.writeHead(404).end();
    const names = name === 'bob' ? { bob: PK } : name === 'bad' ? { bad: 'nothex' } : {};
    // The test page (happy-dom) is another origin; the real app asks its own origin.
    res
      .writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' })
      .end(JSON.stringify({ names }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('profileKeyOf', () => {
  it('reads hex, npub and nprofile (with or without nostr:), else null', () => {
    expect(profileKeyOf(PK)).toBe(PK);
    expect(profileKeyOf(npubEncode(PK))).toBe(PK);
    expect(profileKeyOf(`nostr:${nprofileEncode({ pubkey: PK, relays: ['wss://r.example'] })}`)).toBe(PK);
    expect(profileKeyOf('npub1notreally')).toBeNull();
    expect(profileKeyOf('')).toBeNull();
  });
});

describe('resolveVanityName', () => {
  it('resolves a hosted name (case-insensitive) through nostr.json on the origin', async () => {
    expect(await resolveVanityName('bob', undefined, origin)).toBe(PK);
    expect(await resolveVanityName('BOB', undefined, origin)).toBe(PK);
  });

  it('gives null for unknown names, malformed answers, odd names and network failures', async () => {
    expect(await resolveVanityName('alice', undefined, origin)).toBeNull();
    expect(await resolveVanityName('bad', undefined, origin)).toBeNull();
    expect(await resolveVanityName('../etc', undefined, origin)).toBeNull();
    expect(await resolveVanityName('bob', undefined, 'http://127.0.0.1:9')).toBeNull();
  });
});
