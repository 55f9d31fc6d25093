import type { CacheEvent } from '../nostr/index.ts';
import { isObject, num, parseJson, parseObject, str } from './json.ts';
import type { Logger } from './logger.ts';

/** Unread state of one DM conversation (kind 10000118 entry). */
export interface DmInfo {
  cnt: number;
  latest_at: number;
  latest_event_id: string;
}

/** A DM contact: who and the conversation's unread state (the user object is joined by the page). */
export interface DmContact {
  pubkey: string;
  dmInfo: DmInfo;
}

/** Parses kind 10000118 `{pubkey: {cnt, latest_at, latest_event_id}}`, newest conversation first. */
export function parseDmContacts(event: CacheEvent, logger?: Logger): DmContact[] {
  const c = parseObject(event.content, logger, 'DM contacts');
  return Object.entries(c)
    .filter((entry): entry is [string, Record<string, unknown>] => isObject(entry[1]))
    .map(([pubkey, info]) => ({
      pubkey,
      dmInfo: { cnt: num(info.cnt), latest_at: num(info.latest_at), latest_event_id: str(info.latest_event_id) },
    }))
    .sort((a, b) => b.dmInfo.latest_at - a.dmInfo.latest_at);
}

/** A premium or legend leaderboard entry (kinds 10000170 / 10000171). */
export interface LeaderboardEntry {
  index: number;
  pubkey: string;
  donated_btc: number;
  last_donation: number;
  premium_since: number;
}

/** Parses a leaderboard (kind 10000170 or 10000171); `donated_btc` arrives as a string. */
export function parseLeaderboard(event: CacheEvent, logger?: Logger): LeaderboardEntry[] {
  const list = parseJson(event.content, logger, 'leaderboard');
  if (!Array.isArray(list)) return [];
  return list.filter(isObject).map((e) => ({
    index: num(e.index),
    pubkey: str(e.pubkey),
    donated_btc: num(e.donated_btc),
    last_donation: num(e.last_donation),
    premium_since: num(e.premium_since),
  }));
}

/** Legend badge styles (spec §3). */
export const LEGEND_STYLES = [
  'GOLD',
  'AQUA',
  'SILVER',
  'PURPLE',
  'PURPLEHAZE',
  'TEAL',
  'BROWN',
  'BLUE',
  'SUNFIRE',
] as const;

/** How a legend's profile is decorated (kind 10000168 entry). */
export interface LegendCustomization {
  style: string;
  custom_badge: boolean;
  avatar_glow: boolean;
  in_leaderboard: boolean;
  current_shoutout?: string;
  edited_shoutout?: string;
}

/** Parses kind 10000168 `{pubkey: {style, custom_badge, avatar_glow, …}}`. */
export function parseLegendCustomization(event: CacheEvent, logger?: Logger): Record<string, LegendCustomization> {
  const c = parseObject(event.content, logger, 'legend customization');
  const out: Record<string, LegendCustomization> = {};
  for (const [pubkey, v] of Object.entries(c)) {
    if (!isObject(v)) continue;
    out[pubkey] = {
      style: str(v.style),
      custom_badge: v.custom_badge === true,
      avatar_glow: v.avatar_glow === true,
      in_leaderboard: v.in_leaderboard === true,
      ...(typeof v.current_shoutout === 'string' ? { current_shoutout: v.current_shoutout } : {}),
      ...(typeof v.edited_shoutout === 'string' ? { edited_shoutout: v.edited_shoutout } : {}),
    };
  }
  return out;
}

/** Why a profile is filtered (kind 10000131); `block` hides it. */
export interface FilteringReason {
  action: 'allow' | 'block';
  pubkey?: string;
  group?: string;
}

/** Parses kind 10000131; `null` content or an unknown action yields `null`. */
export function parseFilteringReason(event: CacheEvent, logger?: Logger): FilteringReason | null {
  const c = parseJson(event.content, logger, 'filtering reason');
  if (!isObject(c) || (c.action !== 'allow' && c.action !== 'block')) return null;
  return {
    action: c.action,
    ...(typeof c.pubkey === 'string' ? { pubkey: c.pubkey } : {}),
    ...(typeof c.group === 'string' ? { group: c.group } : {}),
  };
}

/** Network-wide counters (kind 10000101). */
export interface NetStats {
  users: number;
  pubkeys: number;
  pubnotes: number;
  reactions: number;
  reposts: number;
  any: number;
  zaps: number;
  satszapped: number;
}

/** Parses kind 10000101. */
export function parseNetStats(event: CacheEvent, logger?: Logger): NetStats {
  const c = parseObject(event.content, logger, 'net stats');
  return {
    users: num(c.users),
    pubkeys: num(c.pubkeys),
    pubnotes: num(c.pubnotes),
    reactions: num(c.reactions),
    reposts: num(c.reposts),
    any: num(c.any),
    zaps: num(c.zaps),
    satszapped: num(c.satszapped),
  };
}

/** Explore legend counts (kind 10000102). */
export interface LegendCounts {
  your_follows: number;
  your_inner_network: number;
  your_outer_network: number;
}

/** Parses kind 10000102. */
export function parseLegendCounts(event: CacheEvent, logger?: Logger): LegendCounts {
  const c = parseObject(event.content, logger, 'legend counts');
  return {
    your_follows: num(c.your_follows),
    your_inner_network: num(c.your_inner_network),
    your_outer_network: num(c.your_outer_network),
  };
}

/** Parses a `{key: number}` map (follower counts 10000133, user scores 10000108, topic stats 10000160). */
export function parseNumberMap(event: CacheEvent, logger?: Logger): Record<string, number> {
  const c = parseObject(event.content, logger, 'number map');
  const out: Record<string, number> = {};
  for (const [key, value] of Object.entries(c)) out[key] = num(value);
  return out;
}

/** Parses a `{key: string}` map (Primal verified names 10000158). */
export function parseStringMap(event: CacheEvent, logger?: Logger): Record<string, string> {
  const c = parseObject(event.content, logger, 'string map');
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(c)) if (typeof value === 'string') out[key] = value;
  return out;
}

/** Membership of a user (kind 10000169 entry). */
export interface CohortInfo {
  cohort_1: string;
  cohort_2: string;
  tier: string;
  expires_on: number;
  legend_since?: number;
  premium_since?: number;
  edited_shoutout?: string;
}

/** Parses kind 10000169 `{pubkey: {cohort_1, cohort_2, tier, expires_on, …}}`. */
export function parseCohortInfo(event: CacheEvent, logger?: Logger): Record<string, CohortInfo> {
  const c = parseObject(event.content, logger, 'cohort info');
  const out: Record<string, CohortInfo> = {};
  for (const [pubkey, v] of Object.entries(c)) {
    if (!isObject(v)) continue;
    out[pubkey] = {
      cohort_1: str(v.cohort_1),
      cohort_2: str(v.cohort_2),
      tier: str(v.tier),
      expires_on: num(v.expires_on),
      ...(v.legend_since !== undefined && v.legend_since !== null ? { legend_since: num(v.legend_since) } : {}),
      ...(v.premium_since !== undefined && v.premium_since !== null ? { premium_since: num(v.premium_since) } : {}),
      ...(typeof v.edited_shoutout === 'string' ? { edited_shoutout: v.edited_shoutout } : {}),
    };
  }
  return out;
}

/** Follower growth of a user (kind 10000157 entry). */
export interface FollowerIncrease {
  increase: number;
  ratio: number;
  count: number;
}

/** Parses kind 10000157 `{pubkey: {increase, ratio, count}}`. */
export function parseFollowerIncreases(event: CacheEvent, logger?: Logger): Record<string, FollowerIncrease> {
  const c = parseObject(event.content, logger, 'follower increases');
  const out: Record<string, FollowerIncrease> = {};
  for (const [pubkey, v] of Object.entries(c)) {
    if (isObject(v)) out[pubkey] = { increase: num(v.increase), ratio: num(v.ratio), count: num(v.count) };
  }
  return out;
}
