import { describe, expect, it } from 'vitest';
import type { EventTemplate } from '../nostr/event.ts';
import { generateSecretKey, getPublicKey, signEvent } from '../nostr/sign.ts';
import { EventError } from '../nostr/validate.ts';
import { LocalSigner } from './local-signer.ts';
import {
  EXTENSION_LOOKUP_ATTEMPTS,
  EXTENSION_LOOKUP_INTERVAL_MS,
  findNostrExtension,
  type Nip07Extension,
  Nip07Signer,
} from './nip07-signer.ts';
import { SignerError } from './signer.ts';

const template: EventTemplate = { kind: 1, content: 'via extension', created_at: 1_700_000_000, tags: [] };

function fakeExtension(sk = generateSecretKey()): Nip07Extension {
  const local = new LocalSigner(sk);
  return {
    getPublicKey: () => local.getPublicKey(),
    signEvent: (t) => local.signEvent(t),
    nip04: local.nip04,
  };
}

function recorder() {
  const sleeps: number[] = [];
  return { sleeps, sleep: async (ms: number) => void sleeps.push(ms) };
}

describe('findNostrExtension', () => {
  it('tries 4 times, 250 ms apart, then fails with no_nostr_extension', async () => {
    const r = recorder();
    let lookups = 0;
    const lookup = () => {
      lookups++;
      return undefined;
    };
    const error = await findNostrExtension({ lookup, sleep: r.sleep }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SignerError);
    expect((error as SignerError).code).toBe('no_nostr_extension');
    expect(lookups).toBe(EXTENSION_LOOKUP_ATTEMPTS);
    expect(r.sleeps).toEqual([
      EXTENSION_LOOKUP_INTERVAL_MS,
      EXTENSION_LOOKUP_INTERVAL_MS,
      EXTENSION_LOOKUP_INTERVAL_MS,
    ]);
  });

  it('returns as soon as the extension appears', async () => {
    const r = recorder();
    const ext = fakeExtension();
    let lookups = 0;
    const found = await findNostrExtension({ lookup: () => (++lookups === 3 ? ext : undefined), sleep: r.sleep });
    expect(found).toBe(ext);
    expect(r.sleeps).toHaveLength(2);
  });

  it('finds globalThis.nostr by default', async () => {
    const ext = fakeExtension();
    (globalThis as { nostr?: unknown }).nostr = ext;
    try {
      expect(await findNostrExtension({ sleep: async () => {} })).toBe(ext);
    } finally {
      delete (globalThis as { nostr?: unknown }).nostr;
    }
  });
});

describe('Nip07Signer', () => {
  it('gets the key, signs (checked) and uses the extension cipher', async () => {
    const sk = generateSecretKey();
    const signer = new Nip07Signer({ lookup: () => fakeExtension(sk), sleep: async () => {} });
    expect(await signer.getPublicKey()).toBe(getPublicKey(sk));
    expect(signer.cachedPublicKey).toBe(getPublicKey(sk));
    expect((await signer.signEvent(template)).pubkey).toBe(getPublicKey(sk));
    const peer = new LocalSigner(generateSecretKey());
    const payload = await signer.nip04.encrypt(await peer.getPublicKey(), 'hi');
    expect(await peer.nip04.decrypt(getPublicKey(sk), payload)).toBe('hi');
  });

  it('an error fetching the public key clears the cached key', async () => {
    let fail = false;
    const ext = fakeExtension();
    const flaky: Nip07Extension = {
      ...ext,
      getPublicKey: () => (fail ? Promise.reject(new Error('user rejected')) : ext.getPublicKey()),
    };
    const signer = new Nip07Signer({ lookup: () => flaky, sleep: async () => {} });
    await signer.getPublicKey();
    expect(signer.cachedPublicKey).toBeDefined();
    // a cached key is returned without asking the extension again
    fail = true;
    await expect(signer.getPublicKey()).resolves.toBe(signer.cachedPublicKey);
    await expect(signer.refreshPublicKey()).rejects.toThrow('user rejected');
    expect(signer.cachedPublicKey).toBeUndefined();
    fail = false;
    await expect(signer.refreshPublicKey()).resolves.toBe(await ext.getPublicKey());
  });

  it('rejects unsigned and forged results with the event error codes', async () => {
    const ext = fakeExtension();
    const unsigned = new Nip07Signer({
      lookup: () => ({ ...ext, signEvent: async (t) => ({ ...t, pubkey: 'a'.repeat(64), id: '', sig: '' }) }),
      sleep: async () => {},
    });
    await expect(unsigned.signEvent(template)).rejects.toMatchObject({ code: 'event_not_signed' });
    const forged = new Nip07Signer({
      lookup: () => ({
        ...ext,
        signEvent: async (t) => ({ ...signEvent(t, generateSecretKey()), content: 'changed' }),
      }),
      sleep: async () => {},
    });
    const error = await forged.signEvent(template).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EventError);
    expect((error as EventError).code).toBe('event_sig_not_verified');
  });

  it('reports a missing cipher as bad-cipher and a missing extension as no_nostr_extension', async () => {
    const signer = new Nip07Signer({ lookup: () => fakeExtension(), sleep: async () => {} });
    await expect(signer.nip44.encrypt('a'.repeat(64), 'x')).rejects.toMatchObject({ code: 'bad-cipher' });
    const none = new Nip07Signer({ lookup: () => undefined, sleep: async () => {} });
    await expect(none.signEvent(template)).rejects.toMatchObject({ code: 'no_nostr_extension' });
  });
});
