import type { CacheEvent, NostrEvent } from '@tide/core/nostr';
import type { Store } from '../store/open-store.ts';
import type { ZapReceiptsTable } from '../store/schema.ts';
import { crossServerFeedOf, onStoreChanges } from './change-feed.ts';
import type { StoreChangeSet } from './change-set.ts';
import { Lru } from './lru.ts';

/** The viewer-independent row pieces of one stored event: the event, its 10000100 stats, its relay hint. */
export interface EventPiece {
  event: NostrEvent;
  stats?: CacheEvent;
  relay?: string;
}

/** A zap row of a post's top zaps (the zap_receipts columns answers use). */
export type ZapPiece = Pick<
  ZapReceiptsTable,
  'receipt_id' | 'created_at' | 'sender' | 'receiver' | 'amount_sats' | 'target_event_id'
>;

/** A current replaceable or addressable version of a user's: its kind, identifier ('' for replaceable) and event. */
export interface ReplaceablePiece {
  pubkey: string;
  kind: number;
  identifier: string;
  event_id: string;
}

/**
 * A member row of the membership service (`members` table) as answers read it: active or not is decided at answer time
 * from `tier` and `expires_on` (0 for legends), so a cached row of a member whose premium lapses stops showing.
 */
export interface MemberPiece {
  pubkey: string;
  name: string;
  tier: 'premium' | 'premium-legend';
  expires_on: number;
  premium_since: number;
  donated_sats: number;
  last_donation: number;
  /** The legend's customization as JSON ('' for none). */
  customization: string;
}

/** Bounds of a ReadCache: entries per piece map, and about how many bytes of text each map holds. */
export interface ReadCacheLimits {
  events: number;
  users: number;
  media: number;
  bytes: number;
}

/**
 * Default bounds: 60k events, 30k users, 60k media/link objects, about 192 MiB of text per map. A fresh 1M PostgreSQL
 * server's first seconds read more than 20k events (the old bound): at 20k the pieces it had read were let go and read
 * again, ~20% more statements and ~25% more PostgreSQL CPU per computed answer; the warm start loads half of each.
 */
export const READ_CACHE_LIMITS: ReadCacheLimits = { events: 60_000, users: 30_000, media: 60_000, bytes: 192 << 20 };

/** About the bytes an event takes (content, tags, fixed fields; UTF-16 strings, object overhead). */
function eventBytes(e: NostrEvent): number {
  let n = 400 + 2 * e.content.length;
  for (const tag of e.tags) {
    n += 40;
    for (const v of tag) n += 24 + 2 * v.length;
  }
  return n;
}

const pieceBytes = (p: EventPiece | null) => (p ? eventBytes(p.event) + 2 * (p.stats?.content?.length ?? 0) : 50);
const profileBytes = (e: NostrEvent | null) => (e ? eventBytes(e) : 50);
const objectBytes = (o: CacheEvent | null) => 100 + 2 * (o?.content?.length ?? 0);

/**
 * Pieces answers are built from, kept across answers and viewers for one store: events with their stats and relay
 * hint by id; users' current kind 0, follower count, verified name, member row and replaceable versions by pubkey;
 * 10000119 media, 10000128 links and top zaps by event id (null = known absent).
 * Exact: every ingest write reports what it changed (`StoreChangeSet`, see ingest's ChangeRecorder) and those entries
 * go at once; a piece loaded while a change was applied is used for its answer but not kept (`generation`).
 */
export class ReadCache {
  readonly events: Lru<string, EventPiece | null>;
  readonly profiles: Lru<string, NostrEvent | null>;
  readonly followers: Lru<string, number | null>;
  readonly media: Lru<string, CacheEvent | null>;
  /** 10000128 link previews by event id (null: none). */
  readonly links: Lru<string, CacheEvent | null>;
  /** Each post's top 5 zap rows (null: none). */
  readonly zaps: Lru<string, ZapPiece[] | null>;
  /**
   * Each user's 10000158 verified name by pubkey (null: none). No ingest writes verified_users: names written beside
   * this process show within the cache's maximum age, like other writes it never hears of.
   */
  readonly verified: Lru<string, string | null>;
  /** Each user's current replaceable and addressable versions (kind, identifier, event id) by pubkey (null: none). */
  readonly replaceables: Lru<string, ReplaceablePiece[] | null>;
  /**
   * Each user's member row by pubkey (null: none), read with the verified names. The membership service's writes name
   * the member's pubkey in a change set (`member-store.ts`), so they go at once; other processes' within the max age.
   */
  readonly members: Lru<string, MemberPiece | null>;
  private gen = 0;

  constructor(limits: ReadCacheLimits = READ_CACHE_LIMITS) {
    this.events = new Lru(limits.events, pieceBytes, limits.bytes);
    this.profiles = new Lru(limits.users, profileBytes, limits.bytes);
    this.followers = new Lru(limits.users);
    this.media = new Lru(limits.media, objectBytes, limits.bytes);
    this.zaps = new Lru(limits.events);
    this.links = new Lru(limits.media, objectBytes, limits.bytes);
    this.verified = new Lru(limits.users);
    this.replaceables = new Lru(limits.users);
    this.members = new Lru(limits.users);
  }

  /** Bumped by every applied change: a load that started at another generation must not be kept. */
  get generation(): number {
    return this.gen;
  }

  /** Forgets what `changes` touched. */
  apply(changes: StoreChangeSet): void {
    this.gen += 1;
    if (changes.all) {
      this.clear();
      return;
    }
    if (changes.media) this.media.clear();
    if (changes.links) this.links.clear();
    for (const id of changes.events) {
      this.events.delete(id);
      this.media.delete(id);
      this.zaps.delete(id);
      this.links.delete(id);
    }
    for (const pubkey of changes.pubkeys) {
      this.profiles.delete(pubkey);
      this.followers.delete(pubkey);
      this.replaceables.delete(pubkey);
      this.members.delete(pubkey);
    }
  }

  /** Forgets everything. */
  clear(): void {
    this.gen += 1;
    this.events.clear();
    this.profiles.clear();
    this.followers.clear();
    this.media.clear();
    this.zaps.clear();
    this.links.clear();
    this.verified.clear();
    this.replaceables.clear();
    this.members.clear();
  }

  /** Forgets the pieces no change set is sure to name (verified names, member rows written beside this process). */
  clearUnnamed(): void {
    this.verified.clear();
    this.members.clear();
  }

  /**
   * The values of `keys` from `lru`, loading the missing ones with `load` (absent from its map = none) and keeping
   * them unless a change came in meanwhile. The result holds only keys that have a value.
   */
  async lookup<V>(
    lru: Lru<string, V | null>,
    keys: readonly string[],
    load: (missing: string[]) => Promise<Map<string, V>>,
  ): Promise<Map<string, V>> {
    const out = new Map<string, V>();
    const missing: string[] = [];
    for (const key of keys) {
      const hit = lru.get(key);
      if (hit === undefined) missing.push(key);
      else if (hit !== null) out.set(key, hit);
    }
    if (missing.length === 0) return out;
    const at = this.gen;
    const loaded = await load(missing);
    const keep = at === this.gen;
    for (const key of missing) {
      const value = loaded.get(key);
      if (value !== undefined) out.set(key, value);
      if (keep) lru.set(key, value ?? null);
    }
    return out;
  }
}

const caches = new WeakMap<Store, { cache: ReadCache; users: number; stop: () => void }>();

/** How often the whole read cache is let go by default (the answer cache's maximum age while nothing changed). */
export const READ_CACHE_MAX_AGE_MS = 30_000;

/**
 * Turns the read cache of `store` on (servers do, unless answer reuse is off); returns the function that turns it off
 * again (it stays on while any server that turned it on still wants it). Every `maxAgeMs` it starts empty again, so
 * writes this process never hears of (another server on the same database) show within that bound, as in answers;
 * while a healthy cross-server feed tells it of those writes (`cross-server-feed.ts`: PostgreSQL change sets, SQLite
 * data_version), only the pieces no change set is sure to name (verified names, member rows) go.
 */
export function enableReadCache(
  store: Store,
  limits?: ReadCacheLimits,
  maxAgeMs: number = READ_CACHE_MAX_AGE_MS,
): () => void {
  let entry = caches.get(store);
  if (!entry) {
    const cache = new ReadCache(limits);
    const stopFeed = onStoreChanges(store, (changes) => cache.apply(changes));
    // with a healthy feed of other servers' changes only what no change set is sure to name (verified names, member
    // rows) goes
    const timer = setInterval(
      () => (crossServerFeedOf(store)?.healthy() ? cache.clearUnnamed() : cache.clear()),
      maxAgeMs,
    );
    timer.unref?.();
    const stop = () => {
      stopFeed();
      clearInterval(timer);
    };
    entry = { cache, users: 0, stop };
    caches.set(store, entry);
  }
  const own = entry;
  own.users += 1;
  let on = true;
  return () => {
    if (!on) return;
    on = false;
    own.users -= 1;
    if (own.users > 0) return;
    own.stop();
    own.cache.clear();
    if (caches.get(store) === own) caches.delete(store);
  };
}

/** The read cache of `store` when one is on. */
export function readCacheOf(store: Store): ReadCache | undefined {
  return caches.get(store)?.cache;
}
