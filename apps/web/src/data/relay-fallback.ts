import { type CommandClient, fetchDefaultRelays, fetchUserRelays } from '@tide/core/cache';
import { assemblePage, type Page } from '@tide/core/model';
import type { CacheEvent, NostrEvent } from '@tide/core/nostr';
import { type Filter, RelayPool } from '@tide/core/relay';
import { useEffect, useState } from 'react';
import { readStorage, writeStorage } from '../state/storage.ts';
import { useSession } from '../state/stores.ts';

/** The caching service counts as unreachable after this long without a connection (issue 5: "a few seconds"). */
export const FALLBACK_AFTER_MS = 4000;
/** localStorage key of relays the user chose for reading when the caching service is down (JSON list or words). */
export const FALLBACK_RELAYS_KEY = 'fallbackRelays';
/** localStorage key of the relays learnt from the caching service (the user's read relays, else the defaults). */
export const KNOWN_RELAYS_KEY = 'knownRelays';
/** At most this many relays are asked. */
export const MAX_FALLBACK_RELAYS = 8;
/** Notes per fallback page (spec §9: 20). */
export const FALLBACK_PAGE = 20;
/** Replies and parents read for a thread (spec §9: thread 100). */
export const FALLBACK_THREAD_LIMIT = 100;

/** ws:// and wss:// URLs from a JSON list or a whitespace/comma separated string; anything else is dropped. */
export function parseRelayList(value: string | null): string[] {
  if (!value) return [];
  let items: unknown;
  try {
    items = JSON.parse(value);
  } catch {
    items = value.split(/[\s,]+/);
  }
  if (!Array.isArray(items)) return [];
  return items
    .filter((u): u is string => typeof u === 'string' && /^wss?:\/\/[^\s]+$/.test(u.trim()))
    .map((u) => u.trim());
}

/** Relays to read when the service is down: the user's chosen ones first, then the learnt ones; unique, at most 8. */
export function fallbackRelayUrls(): string[] {
  const all = [...parseRelayList(readStorage(FALLBACK_RELAYS_KEY)), ...parseRelayList(readStorage(KNOWN_RELAYS_KEY))];
  return [...new Set(all)].slice(0, MAX_FALLBACK_RELAYS);
}

/** Asks the caching service for the viewer's read relays (else the default relays) and remembers them. */
export async function rememberRelays(client: CommandClient, viewer: string | null): Promise<string[]> {
  let relays: string[] = [];
  if (viewer) {
    const flags = await fetchUserRelays(client, { pubkey: viewer });
    relays = Object.entries(flags)
      .filter(([, f]) => f.read)
      .map(([url]) => url);
  }
  if (!relays.length) relays = await fetchDefaultRelays(client);
  const valid = parseRelayList(JSON.stringify(relays));
  if (valid.length) writeStorage(KNOWN_RELAYS_KEY, JSON.stringify(valid));
  return valid;
}

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

/**
 * True once the caching service has not been connected for {@link FALLBACK_AFTER_MS} (a first connection attempt that fails
 * included; idle, before any request, does not count); false again as soon as it connects. Sleep (spec §4) never counts as unreachable.
 */
export function useCacheUnreachable(afterMs = FALLBACK_AFTER_MS): boolean {
  const status = useSession((s) => s.cacheStatus);
  const asleep = useSession((s) => s.activity === 'sleep');
  const down = !asleep && status !== 'connected' && status !== 'idle';
  const [late, setLate] = useState(false);
  useEffect(() => {
    setLate(false);
    if (!down) return;
    const timer = setTimeout(() => setLate(true), afterMs);
    return () => clearTimeout(timer);
  }, [down, afterMs]);
  return down && late;
}
