import { randomBytes } from 'node:crypto';
import {
  type BlindedMessageJson,
  type BlindSignatureJson,
  type CashuProof,
  hashToCurveHex,
  type MintSigner,
} from '@tide/core/ecash';
import { decodeBolt11 } from '@tide/core/lightning';
import type { Ledger, LedgerError } from './ledger.ts';

/** The ledger account that holds the mint's reserves. */
export const MINT_ACCOUNT = 'mint';

/** A refused mint operation: NUT-00 error code and detail. */
export class MintError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** NUT-04 mint quote state. */
export interface MintQuote {
  quote: string;
  request: string;
  paymentHash: string;
  amount: number;
  expiry: number;
  issued: boolean;
}

/** NUT-05 melt quote state. */
export interface MeltQuote {
  quote: string;
  request: string;
  amount: number;
  fee_reserve: number;
  expiry: number;
  paid: boolean;
  preimage: string | null;
}

const isOutput = (o: unknown): o is BlindedMessageJson =>
  !!o &&
  typeof o === 'object' &&
  Number.isSafeInteger((o as BlindedMessageJson).amount) &&
  (o as BlindedMessageJson).amount > 0 &&
  typeof (o as BlindedMessageJson).B_ === 'string';
const isProof = (p: unknown): p is CashuProof =>
  !!p &&
  typeof p === 'object' &&
  Number.isSafeInteger((p as CashuProof).amount) &&
  typeof (p as CashuProof).secret === 'string' &&
  typeof (p as CashuProof).C === 'string';

/** Checks a list of blinded outputs. */
export function outputsOf(v: unknown, required = true): BlindedMessageJson[] {
  if (v === undefined && !required) return [];
  if (!Array.isArray(v) || !v.every(isOutput)) throw new MintError(10000, 'Invalid outputs');
  if (new Set(v.map((o) => o.B_)).size !== v.length) throw new MintError(10002, 'Duplicate outputs');
  return v;
}

/** Checks a list of proofs. */
export function proofsOf(v: unknown): CashuProof[] {
  if (!Array.isArray(v) || v.length === 0 || !v.every(isProof)) throw new MintError(10000, 'Invalid proofs');
  if (new Set(v.map((p) => p.secret)).size !== v.length) throw new MintError(11007, 'Duplicate inputs');
  return v;
}

const sum = (xs: Array<{ amount: number }>) => xs.reduce((s, x) => s + x.amount, 0);
const id = () => randomBytes(16).toString('hex');

/** The mint's bookkeeping over the ledger: quotes, spent secrets (by Y), blind signatures (for restore). */
export class MintCore {
  readonly spentY = new Set<string>();
  readonly signed = new Map<string, BlindSignatureJson>();
  readonly mintQuotes = new Map<string, MintQuote>();
  readonly meltQuotes = new Map<string, MeltQuote>();

  constructor(
    readonly ledger: Ledger,
    readonly signer: MintSigner,
  ) {
    ledger.open(MINT_ACCOUNT, 0);
  }

  /** Creates a mint quote paid by a ledger invoice to the mint. */
  mintQuote(amount: unknown): MintQuote {
    if (!Number.isSafeInteger(amount) || (amount as number) <= 0 || (amount as number) > 2 ** 21) {
      throw new MintError(11006, 'Amount outside of limit range');
    }
    const inv = this.ledger.createInvoice(MINT_ACCOUNT, (amount as number) * 1000, {
      description: 'Tide sandbox mint',
    });
    const q = {
      quote: id(),
      request: inv.bolt11,
      paymentHash: inv.paymentHash,
      amount: amount as number,
      expiry: inv.expiresAt,
      issued: false,
    };
    this.mintQuotes.set(q.quote, q);
    return q;
  }

  /** UNPAID, PAID or ISSUED. */
  mintQuoteState(q: MintQuote): 'UNPAID' | 'PAID' | 'ISSUED' {
    if (q.issued) return 'ISSUED';
    return this.ledger.findInvoice({ paymentHash: q.paymentHash })?.settledAt ? 'PAID' : 'UNPAID';
  }

  /** Signs outputs for a paid quote (NUT-04). */
  mint(quoteId: unknown, rawOutputs: unknown): BlindSignatureJson[] {
    const q = this.mintQuotes.get(String(quoteId));
    if (!q) throw new MintError(20004, 'Quote not found');
    const outputs = outputsOf(rawOutputs);
    const state = this.mintQuoteState(q);
    if (state === 'UNPAID') throw new MintError(20001, 'Quote request is not paid');
    if (state === 'ISSUED') throw new MintError(20002, 'Tokens have already been issued for quote');
    if (sum(outputs) !== q.amount) throw new MintError(11002, 'Outputs do not match the quote amount');
    const sigs = this.sign(outputs);
    q.issued = true;
    return sigs;
  }

  /** Creates a melt quote for a bolt11 (no fee in the sandbox). */
  meltQuote(request: unknown): MeltQuote {
    let amount: number;
    try {
      amount = Math.ceil(Number(decodeBolt11(String(request)).amountMsat ?? Number.NaN) / 1000);
    } catch {
      throw new MintError(10000, 'Invalid invoice');
    }
    if (!Number.isSafeInteger(amount) || amount <= 0) throw new MintError(11006, 'Invoice without amount');
    const q: MeltQuote = {
      quote: id(),
      request: String(request),
      amount,
      fee_reserve: 0,
      expiry: Math.floor(Date.now() / 1000) + 3600,
      paid: false,
      preimage: null,
    };
    this.meltQuotes.set(q.quote, q);
    return q;
  }

  /** Spends proofs to pay the quote's invoice from the mint's ledger account; signs change for any excess. */
  async melt(q: MeltQuote, rawProofs: unknown, rawOutputs: unknown): Promise<BlindSignatureJson[]> {
    if (q.paid) throw new MintError(20006, 'Invoice already paid');
    const proofs = proofsOf(rawProofs);
    const outputs = outputsOf(rawOutputs, false);
    const ys = await this.checkProofs(proofs);
    const total = sum(proofs);
    if (total < q.amount + q.fee_reserve) throw new MintError(11002, 'Not enough inputs for the invoice');
    // The sandbox mint backs every valid token: top its account up when tokens came from elsewhere (demo tokens).
    const need = q.amount * 1000;
    if (this.ledger.balanceMsat(MINT_ACCOUNT) < need) this.ledger.setBalanceMsat(MINT_ACCOUNT, need);
    try {
      q.preimage = this.ledger.pay(MINT_ACCOUNT, q.request).preimage;
    } catch (e) {
      throw new MintError(20000, `Lightning payment failed: ${(e as LedgerError).message}`);
    }
    for (const y of ys) this.spentY.add(y);
    q.paid = true;
    const changeAmounts = splitAmount(total - q.amount).slice(0, outputs.length);
    return this.sign(changeAmounts.map((amount, i) => ({ ...outputs[i]!, amount })));
  }

  /** Swaps proofs for new outputs of the same total (NUT-03). */
  async swap(rawProofs: unknown, rawOutputs: unknown): Promise<BlindSignatureJson[]> {
    const proofs = proofsOf(rawProofs);
    const outputs = outputsOf(rawOutputs);
    if (sum(proofs) !== sum(outputs)) throw new MintError(11002, 'Transaction is not balanced (inputs != outputs)');
    this.checkOutputsUnsigned(outputs);
    const ys = await this.checkProofs(proofs);
    for (const y of ys) this.spentY.add(y);
    return this.sign(outputs);
  }

  /** Y = hash_to_curve(secret) of a secret. */
  y(secret: string): Promise<string> {
    return hashToCurveHex(new TextEncoder().encode(secret));
  }

  /** Signatures previously given for these outputs (NUT-09). */
  restore(rawOutputs: unknown): { outputs: BlindedMessageJson[]; signatures: BlindSignatureJson[] } {
    const outputs = outputsOf(rawOutputs).filter((o) => this.signed.has(o.B_));
    return { outputs, signatures: outputs.map((o) => this.signed.get(o.B_)!) };
  }

  private async checkProofs(proofs: CashuProof[]): Promise<string[]> {
    const ys: string[] = [];
    for (const p of proofs) {
      if (p.id && p.id !== this.signer.keysetId) throw new MintError(12001, 'Keyset is not known');
      if (!this.signer.verify(p)) throw new MintError(10003, 'Token could not be verified');
      const y = await this.y(p.secret);
      if (this.spentY.has(y)) throw new MintError(11001, 'Token already spent');
      ys.push(y);
    }
    return ys;
  }

  private checkOutputsUnsigned(outputs: BlindedMessageJson[]): void {
    if (outputs.some((o) => this.signed.has(o.B_)))
      throw new MintError(10002, 'Blinded message of output already signed');
    if (outputs.some((o) => !this.signer.keys[String(o.amount)]))
      throw new MintError(10000, 'No key for an output amount');
  }

  private sign(outputs: BlindedMessageJson[]): BlindSignatureJson[] {
    this.checkOutputsUnsigned(outputs);
    let sigs: BlindSignatureJson[];
    try {
      sigs = outputs.map((o) => this.signer.sign(o));
    } catch {
      throw new MintError(10000, 'Invalid blinded message');
    }
    for (const [i, o] of outputs.entries()) this.signed.set(o.B_, sigs[i]!);
    return sigs;
  }
}

/** Powers of two summing to n, largest first. */
export function splitAmount(n: number): number[] {
  const out: number[] = [];
  for (let a = 2 ** 20; a >= 1; a /= 2) if (n & a) out.push(a);
  return out;
}
