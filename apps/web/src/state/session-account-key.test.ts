import type { EventTemplate } from '@tide/core/nostr';
import { generateSecretKey, getPublicKey, nsecEncode } from '@tide/core/nostr';
import { describe, expect, it } from 'vitest';
import { DeviceKeyVault, memoryRecords } from './device-key-vault.ts';
import { SessionController } from './session-controller.ts';
import { readStoredAccount, type SessionStorage } from './session-storage.ts';
import { createSessionStore } from './session-store.ts';

const sk = generateSecretKey();
const NSEC = nsecEncode(sk);
const PUBKEY = getPublicKey(sk);

function memoryStorage(): SessionStorage {
  const data = new Map<string, string>();
  return {
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
    extension: { sleep: async () => {} },
    deviceVault: async () => vault,
  });
  return { storage, store, session, idb };
}

describe('Settings → Account key operations', () => {
  it('reveals the nsec of a local key only; an extension or browse-only session has none', async () => {
    const page = pageLoad();
    expect(page.session.revealNsec()).toBeNull();
    await page.session.signInWithNsec(NSEC);
    expect(page.session.revealNsec()).toBe(NSEC);
    expect(JSON.stringify(page.store.getState())).not.toContain(NSEC);
    await page.session.signInWithPublicKey(PUBKEY);
    expect(page.session.revealNsec()).toBeNull();
  });

  it('creates a PIN (a reload asks for it), changes it, and removes it (a reload signs in without one)', async () => {
    const page = pageLoad();
    await page.session.signInWithNsec(NSEC);
    expect(page.session.hasPin()).toBe(false);
    expect(await page.session.setPin('12', '12')).toBe('PIN must be at least 4 characters');
    expect(await page.session.setPin('1234', '1235')).toBe("PINs don't match");
    expect(page.session.hasPin()).toBe(false);
    expect(await page.session.setPin('1234', '1234')).toBeNull();
    expect(page.session.hasPin()).toBe(true);
    expect(page.idb.has('nsec')).toBe(false);

    const locked = pageLoad(page.storage, page.idb);
    await locked.session.restore();
    expect(locked.store.getState()).toMatchObject({ pinLocked: true, canSign: false });
    expect(await locked.session.unlock('1234')).toBe(true);
    expect(await locked.session.setPin('9876', '9876')).toBeNull();
    const changed = pageLoad(locked.storage, locked.idb);
    await changed.session.restore();
    expect(await changed.session.unlock('1234')).toBe(false);
    expect(await changed.session.unlock('9876')).toBe(true);

    expect(await changed.session.removePin()).toBe(true);
    expect(changed.session.hasPin()).toBe(false);
    const free = pageLoad(changed.storage, changed.idb);
    await free.session.restore();
    expect(free.store.getState()).toMatchObject({ publicKey: PUBKEY, pinLocked: false, canSign: true });
    const note: EventTemplate = { kind: 1, content: 'x', created_at: 1_700_000_000, tags: [] };
    expect((await free.session.signer?.signEvent(note))?.pubkey).toBe(PUBKEY);
  }, 60_000);
});
