/** BOLT 11 multiplier letters and their divisors of one bitcoin (spec §9). */
export const BOLT11_DIVISORS = { m: 1e3, u: 1e6, n: 1e9, p: 1e12 } as const;

const MSAT_PER_BTC = 100_000_000_000n;
const MAX_MSAT = 2_100_000_000_000_000_000n;
const DIVISOR_BIG: Record<keyof typeof BOLT11_DIVISORS, bigint> = {
  m: 1_000n,
  u: 1_000_000n,
  n: 1_000_000_000n,
  p: 1_000_000_000_000n,
};

/** Millisatoshis of a BOLT 11 human-readable amount such as `2500u` (bigint: exact, validated). */
export function bolt11AmountToMsat(amount: string): bigint {
  const m = /^(\d+)([munp]?)$/.exec(amount);
  if (!m) {
    throw new Error(/^\d+[^munp\d]$/.test(amount) ? 'Not a valid multiplier for the amount' : 'Not a valid amount');
  }
  const [, digits, letter] = m as unknown as [string, string, '' | keyof typeof BOLT11_DIVISORS];
  if (digits.length > 1 && digits.startsWith('0')) throw new Error('Not a valid amount');
  const value = BigInt(digits);
  if (letter === 'p' && value % 10n !== 0n) throw new Error('Amount has sub-millisatoshi precision');
  const msat = letter ? (value * MSAT_PER_BTC) / DIVISOR_BIG[letter] : value * MSAT_PER_BTC;
  if (msat > MAX_MSAT) throw new Error('Amount is outside of valid range');
  return msat;
}

/** Satoshis of a BOLT 11 amount by the spec §9 rule: number × 1e8 ÷ 1e3, 1e6, 1e9 or 1e12 for m, u, n, p. */
export function bolt11AmountToSats(amount: string): number {
  const m = /^(\d+)([munp]?)$/.exec(amount);
  if (!m) throw new Error('Not a valid amount');
  const value = Number(m[1]);
  const letter = m[2] as '' | keyof typeof BOLT11_DIVISORS;
  if (!letter) return value * 1e8;
  // Same rule, ordered to keep floats exact: 1e8 / 1e3 = 1e5, 1e8 / 1e6 = 100, 1e9 / 1e8 = 10, 1e12 / 1e8 = 1e4.
  const divisor = BOLT11_DIVISORS[letter];
  return divisor <= 1e8 ? value * (1e8 / divisor) : value / (divisor / 1e8);
}

/**
 * Amount of an invoice read from its human-readable part only (no checksum or signature check): cheap enough for
 * ingesting many zap receipts. Null for "any amount" invoices; throws on a malformed prefix or amount.
 */
export function bolt11InvoiceAmount(invoice: string): { amountMsat: bigint; amountSats: number } | null {
  const text = invoice
    .trim()
    .replace(/^lightning:/i, '')
    .toLowerCase();
  const hrp = text.slice(0, text.lastIndexOf('1'));
  const m = /^ln(bc|tb|tbs|bcrt)(\d+[a-z]?)?$/.exec(hrp);
  if (!m) throw new Error('Not a proper lightning payment request');
  if (!m[2]) return null;
  return { amountMsat: bolt11AmountToMsat(m[2]), amountSats: bolt11AmountToSats(m[2]) };
}
