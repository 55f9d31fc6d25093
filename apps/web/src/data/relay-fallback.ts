import { assemblePage, type Page } from '@tide/core/model';
import type { CacheEvent, NostrEvent } from '@tide/core/nostr';
import { type Filter, RelayPool } from '@tide/core/relay';

// Reading the user's relays directly while the caching service is unreachable (when: relay-fallback-status.ts).

/** Notes per fallback page (spec §9: 20). */
export const FALLBACK_PAGE = 20;
/** Replies and parents read for a thread (spec §9: thread 100). */
export const FALLBACK_THREAD_LIMIT = 100;

let pool: RelayPool | null = null;

/** The app's one relay pool for fallback reads (events are signature-checked by each connection). */
export function fallbackPool(): RelayPool {
  pool ??= new RelayPool({ timing: { eoseTimeoutMs: 4000 } });
  return pool;
}

/** Relay events as page input. */
function page(events: readonly NostrEvent[]): Page {
  return assemblePage(events.map((e): CacheEvent => ({ ...e })));
}

type Query = (filters: Filter[]) => Promise<NostrEvent[]>;

function queryOn(relayPool: RelayPool, relays: readonly string[]): Query {
  if (!relays.length) return () => Promise.reject(new Error('no relays to read'));
  return (filters) => relayPool.query(relays, filters);
}

async function withProfiles(query: Query, events: NostrEvent[]): Promise<NostrEvent[]> {
  const authors = [...new Set(events.map((e) => e.pubkey))];
  const profiles = authors.length ? await query([{ kinds: [0], authors }]) : [];
  return [...profiles, ...events];
}

/** A thread read from relays: the note's parents (oldest first), the note, then its replies (oldest first). */
export async function loadThreadFromRelays(
  relayPool: RelayPool,
  relays: readonly string[],
  noteId: string,
): Promise<Page> {
  const query = queryOn(relayPool, relays);
  const [primary] = await query([{ ids: [noteId] }]);
  if (!primary) return assemblePage([]);
  const parentIds = (primary.tags ?? []).filter((t) => t[0] === 'e' && t[1]).map((t) => t[1] as string);
  const [parents, replies] = await Promise.all([
    parentIds.length ? query([{ ids: parentIds }]) : Promise.resolve([]),
    query([{ kinds: [1], '#e': [noteId], limit: FALLBACK_THREAD_LIMIT }]),
  ]);
  const byTime = (a: NostrEvent, b: NostrEvent) => a.created_at - b.created_at;
  const ordered = [...parents.sort(byTime), primary, ...replies.filter((r) => r.id !== noteId).sort(byTime)];
  return page(await withProfiles(query, ordered));
}

/** A profile read from relays: the kind-0 profile and the newest 20 notes (newest first). */
export async function loadProfileFromRelays(
  relayPool: RelayPool,
  relays: readonly string[],
  pubkey: string,
): Promise<Page> {
  const query = queryOn(relayPool, relays);
  const [profile, notes] = await Promise.all([
    query([{ kinds: [0], authors: [pubkey], limit: 1 }]),
    query([{ kinds: [1, 6], authors: [pubkey], limit: FALLBACK_PAGE }]),
  ]);
  return page([...profile, ...notes.slice(0, FALLBACK_PAGE)]);
}

/** Home read from relays for a known pubkey: the newest 20 notes of the people it follows (kind 3). */
export async function loadHomeFromRelays(
  relayPool: RelayPool,
  relays: readonly string[],
  pubkey: string,
): Promise<Page> {
  const query = queryOn(relayPool, relays);
  const [contacts] = await query([{ kinds: [3], authors: [pubkey], limit: 1 }]);
  const follows = (contacts?.tags ?? []).filter((t) => t[0] === 'p' && t[1]).map((t) => t[1] as string);
  if (!follows.length) return assemblePage([]);
  const notes = await query([{ kinds: [1, 6], authors: follows.slice(0, 500), limit: FALLBACK_PAGE }]);
  return page(await withProfiles(query, notes.slice(0, FALLBACK_PAGE)));
}
