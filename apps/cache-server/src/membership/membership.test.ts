import { randomBytes } from 'node:crypto';
import { generateSecretKey, getPublicKey, signEvent } from '@tide/core/nostr';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeDialects } from '../../test/dialects.ts';
import { RawSocket } from '../../test/raw-socket.ts';
import { type RunningServer, startServer } from '../server.ts';
import type { MembershipPayments } from './payments.ts';

const T0 = 1_800_000_000;

/** The operator wallet's stand-in of this server test: invoices it made, and which of them were paid. */
function testLedger() {
  const invoices = new Map<string, { sats: number; paidAt: number | null }>();
  const payments: MembershipPayments = {
    async makeInvoice(sats) {
      const paymentHash = randomBytes(32).toString('hex');
      invoices.set(paymentHash, { sats, paidAt: null });
      return { invoice: `lnbc${sats}test${paymentHash}`, paymentHash };
    },
    async settledAt(paymentHash) {
      return invoices.get(paymentHash)?.paidAt ?? null;
    },
    close() {},
  };
  const pay = (invoice: string, at: number) => {
    const hash = invoice.slice(-64);
    const entry = invoices.get(hash);
    if (!entry) throw new Error('unknown invoice');
    entry.paidAt = at;
    return entry.sats;
  };
  return { payments, pay };
}

describeDialects('membership service', (getStore) => {
  let server: RunningServer;
  let ws: RawSocket;
  let clock = T0;
  const ledger = testLedger();
  const alice = generateSecretKey();
  const bob = generateSecretKey();
  const carol = generateSecretKey();
  const alicePk = getPublicKey(alice);
  const bobPk = getPublicKey(bob);
  const carolPk = getPublicKey(carol);
  let sub = 0;

  /** A signed settings event of `secret` asking for `params` (p tag: its own pubkey unless `p` is given). */
  const signed = (secret: Uint8Array, params: unknown = '', o: { at?: number; p?: string } = {}) =>
    signEvent(
      {
        kind: 30078,
        created_at: o.at ?? clock,
        tags: [['p', o.p ?? getPublicKey(secret)]],
        content: params === '' ? '' : JSON.stringify(params),
      },
      secret,
    );
  const ask = (command: string, payload: Record<string, unknown>) => ws.cacheObjects(command, payload);
  const content = async (command: string, payload: Record<string, unknown>) => {
    const events = await ask(command, payload);
    expect(events).toHaveLength(1);
    return JSON.parse(events[0].content);
  };
  const status = (secret: Uint8Array) => content('membership_status', { event_from_user: signed(secret) });
  const buy = async (secret: Uint8Array, params: Record<string, unknown>) => {
    const quote = await content('membership_purchase_product', { event_from_user: signed(secret, params) });
    return quote as { membership_quote_id: string; invoice: string; amount_usd: string; amount_btc: string };
  };
  /** Runs a monitor until its first EOSE; returns the completed_at it carried, if any. */
  const monitorOnce = async (quoteId: string) => {
    sub += 1;
    const id = `mon${sub}`;
    ws.send(['REQ', id, { cache: ['membership_purchase_monitor', { membership_quote_id: quoteId }] }]);
    const frames = await ws.untilEose(id);
    ws.send(['CLOSE', id]);
    const notice = frames.find((f) => f.message[0] === 'NOTICE');
    if (notice) throw new Error(String(notice.message[2]));
    const event = frames.find((f) => f.message[0] === 'EVENT')?.message[2] as { content: string } | undefined;
    return event ? (JSON.parse(event.content).completed_at as number) : undefined;
  };

  beforeAll(async () => {
    server = await startServer({
      store: getStore(),
      now: () => clock,
      membership: { payments: ledger.payments, usdPerBtc: 100_000, monitorPollMs: 20 },
    });
    ws = await RawSocket.open(server.url.replace(/\/v1$/, '/wallet/v1'));
  });
  afterAll(async () => {
    await ws?.close();
    await server?.close();
  });

  it('answers tier none to a user with no membership', async () => {
    expect(await status(alice)).toMatchObject({ pubkey: alicePk, tier: 'none' });
  });

  it("refuses a wrong signature, a stale event and another user's pubkey with a NOTICE", async () => {
    const forged = { ...signed(alice), sig: signed(bob).sig };
    await expect(ask('membership_status', { event_from_user: forged })).rejects.toThrow(/signature/);
    await expect(ask('membership_status', { event_from_user: signed(alice, '', { at: clock - 600 }) })).rejects.toThrow(
      /5 minutes/,
    );
    await expect(ask('membership_status', { event_from_user: signed(alice, '', { p: bobPk }) })).rejects.toThrow(
      /another user/,
    );
    await expect(ask('membership_status', {})).rejects.toThrow(/required/);
  });

  it('checks name availability: at least 3 characters, free names only', async () => {
    expect(await content('membership_name_available', { name: 'alice' })).toEqual({ available: true });
    expect(await content('membership_name_available', { name: 'al' })).toEqual({ available: false });
    expect(await content('membership_name_available', { name: 'a b c' })).toEqual({ available: false });
  });

  it('quotes the products at their prices and refuses an unknown product, a short name, a cheap legend', async () => {
    const three = await buy(alice, { product_id: '3-months-premium', name: 'alice' });
    expect(three.amount_usd).toBe('21.00');
    expect(three.amount_btc).toBe('0.00021000');
    const twelve = await buy(alice, { product_id: '12-months-premium', name: 'alice' });
    expect(twelve.amount_usd).toBe('72.00');
    await expect(buy(alice, { product_id: 'forever-premium', name: 'alice' })).rejects.toThrow(/unknown product/);
    await expect(buy(alice, { product_id: '3-months-premium', name: 'al' })).rejects.toThrow(/name/);
    await expect(buy(alice, { product_id: 'legend-premium', name: 'alice', amount_usd: 999 })).rejects.toThrow(/1000/);
    await expect(buy(alice, { product_id: '3-months-premium', name: 'alice', receiver_pubkey: bobPk })).rejects.toThrow(
      /another user/,
    );
    // nothing was bought: still tier none, no history
    expect((await status(alice)).tier).toBe('none');
    expect(await content('membership_purchase_history', { event_from_user: signed(alice) })).toEqual([]);
  });

  it('an unpaid quote gives nothing; once paid the monitor reports it and alice is premium for 3 months', async () => {
    const quote = await buy(alice, { product_id: '3-months-premium', name: 'Alice' });
    expect(await monitorOnce(quote.membership_quote_id)).toBeUndefined();
    expect((await status(alice)).tier).toBe('none');
    await expect(monitorOnce('no-such-quote')).rejects.toThrow(/unknown/);

    // a monitor left open hears the payment
    ws.send([
      'REQ',
      'live',
      { cache: ['membership_purchase_monitor', { membership_quote_id: quote.membership_quote_id }] },
    ]);
    await ws.untilEose('live');
    expect(ledger.pay(quote.invoice, clock)).toBe(21_000);
    const paid = await ws.waitFor((f) => f.message[0] === 'EVENT' && f.message[1] === 'live');
    expect(JSON.parse((paid.message[2] as { content: string }).content).completed_at).toBe(clock);
    ws.send(['CLOSE', 'live']);

    const s = await status(alice);
    expect(s).toMatchObject({ tier: 'premium', name: 'alice', expires_on: clock + 90 * 24 * 3600 });
    expect(s.nostr_address).toMatch(/^alice@127\.0\.0\.1:\d+$/);
    expect(s.premium_relay).toBe(server.relayUrl.replace(/\/$/, '/premium'));
    expect(s.upload_limit).toBe(1024 ** 3);
    expect(s.storage_limit).toBe(100 * 1024 ** 3);
    // the name is taken for others now, not for alice herself
    expect(await content('membership_name_available', { name: 'alice' })).toEqual({ available: false });
    expect(await content('membership_name_available', { name: 'alice', pubkey: alicePk })).toEqual({ available: true });
    // paying again (a second monitor) does not add time twice
    expect(await monitorOnce(quote.membership_quote_id)).toBe(clock);
    expect((await status(alice)).expires_on).toBe(clock + 90 * 24 * 3600);
  });

  it('lists the purchase history and resolves the verified name in nostr.json', async () => {
    const history = await content('membership_purchase_history', { event_from_user: signed(alice, { limit: 20 }) });
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ product_id: '3-months-premium', amount_usd: '21.00', purchased_at: clock });
    const res = await fetch(`${server.httpUrl}/.well-known/nostr.json?name=alice`);
    expect((await res.json()).names).toEqual({ alice: alicePk });
  });

  it('renames a member; refuses a taken name and a non-member', async () => {
    clock += 10;
    const changed = await content('membership_change_name', { event_from_user: signed(alice, { name: 'alice2' }) });
    expect(changed.name).toBe('alice2');
    expect((await status(alice)).name).toBe('alice2');
    const res = await fetch(`${server.httpUrl}/.well-known/nostr.json?name=alice`);
    expect((await res.json()).names).toEqual({});
    await expect(ask('membership_change_name', { event_from_user: signed(bob, { name: 'bobby' }) })).rejects.toThrow(
      /only members/,
    );
    // bob cannot buy alice's name
    await expect(buy(bob, { product_id: '3-months-premium', name: 'alice2' })).rejects.toThrow(/taken/);
  });

  it('sells Legend for $1000 or more: premium for good, customization, leaderboards', async () => {
    const quote = await buy(bob, { product_id: 'legend-premium', name: 'bob', amount_usd: 1500 });
    expect(quote.amount_usd).toBe('1500.00');
    ledger.pay(quote.invoice, clock);
    expect(await monitorOnce(quote.membership_quote_id)).toBe(clock);
    const s = await status(bob);
    expect(s.tier).toBe('premium-legend');
    expect(s.expires_on).toBeUndefined();

    // customization: legends only, known styles only
    await expect(
      ask('membership_legend_customization', { event_from_user: signed(alice, { style: 'GOLD' }) }),
    ).rejects.toThrow(/only legends/);
    await expect(
      ask('membership_legend_customization', { event_from_user: signed(bob, { style: 'PINK' }) }),
    ).rejects.toThrow(/style/);
    const custom = await content('membership_legend_customization', {
      event_from_user: signed(bob, { style: 'SUNFIRE', custom_badge: true, avatar_glow: true }),
    });
    expect(custom).toEqual({
      [bobPk]: { style: 'SUNFIRE', custom_badge: true, avatar_glow: true, in_leaderboard: true },
    });

    const legends = await content('membership_legends_leaderboard', { order_by: 'donated_btc' });
    expect(legends.map((e: { pubkey: string }) => e.pubkey)).toEqual([bobPk]);
    expect(legends[0]).toMatchObject({ index: 1, donated_btc: '0.01500000' });
    const premium = await content('membership_premium_leaderboard', { order_by: 'premium_since' });
    expect(premium.map((e: { pubkey: string }) => e.pubkey).sort()).toEqual([alicePk, bobPk].sort());
    await expect(ask('membership_premium_leaderboard', { order_by: 'name' })).rejects.toThrow(/order_by/);

    // years later: alice's premium ran out, bob the legend keeps it
    clock += 2 * 365 * 24 * 3600;
    // alice's lapsed membership: tier none, when it ended and her old name (to renew with)
    expect(await status(alice)).toMatchObject({ tier: 'none', name: 'alice2', expired_on: expect.any(Number) });
    expect((await status(alice)).expired_on).toBeLessThan(clock);
    expect((await status(bob)).tier).toBe('premium-legend');
    const after = await content('membership_premium_leaderboard', { order_by: 'premium_since' });
    expect(after.map((e: { pubkey: string }) => e.pubkey)).toEqual([bobPk]);
    // alice's lapsed name is free again
    expect(await content('membership_name_available', { name: 'alice2', pubkey: carolPk })).toEqual({
      available: true,
    });
  });

  it('answers the exchange rate to a signed wallet operation; refuses other operations and currencies', async () => {
    const op = (secret: Uint8Array, body: unknown) => ({ operation_event: signed(secret, body) });
    const rate = await ask('wallet', op(carol, ['exchange_rate', { target_currency: 'USD' }]));
    expect(rate[0].kind).toBe(10000305);
    expect(JSON.parse(rate[0].content)).toEqual({ target_currency: 'USD', rate: 100_000 });
    await expect(ask('wallet', op(carol, ['exchange_rate', { target_currency: 'EUR' }]))).rejects.toThrow(/USD/);
    await expect(ask('wallet', op(carol, ['balance', {}]))).rejects.toThrow(/operation/);
    await expect(
      ask('wallet', { operation_event: signed(carol, ['exchange_rate', {}], { at: clock - 900 }) }),
    ).rejects.toThrow(/5 minutes/);
  });

  it('an unpaid quote expires after an hour: its monitor is refused, nothing changes', async () => {
    const quote = await buy(carol, { product_id: '3-months-premium', name: 'carol' });
    expect(await monitorOnce(quote.membership_quote_id)).toBeUndefined();
    clock += 3601;
    await expect(monitorOnce(quote.membership_quote_id)).rejects.toThrow(/expired/);
    expect((await status(carol)).tier).toBe('none');
  });

  it('answers unknown api request to an unknown command', async () => {
    await expect(ask('membership_teleport', {})).rejects.toThrow(/unknown api request/);
  });
});
