import { afterEach, describe, expect, it } from 'vitest';
import type { NostrEvent } from './event.ts';
import { getEventHash } from './hash.ts';
import { generateSecretKey, getPublicKey, signEvent } from './sign.ts';
import {
  activeVerifyEngine,
  loadWasmVerifier,
  resetVerifiedCache,
  verifiedCacheSize,
  verifyEvent,
  verifyEvents,
  verifyEventUncached,
} from './verify.ts';

const sk = generateSecretKey();

function note(content: string): NostrEvent {
  return signEvent({ kind: 1, content, created_at: 1_700_000_000, tags: [['t', 'tide']] }, sk);
}

afterEach(() => resetVerifiedCache());

describe('signEvent', () => {
  it('fills pubkey, id (hash of the serialisation) and a 128-hex sig', () => {
    const e = note('hello');
    expect(e.pubkey).toBe(getPublicKey(sk));
    expect(e.id).toBe(getEventHash(e));
    expect(e.sig).toMatch(/^[0-9a-f]{128}$/);
  });
});

describe('verifyEvent (noble)', () => {
  it('accepts a signed event and rejects tampered content, id, sig or pubkey', () => {
    const e = note('hello');
    expect(verifyEventUncached(e, 'noble')).toBe(true);
    expect(verifyEvent({ ...e, content: 'bye' })).toBe(false);
    expect(verifyEvent({ ...e, id: 'a'.repeat(64) })).toBe(false);
    expect(verifyEvent({ ...e, sig: `${e.sig.slice(0, 127)}${e.sig[127] === '0' ? '1' : '0'}` })).toBe(false);
    expect(verifyEvent({ ...e, pubkey: getPublicKey(generateSecretKey()) })).toBe(false);
    expect(verifyEvent(e)).toBe(true);
  });

  it('rejects malformed input without throwing', () => {
    expect(verifyEvent(null)).toBe(false);
    expect(verifyEvent('event')).toBe(false);
    expect(verifyEvent({ ...note('x'), sig: 'zz' })).toBe(false);
    expect(verifyEvent({ ...note('x'), kind: '1' })).toBe(false);
  });

  it('remembers a verified (id, sig) but still re-hashes a tampered copy', () => {
    const e = note('remember me');
    expect(verifyEvent(e)).toBe(true);
    expect(verifiedCacheSize()).toBe(1);
    expect(verifyEvent({ ...e })).toBe(true);
    expect(verifiedCacheSize()).toBe(1);
    expect(verifyEvent({ ...e, content: 'tampered' })).toBe(false);
  });

  it('keeps the remembered set bounded', () => {
    resetVerifiedCache(3);
    for (let i = 0; i < 5; i++) verifyEvent(note(`n${i}`));
    expect(verifiedCacheSize()).toBe(3);
  });
});

describe('verifyEvents', () => {
  it('returns one result per event in order, across chunk boundaries, yielding between chunks', async () => {
    const good = Array.from({ length: 10 }, (_, i) => note(`batch ${i}`));
    const input: unknown[] = [...good];
    input[3] = { ...good[3], content: 'forged' };
    input[9] = { nope: true };
    let timerRan = false;
    setTimeout(() => {
      timerRan = true;
    }, 0);
    const pending = verifyEvents(input, { chunkSize: 4 });
    const results = await pending;
    expect(timerRan).toBe(true);
    expect(results).toHaveLength(10);
    expect(results.filter((r) => !r)).toHaveLength(2);
    expect(results[3]).toBe(false);
    expect(results[9]).toBe(false);
    expect(results[0]).toBe(true);
    expect(await verifyEvents([])).toEqual([]);
  });
});

describe('wasm verifier', () => {
  it('loads lazily, then verifies with wasm and agrees with noble', async () => {
    const e = note('wasm');
    await loadWasmVerifier();
    await loadWasmVerifier();
    expect(activeVerifyEngine()).toBe('wasm');
    expect(verifyEventUncached(e, 'wasm')).toBe(true);
    expect(verifyEventUncached({ ...e, content: 'other' }, 'wasm')).toBe(false);
    expect(verifyEventUncached({ ...e, sig: e.sig.replace(/^./, e.sig[0] === 'a' ? 'b' : 'a') }, 'wasm')).toBe(false);
    expect(verifyEvent(e)).toBe(true);
    expect(await verifyEvents([e, { ...e, content: 'x' }])).toEqual([true, false]);
  });
});
