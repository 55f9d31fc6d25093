import { randomBytes } from 'node:crypto';
import {
  CacheClient,
  fetchExchangeRate,
  fetchLeaderboard,
  fetchMembershipStatus,
  fetchPurchaseHistory,
  isMembershipNameAvailable,
  membershipCall,
  monitorPurchase,
  WalletClient,
} from '@tide/core/cache';
import { generateSecretKey, getPublicKey, signEvent } from '@tide/core/nostr';
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { describeDialects } from '../../test/dialects.ts';
import { type RunningServer, startServer } from '../server.ts';
import type { MembershipPayments } from './payments.ts';

// core's WalletClient and membership functions (what the app calls) against the real service.
describeDialects('membership through core WalletClient', (getStore) => {
  let server: RunningServer;
  let wallet: WalletClient;
  let cache: CacheClient;
  const paid = new Set<string>();
  const payments: MembershipPayments = {
    async makeInvoice() {
      const paymentHash = randomBytes(32).toString('hex');
      return { invoice: `lnbc1test${paymentHash}`, paymentHash };
    },
    async settledAt(hash) {
      return paid.has(hash) ? Math.floor(Date.now() / 1000) : null;
    },
    close() {},
  };
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

  beforeAll(async () => {
    server = await startServer({ store: getStore(), membership: { payments, monitorPollMs: 20 } });
    wallet = new WalletClient({ url: server.url.replace(/\/v1$/, '/wallet/v1'), WebSocket: WebSocket as never });
    await wallet.open();
    cache = new CacheClient({ url: server.url, WebSocket: WebSocket as never });
  });
  afterAll(async () => {
    wallet?.close();
    cache?.disconnect();
    await server?.close();
  });

  it('status, name, purchase, monitor, history, exchange rate and leaderboard parse as core expects', async () => {
    expect((await fetchMembershipStatus(wallet, { event_from_user: signed({}) })).tier).toBe('none');
    expect(await isMembershipNameAvailable(wallet, { name: 'corey' })).toBe(true);
    expect(await isMembershipNameAvailable(wallet, { name: 'co' })).toBe(false);
    const quote = (await membershipCall(wallet, 'membership_purchase_product', {
      event_from_user: signed({ product_id: '12-months-premium', name: 'corey' }),
    })) as { membership_quote_id: string; invoice: string; amount_usd: string };
    expect(quote.amount_usd).toBe('72.00');
    const completed = new Promise<number>((resolve) => {
      const stop = monitorPurchase(wallet, { membership_quote_id: quote.membership_quote_id }, (at) => {
        stop();
        resolve(at);
      });
    });
    paid.add(quote.invoice.slice(-64));
    expect(await completed).toBeGreaterThan(0);
    const status = await fetchMembershipStatus(wallet, { event_from_user: signed({}) });
    expect(status).toMatchObject({ tier: 'premium', name: 'corey' });
    const { orders } = await fetchPurchaseHistory(wallet, { event_from_user: signed({}) });
    expect(orders).toHaveLength(1);
    const rate = await fetchExchangeRate(wallet, {
      operation_event: signed(['exchange_rate', { target_currency: 'USD' }]),
    });
    expect(rate).toBe(100_000);
    const { entries } = await fetchLeaderboard(cache, 'premium', { order_by: 'premium_since' });
    expect(entries.map((e) => e.pubkey)).toEqual([pubkey]);
  });
});
