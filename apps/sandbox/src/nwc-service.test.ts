import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '@tide/cache-server/testing';
import { nwcGetBalance, nwcMakeInvoice, parseNwcUri, payInvoiceWithNwc } from '@tide/core/lightning';
import {
  getConversationKey,
  getPublicKey,
  type NostrEvent,
  nip04Decrypt,
  nip04Encrypt,
  nip44Decrypt,
  nip44Encrypt,
  signEvent,
} from '@tide/core/nostr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type Sandbox, startSandbox } from './sandbox.ts';

// Node 20 has no global WebSocket; the NWC SDK (as in the browser) needs one.
(globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;

let dir: string;
let cache: Awaited<ReturnType<typeof startServer>>;
let sb: Sandbox;
const uri = (name: string) => sb.accounts.find((a) => a.name === name)!.nwcUri;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tide-sandbox-nwc-'));
  cache = await startServer({ host: '127.0.0.1', port: 0, sqlitePath: join(dir, 'c.db') });
  sb = await startSandbox({ relayUrl: cache.relayUrl, balanceSats: 1000 });
});
afterAll(async () => {
  await sb?.close();
  await cache?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Sends one raw NIP-47 request and returns the decrypted response. */
async function rawRequest(secret: string, content: (serviceKey: string) => string): Promise<Record<string, unknown>> {
  const service = sb.nwc!.pubkey;
  const req = signEvent(
    { kind: 23194, created_at: Math.floor(Date.now() / 1000), tags: [['p', service]], content: content(service) },
    secret,
  );
  const ws = new WebSocket(cache.relayUrl);
  try {
    const response = await new Promise<NostrEvent>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no response')), 10_000);
      ws.on('open', () => {
        ws.send(JSON.stringify(['REQ', 'r', { kinds: [23195], '#e': [req.id] }]));
        ws.send(JSON.stringify(['EVENT', req]));
      });
      ws.on('message', (raw) => {
        const msg = JSON.parse(String(raw));
        if (msg[0] === 'EVENT') {
          clearTimeout(timer);
          resolve(msg[2]);
        }
      });
    });
    expect(response.pubkey).toBe(service);
    expect(response.tags).toContainEqual(['p', getPublicKey(secret)]);
    const text = response.content.includes('?iv=')
      ? nip04Decrypt(secret, service, response.content)
      : nip44Decrypt(response.content, getConversationKey(secret, service));
    return JSON.parse(text);
  } finally {
    ws.close();
  }
}

describe('NWC wallet service on the caching service relay', () => {
  it('publishes its info event (13194) with the methods and encryptions', async () => {
    const ws = new WebSocket(cache.relayUrl);
    const info = await new Promise<NostrEvent>((resolve) => {
      ws.on('open', () => ws.send(JSON.stringify(['REQ', 'i', { kinds: [13194], authors: [sb.nwc!.pubkey] }])));
      ws.on('message', (raw) => {
        const msg = JSON.parse(String(raw));
        if (msg[0] === 'EVENT') resolve(msg[2]);
      });
    });
    ws.close();
    expect(info.content.split(' ')).toEqual(
      expect.arrayContaining(['pay_invoice', 'get_balance', 'make_invoice', 'lookup_invoice', 'list_transactions']),
    );
    expect(info.tags).toContainEqual(['encryption', 'nip44_v2 nip04']);
  });

  it('gives each demo account a connection string core parses', () => {
    const c = parseNwcUri(uri('alice'));
    expect(c.walletPubkey).toBe(sb.nwc!.pubkey);
    expect(c.relays).toEqual([cache.relayUrl]);
    expect(uri('alice')).not.toBe(uri('bob'));
  });

  it('get_balance, make_invoice and pay_invoice through the real NWC client (core + Alby SDK)', async () => {
    expect(await nwcGetBalance(uri('alice'))).toBe(1_000_000);
    const invoice = await nwcMakeInvoice(uri('bob'), 250, 'lunch');
    const paid = await payInvoiceWithNwc(uri('alice'), invoice);
    expect(paid.preimage).toMatch(/^[0-9a-f]{64}$/);
    expect(await nwcGetBalance(uri('alice'))).toBe(750_000);
    expect(await nwcGetBalance(uri('bob'))).toBe(1_250_000);
    await expect(payInvoiceWithNwc(uri('alice'), invoice)).rejects.toThrow(/already paid/);
    const big = await nwcMakeInvoice(uri('bob'), 5000);
    await expect(payInvoiceWithNwc(uri('alice'), big)).rejects.toThrow(/Insufficient balance/);
    expect(await nwcGetBalance(uri('alice'))).toBe(750_000);
  });

  it('lookup_invoice and list_transactions over NIP-44, and NIP-04 requests answered in NIP-04', async () => {
    const secret = parseNwcUri(uri('carol')).secret;
    const nip44 = (body: object) => (service: string) =>
      nip44Encrypt(JSON.stringify(body), getConversationKey(secret, service));
    const made = await rawRequest(
      secret,
      nip44({ method: 'make_invoice', params: { amount: 3000, description: 'x' } }),
    );
    expect(made.error).toBeNull();
    const inv = made.result as { invoice: string; payment_hash: string };
    const looked = await rawRequest(
      secret,
      nip44({ method: 'lookup_invoice', params: { payment_hash: inv.payment_hash } }),
    );
    expect(looked.result).toMatchObject({ invoice: inv.invoice, settled_at: null, amount: 3000 });
    await payInvoiceWithNwc(uri('alice'), inv.invoice);
    const list = await rawRequest(secret, nip44({ method: 'list_transactions', params: { limit: 5 } }));
    expect((list.result as { transactions: Array<{ payment_hash: string }> }).transactions[0]!.payment_hash).toBe(
      inv.payment_hash,
    );
    const old = await rawRequest(secret, (service) =>
      nip04Encrypt(secret, service, JSON.stringify({ method: 'get_balance', params: {} })),
    );
    expect(old).toMatchObject({ result_type: 'get_balance', error: null, result: { balance: 1_003_000 } });
  });

  it('answers bad requests with NIP-47 error codes', async () => {
    const secret = parseNwcUri(uri('carol')).secret;
    const nip44 = (text: string) => (service: string) => nip44Encrypt(text, getConversationKey(secret, service));
    const code = async (r: Promise<Record<string, unknown>>) => ((await r).error as { code: string } | null)?.code;
    expect(await code(rawRequest(secret, nip44(JSON.stringify({ method: 'make_coffee', params: {} }))))).toBe(
      'NOT_IMPLEMENTED',
    );
    expect(await code(rawRequest(secret, nip44('not json')))).toBe('OTHER');
    expect(await code(rawRequest(secret, () => 'garbage-ciphertext'))).toBe('OTHER');
    expect(await code(rawRequest(secret, nip44(JSON.stringify({ method: 'pay_invoice', params: {} }))))).toBe('OTHER');
    expect(
      await code(rawRequest(secret, nip44(JSON.stringify({ method: 'pay_invoice', params: { invoice: 'lnbc1zz' } })))),
    ).toBe('OTHER');
    expect(
      await code(rawRequest(secret, nip44(JSON.stringify({ method: 'make_invoice', params: { amount: -1 } })))),
    ).toBe('OTHER');
    expect(
      await code(
        rawRequest(
          secret,
          nip44(JSON.stringify({ method: 'lookup_invoice', params: { payment_hash: '00'.repeat(32) } })),
        ),
      ),
    ).toBe('NOT_FOUND');
    const stranger = '11'.repeat(32);
    const strangerReq = (service: string) =>
      nip44Encrypt(JSON.stringify({ method: 'get_balance' }), getConversationKey(stranger, service));
    expect(await code(rawRequest(stranger, strangerReq))).toBe('UNAUTHORIZED');
    expect(await nwcGetBalance(uri('carol'))).toBeGreaterThan(0);
  });
});
