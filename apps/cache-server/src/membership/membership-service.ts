import { randomUUID } from 'node:crypto';
import type { NostrEvent } from '@tide/core/nostr';
import type { Logger } from 'pino';
import type { Store } from '../store/index.ts';
import { leaderboardEntries } from './leaderboards.ts';
import {
  isActive,
  keepContactList,
  keepCurrentContacts,
  type Member,
  markQuotePaid,
  memberByPubkey,
  nameIsFree,
  paidQuotes,
  type Quote,
  quoteById,
  saveMember,
  saveQuote,
} from './member-store.ts';
import { authorise, MembershipRefusal } from './membership-auth.ts';
import { LEGEND_STYLES, type MembershipAnswer, MembershipKind } from './membership-kinds.ts';
import type { MembershipPayments } from './payments.ts';
import {
  MEMBER_NAME,
  MEMBER_STORAGE_LIMIT,
  MEMBER_UPLOAD_LIMIT,
  MONTH_SECONDS,
  productById,
  REGULAR_UPLOAD_LIMIT,
  usdToSats,
} from './products.ts';

/** What the service needs: the store, a clock, the operator's wallet, the USD rate, the host for nostr addresses. */
export interface MembershipServiceOptions {
  store: Store;
  now: () => number;
  payments?: MembershipPayments;
  /** USD per BTC (default 100 000). */
  usdPerBtc?: () => number;
  /** Host of `name@host` addresses. */
  host?: () => string;
  /** The premium relay's address (default `ws://<host>/premium`). */
  premiumRelay?: () => string;
  /** Used storage of a pubkey in bytes. */
  usedStorage?: (pubkey: string) => Promise<number>;
  logger?: Logger;
}

/** Seconds a quote's invoice may be paid in. */
export const QUOTE_TTL_SECONDS = 3600;

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const int = (v: unknown, fallback: number): number =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : fallback;

/** The membership service: answers the wallet socket's commands from the store and the operator's wallet. */
export class MembershipService {
  constructor(private readonly o: MembershipServiceOptions) {}

  private answer(kind: number, content: unknown): MembershipAnswer[] {
    return [{ kind, content: JSON.stringify(content), created_at: this.o.now() }];
  }

  private rate(): number {
    return this.o.usdPerBtc?.() ?? 100_000;
  }

  /** Runs a one-shot command; throws MembershipRefusal for a refused request, undefined for an unknown command. */
  async run(command: string, payload: Record<string, unknown>): Promise<MembershipAnswer[] | undefined> {
    const now = this.o.now();
    switch (command) {
      case 'membership_status':
        return this.status(authorise(payload, now).pubkey, now);
      case 'membership_name_available': {
        const name = str(payload.name).toLowerCase();
        const available = MEMBER_NAME.test(name) && (await nameIsFree(this.o.store, name, str(payload.pubkey), now));
        return this.answer(MembershipKind.NameAvailable, { available });
      }
      case 'membership_change_name':
        return this.changeName(authorise(payload, now), now);
      case 'membership_purchase_product':
        return this.purchase(authorise(payload, now), now);
      case 'membership_purchase_history':
        return this.history(authorise(payload, now), now);
      case 'membership_legend_customization':
        return this.customize(authorise(payload, now), now);
      case 'wallet':
      case 'membership_exchange_rate':
        return this.exchangeRate(payload, now);
      case 'membership_premium_leaderboard':
      case 'membership_legends_leaderboard':
        return this.leaderboard(command === 'membership_legends_leaderboard', payload, now);
      default:
        return undefined;
    }
  }

  private async status(pubkey: string, now: number): Promise<MembershipAnswer[]> {
    const member = await memberByPubkey(this.o.store, pubkey);
    const used = (await this.o.usedStorage?.(pubkey)) ?? 0;
    if (!member || !isActive(member, now)) {
      return this.answer(MembershipKind.Status, {
        pubkey,
        tier: 'none',
        used_storage: used,
        upload_limit: REGULAR_UPLOAD_LIMIT,
        ...(member ? { expired_on: member.expires_on, name: member.name } : {}),
      });
    }
    return this.answer(MembershipKind.Status, this.describe(member, used));
  }

  private describe(m: Member, used: number) {
    const host = this.o.host?.() ?? 'localhost';
    return {
      pubkey: m.pubkey,
      tier: m.tier,
      name: m.name,
      nostr_address: `${m.name}@${host}`,
      premium_relay: this.o.premiumRelay?.() ?? `ws://${host}/premium`,
      ...(m.tier === 'premium' ? { expires_on: m.expires_on } : {}),
      premium_since: m.premium_since,
      used_storage: used,
      storage_limit: MEMBER_STORAGE_LIMIT,
      upload_limit: MEMBER_UPLOAD_LIMIT,
    };
  }

  private async changeName(req: ReturnType<typeof authorise>, now: number): Promise<MembershipAnswer[]> {
    const member = await memberByPubkey(this.o.store, req.pubkey);
    if (!member || !isActive(member, now)) throw new MembershipRefusal('error: only members can change their name');
    const name = str(req.params.name).toLowerCase();
    if (!MEMBER_NAME.test(name)) throw new MembershipRefusal('invalid: name needs 3 to 32 of a-z 0-9 _ - .');
    if (!(await nameIsFree(this.o.store, name, req.pubkey, now))) throw new MembershipRefusal('error: name is taken');
    await saveMember(this.o.store, { ...member, name });
    return this.answer(MembershipKind.NameChanged, {
      name,
      nostr_address: `${name}@${this.o.host?.() ?? 'localhost'}`,
    });
  }

  private async purchase(req: ReturnType<typeof authorise>, now: number): Promise<MembershipAnswer[]> {
    const product = productById(req.params.product_id);
    if (!product) throw new MembershipRefusal('invalid: unknown product');
    const receiver = str(req.params.receiver_pubkey) || req.pubkey;
    if (receiver !== req.pubkey) throw new MembershipRefusal("invalid: receiver_pubkey is another user's pubkey");
    const name = str(req.params.name).toLowerCase();
    if (!MEMBER_NAME.test(name)) throw new MembershipRefusal('invalid: name needs 3 to 32 of a-z 0-9 _ - .');
    if (!(await nameIsFree(this.o.store, name, req.pubkey, now))) throw new MembershipRefusal('error: name is taken');
    let usd = product.priceUsd ?? 0;
    if (product.minUsd !== undefined) {
      usd = Number(req.params.amount_usd);
      if (!Number.isFinite(usd) || usd < product.minUsd) {
        throw new MembershipRefusal(`invalid: ${product.label} needs amount_usd of ${product.minUsd} or more`);
      }
    }
    if (!this.o.payments) throw new MembershipRefusal('error: payments are not configured on this server');
    const sats = usdToSats(usd, this.rate());
    const id = randomUUID();
    const made = await this.o.payments.makeInvoice(sats, `${product.label} for ${name}`).catch((err: unknown) => {
      this.o.logger?.warn({ err }, 'membership invoice failed');
      throw new MembershipRefusal('error: the operator wallet did not make an invoice');
    });
    const quote: Quote = {
      id,
      pubkey: req.pubkey,
      receiver,
      product_id: product.id,
      name,
      amount_usd: usd.toFixed(2),
      amount_sats: sats,
      invoice: made.invoice,
      payment_hash: made.paymentHash,
      created_at: now,
      expires_at: now + QUOTE_TTL_SECONDS,
      paid_at: 0,
    };
    await saveQuote(this.o.store, quote);
    return this.answer(MembershipKind.Quote, {
      membership_quote_id: id,
      qr_code: `lightning:${made.invoice}`,
      invoice: made.invoice,
      amount_usd: quote.amount_usd,
      amount_btc: (sats / 100_000_000).toFixed(8),
      product_id: product.id,
      expires_at: quote.expires_at,
    });
  }

  /**
   * Checks a quote with the operator's wallet; once paid, applies it (once) and returns when. Throws a refusal for an
   * unknown quote; null while unpaid.
   */
  async settle(quoteId: string): Promise<number | null> {
    const quote = await quoteById(this.o.store, quoteId);
    if (!quote) throw new MembershipRefusal('invalid: unknown membership_quote_id');
    if (quote.paid_at > 0) return quote.paid_at;
    if (!this.o.payments) return null;
    const settled = await this.o.payments.settledAt(quote.payment_hash, quote.invoice);
    if (settled === null) {
      if (this.o.now() > quote.expires_at) throw new MembershipRefusal('error: the quote expired unpaid');
      return null;
    }
    const paidAt = this.o.now();
    if (await markQuotePaid(this.o.store, quote.id, paidAt)) await this.apply(quote, paidAt);
    return paidAt;
  }

  private async apply(quote: Quote, paidAt: number): Promise<void> {
    const product = productById(quote.product_id);
    if (!product) return;
    const old = await memberByPubkey(this.o.store, quote.receiver);
    const active = !!old && isActive(old, paidAt);
    const legend = product.tier === 'premium-legend' || (active && old?.tier === 'premium-legend');
    const base = active && old && old.expires_on > paidAt ? old.expires_on : paidAt;
    await saveMember(this.o.store, {
      pubkey: quote.receiver,
      name: active && old ? old.name : quote.name,
      tier: legend ? 'premium-legend' : 'premium',
      expires_on: legend ? 0 : base + product.months * MONTH_SECONDS,
      premium_since: active && old ? old.premium_since : paidAt,
      donated_sats: (old?.donated_sats ?? 0) + quote.amount_sats,
      last_donation: paidAt,
      customization: old?.customization ?? '',
    });
    await keepCurrentContacts(this.o.store, quote.receiver);
  }

  /** Upload limits of an account: members 1 GB per upload and 100 GB stored, others 100 MB per upload. */
  async uploadLimits(pubkey: string): Promise<{ perUpload: number; storage?: number }> {
    const member = await memberByPubkey(this.o.store, pubkey);
    if (member && isActive(member, this.o.now()))
      return { perUpload: MEMBER_UPLOAD_LIMIT, storage: MEMBER_STORAGE_LIMIT };
    return { perUpload: REGULAR_UPLOAD_LIMIT };
  }

  /** Whether `pubkey` is an active member (premium relay, backup). */
  async isMember(pubkey: string): Promise<boolean> {
    const member = await memberByPubkey(this.o.store, pubkey);
    return !!member && isActive(member, this.o.now());
  }

  /** Keeps a member's contact list version as it arrives (the events table keeps only the newest). */
  async noteEvent(event: NostrEvent): Promise<void> {
    if (event.kind !== 3) return;
    const member = await memberByPubkey(this.o.store, event.pubkey);
    if (member && isActive(member, this.o.now())) await keepContactList(this.o.store, event);
  }

  private async history(req: ReturnType<typeof authorise>, now: number): Promise<MembershipAnswer[]> {
    const limit = Math.min(int(req.params.limit, 20), 100);
    const rows = await paidQuotes(
      this.o.store,
      req.pubkey,
      limit,
      int(req.params.until, now),
      int(req.params.offset, 0),
    );
    return this.answer(
      MembershipKind.OrderHistory,
      rows.map((q) => ({
        membership_quote_id: q.id,
        purchased_at: q.paid_at,
        product_id: q.product_id,
        product_label: productById(q.product_id)?.label ?? q.product_id,
        amount_usd: q.amount_usd,
        amount_btc: (q.amount_sats / 100_000_000).toFixed(8),
        currency: 'usd',
      })),
    );
  }

  private async customize(req: ReturnType<typeof authorise>, now: number): Promise<MembershipAnswer[]> {
    const member = await memberByPubkey(this.o.store, req.pubkey);
    if (!member || !isActive(member, now) || member.tier !== 'premium-legend') {
      throw new MembershipRefusal('error: only legends can customize');
    }
    const old = member.customization ? (JSON.parse(member.customization) as Record<string, unknown>) : {};
    const p = req.params;
    if (p.style !== undefined && !LEGEND_STYLES.includes(str(p.style))) throw new MembershipRefusal('invalid: style');
    const next = {
      style: str(p.style) || str(old.style) || 'GOLD',
      custom_badge: typeof p.custom_badge === 'boolean' ? p.custom_badge : old.custom_badge !== false,
      avatar_glow: typeof p.avatar_glow === 'boolean' ? p.avatar_glow : old.avatar_glow !== false,
      in_leaderboard: typeof p.in_leaderboard === 'boolean' ? p.in_leaderboard : old.in_leaderboard !== false,
    };
    await saveMember(this.o.store, { ...member, customization: JSON.stringify(next) });
    return this.answer(MembershipKind.LegendCustomization, { [member.pubkey]: next });
  }

  private exchangeRate(payload: Record<string, unknown>, now: number): MembershipAnswer[] {
    const req = authorise(payload, now, 'operation_event');
    const op = Array.isArray(req.params.operation) ? req.params.operation : ['exchange_rate', req.params];
    if (op[0] !== 'exchange_rate') throw new MembershipRefusal('invalid: unknown wallet operation');
    const target = str((op[1] as Record<string, unknown> | undefined)?.target_currency) || 'USD';
    if (target.toUpperCase() !== 'USD') throw new MembershipRefusal('invalid: only USD rates are known');
    return this.answer(MembershipKind.ExchangeRate, { target_currency: 'USD', rate: this.rate() });
  }

  private async leaderboard(legends: boolean, payload: Record<string, unknown>, now: number) {
    const entries = await leaderboardEntries(this.o.store, legends, payload, now);
    return this.answer(legends ? MembershipKind.LegendLeaderboard : MembershipKind.PremiumLeaderboard, entries);
  }
}
