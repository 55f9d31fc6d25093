import { assemblePage, type Page, repostOriginal, repostTargetId } from '@tide/core/model';
import { type CacheEvent, Kind, type NostrEvent } from '@tide/core/nostr';
import { type AuthSigner, type Filter, RelayPool } from '@tide/core/relay';

// Reading the user's relays directly while the caching service is unreachable (when: relay-fallback-status.ts).

/** Notes per fallback page (spec §9: 20). */
export const FALLBACK_PAGE = 20;
/** Replies and parents read for a thread (spec §9: thread 100). */
export const FALLBACK_THREAD_LIMIT = 100;

let pool: RelayPool | null = null;
let authSigner: AuthSigner | null = null;

/**
 * Lets the app's relay pool answer NIP-42 AUTH with the session's signer, only when a relay requires it for a write
 * or read (`auth-required:`), never at connect (a signer extension would ask every time). Null: no signer.
 */
export function setRelayAuthSigner(signer: AuthSigner | null): void {
  authSigner = signer;
}

/** The app's one relay pool for fallback reads and publishing (events are signature-checked by each connection). */
export function fallbackPool(): RelayPool {
  pool ??= new RelayPool({
    timing: { eoseTimeoutMs: 4000 },
    authOnChallenge: false,
    onAuth: (template) =>
      authSigner ? authSigner(template) : Promise.reject(new Error('auth-required: no signer to authenticate')),
  });
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

/**
 * Asks every relay and settles with the first relay's answer that has events (or nothing, once every relay is done):
 * a feed shows what the quickest relay holds instead of waiting for the slowest one's end of stored events (each
 * step waited up to the 4 s timeout for the slowest relay, 10-20 s for a home read). Used for the feed's steps.
 */
function firstAnswerOn(relayPool: RelayPool, relays: readonly string[]): Query {
  if (!relays.length) return () => Promise.reject(new Error('no relays to read'));
  return (filters) =>
    new Promise((resolve) => {
      let left = relays.length;
      const done = (events: NostrEvent[]) => {
        if (events.length) resolve(events);
        left -= 1;
        if (left === 0) resolve([]);
      };
      for (const url of relays) relayPool.query([url], filters).then(done, () => done([]));
    });
}

/** The note a repost points at when its content does not carry it (core's repost rule, no mentions here). */
function missingRepostTarget(event: NostrEvent): string | undefined {
  if (event.kind !== Kind.Repost || repostOriginal({ ...event }, {})) return undefined;
  return repostTargetId({ ...event });
}

/**
 * Reposts with empty content take the reposted note, read from the same relays (the thread's end-of-stream step,
 * here for relays); a repost whose note no relay has stays as it was (and the page leaves it out).
 */
async function withRepostedNotes(query: Query, events: NostrEvent[]): Promise<NostrEvent[]> {
  const targets = [...new Set(events.flatMap((e) => missingRepostTarget(e) ?? []))];
  if (!targets.length) return events;
  const originals = new Map((await query([{ ids: targets }])).map((e) => [e.id, e]));
  return events.map((event) => {
    const target = missingRepostTarget(event);
    const original = target ? originals.get(target) : undefined;
    return original ? { ...event, content: JSON.stringify(original) } : event;
  });
}

/** The events with their authors' profiles, and the profiles of the authors of reposted notes. */
async function withProfiles(query: Query, events: NostrEvent[]): Promise<NostrEvent[]> {
  const authors = new Set(events.map((e) => e.pubkey));
  for (const event of events) {
    const original = event.kind === Kind.Repost ? repostOriginal({ ...event }, {}) : undefined;
    if (typeof original?.pubkey === 'string') authors.add(original.pubkey);
  }
  const profiles = authors.size ? await query([{ kinds: [0], authors: [...authors] }]) : [];
  return [...profiles, ...events];
}

/** A thread read from relays: the note's parents (oldest first), the note, then its replies (oldest first). */
export async function readThreadFromRelays(
  relayPool: RelayPool,
  relays: readonly string[],
  noteId: string,
): Promise<FallbackChunk> {
  const query = queryOn(relayPool, relays);
  const [primary] = await query([{ ids: [noteId] }]);
  if (!primary) return { events: [] };
  const parentIds = (primary.tags ?? []).filter((t) => t[0] === 'e' && t[1]).map((t) => t[1] as string);
  const [parents, replies] = await Promise.all([
    parentIds.length ? query([{ ids: parentIds }]) : Promise.resolve([]),
    query([{ kinds: [1], '#e': [noteId], limit: FALLBACK_THREAD_LIMIT }]),
  ]);
  const byTime = (a: NostrEvent, b: NostrEvent) => a.created_at - b.created_at;
  const ordered = [...parents.sort(byTime), primary, ...replies.filter((r) => r.id !== noteId).sort(byTime)];
  return { events: await withProfiles(query, ordered) };
}

/** A thread read from relays as a page (see {@link readThreadFromRelays}). */
export async function loadThreadFromRelays(
  relayPool: RelayPool,
  relays: readonly string[],
  noteId: string,
): Promise<Page> {
  return page((await readThreadFromRelays(relayPool, relays, noteId)).events);
}

/** One read of a fallback feed: the events (profiles included) and the `until` of the next, older read, if any. */
export interface FallbackChunk {
  events: NostrEvent[];
  /** created_at of the oldest note read (NIP-01 `until` is inclusive; repeats are dropped when pages merge). */
  next?: number;
}

/** The cursor after a full page of feed events (none after a short one: the relays have nothing older). */
function nextUntil(notes: readonly NostrEvent[]): number | undefined {
  if (notes.length < FALLBACK_PAGE) return undefined;
  return Math.min(...notes.map((e) => e.created_at));
}

/** A page of feed events (kinds 1 and 6, newest first) with reposted notes and profiles filled in. */
async function feedChunk(query: Query, filter: Filter, until?: number): Promise<FallbackChunk> {
  const notes = (await query([{ ...filter, kinds: [1, 6], limit: FALLBACK_PAGE, ...(until ? { until } : {}) }])).slice(
    0,
    FALLBACK_PAGE,
  );
  const events = await withProfiles(query, await withRepostedNotes(query, notes));
  return { events, next: nextUntil(notes) };
}

/** A profile's notes and reposts read from relays, 20 at a time from `until` (inclusive) back. */
export async function readProfileFromRelays(
  relayPool: RelayPool,
  relays: readonly string[],
  pubkey: string,
  until?: number,
): Promise<FallbackChunk> {
  const query = firstAnswerOn(relayPool, relays);
  const [profile, chunk] = await Promise.all([
    until ? Promise.resolve([]) : query([{ kinds: [0], authors: [pubkey], limit: 1 }]),
    feedChunk(query, { authors: [pubkey] }, until),
  ]);
  return { events: [...profile, ...chunk.events], next: chunk.next };
}

/** A profile read from relays: the kind-0 profile and the newest 20 notes and reposts (newest first). */
export async function loadProfileFromRelays(
  relayPool: RelayPool,
  relays: readonly string[],
  pubkey: string,
): Promise<Page> {
  return page((await readProfileFromRelays(relayPool, relays, pubkey)).events);
}

/**
 * Home of a known pubkey read from relays: notes and reposts of the people it follows (kind 3), 20 at a time; each
 * step takes the first relay that answers with something (see firstAnswerOn).
 */
export async function readHomeFromRelays(
  relayPool: RelayPool,
  relays: readonly string[],
  pubkey: string,
  until?: number,
): Promise<FallbackChunk> {
  const query = firstAnswerOn(relayPool, relays);
  const [contacts] = await query([{ kinds: [3], authors: [pubkey], limit: 1 }]);
  const follows = (contacts?.tags ?? []).filter((t) => t[0] === 'p' && t[1]).map((t) => t[1] as string);
  if (!follows.length) return { events: [] };
  return feedChunk(query, { authors: follows.slice(0, 500) }, until);
}

/** Home read from relays for a known pubkey: the newest 20 notes and reposts of the people it follows. */
export async function loadHomeFromRelays(
  relayPool: RelayPool,
  relays: readonly string[],
  pubkey: string,
): Promise<Page> {
  return page((await readHomeFromRelays(relayPool, relays, pubkey)).events);
}

/** Chunks read one after another as one page (an event read twice at a page boundary counts once). */
export function mergeChunks(chunks: readonly FallbackChunk[]): Page {
  const seen = new Set<string>();
  const events = chunks.flatMap((c) => c.events).filter((e) => !seen.has(e.id) && seen.add(e.id));
  return page(events);
}
