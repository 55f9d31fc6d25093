import { randomBytes } from 'node:crypto';
import { type NostrEvent, signEvent } from '@tide/core/nostr';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeDialects } from '../../test/dialects.ts';
import { note, profile, reply, testUser } from '../../test/fixtures/events.ts';
import { RawSocket } from '../../test/raw-socket.ts';
import { ingestEvents } from '../ingest/index.ts';
import type { MembershipPayments } from '../membership/index.ts';
import { type RunningServer, startServer } from '../server.ts';

// Other users' badges and glow come from the caching service's answers: every answer carrying users' profiles carries
// 10000169 cohorts (and 10000168 for legends, premium names in 10000158) of the members among them, and a purchase or
// customization through the membership service shows in the answers at once: cached answers holding the member are
// recomputed (within the after-change bound of docs/answer-reuse.md, 1 s), not served for their 30 s.

/** The operator wallet's stand-in: invoices it made, and which were paid. */
function testLedger() {
  const invoices = new Map<string, number | null>();
  const payments: MembershipPayments = {
    async makeInvoice(sats) {
      const paymentHash = randomBytes(32).toString('hex');
      invoices.set(paymentHash, null);
      return { invoice: `lnbc${sats}test${paymentHash}`, paymentHash };
    },
    async settledAt(paymentHash) {
      return invoices.get(paymentHash) ?? null;
    },
    close() {},
  };
  return { payments, pay: (invoice: string, at: number) => invoices.set(invoice.slice(-64), at) };
}

type Obj = { kind: number; content: string; id?: string; pubkey?: string };

/** How soon a membership change must show in cached answers (ms): the answer cache's after-change bound is 1 s. */
const SHOWS_WITHIN_MS = 1500;

describeDialects('membership facts in answers', (getStore) => {
  let server: RunningServer;
  let ws: RawSocket;
  let wallet: RawSocket;
  const clock = () => Math.floor(Date.now() / 1000);
  const ledger = testLedger();
  const ann = testUser('member-answers-ann');
  const bob = testUser('member-answers-bob');
  const annNote = note(ann, 'a note by ann');
  const bobReply = reply(bob, annNote, 'a reply by bob');
  let monitors = 0;

  const signed = (params: unknown) =>
    signEvent(
      { kind: 30078, created_at: clock(), tags: [['p', ann.pubkey]], content: JSON.stringify(params) },
      ann.secretKey,
    );
  const one = async (command: string, params: unknown) => {
    const [answer] = await wallet.cacheObjects(command, { event_from_user: signed(params) });
    return JSON.parse(answer.content);
  };
  /** Ann buys `product` through the wallet socket and pays it; resolves once the monitor saw the payment. */
  const buy = async (product: Record<string, unknown>) => {
    const quote = await one('membership_purchase_product', { name: 'ann', ...product });
    ledger.pay(quote.invoice, clock());
    monitors += 1;
    const id = `mon${monitors}`;
    const monitor = { cache: ['membership_purchase_monitor', { membership_quote_id: quote.membership_quote_id }] };
    wallet.send(['REQ', id, monitor]);
    await wallet.untilEose(id);
    wallet.send(['CLOSE', id]);
    expect((await one('membership_status', '')).tier).not.toBe('none');
  };

  /** The answers a guest's pages read about ann's note: her feed, the thread with bob's reply, user_infos, profiles. */
  const answers = async (): Promise<Record<string, Obj[]>> => ({
    feed: await ws.cacheObjects<Obj>('feed', { pubkey: ann.pubkey, notes: 'authored', limit: 20 }),
    thread: await ws.cacheObjects<Obj>('thread_view', { event_id: bobReply.id, limit: 20 }),
    infos: await ws.cacheObjects<Obj>('user_infos', { pubkeys: [ann.pubkey, bob.pubkey] }),
    profile: await ws.cacheObjects<Obj>('user_profile', { pubkey: ann.pubkey }),
    bobProfile: await ws.cacheObjects<Obj>('user_profile', { pubkey: bob.pubkey }),
  });
  /** Asks the answers again until `check` passes on them, for SHOWS_WITHIN_MS (the first may come from the cache). */
  const answersShowing = async (check: (all: Record<string, Obj[]>) => void) => {
    const deadline = Date.now() + SHOWS_WITHIN_MS;
    for (;;) {
      const all = await answers();
      try {
        check(all);
        return;
      } catch (err) {
        if (Date.now() > deadline) throw err;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const factOf = (objects: Obj[], kind: number) => {
    const found = objects.filter((o) => o.kind === kind);
    expect(found.length).toBeLessThanOrEqual(1);
    return found[0] ? (JSON.parse(found[0].content) as Record<string, Record<string, unknown>>) : undefined;
  };

  beforeAll(async () => {
    server = await startServer({
      store: getStore(),
      membership: { payments: ledger.payments, usdPerBtc: 100_000, monitorPollMs: 20 },
    });
    ws = await RawSocket.open(server.url);
    wallet = await RawSocket.open(server.url.replace(/\/v1$/, '/wallet/v1'));
    const events: NostrEvent[] = [
      profile(ann, { name: 'ann', picture: 'https://example.com/ann.png' }),
      profile(bob, { name: 'bob' }),
      annNote,
      bobReply,
    ];
    await ingestEvents(getStore(), events, { source: 'relay', now: clock() });
  });
  afterAll(async () => {
    await ws?.close();
    await wallet?.close();
    await server?.close();
  });

  it('carry nothing about non-members', async () => {
    const before = await answers();
    expect(before.thread.map((o) => o.id)).toContain(bobReply.id);
    for (const objects of Object.values(before)) {
      expect(objects.some((o) => o.kind === 10000169 || o.kind === 10000168 || o.kind === 10000158)).toBe(false);
    }
  });

  it("a purchase shows in the answers cached before it: ann's cohort and premium name, nothing of bob", async () => {
    await buy({ product_id: '3-months-premium' });
    await answersShowing((after) => {
      for (const [name, objects] of Object.entries(after)) {
        if (name === 'bobProfile') {
          expect(objects.some((o) => o.kind >= 10000158 && o.kind <= 10000169 && o.kind !== 10000160)).toBe(false);
          continue;
        }
        const cohorts = factOf(objects, 10000169);
        expect(Object.keys(cohorts ?? {}), name).toEqual([ann.pubkey]);
        expect(cohorts?.[ann.pubkey], name).toMatchObject({ tier: 'premium', cohort_1: 'Premium' });
        expect(factOf(objects, 10000158), name).toEqual({ [ann.pubkey]: 'ann' });
        expect(factOf(objects, 10000168), name).toBeUndefined();
      }
    });
  });

  it('becoming a Legend and choosing a style shows at once: 10000168 with the style and glow', async () => {
    await buy({ product_id: 'legend-premium', amount_usd: 1000 });
    await one('membership_legend_customization', { style: 'PURPLE', custom_badge: true, avatar_glow: true });
    await answersShowing((after) => {
      for (const [name, objects] of Object.entries(after)) {
        if (name === 'bobProfile') continue;
        expect(factOf(objects, 10000169)?.[ann.pubkey], name).toMatchObject({ tier: 'premium-legend' });
        expect(factOf(objects, 10000168), name).toEqual({
          [ann.pubkey]: { style: 'PURPLE', custom_badge: true, avatar_glow: true, in_leaderboard: true },
        });
      }
    });
    await one('membership_legend_customization', { style: 'TEAL', avatar_glow: false });
    await answersShowing((restyled) => {
      for (const name of ['feed', 'thread', 'infos', 'profile']) {
        const custom = factOf(restyled[name], 10000168)?.[ann.pubkey];
        expect(custom, name).toMatchObject({ style: 'TEAL', avatar_glow: false });
      }
    });
  });
});
