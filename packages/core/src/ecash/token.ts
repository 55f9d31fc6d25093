import { base64urlnopad } from '@scure/base';
import { type CashuModule, loadCashu } from './load-cashu.ts';

/** One ecash proof (NUT-00). */
export interface CashuProof {
  id: string;
  amount: number;
  secret: string;
  C: string;
}

/** The proofs of one mint inside a token. */
export interface CashuTokenEntry {
  mint: string;
  proofs: CashuProof[];
}

/** A decoded token: its entries (mint + proofs), unit and memo, and the total amount. */
export interface CashuToken {
  entries: CashuTokenEntry[];
  unit?: string;
  memo?: string;
  /** Sum of every proof amount. */
  amount: number;
}

/** Message for a string that is not a cashuA/cashuB token. */
export const INVALID_TOKEN = 'Invalid cashu token';

function toBase64Url(text: string): string {
  return text.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function asProof(value: unknown): CashuProof {
  const p = value as Record<string, unknown>;
  const amount = typeof p?.amount === 'string' ? Number(p.amount) : p?.amount;
  if (
    typeof p !== 'object' ||
    p === null ||
    typeof p.id !== 'string' ||
    typeof p.secret !== 'string' ||
    typeof p.C !== 'string' ||
    typeof amount !== 'number' ||
    !Number.isSafeInteger(amount) ||
    amount < 0
  ) {
    throw new Error(INVALID_TOKEN);
  }
  return { id: p.id, amount, secret: p.secret, C: p.C };
}

function makeToken(entries: CashuTokenEntry[], unit?: unknown, memo?: unknown): CashuToken {
  if (entries.length === 0) throw new Error(INVALID_TOKEN);
  const amount = entries.reduce((sum, e) => sum + e.proofs.reduce((s, p) => s + p.amount, 0), 0);
  return {
    entries,
    amount,
    ...(typeof unit === 'string' ? { unit } : {}),
    ...(typeof memo === 'string' ? { memo } : {}),
  };
}

/** Decodes a V3 `cashuA…` token (base64 or base64url JSON, padding optional); throws 'Invalid cashu token'. */
export function decodeCashuTokenV3(token: string): CashuToken {
  const text = token.trim().replace(/^(cashu:|web\+cashu:)/i, '');
  if (!text.startsWith('cashuA')) throw new Error(INVALID_TOKEN);
  let json: unknown;
  try {
    const bytes = base64urlnopad.decode(toBase64Url(text.slice(6)));
    json = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new Error(INVALID_TOKEN);
  }
  const body = json as { token?: unknown; unit?: unknown; memo?: unknown };
  if (!Array.isArray(body?.token)) throw new Error(INVALID_TOKEN);
  const entries = body.token.map((e: { mint?: unknown; proofs?: unknown }) => {
    if (typeof e?.mint !== 'string' || !Array.isArray(e.proofs)) throw new Error(INVALID_TOKEN);
    return { mint: e.mint, proofs: e.proofs.map(asProof) };
  });
  return makeToken(entries, body.unit, body.memo);
}

/** Encodes a V3 `cashuA…` token (JSON `{token:[{mint,proofs}],unit,memo}`, base64url without padding). */
export function encodeCashuTokenV3(token: Omit<CashuToken, 'amount'>): string {
  const json = JSON.stringify({
    token: token.entries.map((e) => ({
      mint: e.mint,
      proofs: e.proofs.map((p) => ({ amount: p.amount, id: p.id, secret: p.secret, C: p.C })),
    })),
    ...(token.unit !== undefined ? { unit: token.unit } : {}),
    ...(token.memo !== undefined ? { memo: token.memo } : {}),
  });
  return `cashuA${base64urlnopad.encode(new TextEncoder().encode(json))}`;
}

/** Decodes a `cashuA…` (V3 JSON) or `cashuB…` (V4 CBOR, via lazily loaded @cashu/cashu-ts) token. */
export async function decodeCashuToken(token: string): Promise<CashuToken> {
  const text = token.trim().replace(/^(cashu:|web\+cashu:)/i, '');
  if (text.startsWith('cashuA')) return decodeCashuTokenV3(text);
  if (!text.startsWith('cashuB')) throw new Error(INVALID_TOKEN);
  const cashu = await loadCashu();
  let decoded: ReturnType<CashuModule['getDecodedToken']>;
  try {
    decoded = cashu.getDecodedToken(text, []);
  } catch {
    throw new Error(INVALID_TOKEN);
  }
  const proofs = decoded.proofs.map((p) => asProof({ id: p.id, amount: String(p.amount), secret: p.secret, C: p.C }));
  return makeToken([{ mint: decoded.mint, proofs }], decoded.unit, decoded.memo);
}
