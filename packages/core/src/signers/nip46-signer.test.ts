import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { generateSecretKey, getConversationKey, getPublicKey, nip44Decrypt, verifyEvent } from '../nostr/index.ts';
import { startTestRelay, type TestRelay } from '../relay/relay-test-server.ts';
import type { WebSocketConstructor } from '../relay/socket.ts';
import { Nip46Signer } from './nip46-signer.ts';
import { NIP46_KIND, parseBunkerUrl, parseNostrConnectUri } from './nip46-uri.ts';
import { startTestNip46Signer, type TestNip46Signer } from './test-nip46-signer.ts';

const WS = WebSocket as unknown as WebSocketConstructor;
const note = { kind: 1, content: 'hello through a bunker', created_at: 1_700_000_000, tags: [['t', 'nip46']] };

let relay: TestRelay;
let remote: TestNip46Signer;
const open: Nip46Signer[] = [];

beforeEach(async () => {
  relay = await startTestRelay();
  relay.behaviour.live = true;
});

afterEach(async () => {
  for (const signer of open.splice(0)) signer.close();
  remote?.close();
  await relay.close();
});

describe('Nip46Signer over a bunker:// URL', () => {
  it('connects with the secret, learns the user key (not the bunker key), signs and encrypts remotely', async () => {
    const userSk = generateSecretKey();
    remote = await startTestNip46Signer({ relays: [relay.url], userSecretKey: userSk, WebSocket: WS });
    const pointer = parseBunkerUrl(remote.bunkerUrl);
    expect(pointer).toMatchObject({ remotePubkey: remote.signerPubkey, relays: [relay.url] });

    const signer = await Nip46Signer.connectBunker(pointer!, { WebSocket: WS, timeoutMs: 3000 });
    open.push(signer);
    expect(await signer.getPublicKey()).toBe(getPublicKey(userSk));
    expect(remote.userPubkey).not.toBe(remote.signerPubkey);

    const event = await signer.signEvent(note);
    expect(verifyEvent(event)).toBe(true);
    expect(event).toMatchObject({ pubkey: getPublicKey(userSk), content: note.content, tags: note.tags, kind: 1 });
    expect(remote.methods).toEqual(['connect', 'get_public_key', 'sign_event']);

    // Requests on the wire are NIP-44 encrypted to the bunker: the note's text never travels in clear.
    const requests = relay.published.filter((e) => e.kind === NIP46_KIND && e.tags[0]?.[1] === remote.signerPubkey);
    expect(requests.length).toBe(3);
    for (const request of requests) expect(request.content).not.toContain('hello');

    const peer = generateSecretKey();
    const sealed = await signer.nip44.encrypt(getPublicKey(peer), 'secret words');
    expect(nip44Decrypt(sealed, getConversationKey(peer, getPublicKey(userSk)))).toBe('secret words');
    expect(await signer.nip44.decrypt(getPublicKey(peer), sealed)).toBe('secret words');
    const legacy = await signer.nip04.encrypt(getPublicKey(peer), 'old style');
    expect(await signer.nip04.decrypt(getPublicKey(peer), legacy)).toBe('old style');
  });

  it('a wrong secret is refused; a refused signature rejects with the signer message', async () => {
    remote = await startTestNip46Signer({ relays: [relay.url], refuse: ['sign_event'], WebSocket: WS });
    const pointer = parseBunkerUrl(remote.bunkerUrl)!;
    await expect(
      Nip46Signer.connectBunker({ ...pointer, secret: 'wrong' }, { WebSocket: WS, timeoutMs: 3000 }),
    ).rejects.toThrow('invalid secret');

    const signer = await Nip46Signer.connectBunker(pointer, { WebSocket: WS, timeoutMs: 3000 });
    open.push(signer);
    await expect(signer.signEvent(note)).rejects.toThrow('refused');
  });

  it('times out when nobody answers; a saved session signs again after a "reload"', async () => {
    remote = await startTestNip46Signer({ relays: [relay.url], WebSocket: WS });
    const silent = await Nip46Signer.connectBunker(parseBunkerUrl(remote.bunkerUrl)!, { WebSocket: WS });
    const state = silent.state;
    silent.close();
    expect(state.userPubkey).toBe(remote.userPubkey);
    expect(state.clientSecret).toMatch(/^[0-9a-f]{64}$/);

    const restored = Nip46Signer.restore(state, { WebSocket: WS, timeoutMs: 3000 });
    open.push(restored);
    const event = await restored.signEvent(note);
    expect(event.pubkey).toBe(remote.userPubkey);
    expect(verifyEvent(event)).toBe(true);

    remote.close();
    const orphan = Nip46Signer.restore(state, { WebSocket: WS, timeoutMs: 300 });
    open.push(orphan);
    await expect(orphan.signEvent(note)).rejects.toThrow('remote signer did not answer in time');
  });
});

describe('Nip46Signer approvals', () => {
  it('an auth_url answer is handed on and the request keeps waiting for the real answer', async () => {
    const url = 'https://signer.example/approve/1';
    remote = await startTestNip46Signer({
      relays: [relay.url],
      authUrl: { url, methods: ['sign_event'] },
      WebSocket: WS,
    });
    const seen: string[] = [];
    const signer = await Nip46Signer.connectBunker(parseBunkerUrl(remote.bunkerUrl)!, {
      WebSocket: WS,
      timeoutMs: 3000,
      onAuthUrl: (link) => seen.push(link),
    });
    open.push(signer);
    const event = await signer.signEvent(note);
    expect(seen).toEqual([url]);
    expect(verifyEvent(event)).toBe(true);
  });
});

describe('Nip46Signer over nostrconnect://', () => {
  it('shows a URI, and the remote signer that answers with its secret becomes the signer', async () => {
    remote = await startTestNip46Signer({ relays: [relay.url], WebSocket: WS });
    const flow = Nip46Signer.nostrConnect([relay.url], { WebSocket: WS, timeoutMs: 3000, name: 'Tide' });
    const params = parseNostrConnectUri(flow.uri);
    expect(params).toMatchObject({ relays: [relay.url], name: 'Tide' });
    expect(params?.secret.length).toBeGreaterThan(8);

    // An answer with another secret (an impostor) is ignored.
    const impostor = await startTestNip46Signer({ relays: [relay.url], WebSocket: WS });
    await impostor.connectTo(flow.uri.replace(/secret=[^&]+/, 'secret=nope'));
    await remote.connectTo(flow.uri);
    const signer = await flow.connected;
    open.push(signer);
    impostor.close();
    expect(await signer.getPublicKey()).toBe(remote.userPubkey);
    expect(signer.state.remotePubkey).toBe(remote.signerPubkey);
    const event = await signer.signEvent(note);
    expect(event.pubkey).toBe(remote.userPubkey);
  });

  it('cancel stops waiting', async () => {
    const flow = Nip46Signer.nostrConnect([relay.url], { WebSocket: WS });
    flow.cancel();
    await expect(flow.connected).rejects.toThrow('cancelled');
  });
});

describe('bunker and nostrconnect URLs', () => {
  it('parses bunker URLs and refuses what is not one', () => {
    const key = 'a'.repeat(64);
    expect(
      parseBunkerUrl(`bunker://${key}?relay=wss%3A%2F%2Frelay.example.com&relay=ws://127.0.0.1:7000&secret=s1`),
    ).toEqual({ remotePubkey: key, relays: ['wss://relay.example.com', 'ws://127.0.0.1:7000'], secret: 's1' });
    expect(parseBunkerUrl(`bunker://${key}?relay=wss://r.example`)).toEqual({
      remotePubkey: key,
      relays: ['wss://r.example'],
    });
    expect(parseBunkerUrl(`bunker://${key}`)).toBeNull();
    expect(parseBunkerUrl('bunker://nothex?relay=wss://r.example')).toBeNull();
    expect(parseBunkerUrl(`nostrconnect://${key}?relay=wss://r.example`)).toBeNull();
  });
});
