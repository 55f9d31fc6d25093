import {
  fetchMembershipStatus,
  fetchPurchaseHistory,
  isMembershipNameAvailable,
  type MembershipStatus,
  membershipCall,
  monitorPurchase,
  WalletClient,
} from '@tide/core/cache';
import { resolveCacheUrl } from '../../data/cache-url.ts';
import { readStorage, STORAGE_KEYS } from '../../state/storage.ts';

/** The membership socket's address: the caching service's host with the path `/wallet/v1`. */
export function membershipUrl(cacheUrl: string): string {
  const url = new URL(cacheUrl);
  url.pathname = '/wallet/v1';
  url.search = '';
  return url.toString();
}

/** The membership status as the premium pages read it: the tier, and for a lapsed membership when it ended. */
export type MemberStatus = MembershipStatus & {
  /** Set when tier is 'none' but the user was a member: when the membership ended (seconds). */
  expired_on?: number;
  /** The premium relay's address (members only). */
  premium_relay?: string;
  premium_since?: number;
};

/** Reads a status answer: unknown or malformed fields dropped, `expired_on` and `expires_on` as numbers. */
export function parseMemberStatus(raw: MembershipStatus): MemberStatus {
  const r = raw as MembershipStatus & Record<string, unknown>;
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : undefined);
  const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  const out: MemberStatus = { tier: r.tier === 'premium' || r.tier === 'premium-legend' ? r.tier : 'none' };
  for (const key of ['pubkey', 'name', 'nostr_address', 'premium_relay'] as const) {
    const v = text(r[key]);
    if (v) out[key] = v;
  }
  for (const key of ['expires_on', 'expired_on', 'premium_since', 'used_storage'] as const) {
    const v = num(r[key]);
    if (v !== undefined) out[key] = v;
  }
  return out;
}

/** A purchase quote (`membership_purchase_product`, kind 10000602). */
export interface MembershipQuote {
  membership_quote_id: string;
  qr_code?: string;
  invoice: string;
  amount_usd?: string;
  amount_btc?: string;
  product_id?: string;
}

/** What the premium screens ask the membership service (one socket, opened on first use). */
export interface MembershipApi {
  status(): Promise<MemberStatus>;
  nameAvailable(name: string): Promise<boolean>;
  purchase(productId: string, name: string, amountUsd?: number): Promise<MembershipQuote>;
  monitor(quoteId: string, onPaid: () => void): () => void;
  changeName(name: string): Promise<{ name?: string; nostr_address?: string }>;
  history(): Promise<PurchaseRecord[]>;
  customizeLegend(choice: { style?: string; custom_badge?: boolean; avatar_glow?: boolean }): Promise<void>;
}

/** One paid purchase (`membership_purchase_history`, kind 10000605). */
export interface PurchaseRecord {
  membership_quote_id: string;
  purchased_at: number;
  product_id: string;
  product_label?: string;
  amount_usd?: string;
  amount_btc?: string;
}

type Sign = (content: unknown) => Promise<Parameters<typeof fetchMembershipStatus>[1]['event_from_user'] | null>;

/** Signs a membership request (kind 30078, `p` = the user, content = the command's params) through the publisher. */
const signRequest: Sign = async (content) => {
  const { signEvent } = await import('../publish/index.ts');
  const { stores } = await import('../../state/stores.ts');
  const me = stores.session.getState().publicKey;
  if (!me) return null;
  return signEvent({ kind: 30078, content: JSON.stringify(content ?? {}), tags: [['p', me]] });
};

let shared: { wallet: WalletClient; opening: Promise<void> } | null = null;

async function openWallet(): Promise<WalletClient> {
  if (!shared) {
    const location = globalThis.location ?? { protocol: 'http:', host: '127.0.0.1' };
    const wallet = new WalletClient({
      url: membershipUrl(resolveCacheUrl(readStorage(STORAGE_KEYS.cacheServer), location)),
      appId: 'tide-premium',
    });
    shared = { wallet, opening: wallet.open() };
    shared.opening.catch(() => {
      shared = null;
    });
  }
  await shared.opening;
  return shared.wallet;
}

/** A signed membership request `{ event_from_user }` (also for the premium commands on the cache socket). */
export async function signed(content: unknown) {
  const event = await signRequest(content);
  if (!event) throw new Error('not signed');
  return { event_from_user: event };
}

/** The membership API over the real wallet socket. */
export const membershipApi: MembershipApi = {
  async status() {
    const wallet = await openWallet();
    return parseMemberStatus(await fetchMembershipStatus(wallet, await signed({})));
  },
  async nameAvailable(name) {
    const wallet = await openWallet();
    return isMembershipNameAvailable(wallet, { name });
  },
  async purchase(productId, name, amountUsd) {
    const wallet = await openWallet();
    const params = { product_id: productId, name, ...(amountUsd ? { amount_usd: amountUsd } : {}) };
    const quote = (await membershipCall(wallet, 'membership_purchase_product', await signed(params))) as
      | MembershipQuote
      | undefined;
    if (!quote?.invoice) throw new Error('no quote');
    return quote;
  },
  monitor(quoteId, onPaid) {
    let stop: (() => void) | null = null;
    let stopped = false;
    void openWallet().then((wallet) => {
      if (!stopped) stop = monitorPurchase(wallet, { membership_quote_id: quoteId }, () => onPaid());
    });
    return () => {
      stopped = true;
      stop?.();
    };
  },
  async changeName(name) {
    const wallet = await openWallet();
    const out = (await membershipCall(wallet, 'membership_change_name', await signed({ name }))) as
      | { name?: string; nostr_address?: string }
      | undefined;
    return out ?? {};
  },
  async history() {
    const wallet = await openWallet();
    const { orders } = await fetchPurchaseHistory(wallet, await signed({ limit: 100 }));
    return Array.isArray(orders) ? (orders as PurchaseRecord[]) : [];
  },
  async customizeLegend(choice) {
    const wallet = await openWallet();
    await membershipCall(wallet, 'membership_legend_customization', await signed(choice));
  },
};
