import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeBolt11 } from '../lightning/bolt11-decode.ts';
import { encodeBolt11 } from '../lightning/bolt11-encode.ts';
import { MintClient } from './mint-client.ts';
import { redeemCashuToken } from './redeem.ts';
import { startTestMint, type TestMint } from './test-mint.ts';
import { type CashuProof, decodeCashuTokenV3, encodeCashuTokenV3 } from './token.ts';
import { CashuWallet } from './wallet.ts';

const NODE_KEY = 'e126f68f7eafcc8b74f54d269fe206be715000f94dac067d1c04a8ca3b2db734';
let mint: TestMint;
const invoices: string[] = [];
const createInvoice = async (sats: number) => {
  const pr = encodeBolt11({
    network: 'bc',
    amountMsat: sats * 1000,
    paymentHash: '04'.repeat(32),
    timestamp: 1_700_000_000,
    privateKey: NODE_KEY,
  });
  invoices.push(pr);
  return pr;
};

async function proofsFromMint(amounts: number[]): Promise<CashuProof[]> {
  const wallet = new CashuWallet(new MintClient(mint.url('ok')));
  const outputs = await wallet.createOutputs(amounts);
  const { promises } = await wallet.mint.mint(
    outputs.map((o) => o.message),
    'h',
  );
  return wallet.unblind(promises, outputs);
}

beforeAll(async () => {
  mint = await startTestMint(2);
}, 30_000);
afterAll(() => mint.close());

describe('redeemCashuToken', { timeout: 30_000 }, () => {
  it('melts each entry into an invoice; failing entries go to tokensWithErrors unchanged', async () => {
    const good = await proofsFromMint([8, 2]);
    const unpaid = await proofsFromMint([4]);
    const broken = await proofsFromMint([16]);
    const token = encodeCashuTokenV3({
      entries: [
        { mint: mint.url('ok'), proofs: good },
        { mint: mint.url('unpaid'), proofs: unpaid },
        { mint: mint.url('error'), proofs: broken },
      ],
      unit: 'sat',
      memo: 'for you',
    });
    const result = await redeemCashuToken(token, { createInvoice });

    expect(result.redeemed).toHaveLength(1);
    expect(result.redeemed[0]).toMatchObject({ mint: mint.url('ok'), amount: 10, invoiceAmount: 8, fee: 2 });
    // Per entry: a probe invoice for the whole amount (fee check), then one for the amount minus the fee reserve;
    // the failing mint already refuses the fee check.
    expect(invoices.map((pr) => decodeBolt11(pr).amountSats)).toEqual([10, 8, 4, 2, 16]);
    expect(mint.paidInvoices.map((pr) => decodeBolt11(pr).amountSats)).toContain(8);

    expect(result.errors).toEqual([
      { mint: mint.url('unpaid'), message: 'Mint did not pay the invoice' },
      { mint: mint.url('error'), message: 'Lightning payment unsuccessful' },
    ]);
    expect(result.tokensWithErrors?.entries).toEqual([
      { mint: mint.url('unpaid'), proofs: unpaid },
      { mint: mint.url('error'), proofs: broken },
    ]);
    expect(result.tokensWithErrors?.amount).toBe(20);
    const kept = decodeCashuTokenV3(result.tokensWithErrorsEncoded!);
    expect(kept.entries.flatMap((e) => e.proofs)).toEqual([...unpaid, ...broken]);
    expect(kept.memo).toBe('for you');
    // The unpaid entry's proofs are still spendable at the mint: nothing was lost.
    expect(await new MintClient(mint.url('ok')).check({ proofs: unpaid })).toEqual({ spendable: [true] });
  });

  it('reports everything redeemed with no tokensWithErrors', async () => {
    const proofs = await proofsFromMint([4, 1]);
    const result = await redeemCashuToken(
      { entries: [{ mint: mint.url('ok'), proofs }], amount: 5 },
      { createInvoice, mintFor: (url) => new MintClient(url) },
    );
    expect(result.tokensWithErrors).toBeUndefined();
    expect(result.redeemed[0]!.invoiceAmount).toBe(3);
  });

  it('keeps an entry too small to cover the fee', async () => {
    const proofs = await proofsFromMint([2]);
    const result = await redeemCashuToken(
      { entries: [{ mint: mint.url('ok'), proofs }], amount: 2 },
      { createInvoice },
    );
    expect(result.errors[0]!.message).toBe('Token amount does not cover the lightning fee');
    expect(result.tokensWithErrors?.entries[0]?.proofs).toEqual(proofs);
  });

  it('keeps tokens of another unit untouched', async () => {
    const proofs = await proofsFromMint([4]);
    const before = mint.requests.length;
    const result = await redeemCashuToken(
      { entries: [{ mint: mint.url('ok'), proofs }], amount: 4, unit: 'usd' },
      { createInvoice },
    );
    expect(result.errors).toEqual([{ mint: mint.url('ok'), message: 'Cannot redeem usd tokens' }]);
    expect(result.tokensWithErrors?.unit).toBe('usd');
    expect(mint.requests.length).toBe(before);
  });

  it('rejects a string that is not a token', async () => {
    await expect(redeemCashuToken('hello', { createInvoice })).rejects.toThrow('Invalid cashu token');
  });
});
