import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchRelayInfo, relayInfoUrl } from './relay-info.ts';

let server: Server | undefined;

afterEach(() => server?.close());

describe('relay info (NIP-11)', () => {
  it('maps websocket URLs to HTTP', () => {
    expect(relayInfoUrl('wss://relay.example/')).toBe('https://relay.example');
    expect(relayInfoUrl('ws://127.0.0.1:7000')).toBe('http://127.0.0.1:7000');
  });

  it('asks with the nostr+json Accept header and returns the document', async () => {
    let accept = '';
    server = createServer((req, res) => {
      accept = String(req.headers.accept);
      res.setHeader('Content-Type', 'application/nostr+json');
      res.end(JSON.stringify({ name: 'Test relay', supported_nips: [1, 11, 42] }));
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const info = await fetchRelayInfo(`ws://127.0.0.1:${port}`);
    expect(accept).toBe('application/nostr+json');
    expect(info.name).toBe('Test relay');
    expect(info.supported_nips).toEqual([1, 11, 42]);
  });
});
