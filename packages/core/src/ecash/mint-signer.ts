import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { keysetIdOf } from './crypto.ts';
import { loadCashu } from './load-cashu.ts';
import type { BlindedMessageJson, BlindSignatureJson } from './mint-response.ts';
import type { CashuProof } from './token.ts';

/** The mint side of one keyset: sign blinded outputs, check proofs (for loopback/sandbox mints and tests). */
export interface MintSigner {
  keysetId: string;
  /** Public keys by amount, as served on GET keys. */
  keys: Record<string, string>;
  /** Blind-signs an output (C_ = k·B_) with the key of its amount; throws for an amount without a key. */
  sign(output: BlindedMessageJson): BlindSignatureJson;
  /** True when C = k·hash_to_curve(secret) for the key of the proof's amount. */
  verify(proof: CashuProof): boolean;
}

/** Powers of two a keyset covers by default: 1 … 2^20 sats. */
export const DEFAULT_KEYSET_AMOUNTS: readonly number[] = Array.from({ length: 21 }, (_, i) => 2 ** i);

/**
 * A deterministic keyset derived from a label (private key of amount a = SHA-256("<label> <a>")): the same label gives
 * the same keys across restarts. Loads @cashu/cashu-ts lazily.
 */
export async function createMintSigner(
  label: string,
  amounts: readonly number[] = DEFAULT_KEYSET_AMOUNTS,
): Promise<MintSigner> {
  const cashu = await loadCashu();
  const priv = new Map(amounts.map((a) => [a, sha256(new TextEncoder().encode(`${label} ${a}`))]));
  const keys: Record<string, string> = {};
  for (const [a, k] of priv) keys[String(a)] = bytesToHex(cashu.getPubKeyFromPrivKey(k));
  const keysetId = await keysetIdOf(keys);
  const keyOf = (amount: number) => {
    const k = priv.get(amount);
    if (!k) throw new Error(`No mint key for amount ${amount}`);
    return k;
  };
  return {
    keysetId,
    keys,
    sign: (o) => ({
      id: keysetId,
      amount: o.amount,
      C_: cashu.createBlindSignature(cashu.pointFromHex(o.B_), keyOf(o.amount), keysetId).C_.toHex(true),
    }),
    verify: (p) => {
      const k = priv.get(p.amount);
      if (!k) return false;
      try {
        const expected = cashu.hashToCurve(new TextEncoder().encode(p.secret)).multiply(BigInt(`0x${bytesToHex(k)}`));
        return expected.toHex(true) === p.C.toLowerCase();
      } catch {
        return false;
      }
    },
  };
}
