import { schnorr } from '@noble/curves/secp256k1.js';
import { hexToBytes } from '@noble/hashes/utils.js';
import type { NostrEvent } from './event.ts';
import { getEventHash } from './hash.ts';
import { LruSet } from './lru-set.ts';
import { hasSignedShape } from './validate.ts';

/** The verification engines: pure JS (noble) or WebAssembly (libsecp256k1 via nostr-wasm). */
export type VerifyEngine = 'noble' | 'wasm';

/** How many verified (id, sig) pairs are remembered by default. */
export const VERIFIED_CACHE_SIZE = 20_000;

/** How many events `verifyEvents` checks before yielding to the event loop. */
export const VERIFY_CHUNK_SIZE = 250;

interface WasmVerifier {
  verifyEvent(event: NostrEvent): void;
}

let wasm: WasmVerifier | null = null;
let wasmLoading: Promise<void> | null = null;
let verifiedPairs = new LruSet(VERIFIED_CACHE_SIZE);
let verifiedObjects = new WeakSet<object>();

function nobleCheck(event: NostrEvent): boolean {
  if (getEventHash(event) !== event.id) return false;
  try {
    return schnorr.verify(hexToBytes(event.sig), hexToBytes(event.id), hexToBytes(event.pubkey));
  } catch {
    return false;
  }
}

function wasmCheck(verifier: WasmVerifier, event: NostrEvent): boolean {
  try {
    verifier.verifyEvent(event);
    return true;
  } catch {
    return false;
  }
}

/**
 * Checks id and signature with the named engine, without the remembered-results cache (for benchmarks and tests).
 * Throws when 'wasm' is asked for before `loadWasmVerifier()` has resolved.
 */
export function verifyEventUncached(event: unknown, engine: VerifyEngine): boolean {
  if (!hasSignedShape(event)) return false;
  const e = event as NostrEvent;
  if (engine === 'wasm') {
    if (!wasm) throw new Error('wasm verifier not loaded');
    return wasmCheck(wasm, e);
  }
  return nobleCheck(e);
}

/**
 * True when the event is well formed, its id is the hash of its content and its schnorr signature is valid.
 * Uses wasm once `loadWasmVerifier()` has resolved, noble before. Results are remembered per (id, sig): a repeat
 * only re-hashes (so tampered copies still fail) and skips the signature check.
 */
export function verifyEvent(event: unknown): event is NostrEvent {
  if (typeof event === 'object' && event !== null && verifiedObjects.has(event)) return true;
  if (!hasSignedShape(event)) return false;
  const e = event as NostrEvent;
  const key = e.id + e.sig;
  let ok: boolean;
  if (verifiedPairs.has(key)) ok = getEventHash(e) === e.id;
  else {
    ok = wasm ? wasmCheck(wasm, e) : nobleCheck(e);
    if (ok) verifiedPairs.add(key);
  }
  if (ok) verifiedObjects.add(e);
  return ok;
}

function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Options for verifyEvents: how many events to check between yields (default VERIFY_CHUNK_SIZE). */
export interface VerifyEventsOptions {
  chunkSize?: number;
}

/** Verifies many events, yielding to the event loop between chunks; one boolean per event, in order. */
export async function verifyEvents(events: readonly unknown[], opts: VerifyEventsOptions = {}): Promise<boolean[]> {
  const chunk = Math.max(1, Math.floor(opts.chunkSize ?? VERIFY_CHUNK_SIZE));
  const results = new Array<boolean>(events.length);
  for (let start = 0; start < events.length; start += chunk) {
    if (start > 0) await yieldToEventLoop();
    const end = Math.min(events.length, start + chunk);
    for (let i = start; i < end; i++) results[i] = verifyEvent(events[i]);
  }
  return results;
}

/** Loads the WebAssembly verifier once (lazy `import('nostr-wasm')`); later calls share the same promise. */
export function loadWasmVerifier(): Promise<void> {
  if (wasm) return Promise.resolve();
  if (!wasmLoading) {
    wasmLoading = import('nostr-wasm')
      .then((mod) => mod.initNostrWasm())
      .then((instance) => {
        wasm = instance;
      })
      .catch((error: unknown) => {
        wasmLoading = null;
        throw error;
      });
  }
  return wasmLoading;
}

/** The engine `verifyEvent` currently uses. */
export function activeVerifyEngine(): VerifyEngine {
  return wasm ? 'wasm' : 'noble';
}

/** Forgets remembered verifications and sets the cache capacity (default VERIFIED_CACHE_SIZE). */
export function resetVerifiedCache(capacity: number = VERIFIED_CACHE_SIZE): void {
  verifiedPairs = new LruSet(capacity);
  verifiedObjects = new WeakSet<object>();
}

/** Number of (id, sig) pairs currently remembered as verified. */
export function verifiedCacheSize(): number {
  return verifiedPairs.size;
}
