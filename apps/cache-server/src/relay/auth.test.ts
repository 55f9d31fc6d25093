import { generateSecretKey, signEvent } from '@tide/core/nostr';
import { describe, expect, it } from 'vitest';
import { RawSocket } from '../../test/raw-socket.ts';
import { startServer } from '../server.ts';
import { checkAuthEvent, relayTagMatches } from './auth.ts';

const sk = generateSecretKey();
const NOW = 1_767_225_600;
const authEvent = (relay: string, challenge = 'c1') =>
  signEvent(
    {
      kind: 22242,
      content: '',
      created_at: NOW,
      tags: [
        ['relay', relay],
        ['challenge', challenge],
      ],
    },
    sk,
  );

describe('NIP-42 relay tag', () => {
  it('matches this relay by host and port, with or without trailing slash, ws or wss', () => {
    const hosts = ['127.0.0.1:8787'];
    expect(relayTagMatches('ws://127.0.0.1:8787/', hosts)).toBe(true);
    expect(relayTagMatches('ws://127.0.0.1:8787', hosts)).toBe(true);
    expect(relayTagMatches('wss://127.0.0.1:8787/', hosts)).toBe(true);
    expect(relayTagMatches('ws://127.0.0.1:8788/', hosts)).toBe(false);
    expect(relayTagMatches('ws://127.0.0.2:8787/', hosts)).toBe(false);
    expect(relayTagMatches('ws://127.0.0.1:8787/v1', hosts)).toBe(false);
    expect(relayTagMatches('http://127.0.0.1:8787/', hosts)).toBe(false);
    expect(relayTagMatches('not a url', hosts)).toBe(false);
  });

  it('behind a proxy: a Host without port matches the default ports of ws and wss, names ignore case', () => {
    const hosts = ['Tide.Example'];
    expect(relayTagMatches('wss://tide.example', hosts)).toBe(true);
    expect(relayTagMatches('ws://tide.example/', hosts)).toBe(true);
    expect(relayTagMatches('wss://tide.example:444/', hosts)).toBe(false);
    expect(relayTagMatches('wss://evil.example/', hosts)).toBe(false);
    expect(relayTagMatches('wss://tide.example.evil.example/', hosts)).toBe(false);
  });

  it('checkAuthEvent refuses an AUTH event naming another relay', () => {
    const hosts = ['relay.tide.example'];
    expect(() => checkAuthEvent(authEvent('wss://other.example/'), 'c1', NOW, hosts)).toThrow(
      'invalid: relay tag names another relay',
    );
    expect(checkAuthEvent(authEvent('wss://relay.tide.example/'), 'c1', NOW, hosts)).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('NIP-42 over the relay socket', () => {
  it('accepts AUTH naming the address the client dialled and refuses one naming another relay', async () => {
    const server = await startServer({ sqlitePath: ':memory:' });
    const s = await RawSocket.open(server.relayUrl);
    try {
      const challenge = s.frames[0].message[1] as string;
      const now = Math.floor(Date.now() / 1000);
      const sign = (relay: string) =>
        signEvent(
          {
            kind: 22242,
            content: '',
            created_at: now,
            tags: [
              ['relay', relay],
              ['challenge', challenge],
            ],
          },
          sk,
        );
      const other = sign('wss://relay.other.example/');
      s.send(['AUTH', other]);
      const refused = await s.waitFor((f) => f.message[0] === 'OK' && f.message[1] === other.id);
      expect(refused.message).toEqual(['OK', other.id, false, 'invalid: relay tag names another relay']);
      const ours = sign(server.relayUrl.replace(/\/$/, ''));
      s.send(['AUTH', ours]);
      const accepted = await s.waitFor((f) => f.message[0] === 'OK' && f.message[1] === ours.id);
      expect(accepted.message[2]).toBe(true);
    } finally {
      await s.close();
      await server.close();
    }
  });
});
