import { type CommandClient, dvmFeedSpec, fetchDvmFeedInfo, fetchFeaturedDvmFeeds } from '@tide/core/cache';
import { emptyUser, type OlderCursor, type Page, parseUser, type User } from '@tide/core/model';
import { type CacheEvent, CacheKind, Kind } from '@tide/core/nostr';
import { fetchSpecPage } from '../../data/spec-page.ts';

/** A DVM feed of the marketplace (NIP-89 handler 31990 with the service's metadata and counts). */
export interface DvmFeed {
  /** Handler event id. */
  id: string;
  /** The handler's `d` tag. */
  identifier: string;
  pubkey: string;
  name: string;
  about: string;
  /** Icon (`picture`) and banner (`image`) URLs as given: pass through `safeUrl` before use. */
  picture: string;
  image: string;
  /** Whether the feed asks for payment or a verified name. */
  paid: boolean;
  kind: 'notes' | 'reads';
  likes: number;
  satszapped: number;
  author: User;
}

/** What a `/explore/feed/:id` of a DVM feed names: `<identifier>_by_<pubkey>`. */
export interface DvmFeedAddress {
  identifier: string;
  pubkey: string;
}

const HEX64 = /^[0-9a-f]{64}$/;

function record(text: unknown): Record<string, unknown> {
  if (typeof text !== 'string') return {};
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/** Parses a marketplace answer (31990 + 10000159 + 10000100 + kind 0) into feeds, in the answer's order. */
export function parseDvmFeeds(events: readonly CacheEvent[]): DvmFeed[] {
  const kinds = new Map<string, 'notes' | 'reads'>();
  const stats = new Map<string, { likes: number; satszapped: number }>();
  const users = new Map<string, User>();
  for (const e of events) {
    if (e.kind === CacheKind.DvmMetadata) {
      const c = record(e.content);
      kinds.set(str(c.event_id), c.kind === 'reads' ? 'reads' : 'notes');
    } else if (e.kind === CacheKind.NoteStats) {
      const c = record(e.content);
      stats.set(str(c.event_id), { likes: num(c.likes), satszapped: num(c.satszapped) });
    } else if (e.kind === Kind.Metadata && typeof e.pubkey === 'string') {
      users.set(e.pubkey, parseUser(e));
    }
  }
  const feeds: DvmFeed[] = [];
  for (const e of events) {
    if (e.kind !== Kind.DvmFeed || typeof e.id !== 'string' || typeof e.pubkey !== 'string') continue;
    const c = record(e.content);
    const tags = Array.isArray(e.tags) ? e.tags : [];
    const identifier = tags.find((t) => t[0] === 'd')?.[1] ?? '';
    const amount = str(c.amount);
    const counts = stats.get(e.id);
    feeds.push({
      id: e.id,
      identifier,
      pubkey: e.pubkey,
      name: str(c.name) || identifier,
      about: str(c.about),
      picture: str(c.picture),
      image: str(c.image),
      paid:
        (amount !== '' && amount !== 'free' && Number.parseInt(amount, 10) > 0) || c.primalVerifiedRequired === true,
      kind: kinds.get(e.id) ?? (tags.some((t) => t[0] === 'k' && t[1] === String(Kind.LongForm)) ? 'reads' : 'notes'),
      likes: counts?.likes ?? 0,
      satszapped: counts?.satszapped ?? 0,
      author: users.get(e.pubkey) ?? emptyUser(e.pubkey),
    });
  }
  return feeds;
}

/** The `/explore/feed/:id` id of a DVM feed. */
export function dvmFeedRouteId(feed: DvmFeedAddress): string {
  return `${feed.identifier}_by_${feed.pubkey}`;
}

/** Parses `<identifier>_by_<pubkey>`; undefined unless the pubkey is 64 hex and the identifier is not empty. */
export function parseDvmFeedRouteId(id: string): DvmFeedAddress | undefined {
  const cut = id.lastIndexOf('_by_');
  if (cut <= 0) return undefined;
  const pubkey = id.slice(cut + 4);
  return HEX64.test(pubkey) ? { identifier: id.slice(0, cut), pubkey } : undefined;
}

/** The feed marketplace (`get_featured_dvm_feeds`). */
export async function loadDvmFeeds(
  client: CommandClient,
  viewer: string | null,
  signal?: AbortSignal,
): Promise<DvmFeed[]> {
  const events = await fetchFeaturedDvmFeeds(client, viewer ? { user_pubkey: viewer } : {}, {
    signal,
    purpose: 'explore_dvm_feeds',
  });
  return parseDvmFeeds(events);
}

/** One DVM feed by address (`dvm_feed_info`); null when the service does not know it. */
export async function loadDvmFeed(
  client: CommandClient,
  address: DvmFeedAddress,
  viewer: string | null,
  signal?: AbortSignal,
): Promise<DvmFeed | null> {
  const events = await fetchDvmFeedInfo(
    client,
    { identifier: address.identifier, pubkey: address.pubkey, ...(viewer ? { user_pubkey: viewer } : {}) },
    { signal, purpose: 'explore_dvm' },
  );
  return parseDvmFeeds(events)[0] ?? null;
}

/** One page (20) of a DVM feed's notes or reads through `mega_feed_directive` `{dvm_id, dvm_pubkey, kind}`. */
export function fetchDvmFeedPage(
  client: CommandClient,
  feed: DvmFeedAddress & { kind: 'notes' | 'reads' },
  cursor: OlderCursor | undefined,
  viewer: string | null,
  signal?: AbortSignal,
): Promise<Page> {
  const spec = dvmFeedSpec({ dvm_id: feed.identifier, dvm_pubkey: feed.pubkey, kind: feed.kind });
  return fetchSpecPage(client, spec, cursor, viewer, 'explore_dvm_feed', signal);
}
