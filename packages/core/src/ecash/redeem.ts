import { MintClient } from './mint-client.ts';
import {
  type CashuProof,
  type CashuToken,
  type CashuTokenEntry,
  decodeCashuToken,
  encodeCashuTokenV3,
} from './token.ts';
import { CashuWallet } from './wallet.ts';

/** One entry melted into a lightning payment. */
export interface RedeemedEntry {
  mint: string;
  /** Token amount of the entry (sats). */
  amount: number;
  /** Amount of the invoice that was paid (sats). */
  invoiceAmount: number;
  fee: number;
  preimage: string | null;
  /** Unused fee reserve handed back by the mint. */
  change: CashuProof[];
}

/** Outcome of redeeming a token: what was paid, and every entry that failed, never lost. */
export interface RedeemResult {
  redeemed: RedeemedEntry[];
  /** The failed entries as a token (same unit and memo), or undefined when all went through. */
  tokensWithErrors?: CashuToken;
  /** The same, encoded as a cashuA token string the user can keep or retry. */
  tokensWithErrorsEncoded?: string;
  errors: Array<{ mint: string; message: string }>;
}

/** How to get an invoice for an amount (sats), e.g. from the user's own lightning address or wallet. */
export type CreateInvoice = (amountSats: number, mintUrl: string) => Promise<string>;

async function redeemEntry(
  entry: CashuTokenEntry,
  createInvoice: CreateInvoice,
  mint: MintClient,
): Promise<RedeemedEntry> {
  const amount = entry.proofs.reduce((s, p) => s + p.amount, 0);
  const wallet = new CashuWallet(mint);
  // Ask the fee for the full amount, then invoice what is left after reserving it.
  const { fee } = await mint.checkFees({ pr: await createInvoice(amount, entry.mint) });
  const invoiceAmount = amount - fee;
  if (invoiceAmount <= 0) throw new Error('Token amount does not cover the lightning fee');
  const pr = await createInvoice(invoiceAmount, entry.mint);
  const result = await wallet.payLnInvoice(pr, entry.proofs, invoiceAmount, fee);
  if (!result.paid) throw new Error('Mint did not pay the invoice');
  return {
    mint: entry.mint,
    amount,
    invoiceAmount,
    fee,
    preimage: result.preimage,
    change: [...result.change, ...result.keep],
  };
}

/**
 * Redeems a token by melting each entry into a lightning invoice from `createInvoice`. Entries that fail for any
 * reason go to `tokensWithErrors` unchanged, so no proof is ever lost.
 */
export async function redeemCashuToken(
  token: string | CashuToken,
  options: { createInvoice: CreateInvoice; mintFor?: (mintUrl: string) => MintClient },
): Promise<RedeemResult> {
  const decoded = typeof token === 'string' ? await decodeCashuToken(token) : token;
  const mintFor = options.mintFor ?? ((url: string) => new MintClient(url));
  const redeemed: RedeemedEntry[] = [];
  const failed: CashuTokenEntry[] = [];
  const errors: RedeemResult['errors'] = [];
  const unitError =
    decoded.unit !== undefined && decoded.unit !== 'sat' ? `Cannot redeem ${decoded.unit} tokens` : null;
  for (const entry of decoded.entries) {
    try {
      if (unitError) throw new Error(unitError);
      redeemed.push(await redeemEntry(entry, options.createInvoice, mintFor(entry.mint)));
    } catch (e) {
      failed.push(entry);
      errors.push({ mint: entry.mint, message: e instanceof Error ? e.message : String(e) });
    }
  }
  if (failed.length === 0) return { redeemed, errors };
  const rest = { entries: failed, unit: decoded.unit, memo: decoded.memo };
  const tokensWithErrors: CashuToken = {
    entries: failed,
    amount: failed.reduce((s, e) => s + e.proofs.reduce((t, p) => t + p.amount, 0), 0),
    ...(decoded.unit !== undefined ? { unit: decoded.unit } : {}),
    ...(decoded.memo !== undefined ? { memo: decoded.memo } : {}),
  };
  return { redeemed, errors, tokensWithErrors, tokensWithErrorsEncoded: encodeCashuTokenV3(rest) };
}
