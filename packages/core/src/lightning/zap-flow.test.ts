import { finalizeEvent, generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventTemplate, NostrEvent } from '../nostr/event.ts';
import { encodeBolt11 } from './bolt11-encode.ts';
import { startTestServer, type TestServer } from './test-http-server.ts';
import { validateZapRequest } from './zap.ts';
import { createZapInvoice, NOT_ZAPPABLE } from './zap-flow.ts';
import { zapDescriptionHash } from './zap-receipt.ts';

const NODE_KEY = 'e126f68f7eafcc8b74f54d269fe206be715000f94dac067d1c04a8ca3b2db734';
const serverPubkey = getPublicKey(generateSecretKey());
const userKey = generateSecretKey();
const recipient = getPublicKey(generateSecretKey());
const sign = async (t: EventTemplate) => finalizeEvent(t, userKey) as NostrEvent;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer((req, origin) => {
    const url = new URL(req.url, origin);
    if (url.pathname === '/.well-known/lnurlp/zappable') {
      return {
        json: {
          tag: 'payRequest',
          callback: `${origin}/cb`,
          minSendable: 1000,
          maxSendable: 1e9,
          allowsNostr: true,
          nostrPubkey: serverPubkey,
        },
      };
    }
    if (url.pathname === '/.well-known/lnurlp/liar') {
      return {
        json: {
          callback: `${origin}/cb?mode=wrong`,
          minSendable: 1000,
          maxSendable: 1e9,
          allowsNostr: true,
          nostrPubkey: serverPubkey,
        },
      };
    }
    if (url.pathname === '/.well-known/lnurlp/plain') {
      return { json: { tag: 'payRequest', callback: `${origin}/cb`, minSendable: 1000, maxSendable: 1e9 } };
    }
    if (url.pathname === '/cb') {
      // A NIP-57 server validates the request and commits to it in the invoice's description hash.
      const nostr = url.searchParams.get('nostr') ?? '';
      const amount = Number(url.searchParams.get('amount'));
      try {
        validateZapRequest(nostr, { amountMsat: amount });
      } catch (e) {
        return { status: 400, json: { status: 'ERROR', reason: (e as Error).message } };
      }
      const hash = url.searchParams.get('mode') === 'wrong' ? '00'.repeat(32) : zapDescriptionHash(nostr);
      const pr = encodeBolt11({
        network: 'bc',
        amountMsat: amount,
        paymentHash: '0b'.repeat(32),
        descriptionHash: hash,
        timestamp: 1_700_000_000,
        privateKey: NODE_KEY,
      });
      return { json: { pr } };
    }
    return { status: 404, json: {} };
  });
}, 30_000);
afterAll(() => server.close());

describe('createZapInvoice', { timeout: 30_000 }, () => {
  it('signs a zap request, gets an invoice that commits to it', async () => {
    const noteId = 'c'.repeat(64);
    const zap = await createZapInvoice({
      profile: { lud16: `zappable@127.0.0.1:${server.port}` },
      recipientPubkey: recipient,
      amountSats: 42,
      relays: ['wss://relay.example'],
      comment: 'Onward',
      eventId: noteId,
      sign,
    });
    expect(zap.invoice.startsWith('lnbc420n1')).toBe(true);
    expect(zap.endpoint.nostrPubkey).toBe(serverPubkey);
    expect(zap.zapRequest.content).toBe('Onward');
    expect(zap.zapRequest.tags).toContainEqual(['amount', '42000']);
    expect(zap.zapRequest.tags).toContainEqual(['e', noteId]);
    expect(zap.zapRequest.tags).toContainEqual(['lnurl', zap.endpoint.lnurl]);
  });

  it("refuses with 'not_zappable' when the server does not allow nostr", async () => {
    await expect(
      createZapInvoice({
        profile: { lud16: `plain@127.0.0.1:${server.port}` },
        recipientPubkey: recipient,
        amountSats: 21,
        relays: ['wss://r'],
        sign,
      }),
    ).rejects.toThrow(NOT_ZAPPABLE);
  });

  it('rejects an invoice that does not commit to the zap request', async () => {
    await expect(
      createZapInvoice({
        profile: { lud16: `liar@127.0.0.1:${server.port}` },
        recipientPubkey: recipient,
        amountSats: 21,
        relays: ['wss://r'],
        sign,
      }),
    ).rejects.toThrow("Zap invoice doesn't commit to the zap request");
  });

  it('surfaces the server rejection of a bad zap request', async () => {
    const unsigned = async (t: EventTemplate) => ({
      ...(finalizeEvent(t, userKey) as NostrEvent),
      sig: '0'.repeat(128),
    });
    await expect(
      createZapInvoice({
        profile: { lud16: `zappable@127.0.0.1:${server.port}` },
        recipientPubkey: recipient,
        amountSats: 21,
        relays: ['wss://r'],
        sign: unsigned,
      }),
    ).rejects.toThrow('Invalid signature on zap request');
  });
});
