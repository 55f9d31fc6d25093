import type { NostrEvent } from '@tide/core/nostr';
import { finalizeEvent, generateSecretKey, verifyEvent } from 'nostr-tools/pure';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';

// A relay that sends a challenge at connect and refuses writes until authenticated (NIP-42): the app's one pool
// answers only when a write is refused with auth-required, with the signer the publisher registers.

let server: WebSocketServer;
let url = '';
const auths: NostrEvent[] = [];
const stored: NostrEvent[] = [];

beforeAll(async () => {
  vi.stubGlobal('WebSocket', WebSocket);
  server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  url = `ws://127.0.0.1:${(server.address() as { port: number }).port}`;
  server.on('connection', (socket) => {
    let authed = false;
    socket.send(JSON.stringify(['AUTH', 'challenge-1']));
    socket.on('message', (data) => {
      const [type, event] = JSON.parse(String(data)) as [string, NostrEvent];
      if (type === 'AUTH') {
        authed = verifyEvent(event) && event.kind === 22242;
        auths.push(event);
        socket.send(JSON.stringify(['OK', event.id, authed, '']));
      } else if (type === 'EVENT') {
        if (authed) stored.push(event);
        socket.send(JSON.stringify(['OK', event.id, authed, authed ? '' : 'auth-required: members only']));
      }
    });
  });
});

afterAll(async () => {
  vi.unstubAllGlobals();
  for (const client of server.clients) client.terminate();
  await new Promise((resolve) => server.close(resolve));
});

describe("the app's relay pool and NIP-42", () => {
  it('answers AUTH only when a write is refused for it (not at connect), with the registered signer; without one the write fails', async () => {
    const { fallbackPool, setRelayAuthSigner } = await import('./relay-fallback.ts');
    const key = generateSecretKey();
    const note = (content: string) =>
      finalizeEvent({ kind: 1, created_at: Math.floor(Date.now() / 1000), tags: [], content }, key) as NostrEvent;

    setRelayAuthSigner(null);
    const refused = await fallbackPool().publish(note('no signer'), [url]);
    expect(refused.success).toBe(false);
    expect(auths).toHaveLength(0);

    let asked = 0;
    setRelayAuthSigner(async (template) => {
      asked += 1;
      return finalizeEvent(template, key) as NostrEvent;
    });
    // A new connection with the signer registered: the challenge comes at connect, and nothing is signed for it.
    const second = `${url}/second`;
    await fallbackPool().ensure(second);
    await new Promise((r) => setTimeout(r, 50));
    expect(asked).toBe(0);
    const accepted = await fallbackPool().publish(note('with auth'), [second]);
    expect(accepted.success).toBe(true);
    expect(asked).toBe(1);
    expect(auths.map((a) => a.tags.find((t) => t[0] === 'challenge')?.[1])).toEqual(['challenge-1']);
    expect(stored.map((e) => e.content)).toEqual(['with auth']);
    setRelayAuthSigner(null);
  });
});
