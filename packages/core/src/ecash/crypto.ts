import { bytesToHex } from '@noble/hashes/utils.js';
import { loadCashu } from './load-cashu.ts';

/** NUT-00 hash_to_curve of a message, as a compressed point hex (via lazily loaded @cashu/cashu-ts). */
export async function hashToCurveHex(message: Uint8Array): Promise<string> {
  const cashu = await loadCashu();
  return cashu.hashToCurve(message).toHex(true);
}

/** NUT-02 keyset id of a keyset's public keys: version 00 (16 hex) by default, 01 with unit/fee/expiry. */
export async function keysetIdOf(
  keys: Record<string, string>,
  options: { version?: 0 | 1; unit?: string; inputFeePpk?: number; expiry?: number } = {},
): Promise<string> {
  const cashu = await loadCashu();
  return cashu.deriveKeysetId(keys, {
    versionByte: options.version ?? 0,
    ...(options.unit !== undefined ? { unit: options.unit } : {}),
    ...(options.inputFeePpk !== undefined ? { input_fee_ppk: options.inputFeePpk } : {}),
    ...(options.expiry !== undefined ? { expiry: options.expiry } : {}),
  });
}

/** A blinded secret: what goes to the mint (B_) and what the wallet keeps (secret, r). */
export interface BlindedSecret {
  secret: string;
  r: bigint;
  B_: string;
}

/** Blinds a secret string (its UTF-8 bytes are hashed to the curve); `r` hex for deterministic outputs. */
export async function blindSecret(secret: string, r?: string): Promise<BlindedSecret> {
  const cashu = await loadCashu();
  const blinded = cashu.blindMessage(new TextEncoder().encode(secret), r ? BigInt(`0x${r}`) : undefined);
  return { secret, r: blinded.r, B_: blinded.B_.toHex(true) };
}

/** Unblinds a mint's blind signature C_ with the blinding factor and the mint key K of its amount: C = C_ − r·K. */
export async function unblindSignature(C_: string, r: bigint, mintKey: string): Promise<string> {
  const cashu = await loadCashu();
  return cashu.unblindSignature(cashu.pointFromHex(C_), r, cashu.pointFromHex(mintKey)).toHex(true);
}

/** A random 32-byte secret as hex (the standard Cashu secret format). */
export function randomSecret(): string {
  return bytesToHex(globalThis.crypto.getRandomValues(new Uint8Array(32)));
}
