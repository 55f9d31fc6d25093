import { bytesToHex } from '@noble/hashes/utils.js';
import { HDKey } from '@scure/bip32';
import { loadCashu } from './load-cashu.ts';

/** NUT-13 derivation base path for deterministic secrets (spec §9). */
export const DERIVATION_BASE = "m/129372'/0'";

const MAX_31 = 2n ** 31n - 1n;

/** NUT-13 integer of a keyset id: the id read as a big-endian integer, modulo 2^31 − 1. */
export function keysetIdToInt(keysetId: string): number {
  if (!/^[0-9a-f]+$/i.test(keysetId)) throw new Error('Keyset id must be hex');
  return Number(BigInt(`0x${keysetId}`) % MAX_31);
}

/** NUT-13 (v1) derivation path for one counter: `m/129372'/0'/{keyset int}'/{counter}'`. */
export function deterministicPath(keysetId: string, counter: number): string {
  if (!Number.isInteger(counter) || counter < 0) throw new Error('Counter must be a non-negative integer');
  return `${DERIVATION_BASE}/${keysetIdToInt(keysetId)}'/${counter}'`;
}

/** A deterministic secret and blinding factor, both hex. */
export interface DeterministicPair {
  secret: string;
  r: string;
}

/** NUT-13 v1 (keyset ids starting 00): secret at path/0, blinding factor at path/1 of the BIP-32 seed. */
export function deriveDeterministicV1(seed: Uint8Array, keysetId: string, counter: number): DeterministicPair {
  const node = HDKey.fromMasterSeed(seed).derive(deterministicPath(keysetId, counter));
  const secret = node.deriveChild(0).privateKey;
  const r = node.deriveChild(1).privateKey;
  if (!secret || !r) throw new Error('Could not derive deterministic secret');
  return { secret: bytesToHex(secret), r: bytesToHex(r) };
}

/** NUT-13 secret and blinding factor for any keyset version (v2 ids via @cashu/cashu-ts, loaded lazily). */
export async function deriveDeterministic(
  seed: Uint8Array,
  keysetId: string,
  counter: number,
): Promise<DeterministicPair> {
  if (keysetId.startsWith('00')) return deriveDeterministicV1(seed, keysetId, counter);
  const cashu = await loadCashu();
  const { secret, blindingFactor } = cashu.deriveSecretAndBlindingFactor(seed, keysetId, counter);
  return { secret: bytesToHex(secret), r: bytesToHex(blindingFactor) };
}
