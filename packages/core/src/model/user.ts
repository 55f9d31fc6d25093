import type { CacheEvent, Tag } from '../nostr/index.ts';
import { npubOf } from './bech32.ts';
import { isObject, num, parseObject, str } from './json.ts';
import type { Logger } from './logger.ts';

/** Profile statistics (kind 10000105, spec §3). */
export interface UserStats {
  pubkey: string;
  follows_count: number;
  followers_count: number;
  note_count: number;
  reply_count: number;
  time_joined: number;
  total_zap_count: number;
  total_satszapped: number;
  relay_count: number;
  media_count: number;
  long_form_note_count: number;
  followers_increase?: { increase: number; ratio: number; count: number };
}

/** A user profile built from a kind-0 event (spec §3); blank fields when no profile is known. */
export interface User {
  id: string;
  pubkey: string;
  npub: string;
  tags: Tag[];
  name: string;
  displayName: string;
  about: string;
  picture: string;
  banner: string;
  nip05: string;
  location: string;
  lud06: string;
  lud16: string;
  website: string;
  /** The raw kind-0 event, when there was one. */
  msg?: CacheEvent;
  created_at: number;
  userStats?: UserStats;
}

/** An empty user for `pubkey`: every text field blank (a missing profile, spec §3). */
export function emptyUser(pubkey: string, userStats?: UserStats): User {
  return {
    id: '',
    pubkey,
    npub: npubOf(pubkey),
    tags: [],
    name: '',
    displayName: '',
    about: '',
    picture: '',
    banner: '',
    nip05: '',
    location: '',
    lud06: '',
    lud16: '',
    website: '',
    created_at: 0,
    userStats,
  };
}

/** Builds a user from a kind-0 event; invalid metadata JSON is logged and treated as empty. */
export function parseUser(event: CacheEvent, logger?: Logger, userStats?: UserStats): User {
  const pubkey = str(event.pubkey);
  const meta = parseObject(event.content, logger, `metadata of ${pubkey}`);
  const displayName = str(meta.displayName) || str(meta.display_name);
  return {
    ...emptyUser(pubkey, userStats),
    id: str(event.id),
    tags: event.tags ?? [],
    name: str(meta.name),
    displayName,
    about: str(meta.about),
    picture: str(meta.picture),
    banner: str(meta.banner),
    nip05: str(meta.nip05),
    location: str(meta.location),
    lud06: str(meta.lud06),
    lud16: str(meta.lud16),
    website: str(meta.website),
    msg: event,
    created_at: num(event.created_at),
  };
}

/** Parses profile statistics (kind 10000105); `undefined` when there is no pubkey. */
export function parseUserStats(event: CacheEvent, logger?: Logger): UserStats | undefined {
  const c = parseObject(event.content, logger, 'user stats');
  const pubkey = str(c.pubkey);
  if (!pubkey) return undefined;
  const inc = c.followers_increase;
  return {
    pubkey,
    follows_count: num(c.follows_count),
    followers_count: num(c.followers_count),
    note_count: num(c.note_count),
    reply_count: num(c.reply_count),
    time_joined: num(c.time_joined),
    total_zap_count: num(c.total_zap_count),
    total_satszapped: num(c.total_satszapped),
    relay_count: num(c.relay_count),
    media_count: num(c.media_count),
    long_form_note_count: num(c.long_form_note_count),
    ...(isObject(inc)
      ? { followers_increase: { increase: num(inc.increase), ratio: num(inc.ratio), count: num(inc.count) } }
      : {}),
  };
}
