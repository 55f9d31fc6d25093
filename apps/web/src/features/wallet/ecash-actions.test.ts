// @vitest-environment node
// (node's fetch: the loopback test mint sends no CORS headers, which a DOM fetch would refuse)
import { CashuWallet, encodeCashuTokenV3, MintClient } from '@tide/core/ecash';
import { decodeBolt11, encodeBolt11 } from '@tide/core/lightning';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestMint, type TestMint } from '../../../../../packages/core/src/ecash/test-mint.ts';
import {
  checkTokenStatus,
  keepTokensWithErrors,
  redeemToken,
  retryKeptToken,
  TOKENS_WITH_ERRORS_KEY,
} from './ecash-actions.ts';
import { readKeptTokens } from './kept-tokens.ts';
import { walletStore } from './wallet-store.ts';

const NODE_KEY = 'e126f68f7eafcc8b74f54d269fe206be715000f94dac067d1c04a8ca3b2db734';
let mint: TestMint;
const invoices: string[] = [];
const stored = new Map<string, string>();
let walletDown = false;

async function tokenFrom(url: string, amounts: number[]): Promise<string> {
  const wallet = new CashuWallet(new MintClient(mint.url('ok')));
  const outputs = await wallet.createOutputs(amounts);
  const { promises } = await wallet.mint.mint(
    outputs.map((o) => o.message),
    'h',
  );
  return encodeCashuTokenV3({ entries: [{ mint: url, proofs: await wallet.unblind(promises, outputs) }], unit: 'sat' });
}

beforeAll(async () => {
  mint = await startTestMint(2);
  // The user's wallet: a WebLN provider that makes invoices (no NWC wallet connected).
  (globalThis as { webln?: unknown }).webln = {
    enable: async () => {},
    sendPayment: async () => ({ preimage: '00'.repeat(32) }),
    makeInvoice: async ({ amount }: { amount: number }) => {
      if (walletDown) throw new Error('Wallet offline');
      const pr = encodeBolt11({
        network: 'bc',
        amountMsat: amount * 1000,
        paymentHash: '04'.repeat(32),
        timestamp: Math.floor(Date.now() / 1000),
        privateKey: NODE_KEY,
      });
      invoices.push(pr);
      return { paymentRequest: pr };
    },
  };
  (globalThis as { localStorage?: unknown }).localStorage = {
    getItem: (k: string) => stored.get(k) ?? null,
    setItem: (k: string, v: string) => void stored.set(k, v),
    removeItem: (k: string) => void stored.delete(k),
    clear: () => stored.clear(),
  };
}, 30_000);
afterAll(() => mint.close());
beforeEach(() => {
  invoices.length = 0;
  walletDown = false;
  stored.clear();
  walletStore.getState().set([], null);
});

describe('ecash actions against a loopback mint', { timeout: 30_000 }, () => {
  it('a fresh token is pending; redeeming melts it into a wallet invoice; then it is spent and a second redeem fails', async () => {
    const token = await tokenFrom(mint.url('ok'), [8, 2]);
    expect(await checkTokenStatus(token)).toBe('pending');
    expect(await redeemToken(token)).toBe(8);
    expect(invoices.map((pr) => decodeBolt11(pr).amountSats)).toEqual([10, 8]);
    expect(await checkTokenStatus(token)).toBe('spent');
    await expect(redeemToken(token)).rejects.toThrow();
    // The failed entry is kept, not lost.
    expect(JSON.parse(stored.get(TOKENS_WITH_ERRORS_KEY) ?? '[]')).toHaveLength(1);
  });

  it('a mint that fails leaves the token in tokensWithErrors', async () => {
    const token = await tokenFrom(mint.url('error'), [4]);
    await expect(redeemToken(token)).rejects.toThrow();
    const kept = JSON.parse(stored.get(TOKENS_WITH_ERRORS_KEY) ?? '[]') as string[];
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatch(/^cashuA/);
  });

  it('keepTokensWithErrors appends without duplicates and survives junk', () => {
    const storage = {
      getItem: (k: string) => stored.get(k) ?? null,
      setItem: (k: string, v: string) => void stored.set(k, v),
    };
    stored.set(TOKENS_WITH_ERRORS_KEY, 'not json');
    keepTokensWithErrors('cashuAone', storage);
    keepTokensWithErrors('cashuAone', storage);
    keepTokensWithErrors('cashuAtwo', storage);
    expect(JSON.parse(stored.get(TOKENS_WITH_ERRORS_KEY)!)).toEqual(['cashuAone', 'cashuAtwo']);
  });

  it('a token kept while the wallet was down is redeemed by Retry and forgotten', async () => {
    const token = await tokenFrom(mint.url('ok'), [8, 2]);
    walletDown = true;
    await expect(redeemToken(token)).rejects.toThrow('Wallet offline');
    const [kept] = readKeptTokens();
    expect(kept).toMatch(/^cashuA/);
    // Retrying while the wallet is still down keeps it (one entry, not two).
    await expect(retryKeptToken(kept!)).rejects.toThrow('Wallet offline');
    expect(readKeptTokens()).toEqual([kept]);
    walletDown = false;
    expect(await retryKeptToken(kept!)).toBe(8);
    expect(readKeptTokens()).toEqual([]);
    expect(await checkTokenStatus(kept!)).toBe('spent');
  });

  it('Retry that fails before redeeming anything keeps the token as it was, in place', async () => {
    stored.set(TOKENS_WITH_ERRORS_KEY, JSON.stringify(['cashuAone', 'cashuAtwo']));
    await expect(
      retryKeptToken('cashuAone', async () => {
        throw new Error('Invalid cashu token');
      }),
    ).rejects.toThrow('Invalid cashu token');
    expect(readKeptTokens()).toEqual(['cashuAone', 'cashuAtwo']);
  });
});
