import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket as NodeWebSocket } from 'ws';
import { encodeBolt11 } from './bolt11-encode.ts';
import { nwcGetBalance, nwcMakeInvoice, parseNwcUri, payInvoiceWithNwc } from './nwc.ts';
import { startTestRelay } from './test-relay.ts';

const NODE_KEY = 'e126f68f7eafcc8b74f54d269fe206be715000f94dac067d1c04a8ca3b2db734';
const preimage = '07'.repeat(32);
const invoiceFor = (pre: string) =>
  encodeBolt11({
    network: 'bc',
    amountMsat: 21_000,
    paymentHash: bytesToHex(sha256(Buffer.from(pre, 'hex'))),
    description: 'nwc test',
    timestamp: 1_700_000_000,
    privateKey: NODE_KEY,
  });

describe('parseNwcUri', () => {
  it('reads wallet pubkey, relays, secret and lud16', () => {
    const pk = 'b'.repeat(64);
    const uri = `nostr+walletconnect://${pk}?relay=wss%3A%2F%2Frelay.example&relay=wss://two.example&secret=${'c'.repeat(64)}&lud16=me@x.com`;
    expect(parseNwcUri(uri)).toEqual({
      walletPubkey: pk,
      relays: ['wss://relay.example', 'wss://two.example'],
      secret: 'c'.repeat(64),
      lud16: 'me@x.com',
    });
  });
  it('rejects bad URIs without echoing the secret', () => {
    expect(() => parseNwcUri('https://example.com')).toThrow('Invalid NWC connection string');
    expect(() => parseNwcUri(`nostr+walletconnect://${'b'.repeat(64)}?secret=${'c'.repeat(64)}`)).toThrow('no relay');
    const bad = `nostr+walletconnect://${'b'.repeat(64)}?relay=wss://r&secret=SECRETVALUE`;
    expect(() => parseNwcUri(bad)).toThrow('no valid secret');
    try {
      parseNwcUri(bad);
    } catch (e) {
      expect((e as Error).message).not.toContain('SECRETVALUE');
    }
  });
});

describe('payInvoiceWithNwc against a loopback relay and an SDK wallet service', () => {
  let relay: Awaited<ReturnType<typeof startTestRelay>>;
  let stopWallet: () => void = () => {};
  let uri = '';
  const paid: string[] = [];

  beforeAll(async () => {
    // Node 20 has no global WebSocket; the browser does. Provide one before the SDK is loaded.
    (globalThis as { WebSocket?: unknown }).WebSocket ??= NodeWebSocket;
    relay = await startTestRelay();
    const sdk = await import('@getalby/sdk/nwc');
    const walletSecret = bytesToHex(generateSecretKey());
    const clientSecret = bytesToHex(generateSecretKey());
    const service = new sdk.NWCWalletService({ relayUrls: [relay.url] });
    await service.publishWalletServiceInfoEvent(walletSecret, ['pay_invoice', 'get_balance', 'make_invoice'], []);
    const keypair = new sdk.NWCWalletServiceKeyPair(walletSecret, getPublicKey(Buffer.from(clientSecret, 'hex')));
    const unsubscribe = await service.subscribe(keypair, {
      payInvoice: async ({ invoice }) => {
        paid.push(invoice);
        if (invoice === invoiceFor('0a'.repeat(32)))
          return { result: undefined, error: { code: 'OTHER', message: 'no route' } };
        return {
          result: { preimage: invoice === invoiceFor(preimage) ? preimage : '08'.repeat(32), fees_paid: 3 },
          error: undefined,
        };
      },
      getBalance: async () => ({ result: { balance: 123_000 }, error: undefined }),
      makeInvoice: async ({ amount, description }) => {
        const invoice = encodeBolt11({
          network: 'bc',
          amountMsat: description === 'short' ? amount - 1000 : amount,
          paymentHash: '0c'.repeat(32),
          description: description ?? '',
          timestamp: 1_700_000_000,
          privateKey: NODE_KEY,
        });
        const tx = {
          type: 'incoming',
          state: 'pending',
          invoice,
          description: description ?? '',
          description_hash: '',
          preimage: '',
          payment_hash: '0c'.repeat(32),
          amount,
          fees_paid: 0,
          settled_at: 0,
          created_at: 1_700_000_000,
          expires_at: 1_700_003_600,
        } as const;
        return { result: tx, error: undefined };
      },
    });
    stopWallet = () => {
      unsubscribe();
      service.close();
    };
    uri = `nostr+walletconnect://${getPublicKey(Buffer.from(walletSecret, 'hex'))}?relay=${encodeURIComponent(relay.url)}&secret=${clientSecret}`;
  }, 30_000);
  afterAll(async () => {
    stopWallet();
    await relay.close();
  });

  it('resolves with the preimage only after the wallet answers', async () => {
    const invoice = invoiceFor(preimage);
    await expect(payInvoiceWithNwc(uri, invoice)).resolves.toEqual({ preimage, feesPaidMsat: 3 });
    expect(paid).toContain(invoice);
    expect(relay.events.some((e) => e.kind === 23194)).toBe(true);
    expect(relay.events.some((e) => e.kind === 23195)).toBe(true);
  }, 20_000);

  it("rejects with the wallet's error", async () => {
    await expect(payInvoiceWithNwc(uri, invoiceFor('0a'.repeat(32)))).rejects.toThrow('no route');
  }, 20_000);

  it('reads the balance and makes invoices, checking their amount', async () => {
    await expect(nwcGetBalance(uri)).resolves.toBe(123_000);
    const invoice = await nwcMakeInvoice(uri, 21, 'redeem');
    expect(invoice.startsWith('lnbc210n1')).toBe(true);
    await expect(nwcMakeInvoice(uri, 21, 'short')).rejects.toThrow(
      'Invoice amount does not match the requested amount',
    );
    await expect(nwcMakeInvoice(uri, 0)).rejects.toThrow('Invoice amount must be positive');
  }, 20_000);

  it('rejects when the preimage does not match the invoice', async () => {
    await expect(payInvoiceWithNwc(uri, invoiceFor('09'.repeat(32)))).rejects.toThrow(
      "Wallet's preimage does not match the invoice",
    );
  }, 20_000);
});
