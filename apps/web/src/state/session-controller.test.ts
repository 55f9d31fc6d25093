import { bytesToHex } from '@noble/hashes/utils.js';
import type { EventTemplate } from '@tide/core/nostr';
import { generateSecretKey, getPublicKey, npubEncode, nsecEncode, verifyEvent } from '@tide/core/nostr';
import { LocalSigner, type Nip07Extension, PIN_VAULT_PREFIX } from '@tide/core/signers';
import { afterEach, describe, expect, it } from 'vitest';
import { DeviceKeyVault, memoryRecords } from './device-key-vault.ts';
import { SessionController } from './session-controller.ts';
import { readStoredAccount, SESSION_KEYS, type SessionStorage, STORED_PIN_KEY_PREFIX } from './session-storage.ts';
import { createSessionStore } from './session-store.ts';

const sk = generateSecretKey();
const NSEC = nsecEncode(sk);
const PUBKEY = getPublicKey(sk);
const note: EventTemplate = { kind: 1, content: 'hello', created_at: 1_700_000_000, tags: [] };
const noSleep = { sleep: async () => {} };

function memoryStorage(): SessionStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

/** A page load: the store starts from what storage remembers, like `stores.ts` does; `idb` is the browser's IndexedDB. */
function pageLoad(storage = memoryStorage(), idb = new Map<string, unknown>()) {
  const store = createSessionStore('test', readStoredAccount(storage));
  const vault = new DeviceKeyVault(memoryRecords(idb));
  const session = new SessionController({ store, storage, extension: noSleep, deviceVault: async () => vault });
  return { storage, store, session, idb };
}

/** Nothing secret anywhere the app shows or keeps in plain text: store state and localStorage. */
function expectNoSecret(page: ReturnType<typeof pageLoad>) {
  const visible = JSON.stringify(page.store.getState()) + JSON.stringify([...page.storage.data.entries()]);
  expect(visible).not.toContain(NSEC);
  expect(visible).not.toContain(bytesToHex(sk));
}

function fakeExtension(secret = sk): Nip07Extension & { calls: number } {
  const local = new LocalSigner(secret);
  const ext = {
    calls: 0,
    getPublicKey: () => {
      ext.calls += 1;
      return local.getPublicKey();
    },
    signEvent: (t: EventTemplate) => local.signEvent(t),
  };
  return ext;
}

const win = globalThis as { nostr?: unknown };
afterEach(() => {
  delete win.nostr;
});

describe('sign in with a private key', () => {
  it('keeps the key in memory only and remembers the public key', async () => {
    const page = pageLoad();
    await page.session.signInWithNsec(NSEC);
    const state = page.store.getState();
    expect(state).toMatchObject({ publicKey: PUBKEY, method: 'nsec', canSign: true, pinLocked: false });
    const signed = await page.session.signer?.signEvent(note);
    expect(signed?.pubkey).toBe(PUBKEY);
    expect(signed && verifyEvent(signed)).toBe(true);
    expect(page.storage.data.get(SESSION_KEYS.publicKey)).toBe(PUBKEY);
    expect(page.storage.data.has(SESSION_KEYS.pinVault)).toBe(false);
    expectNoSecret(page);

    // Without IndexedDB (or a cleared one), a reload reads as the user, but nothing can sign.
    const next = pageLoad(page.storage);
    await next.session.restore();
    expect(next.store.getState()).toMatchObject({ publicKey: PUBKEY, canSign: false, pinLocked: false });
    expect(next.session.requestSigner()).toBe('none');
  });

  it('without a PIN, keeps the key under the device key so a reload still signs; logout deletes it', async () => {
    const page = pageLoad();
    await page.session.signInWithNsec(NSEC);
    expect(page.idb.has('nsec')).toBe(true);
    const record = page.idb.get('nsec') as { key: CryptoKey; data: ArrayBuffer };
    expect(record.key.extractable).toBe(false);
    const sealed = new TextDecoder('latin1').decode(new Uint8Array(record.data));
    expect(sealed).not.toContain(NSEC);
    expect(sealed).not.toContain(bytesToHex(sk));

    const next = pageLoad(page.storage, page.idb);
    expect(next.store.getState()).toMatchObject({ publicKey: PUBKEY, canSign: false, keyLookupDone: false });
    await next.session.restore();
    expect(next.store.getState()).toMatchObject({ publicKey: PUBKEY, method: 'nsec', canSign: true });
    expect(next.session.requestSigner()).toBe('ready');
    const signed = await next.session.signer?.signEvent(note);
    expect(signed && verifyEvent(signed) && signed.pubkey === PUBKEY).toBe(true);
    expectNoSecret(next);

    next.session.logout();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(next.idb.has('nsec')).toBe(false);
    const after = pageLoad(next.storage, next.idb);
    await after.session.restore();
    expect(after.store.getState()).toMatchObject({ publicKey: null, canSign: false });
  });

  it('a device key of another account never signs for the remembered one; a PIN replaces the device key', async () => {
    const other = generateSecretKey();
    const page = pageLoad();
    await page.session.signInWithNsec(nsecEncode(other));
    const swapped = memoryStorage();
    swapped.setItem(SESSION_KEYS.publicKey, PUBKEY);
    swapped.setItem(SESSION_KEYS.method, 'nsec');
    const next = pageLoad(swapped, page.idb);
    await next.session.restore();
    expect(next.store.getState()).toMatchObject({ publicKey: PUBKEY, canSign: false });

    const pinned = pageLoad();
    await pinned.session.signInWithNsec(NSEC);
    expect(pinned.idb.has('nsec')).toBe(true);
    await pinned.session.signInWithNsec(NSEC, '2468');
    expect(pinned.idb.has('nsec')).toBe(false);
  }, 60_000);

  it('refuses anything but an nsec with the spec message', async () => {
    const page = pageLoad();
    await expect(page.session.signInWithNsec(npubEncode(PUBKEY))).rejects.toThrow('Please enter a valid private key');
    expect(page.store.getState().publicKey).toBeNull();
  });
});

describe('PIN-stored key', () => {
  it("recognises the vault's prefix without loading the signers", () => {
    expect(STORED_PIN_KEY_PREFIX).toBe(PIN_VAULT_PREFIX);
  });

  it('stores only the encrypted key, asks for the PIN after a reload, refuses a wrong PIN, unlocks with the right one', async () => {
    const first = pageLoad();
    await first.session.signInWithNsec(NSEC, '2468');
    expect(first.storage.data.get(SESSION_KEYS.pinVault)?.startsWith('tide-pin-v1:')).toBe(true);
    expectNoSecret(first);

    const page = pageLoad(first.storage);
    expect(page.store.getState()).toMatchObject({
      publicKey: PUBKEY,
      method: 'nsec',
      canSign: false,
      pinLocked: true,
      pinPromptOpen: true,
    });
    page.session.dismissPinPrompt();
    expect(page.store.getState().pinPromptOpen).toBe(false);
    expect(page.session.requestSigner()).toBe('pin');
    expect(page.store.getState().pinPromptOpen).toBe(true);

    expect(await page.session.unlock('1357')).toBe(false);
    expect(page.store.getState().canSign).toBe(false);
    expect(await page.session.unlock('2468')).toBe(true);
    expect(page.store.getState()).toMatchObject({ canSign: true, pinLocked: false, pinPromptOpen: false });
    expect((await page.session.signer?.signEvent(note))?.pubkey).toBe(PUBKEY);
    expect(page.session.requestSigner()).toBe('ready');
    expectNoSecret(page);
  }, 60_000);

  it('forgot PIN erases the stored key and leaves the user browse-only', async () => {
    const first = pageLoad();
    await first.session.signInWithNsec(NSEC, '2468');
    const page = pageLoad(first.storage);
    page.session.forgetStoredKey();
    expect(page.storage.data.has(SESSION_KEYS.pinVault)).toBe(false);
    expect(page.store.getState()).toMatchObject({
      publicKey: PUBKEY,
      method: 'npub',
      canSign: false,
      pinLocked: false,
      pinPromptOpen: false,
    });
    expect(page.session.requestSigner()).toBe('none');
    expect(await page.session.unlock('2468')).toBe(false);
    expect(pageLoad(page.storage).store.getState()).toMatchObject({ publicKey: PUBKEY, pinLocked: false });
  }, 60_000);
});

describe('browse-only with a public key', () => {
  it('accepts an npub or hex key and cannot sign', async () => {
    const page = pageLoad();
    expect(await page.session.signInWithPublicKey(` ${npubEncode(PUBKEY)} `)).toBe(true);
    expect(page.store.getState()).toMatchObject({ publicKey: PUBKEY, method: 'npub', canSign: false });
    expect(page.session.signer).toBeNull();
    expect(page.session.requestSigner()).toBe('none');
    expect(await page.session.signInWithPublicKey(PUBKEY)).toBe(true);
    expect(pageLoad(page.storage).store.getState()).toMatchObject({ publicKey: PUBKEY, method: 'npub' });
  });

  it('refuses other text', async () => {
    const page = pageLoad();
    for (const bad of ['', 'npub1abc', NSEC, 'hello']) expect(await page.session.signInWithPublicKey(bad)).toBe(false);
    expect(page.store.getState().publicKey).toBeNull();
  });
});

describe('signer extension (window.nostr)', () => {
  it('signs in through the extension and restores through it after a reload', async () => {
    const ext = fakeExtension();
    win.nostr = ext;
    const page = pageLoad();
    expect(await page.session.findExtension()).toBe(true);
    await page.session.signInWithExtension();
    expect(page.store.getState()).toMatchObject({ publicKey: PUBKEY, method: 'extension', canSign: true });
    expect((await page.session.signer?.signEvent(note))?.pubkey).toBe(PUBKEY);

    const next = pageLoad(page.storage);
    expect(next.store.getState()).toMatchObject({ publicKey: PUBKEY, canSign: false, keyLookupDone: false });
    await next.session.restore();
    expect(next.store.getState()).toMatchObject({ publicKey: PUBKEY, canSign: true, keyLookupDone: true });
  });

  it('looks 4 times for a missing extension, then stays browse-only with the remembered key', async () => {
    win.nostr = fakeExtension();
    const page = pageLoad();
    await page.session.signInWithExtension();
    delete win.nostr;
    let lookups = 0;
    const store = createSessionStore('test', readStoredAccount(page.storage));
    const session = new SessionController({
      store,
      storage: page.storage,
      extension: { ...noSleep, lookup: () => void lookups++ },
    });
    expect(await session.findExtension()).toBe(false);
    expect(lookups).toBe(4);
    await session.restore();
    expect(store.getState()).toMatchObject({ publicKey: PUBKEY, canSign: false, keyLookupDone: true });
  });

  it('an error fetching the public key at start clears the key', async () => {
    const page = pageLoad();
    win.nostr = fakeExtension();
    await page.session.signInWithExtension();
    win.nostr = { getPublicKey: () => Promise.reject(new Error('locked')), signEvent: () => Promise.reject() };
    const next = pageLoad(page.storage);
    await next.session.restore();
    expect(next.store.getState()).toMatchObject({ publicKey: null, method: null, keyLookupDone: true });
    expect(next.storage.data.has(SESSION_KEYS.publicKey)).toBe(false);
  });

  it('is not offered when no extension shows up', async () => {
    expect(await pageLoad().session.findExtension()).toBe(false);
  });
});

describe('logout', () => {
  it('clears the key, the public key and the stored key: back to guest', async () => {
    const page = pageLoad();
    await page.session.signInWithNsec(NSEC, '2468');
    const signer = page.session.signer;
    page.session.logout();
    expect(page.store.getState()).toMatchObject({ publicKey: null, method: null, canSign: false, pinLocked: false });
    expect(page.session.signer).toBeNull();
    await expect(signer?.signEvent(note)).rejects.toMatchObject({ code: 'sign-no-nsec' });
    expect(page.storage.data.size).toBe(0);
    expect(pageLoad(page.storage).store.getState().publicKey).toBeNull();
  }, 60_000);
});
