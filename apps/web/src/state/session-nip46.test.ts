// @vitest-environment node

import { verifyEvent } from '@tide/core/nostr';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { startTestRelay, type TestRelay } from '../../../../packages/core/src/relay/relay-test-server.ts';
import type { WebSocketConstructor } from '../../../../packages/core/src/relay/socket.ts';
import { startTestNip46Signer, type TestNip46Signer } from '../../../../packages/core/src/signers/test-nip46-signer.ts';
import { DeviceKeyVault, memoryRecords } from './device-key-vault.ts';
import { SessionController } from './session-controller.ts';
import { readStoredAccount, type SessionStorage } from './session-storage.ts';
import { createSessionStore } from './session-store.ts';

const WS = WebSocket as unknown as WebSocketConstructor;
const note = { kind: 1, content: 'via bunker', created_at: 1_700_000_000, tags: [] };

function memoryStorage(): SessionStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

function pageLoad(storage = memoryStorage(), idb = new Map<string, unknown>()) {
  const store = createSessionStore('test', readStoredAccount(storage));
  const vault = new DeviceKeyVault(memoryRecords(idb));
  const session = new SessionController({
    store,
    storage,
    deviceVault: async () => vault,
    remote: { WebSocket: WS, timeoutMs: 3000 },
  });
  return { storage, store, session, idb };
}

let relay: TestRelay;
let remote: TestNip46Signer;
const pages: ReturnType<typeof pageLoad>[] = [];

beforeEach(async () => {
  relay = await startTestRelay();
  relay.behaviour.live = true;
  remote = await startTestNip46Signer({ relays: [relay.url], WebSocket: WS });
});

afterEach(async () => {
  for (const page of pages.splice(0)) page.session.logout();
  remote.close();
  await relay.close();
});

describe('session through a remote signer (NIP-46)', () => {
  it('signs in with a bunker URL, signs remotely, survives a reload, and logout forgets it', async () => {
    const page = pageLoad();
    pages.push(page);
    await page.session.signInWithBunker(remote.bunkerUrl);
    expect(page.store.getState()).toMatchObject({ publicKey: remote.userPubkey, method: 'nip46', canSign: true });
    const event = await page.session.signer?.signEvent(note);
    expect(event && verifyEvent(event) && event.pubkey === remote.userPubkey).toBe(true);
    // The saved session (client key) is sealed: no clear text of it in localStorage or the vault record.
    expect(page.idb.has('nip46')).toBe(true);
    expect(JSON.stringify([...page.storage.data.entries()])).not.toContain('clientSecret');

    const next = pageLoad(page.storage, page.idb);
    pages.push(next);
    expect(next.store.getState()).toMatchObject({ publicKey: remote.userPubkey, method: 'nip46', canSign: false });
    await next.session.restore();
    expect(next.store.getState()).toMatchObject({ canSign: true });
    const again = await next.session.signer?.signEvent({ ...note, content: 'after reload' });
    expect(again?.pubkey).toBe(remote.userPubkey);

    next.session.logout();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(next.idb.has('nip46')).toBe(false);
  });

  it('refuses a URL that is not a bunker URL and a wrong secret', async () => {
    const page = pageLoad();
    await expect(page.session.signInWithBunker('nsec1abc')).rejects.toThrow('invalid-bunker');
    await expect(page.session.signInWithBunker(remote.bunkerUrl.replace(/secret=[^&]+/, 'secret=x'))).rejects.toThrow(
      'invalid secret',
    );
    expect(page.store.getState().publicKey).toBeNull();
  });

  it('nostrconnect: shows a URI and signs in once the remote signer answers', async () => {
    const page = pageLoad();
    pages.push(page);
    const flow = await page.session.startNostrConnect([relay.url], 'Tide');
    expect(flow.uri.startsWith('nostrconnect://')).toBe(true);
    await remote.connectTo(flow.uri);
    await flow.done;
    expect(page.store.getState()).toMatchObject({ publicKey: remote.userPubkey, method: 'nip46', canSign: true });
  });
});
