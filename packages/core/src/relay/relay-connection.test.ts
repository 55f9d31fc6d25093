import { createServer, type Server } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { NostrEvent } from '../nostr/index.ts';
import { generateSecretKey, signEvent } from '../nostr/index.ts';
import { RelayConnection, type RelayConnectionOptions } from './relay-connection.ts';
import { startTestRelay, type TestRelay } from './relay-test-server.ts';
import { RelayError } from './relay-types.ts';

const key = generateSecretKey();
const sign = (content: string, created_at = 1000, kind = 1): NostrEvent =>
  signEvent({ kind, content, created_at, tags: [] }, key);

let relay: TestRelay;
let conn: RelayConnection | undefined;

/** Waits until `check()` holds (at most 4 s, under the 5 s test timeout), then asserts it. */
async function waitFor(check: () => boolean): Promise<void> {
  const end = Date.now() + 4000;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
}

function connect(options: RelayConnectionOptions = {}): RelayConnection {
  conn = new RelayConnection(relay.url, { WebSocket, ...options });
  return conn;
}

function collect(c: RelayConnection, filters = [{ kinds: [1] }], eoseTimeoutMs?: number) {
  return new Promise<{ events: NostrEvent[]; eose: boolean; reason: string }>((resolve) => {
    const events: NostrEvent[] = [];
    let eose = false;
    c.subscribe(
      filters,
      {
        onevent: (e) => events.push(e),
        oneose: () => (eose = true),
        onclose: (reason) => resolve({ events, eose, reason }),
      },
      { closeOnEose: true, eoseTimeoutMs },
    );
  });
}

beforeEach(async () => {
  relay = await startTestRelay();
});

afterEach(async () => {
  conn?.close();
  conn = undefined;
  await relay.close();
});

describe('RelayConnection', () => {
  it('receives stored events until EOSE, then sends CLOSE', async () => {
    relay.behaviour.stored = [sign('one'), sign('two')];
    const c = connect();
    await c.connect();
    const result = await collect(c);
    expect(result.events.map((e) => e.content)).toEqual(['one', 'two']);
    expect(result.eose).toBe(true);
    expect(result.reason).toBe('eose');
    await waitFor(() => relay.received.length >= 2);
    expect(relay.received.map((m) => m[0])).toEqual(['REQ', 'CLOSE']);
  });

  it('drops events whose signature does not verify', async () => {
    const good = sign('good');
    const forged = { ...sign('original'), content: 'tampered' };
    relay.behaviour.stored = [forged, good];
    const c = connect();
    await c.connect();
    expect((await collect(c)).events.map((e) => e.content)).toEqual(['good']);
  });

  it('ends a subscription when stored events time out, or when the relay sends CLOSED', async () => {
    relay.behaviour.eose = false;
    const c = connect();
    await c.connect();
    const started = Date.now();
    const timedOut = await collect(c, [{ kinds: [1] }], 80);
    expect(timedOut.eose).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(75);
    relay.behaviour.closedReason = 'auth-required: sign in first';
    expect((await collect(c)).reason).toBe('auth-required: sign in first');
  });

  it('publishes: OK true resolves, OK false rejects with the reason, silence times out', async () => {
    const c = connect();
    await c.connect();
    expect(await c.publish(sign('hello'))).toBe('');
    expect(relay.published).toHaveLength(1);
    relay.behaviour.ok = { reject: 'blocked: not allowed' };
    await expect(c.publish(sign('again'))).rejects.toThrow('blocked: not allowed');
    relay.behaviour.ok = 'silent';
    await expect(c.publish(sign('lost'), 50)).rejects.toThrow(RelayError.PublishTimedOut);
  });

  it('reports sending on a closed connection', async () => {
    const c = connect();
    await expect(c.publish(sign('x'))).rejects.toThrow('sending on closed connection');
    await expect(c.count([{ kinds: [1] }])).rejects.toThrow('sending on closed connection');
  });

  it('ends everything with relay connection closed when the relay drops the socket', async () => {
    relay.behaviour.eose = false;
    relay.behaviour.ok = 'silent';
    const reasons: string[] = [];
    const c = connect({ onClose: (reason) => reasons.push(reason) });
    await c.connect();
    const sub = collect(c);
    const pub = c.publish(sign('pending'));
    await new Promise((r) => setTimeout(r, 30));
    relay.sockets[0].terminate();
    expect((await sub).reason).toBe('relay connection closed');
    await expect(pub).rejects.toThrow('relay connection closed');
    expect(reasons).toEqual(['relay connection closed']);
  });

  it('authenticates with NIP-42 when challenged, and refuses without a challenge', async () => {
    const signer = async (template: Parameters<typeof signEvent>[0]) => signEvent(template, key);
    const plain = connect();
    await plain.connect();
    await expect(plain.auth(signer)).rejects.toThrow("can't perform auth, no challenge was received");
    plain.close();
    relay.behaviour.challenge = 'challenge-123';
    const c = connect({ onAuth: signer });
    await c.connect();
    await waitFor(() => relay.authed.length > 0);
    const [auth] = relay.authed;
    expect(auth.kind).toBe(22242);
    expect(auth.tags).toEqual([
      ['relay', relay.url],
      ['challenge', 'challenge-123'],
    ]);
    expect(c.authChallenge).toBe('challenge-123');
  });

  it('with authOnChallenge false, keeps the challenge and authenticates only when a write requires it', async () => {
    const signer = async (template: Parameters<typeof signEvent>[0]) => signEvent(template, key);
    relay.behaviour.challenge = 'c-early';
    relay.behaviour.requireAuth = true;
    const c = connect({ onAuth: signer, authOnChallenge: false });
    await c.connect();
    await waitFor(() => c.authChallenge === 'c-early');
    await new Promise((r) => setTimeout(r, 30));
    expect(relay.authed).toHaveLength(0);
    expect(await c.publish(sign('needs auth'))).toBe('');
    expect(relay.authed).toHaveLength(1);
    expect(relay.published.map((e) => e.content)).toEqual(['needs auth']);
    c.close();
  });

  it('answers auth-required by authenticating, then retries the publish and the subscription once', async () => {
    const signer = async (template: Parameters<typeof signEvent>[0]) => signEvent(template, key);
    relay.behaviour.requireAuth = true;
    relay.behaviour.stored = [sign('members only')];
    const unsigned = connect();
    await unsigned.connect();
    await expect(unsigned.publish(sign('no signer'))).rejects.toThrow('auth-required: please authenticate');
    unsigned.close();
    relay.behaviour.lazyChallenge = 'c-1';
    const c = connect({ onAuth: signer });
    await c.connect();
    expect(await c.publish(sign('after auth'))).toBe('');
    expect(relay.published.map((e) => e.content)).toEqual(['after auth']);
    expect(relay.authed).toHaveLength(1);
    const subscriber = connect({ onAuth: signer });
    await subscriber.connect();
    expect((await collect(subscriber)).events.map((e) => e.content)).toEqual(['members only']);
    expect(relay.authed).toHaveLength(2);
    c.close();
  });

  it('counts with NIP-45', async () => {
    relay.behaviour.count = 42;
    const c = connect();
    await c.connect();
    expect(await c.count([{ kinds: [1] }])).toBe(42);
  });
});

describe('RelayConnection failures to connect', () => {
  let silent: Server;

  afterEach(() => silent?.close());

  it('times out when the handshake never completes', async () => {
    silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const c = new RelayConnection(`ws://127.0.0.1:${port}`, { WebSocket, timing: { connectTimeoutMs: 80 } });
    await expect(c.connect()).rejects.toThrow('connection timed out');
    expect(c.connected).toBe(false);
  });

  it('reports relay connection errored when nothing listens', async () => {
    const url = relay.url;
    await relay.close();
    const c = new RelayConnection(url, { WebSocket });
    await expect(c.connect()).rejects.toThrow('relay connection errored');
    relay = await startTestRelay();
  });
});

describe('RelayConnection with an address the socket refuses', () => {
  it('rejects and can try again', async () => {
    const c = new RelayConnection('not a url', { WebSocket });
    await expect(c.connect()).rejects.toThrow();
    await expect(c.connect()).rejects.toThrow();
    expect(c.connected).toBe(false);
  });
});
