import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bech32, hex, utf8 } from '@scure/base';
import { wordsToInt, wordsToPaddedBytes } from './bech32-words.ts';
import { bolt11AmountToMsat, bolt11AmountToSats } from './bolt11-amount.ts';

/** A decoded, signature-checked BOLT 11 invoice. */
export interface Bolt11Invoice {
  /** The invoice, lower-cased. */
  invoice: string;
  /** Currency prefix after `ln`: bc, tb, tbs, bcrt. */
  network: string;
  /** Human-readable amount as written (e.g. `2500u`), null for "any amount". */
  amount: string | null;
  amountMsat: bigint | null;
  /** Spec §9 rule: number × 1e8 ÷ multiplier divisor (may be fractional below 1 sat). */
  amountSats: number | null;
  /** Unix seconds. */
  timestamp: number;
  /** Seconds after `timestamp` (3600 when absent). */
  expiry: number;
  /** Unix seconds when the invoice stops being payable. */
  expiresAt: number;
  paymentHash: string;
  paymentSecret?: string;
  description?: string;
  descriptionHash?: string;
  metadata?: string;
  minFinalCltvExpiry: number;
  featureBits: number[];
  /** The payee node's compressed public key: the `n` field, else recovered from the signature (null when unchecked). */
  payeeNodeKey: string | null;
}

/** Options of {@link decodeBolt11}. */
export interface Bolt11DecodeOptions {
  /** Also apply the BOLT 11 reader rules a lenient display may skip: payment secret required, unknown required features rejected, low-S with `n`. */
  strict?: boolean;
  /** false skips the signature check (about 100× faster; for display only, never for paying). Ignored when strict. */
  verifySignature?: boolean;
}

const NETWORKS = ['bc', 'tb', 'tbs', 'bcrt'];
/** Invoice-context feature bits defined by BOLT 9 (both even and odd of each pair). */
const KNOWN_FEATURES = new Set([8, 9, 14, 15, 16, 17, 24, 25, 48, 49]);
const SIG_WORDS = 104;

function parsePrefix(prefix: string): { network: string; amount: string | null } {
  const m = /^ln([a-z]+?)(\d+[a-z]?)?$/.exec(prefix);
  if (!m || !NETWORKS.includes(m[1]!)) throw new Error('Not a proper lightning payment request');
  return { network: m[1]!, amount: m[2] ?? null };
}

function featureBitsOf(words: readonly number[]): number[] {
  const bits: number[] = [];
  words.forEach((w, i) => {
    const base = (words.length - 1 - i) * 5;
    for (let b = 0; b < 5; b++) if (w & (1 << b)) bits.push(base + b);
  });
  return bits.sort((a, b) => a - b);
}

function bytesOf(words: readonly number[]): Uint8Array {
  const bytes = wordsToPaddedBytes(words);
  // Drop the padding byte that 5-bit packing adds when the field is not a whole number of bytes.
  return bytes.subarray(0, Math.floor((words.length * 5) / 8));
}

/** Checks the invoice signature; returns the payee key (the `n` field's, else the recovered one). */
function signaturePayee(
  prefix: string,
  words: readonly number[],
  sigWords: readonly number[],
  nodeKey: string | undefined,
  strict: boolean,
): string {
  const sig = bytesOf(sigWords);
  const recoveryId = sig[64]!;
  if (recoveryId > 3) throw new Error('Invoice signature is not recoverable');
  const digest = sha256(new Uint8Array([...utf8.decode(prefix), ...wordsToPaddedBytes(words)]));
  if (nodeKey) {
    const ok = secp256k1.verify(sig.subarray(0, 64), digest, hex.decode(nodeKey), { prehash: false, lowS: strict });
    if (!ok) throw new Error('Invoice signature does not match its payee key');
    return nodeKey;
  }
  try {
    const signature = secp256k1.Signature.fromBytes(new Uint8Array([recoveryId, ...sig.subarray(0, 64)]), 'recovered');
    // Readers normalise a high-S signature before recovering with the given id (BOLT 11 high-S example).
    const low = signature.hasHighS()
      ? new secp256k1.Signature(signature.r, secp256k1.Point.CURVE().n - signature.s, recoveryId)
      : signature;
    return low.recoverPublicKey(digest).toHex(true);
  } catch {
    throw new Error('Invoice signature is not recoverable');
  }
}

/** Decodes a BOLT 11 invoice, checks its checksum and signature; throws a clear Error on bad input. */
export function decodeBolt11(input: string, options: Bolt11DecodeOptions = {}): Bolt11Invoice {
  if (typeof input !== 'string') throw new Error('Lightning Payment Request must be string');
  const text = input.trim().replace(/^lightning:/i, '');
  if (!text.toLowerCase().startsWith('ln')) throw new Error('Not a proper lightning payment request');
  const decoded = bech32.decodeUnsafe(text, false);
  if (!decoded) {
    if (text !== text.toLowerCase() && text !== text.toUpperCase()) throw new Error('Mixed-case invoice');
    throw new Error('Invalid bech32 checksum or format');
  }
  const { network, amount } = parsePrefix(decoded.prefix);
  const amountMsat = amount === null ? null : bolt11AmountToMsat(amount);
  const all = decoded.words;
  if (all.length < 7 + SIG_WORDS) throw new Error('Invoice is too short');
  const words = all.slice(0, all.length - SIG_WORDS);
  const sigWords = all.slice(all.length - SIG_WORDS);

  const out: Partial<Bolt11Invoice> & { featureBits: number[] } = { featureBits: [] };
  let expiry = 3600;
  let cltv = 18;
  let i = 7;
  while (i < words.length) {
    if (i + 3 > words.length) throw new Error('Invoice has a truncated field');
    const tag = words[i]!;
    const len = words[i + 1]! * 32 + words[i + 2]!;
    const data = words.slice(i + 3, i + 3 + len);
    if (data.length !== len) throw new Error('Invoice has a truncated field');
    i += 3 + len;
    // Fields with a wrong length must be skipped (BOLT 11 reader rules); the first valid one wins.
    if (tag === 1 && len === 52 && !out.paymentHash) out.paymentHash = hex.encode(bytesOf(data));
    else if (tag === 16 && len === 52 && !out.paymentSecret) out.paymentSecret = hex.encode(bytesOf(data));
    else if (tag === 23 && len === 52 && !out.descriptionHash) out.descriptionHash = hex.encode(bytesOf(data));
    else if (tag === 19 && len === 53 && !out.payeeNodeKey) out.payeeNodeKey = hex.encode(bytesOf(data));
    else if (tag === 13 && out.description === undefined) out.description = utf8.encode(bytesOf(data));
    else if (tag === 27 && !out.metadata) out.metadata = hex.encode(bytesOf(data));
    else if (tag === 6) expiry = wordsToInt(data);
    else if (tag === 24) cltv = wordsToInt(data);
    else if (tag === 5) out.featureBits = featureBitsOf(data);
  }
  if (!out.paymentHash) throw new Error('Invoice has no payment hash');

  const payeeNodeKey =
    options.verifySignature === false && !options.strict
      ? (out.payeeNodeKey ?? null)
      : signaturePayee(decoded.prefix, words, sigWords, out.payeeNodeKey ?? undefined, options.strict === true);
  if (options.strict) {
    if (!out.paymentSecret) throw new Error('Invoice has no payment secret');
    const unknown = out.featureBits.find((b) => b % 2 === 0 && !KNOWN_FEATURES.has(b));
    if (unknown !== undefined) throw new Error(`Invoice requires unknown feature ${unknown}`);
  }
  const timestamp = wordsToInt(words.slice(0, 7));
  return {
    ...out,
    invoice: text.toLowerCase(),
    network,
    amount,
    amountMsat,
    amountSats: amount === null ? null : bolt11AmountToSats(amount),
    timestamp,
    expiry,
    expiresAt: timestamp + expiry,
    paymentHash: out.paymentHash,
    minFinalCltvExpiry: cltv,
    payeeNodeKey,
  };
}
