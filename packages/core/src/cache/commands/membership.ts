import type { LeaderboardEntry, MediaStats, Page } from '../../model/index.ts';
import { assemblePage, parseLeaderboard, parseMediaStats } from '../../model/index.ts';
import type { NostrEvent } from '../../nostr/index.ts';
import { CacheKind } from '../../nostr/index.ts';
import type { CacheClient } from '../cache-client.ts';
import { isCacheNotice } from '../cache-errors.ts';
import type { RequestOptions } from '../cache-options.ts';
import type { WalletClient } from '../wallet-client.ts';
import { type CommandClient, compact, contentOf, type PageOptions, requestEvents } from './command-helpers.ts';

/** Membership tiers. */
export type MembershipTier = 'none' | 'premium' | 'premium-legend';

/** A user's membership (`membership_status`). */
export interface MembershipStatus {
  pubkey?: string;
  tier: MembershipTier;
  name?: string;
  rename?: string;
  nostr_address?: string;
  lightning_address?: string;
  primal_vip_profile?: string;
  used_storage?: number;
  expires_on?: number;
}

type Signed = { event_from_user: NostrEvent };

/** `membership_status` (wallet socket): no answer means tier none. */
export async function fetchMembershipStatus(
  wallet: WalletClient,
  params: Signed,
  options?: RequestOptions,
): Promise<MembershipStatus> {
  const content = contentOf(await wallet.request('membership_status', params, options));
  if (typeof content !== 'object' || content === null) return { tier: 'none' };
  const status = content as MembershipStatus;
  return { ...status, tier: status.tier ?? 'none' };
}

/** `membership_name_available`: true only when the service says available; a NOTICE means not available. */
export async function isMembershipNameAvailable(
  wallet: WalletClient,
  params: { name: string; pubkey?: string },
  options?: RequestOptions,
): Promise<boolean> {
  try {
    const content = contentOf(await wallet.request('membership_name_available', compact(params), options));
    return (content as { available?: unknown } | undefined)?.available === true;
  } catch (error) {
    if (isCacheNotice(error)) return false;
    throw error;
  }
}

/** A signed membership call that returns the content of its answer (change name, purchase, history, legend). */
export async function membershipCall(
  wallet: WalletClient,
  command:
    | 'membership_change_name'
    | 'membership_purchase_product'
    | 'membership_stripe_checkout_session_check_status'
    | 'membership_legend_customization',
  params: Signed,
  options?: RequestOptions,
): Promise<unknown> {
  return contentOf(await wallet.request(command, params, options));
}

/** `membership_purchase_history`: past purchases (10000605) with paging. */
export async function fetchPurchaseHistory(wallet: WalletClient, params: Signed, options?: PageOptions) {
  const events = await wallet.request('membership_purchase_history', params, options);
  return { orders: contentOf(events, CacheKind.OrderHistory), page: assemblePage(events, options?.previous) };
}

/** `membership_purchase_monitor` (live): calls back with `completed_at` once paid; returns the stop function. */
export function monitorPurchase(
  wallet: WalletClient,
  params: { membership_quote_id: string },
  onCompleted: (completedAt: number) => void,
): () => void {
  return wallet.subscribe('membership_purchase_monitor', params, (event) => {
    const content = contentOf([event]) as { completed_at?: unknown } | undefined;
    if (typeof content?.completed_at === 'number') onCompleted(content.completed_at);
  });
}

/** `wallet` with a signed operation event, e.g. the exchange rate; resolves with the answer's content. */
export async function walletOperation(
  wallet: WalletClient,
  params: { operation_event: NostrEvent },
  options?: RequestOptions,
): Promise<unknown> {
  return contentOf(await wallet.request('wallet', params, options));
}

/** The USD per BTC rate from a `wallet` exchange_rate answer (kind 10000305), or 0. */
export async function fetchExchangeRate(
  wallet: WalletClient,
  params: { operation_event: NostrEvent },
  options?: RequestOptions,
): Promise<number> {
  const rate = (
    contentOf(await wallet.request('wallet', params, options), CacheKind.ExchangeRate) as { rate?: unknown } | undefined
  )?.rate;
  return typeof rate === 'number' ? rate : Number(rate) || 0;
}

/** `membership_premium_leaderboard` / `membership_legends_leaderboard` (cache socket): entries plus profiles. */
export async function fetchLeaderboard(
  client: CommandClient,
  which: 'premium' | 'legends',
  params: {
    order_by: 'last_donation' | 'donated_btc' | 'premium_since';
    limit?: number;
    until?: number;
    offset?: number;
  },
  options?: PageOptions,
): Promise<{ entries: LeaderboardEntry[]; page: Page }> {
  const events = await requestEvents(client, `membership_${which}_leaderboard`, { limit: 20, ...params }, options);
  const kind = which === 'premium' ? CacheKind.PremiumLeaderboard : CacheKind.LegendLeaderboard;
  const board = events.find((e) => e.kind === kind);
  return { entries: board ? parseLeaderboard(board) : [], page: assemblePage(events, options?.previous) };
}

/** `membership_media_management_stats` (cache socket): stored media counts. */
export async function fetchMediaStats(client: CommandClient, params: Signed, options?: RequestOptions) {
  const event = (await requestEvents(client, 'membership_media_management_stats', params, options)).find(
    (e) => e.kind === CacheKind.MediaStats,
  );
  return event ? parseMediaStats(event) : ({ video: 0, image: 0, other: 0 } satisfies MediaStats);
}

/** Premium content commands on the cache socket, each with a signed request; resolves with the raw events. */
export function premiumContentCall(
  client: CommandClient,
  command:
    | 'membership_media_management_uploads'
    | 'membership_media_management_delete'
    | 'membership_recovery_contact_lists'
    | 'membership_content_stats'
    | 'membership_content_backup'
    | 'membership_content_rebroadcast_start'
    | 'membership_content_rebroadcast_cancel',
  params: Signed & { limit?: number; until?: number; offset?: number; kinds?: number[] },
  options?: RequestOptions,
) {
  return requestEvents(client, command, params, options);
}

/** `rebroadcasting_status` (live): rebroadcast progress pushed every 2 s; returns the function that sends CLOSE. */
export function subscribeRebroadcastStatus(
  client: CacheClient,
  params: Signed,
  onStatus: (status: unknown) => void,
): () => void {
  return client.subscribe(
    'rebroadcasting_status',
    params,
    (event) => {
      if (event.kind === CacheKind.BroadcastStatus) onStatus(contentOf([event]));
    },
    { closeExtra: () => ({ cache: ['rebroadcasting_status'] }) },
  );
}
