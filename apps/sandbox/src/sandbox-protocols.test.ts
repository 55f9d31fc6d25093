import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '@tide/cache-server/testing';
import {
  decodeBolt11,
  fetchLnurlPay,
  makeZapRequest,
  requestLnurlInvoice,
  validateZapReceipt,
  zapDescriptionHash,
} from '@tide/core/lightning';
import { type NostrEvent, signEvent } from '@tide/core/nostr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { demoKey, type Sandbox, startSandbox } from './sandbox.ts';

let dir: string;
let cache: Awaited<ReturnType<typeof startServer>>;
let sb: Sandbox;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tide-sandbox-'));
  cache = await startServer({ host: '127.0.0.1', port: 0, sqlitePath: join(dir, 'c.db') });
  sb = await startSandbox({ relayUrl: cache.relayUrl, balanceSats: 10_000 });
});
afterAll(async () => {
  await sb?.close();
  await cache?.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = async (path: string) => {
  const res = await fetch(`${sb.origin}${path}`);
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
};
const post = async (path: string, body: unknown) => {
  const res = await fetch(`${sb.origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
};

/** Waits for the first event matching `filter` on the caching service's relay. */
function nextEvent(filter: object, timeoutMs = 10_000): Promise<NostrEvent> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(cache.relayUrl);
    const timer = setTimeout(() => {
      ws.close();
      reject(new Error('no event'));
    }, timeoutMs);
    ws.on('open', () => ws.send(JSON.stringify(['REQ', 's', filter])));
    ws.on('message', (raw) => {
      const msg = JSON.parse(String(raw));
      if (msg[0] === 'EVENT') {
        clearTimeout(timer);
        ws.close();
        resolve(msg[2]);
      }
    });
  });
}

describe('LNURL-pay and zaps', () => {
  it('serves the pay endpoint of a demo lightning address with allowsNostr and nostrPubkey', async () => {
    const bob = sb.accounts.find((a) => a.name === 'bob')!;
    const pay = await fetchLnurlPay({ lud16: bob.lightningAddress });
    expect(pay.url).toBe(`${sb.origin}/.well-known/lnurlp/bob`);
    expect(pay.allowsNostr).toBe(true);
    expect(pay.nostrPubkey).toBe(sb.zapperPubkey);
    const pr = await requestLnurlInvoice(pay, { amountMsat: 5000 });
    expect(decodeBolt11(pr).amountMsat).toBe(5000n);
  });

  it('a paid zap invoice publishes a valid zap receipt to the relay and moves balances', async () => {
    const bob = sb.accounts.find((a) => a.name === 'bob')!;
    const alice = sb.accounts.find((a) => a.name === 'alice')!;
    const pay = await fetchLnurlPay({ lud16: bob.lightningAddress });
    const lnurl = pay.lnurl;
    const note = signEvent(
      { kind: 1, created_at: Math.floor(Date.now() / 1000), tags: [], content: 'zap me' },
      demoKey('demo-bob'),
    );
    const request = signEvent(
      makeZapRequest({
        recipientPubkey: bob.pubkey,
        amountMsat: 21_000,
        relays: [cache.relayUrl],
        lnurl,
        eventId: note.id,
        content: 'Onward',
      }),
      demoKey('demo-alice'),
    );
    const pr = await requestLnurlInvoice(pay, { amountMsat: 21_000, zapRequest: request });
    expect(decodeBolt11(pr).descriptionHash).toBe(zapDescriptionHash(JSON.stringify(request)));
    const before = sb.ledger.balanceMsat('bob');
    const receiptP = nextEvent({ kinds: [9735], '#e': [note.id] });
    const paid = await post('/ledger/alice/pay', { invoice: pr });
    expect(paid.status).toBe(200);
    expect(typeof paid.json.preimage).toBe('string');
    const receipt = await receiptP;
    const valid = validateZapReceipt(receipt, { nostrPubkey: pay.nostrPubkey!, lnurl });
    expect(valid.amountMsat).toBe(21_000);
    expect(valid.senderPubkey).toBe(alice.pubkey);
    expect(receipt.tags.find((t) => t[0] === 'preimage')?.[1]).toBe(paid.json.preimage);
    expect(sb.ledger.balanceMsat('bob')).toBe(before + 21_000);
    // The caching service indexed the receipt: the note's zap counters moved.
    let stats: { zaps: number; satszapped: number } | undefined;
    for (let i = 0; i < 50 && !stats?.zaps; i++) {
      stats = await cache.store.db
        .selectFrom('event_stats')
        .select(['zaps', 'satszapped'])
        .where('event_id', '=', note.id)
        .executeTakeFirst();
      if (!stats?.zaps) await new Promise((r) => setTimeout(r, 100));
    }
    expect(stats).toMatchObject({ zaps: 1, satszapped: 21 });
  });

  it('answers bad input with {status: "ERROR", reason}', async () => {
    const bob = sb.accounts.find((a) => a.name === 'bob')!;
    const cases: Array<[string, RegExp]> = [
      ['/.well-known/lnurlp/No%20Body!', /Unknown lightning address/],
      ['/lnurlp/%3Cscript%3E/callback?amount=1000', /Unknown lightning address/],
      ['/lnurlp/bob/callback', /Invalid amount/],
      ['/lnurlp/bob/callback?amount=abc', /Invalid amount/],
      ['/lnurlp/bob/callback?amount=1.5', /Invalid amount/],
      ['/lnurlp/bob/callback?amount=1', /between/],
      ['/lnurlp/bob/callback?amount=1000&nostr=%7Bbroken', /./],
      ['/lnurlp/bob/callback?amount=1000&nostr=%7B%7D', /./],
    ];
    const wrongP = signEvent(
      makeZapRequest({ recipientPubkey: 'ab'.repeat(32), amountMsat: 1000, relays: ['ws://x'] }),
      demoKey('demo-alice'),
    );
    cases.push([`/lnurlp/bob/callback?amount=1000&nostr=${encodeURIComponent(JSON.stringify(wrongP))}`, /'p' tag/]);
    const wrongAmount = signEvent(
      makeZapRequest({ recipientPubkey: bob.pubkey, amountMsat: 5000, relays: ['ws://x'] }),
      demoKey('demo-alice'),
    );
    cases.push([`/lnurlp/bob/callback?amount=1000&nostr=${encodeURIComponent(JSON.stringify(wrongAmount))}`, /amount/]);
    const forged = { ...wrongAmount, content: 'changed' };
    cases.push([`/lnurlp/bob/callback?amount=5000&nostr=${encodeURIComponent(JSON.stringify(forged))}`, /./]);
    for (const [path, reason] of cases) {
      const r = await get(path);
      expect(r.json.status, path).toBe('ERROR');
      expect(String(r.json.reason), path).toMatch(reason);
    }
    expect((await get('/.well-known/lnurlp/bob')).json.tag).toBe('payRequest');
    // Other seeded profiles' addresses (name@sandbox) are served too, with an empty account.
    expect((await get('/.well-known/lnurlp/satoshi_fan')).json.tag).toBe('payRequest');
    expect(sb.ledger.balanceMsat('satoshi_fan')).toBe(0);
  });
});

describe('wallet HTTP and WebLN endpoints', () => {
  it('invoices, pays, reports balance and refuses bad input with {error}', async () => {
    const inv = await post('/ledger/carol/invoice', { amountSats: 7, description: 'tea' });
    expect(decodeBolt11(String(inv.json.invoice)).description).toBe('tea');
    const paid = await post('/webln/alice/pay', { invoice: inv.json.invoice });
    expect(paid.status).toBe(200);
    const again = await post('/webln/alice/pay', { invoice: inv.json.invoice });
    expect(again.json.error).toBe('Invoice already paid');
    await post('/ledger/carol/balance', { sats: 0 });
    const big = await post('/ledger/alice/invoice', { amountSats: 5 });
    const broke = await post('/webln/carol/pay', { invoice: big.json.invoice });
    expect(broke.status).toBe(402);
    expect(broke.json.code).toBe('INSUFFICIENT_BALANCE');
    expect((await get('/ledger/carol')).json.balanceSats).toBe(0);
    expect((await post('/webln/alice/pay', '{nope')).json.error).toMatch(/JSON/);
    expect((await post('/webln/alice/pay', { invoice: 'lnbc1xyz' })).json.error).toBe('Invalid invoice');
    expect((await post('/ledger/alice/invoice', { amountSats: -1 })).status).toBe(400);
    expect((await post('/ledger/alice/balance', { sats: 'x' })).status).toBe(400);
    expect((await get('/ledger/mallory')).status).toBe(404);
    expect((await get('/webln/alice/info')).json.node).toBeTruthy();
    const listed = (await get('/sandbox/accounts')).json.accounts as Array<{
      name: string;
      nwcUri: string;
      balanceSats: number;
    }>;
    expect(listed.find((a) => a.name === 'carol')).toMatchObject({ balanceSats: 0, nwcUri: sb.accounts[3]!.nwcUri });
    const script = await fetch(`${sb.origin}/webln/alice/provider.js`);
    expect(await script.text()).toContain('window.webln');
  });

  it('the WebLN provider script pays through the ledger', async () => {
    const inv = sb.ledger.createInvoice('bob', 3000, { description: 'webln' });
    const g = globalThis as {
      window?: { webln?: { enable(): Promise<void>; sendPayment(pr: string): Promise<{ preimage: string }> } };
    };
    g.window = {};
    new Function('window', sb.weblnScript('alice'))(g.window);
    await expect(g.window.webln!.sendPayment(inv.bolt11)).rejects.toThrow(/enabled/);
    await g.window.webln!.enable();
    expect((await g.window.webln!.sendPayment(inv.bolt11)).preimage).toBe(inv.preimage);
    await expect(g.window.webln!.sendPayment(inv.bolt11)).rejects.toThrow('Invoice already paid');
    delete g.window;
  });
});
