import { decodeCashuToken, MintClient, redeemCashuToken } from '@tide/core/ecash';
import { makeInvoiceWithWebLN, nwcMakeInvoice } from '@tide/core/lightning';
import { type KeptTokenStorage, keepTokensWithErrors, readKeptTokens, removeKeptToken } from './kept-tokens.ts';
import { activeWalletUri, walletStore } from './wallet-store.ts';
import { loadWallets } from './wallet-sync.ts';

export { keepTokensWithErrors, TOKENS_WITH_ERRORS_KEY } from './kept-tokens.ts';

/** Status of a token: every proof still spendable at its mint ('pending') or none ('spent'). */
export type TokenStatus = 'pending' | 'spent' | 'partial';

/** Asks each entry's mint which proofs are still spendable (NUT-07 check). */
export async function checkTokenStatus(
  token: string,
  mintFor = (url: string) => new MintClient(url),
): Promise<TokenStatus> {
  const decoded = await decodeCashuToken(token);
  let spendable = 0;
  let total = 0;
  for (const entry of decoded.entries) {
    const res = await mintFor(entry.mint).check({ proofs: entry.proofs.map((p) => ({ secret: p.secret })) });
    total += entry.proofs.length;
    spendable += res.spendable.filter(Boolean).length;
  }
  if (spendable === total) return 'pending';
  return spendable === 0 ? 'spent' : 'partial';
}

/** An invoice from the user's active NWC wallet (make_invoice), else from the WebLN wallet. */
export async function invoiceFromWallet(amountSats: number): Promise<string> {
  if (!walletStore.getState().loaded) await loadWallets();
  const uri = activeWalletUri();
  if (uri) return nwcMakeInvoice(uri, amountSats, 'Cashu redeem');
  return makeInvoiceWithWebLN(amountSats, 'Cashu redeem');
}

/**
 * Redeems a token into the user's wallet: each entry's proofs are melted at its mint into an invoice of the wallet.
 * Resolves with the sats received; failed entries go to `tokensWithErrors`; throws when nothing was redeemed.
 */
export async function redeemToken(token: string): Promise<number> {
  const result = await redeemCashuToken(token, { createInvoice: (amount) => invoiceFromWallet(amount) });
  if (result.tokensWithErrorsEncoded) keepTokensWithErrors(result.tokensWithErrorsEncoded);
  if (result.redeemed.length === 0) throw new Error(result.errors[0]?.message ?? 'Nothing redeemed');
  return result.redeemed.reduce((s, r) => s + r.invoiceAmount, 0);
}

/**
 * Redeems a kept token again into the active wallet. Success forgets it (entries that failed again are kept by
 * {@link redeemToken}) and resolves with the sats received; a failure keeps it (in place) and rethrows.
 */
export async function retryKeptToken(
  token: string,
  redeem: (token: string) => Promise<number> = redeemToken,
  storage: KeptTokenStorage = localStorage,
): Promise<number> {
  const before = readKeptTokens(storage);
  try {
    const sats = await redeem(token);
    removeKeptToken(token, storage);
    return sats;
  } catch (e) {
    // When the failed entries were kept again under another text, that text replaces this one.
    if (readKeptTokens(storage).some((x) => !before.includes(x))) removeKeptToken(token, storage);
    throw e;
  }
}
