// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { generateSecretKey, signEvent } from './sign.ts';
import { activeVerifyEngine, loadWasmVerifier, verifyEvent, verifyEventUncached } from './verify.ts';

describe('verification in a browser-like environment', () => {
  it('verifies with noble, then loads the wasm verifier and verifies with it', async () => {
    expect(typeof window).toBe('object');
    const event = signEvent({ kind: 1, content: 'browser', created_at: 1_700_000_000, tags: [] }, generateSecretKey());
    expect(verifyEventUncached(event, 'noble')).toBe(true);
    await loadWasmVerifier();
    expect(activeVerifyEngine()).toBe('wasm');
    expect(verifyEventUncached(event, 'wasm')).toBe(true);
    expect(verifyEvent({ ...event, content: 'changed' })).toBe(false);
  });
});
