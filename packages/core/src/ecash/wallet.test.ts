import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeBolt11 } from '../lightning/bolt11-encode.ts';
import { MintClient } from './mint-client.ts';
import { startTestMint, type TestMint } from './test-mint.ts';
import type { CashuProof } from './token.ts';
import { CashuWallet, WalletError } from './wallet.ts';

const MNEMONIC = 'half depart obvious quality work element tank gorilla view sugar picture humble';
const NODE_KEY = 'e126f68f7eafcc8b74f54d269fe206be715000f94dac067d1c04a8ca3b2db734';
let mint: TestMint;
const invoice = (sats: number) =>
  encodeBolt11({
    network: 'bc',
    amountMsat: sats * 1000,
    paymentHash: '03'.repeat(32),
    timestamp: 1_700_000_000,
    privateKey: NODE_KEY,
  });

/** Mints proofs of the given amounts through the real mint endpoint. */
async function mintProofs(wallet: CashuWallet, amounts: number[], counter?: number): Promise<CashuProof[]> {
  const outputs = await wallet.createOutputs(amounts, counter);
  const { promises } = await wallet.mint.mint(
    outputs.map((o) => o.message),
    'paid-invoice-hash',
  );
  return wallet.unblind(promises, outputs);
}

beforeAll(async () => {
  mint = await startTestMint(2);
}, 30_000);
afterAll(() => mint.close());

describe('CashuWallet', { timeout: 30_000 }, () => {
  it("refuses an invalid mnemonic with the mint client's message", () => {
    expect(() => new CashuWallet(new MintClient(mint.url('ok')), { mnemonic: 'not a mnemonic' })).toThrow(
      WalletError.InvalidMnemonic,
    );
    expect(WalletError.InvalidMnemonic).toBe('Tried to instantiate with mnemonic, but mnemonic was invalid');
  });

  it('needs a seed for deterministic outputs and for restore', async () => {
    const wallet = new CashuWallet(new MintClient(mint.url('ok')));
    await expect(wallet.createOutputs([1], 0)).rejects.toThrow('Cannot create deterministic messages without seed');
    await expect(wallet.restore(0, 2)).rejects.toThrow('CashuWallet must be initialized with mnemonic to use restore');
  });

  it("selects proofs or says 'Not enough funds available'", () => {
    const wallet = new CashuWallet(new MintClient(mint.url('ok')));
    const p = (amount: number): CashuProof => ({ id: 'x', amount, secret: String(amount), C: '' });
    expect(wallet.selectProofs([p(1), p(8), p(2)], 9).send.map((x) => x.amount)).toEqual([8, 1]);
    expect(wallet.selectProofs([p(1), p(8), p(4)], 3).send.map((x) => x.amount)).toEqual([1, 4]);
    expect(wallet.selectProofs([p(1), p(8), p(4)], 3).keep.map((x) => x.amount)).toEqual([8]);
    expect(() => wallet.selectProofs([p(1), p(2)], 4)).toThrow(WalletError.NotEnoughFunds);
  });

  it('mints real proofs, pays an invoice (melt) and unblinds the fee-reserve change', async () => {
    const wallet = new CashuWallet(new MintClient(mint.url('ok')));
    const proofs = await mintProofs(wallet, [8, 4]);
    const pr = invoice(9);
    const result = await wallet.payLnInvoice(pr, proofs, 9);
    expect(result.paid).toBe(true);
    expect(mint.paidInvoices).toContain(pr);
    // 12 in, 9 paid: the mint signs as much of the 3 left as its one blank output allows (2), as valid proofs.
    expect(result.change.map((p) => p.amount)).toEqual([2]);
    const melt = JSON.parse(mint.requests.filter((r) => r.url.endsWith('/melt')).at(-1)!.body) as {
      outputs: unknown[];
    };
    expect(melt.outputs).toHaveLength(1); // fee 2 → ceil(log2 2) = 1 blank output
    expect(await wallet.mint.check({ proofs: result.change })).toEqual({ spendable: [true] });
  });

  it('restores deterministic proofs from the mnemonic', async () => {
    const wallet = new CashuWallet(new MintClient(mint.url('ok')), { mnemonic: MNEMONIC });
    const minted = await mintProofs(wallet, [2, 1], 10);
    const restored = await new CashuWallet(new MintClient(mint.url('ok')), { mnemonic: MNEMONIC }).restore(9, 4);
    expect(restored.map((p) => p.secret).sort()).toEqual(minted.map((p) => p.secret).sort());
    expect(restored.map((p) => p.C).sort()).toEqual(minted.map((p) => p.C).sort());
  });
});
