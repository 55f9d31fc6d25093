import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type MembershipPayments, nwcPayments, type RunningServer, startServer } from '@tide/cache-server/testing';
import { generateSecretKey, getPublicKey, signEvent } from '@tide/core/nostr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type Sandbox, startSandbox } from './sandbox.ts';

// The caching service's membership service invoices through the sandbox's operator account ("tide") over real NWC
// (make_invoice, lookup_invoice on the caching service's own relay); alice pays from her sandbox wallet.
let dir: string;
let cache: RunningServer;
let sb: Sandbox;
let payments: MembershipPayments | undefined;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tide-members-nwc-'));
  // the NWC string names the relay, known once the caching service listens: the service asks for it lazily
  const lazy: MembershipPayments = {
    makeInvoice: (sats, description) => (payments as MembershipPayments).makeInvoice(sats, description),
    settledAt: (hash, invoice) => (payments as MembershipPayments).settledAt(hash, invoice),
    close: () => payments?.close(),
  };
  cache = await startServer({
    host: '127.0.0.1',
    port: 0,
    sqlitePath: join(dir, 'c.db'),
    membership: { payments: lazy, usdPerBtc: 100_000, monitorPollMs: 100 },
  });
  sb = await startSandbox({ relayUrl: cache.relayUrl, balanceSats: 100_000 });
  payments = nwcPayments(sb.accounts.find((a) => a.name === 'tide')?.nwcUri ?? '');
});
afterAll(async () => {
  await sb?.close();
  await cache?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** One request on the wallet socket; resolves with its frames up to EOSE (or the first EVENT of a monitor). */
function walletRequest(ws: WebSocket, subId: string, command: string, payload: unknown, until: 'EOSE' | 'EVENT') {
  return new Promise<unknown[][]>((resolve, reject) => {
    const frames: unknown[][] = [];
    const timer = setTimeout(() => reject(new Error(`${command}: no ${until}`)), 20_000);
    const onMessage = (raw: WebSocket.RawData) => {
      const msg = JSON.parse(String(raw)) as unknown[];
      if (msg[1] !== subId) return;
      frames.push(msg);
      if (msg[0] === until || msg[0] === 'NOTICE') {
        clearTimeout(timer);
        ws.off('message', onMessage);
        resolve(frames);
      }
    };
    ws.on('message', onMessage);
    ws.send(JSON.stringify(['REQ', subId, { cache: [command, payload] }]));
  });
}

describe('membership paid through the sandbox operator wallet (NWC)', () => {
  it('quotes 3 months, alice pays the invoice from her wallet, the monitor reports it, she is premium', async () => {
    const secret = generateSecretKey();
    const pubkey = getPublicKey(secret);
    const signed = (params: unknown) =>
      signEvent(
        {
          kind: 30078,
          created_at: Math.floor(Date.now() / 1000),
          tags: [['p', pubkey]],
          content: JSON.stringify(params),
        },
        secret,
      );
    const ws = new WebSocket(cache.url.replace(/\/v1$/, '/wallet/v1'));
    await new Promise((resolve) => ws.once('open', resolve));
    try {
      const [quoteFrame] = await walletRequest(
        ws,
        'q',
        'membership_purchase_product',
        { event_from_user: signed({ product_id: '3-months-premium', name: 'payer' }) },
        'EOSE',
      );
      expect(quoteFrame[0]).toBe('EVENT');
      const quote = JSON.parse((quoteFrame[2] as { content: string }).content);
      expect(quote.amount_usd).toBe('21.00');
      expect(quote.qr_code).toMatch(/^lightning:lnbc/);
      const before = sb.ledger.balanceMsat('tide');

      const first = await walletRequest(ws, 'm', 'membership_purchase_monitor', quote, 'EOSE');
      expect(first.some((f) => f[0] === 'EVENT')).toBe(false); // unpaid: nothing yet
      const paid = walletRequest(ws, 'm2', 'membership_purchase_monitor', quote, 'EVENT');
      sb.ledger.pay('alice', quote.invoice);
      const frames = await paid;
      const event = frames.find((f) => f[0] === 'EVENT')?.[2] as { content: string } | undefined;
      expect(JSON.parse(event?.content ?? '{}').completed_at).toBeGreaterThan(0);
      expect(sb.ledger.balanceMsat('tide') - before).toBe(21_000_000);

      const [status] = await walletRequest(ws, 's', 'membership_status', { event_from_user: signed('') }, 'EOSE');
      expect(JSON.parse((status[2] as { content: string }).content)).toMatchObject({ tier: 'premium', name: 'payer' });
    } finally {
      ws.close();
    }
  });
});
