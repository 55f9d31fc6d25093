import type { CacheEvent, NostrEvent } from '@tide/core/nostr';
import { CacheKind } from '@tide/core/nostr';
import { type EventPiece, readCacheOf } from '../read-cache/read-cache.ts';
import type { EventPubkeyActionsTable, EventStatsTable, Store } from '../store/index.ts';
import { runCompiled } from './compiled-query.ts';
import { synth, toEvent } from './event-rows.ts';

/** Runs the per-id lookups of the bundle in chunks (SQL parameter limits). */
export async function chunked<T>(ids: readonly string[], fn: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += 400) out.push(...(await fn(ids.slice(i, i + 400))));
  return out;
}

/** The distinct `ids`, ascending (the order the stores' primary keys return them in, kept with or without cache). */
export function sortedUnique(ids: readonly string[]): string[] {
  return [...new Set(ids)].sort();
}

/** The event_stats columns of a 10000100 object. */
type StatsRow = Pick<
  EventStatsTable,
  'event_id' | 'likes' | 'replies' | 'mentions' | 'reposts' | 'zaps' | 'satszapped' | 'score' | 'score24h'
>;

function statsObject(r: StatsRow): CacheEvent {
  return synth(CacheKind.NoteStats, {
    event_id: r.event_id,
    likes: Number(r.likes),
    replies: Number(r.replies),
    mentions: Number(r.mentions),
    reposts: Number(r.reposts),
    zaps: Number(r.zaps),
    satszapped: Number(r.satszapped),
    score: Number(r.score),
    score24h: Number(r.score24h),
    bookmarks: 0,
  });
}

/** The event_pubkey_actions columns of a 10000115 object. */
type ActionsRow = Pick<EventPubkeyActionsTable, 'event_id' | 'liked' | 'replied' | 'reposted' | 'zapped'>;

function actionsObject(r: ActionsRow): CacheEvent {
  return synth(CacheKind.NoteActions, {
    event_id: r.event_id,
    liked: Number(r.liked) === 1,
    replied: Number(r.replied) === 1,
    reposted: Number(r.reposted) === 1,
    zapped: Number(r.zapped) === 1,
  });
}

/** 10000100 per event that has a stats row. */
export async function noteStats(store: Store, ids: readonly string[]): Promise<CacheEvent[]> {
  const rows = await chunked(ids, (chunk) =>
    store.db
      .selectFrom('event_stats')
      .select(['event_id', 'likes', 'replies', 'mentions', 'reposts', 'zaps', 'satszapped', 'score', 'score24h'])
      .where('event_id', 'in', chunk)
      .execute(),
  );
  return rows.map(statsObject);
}

/** 10000115 viewer actions per event the viewer acted on. */
export async function noteActions(store: Store, viewer: string, ids: readonly string[]): Promise<CacheEvent[]> {
  return [...(await noteActionsByEvent(store, viewer, ids)).values()];
}

/** The viewer's 10000115 actions by event id, for the events of `ids` the viewer acted on. */
export async function noteActionsByEvent(
  store: Store,
  viewer: string,
  ids: readonly string[],
): Promise<Map<string, CacheEvent>> {
  const rows = await chunked(ids, (chunk) =>
    runCompiled(store, 'note-actions', [viewer, ...chunk], (v) =>
      store.db
        .selectFrom('event_pubkey_actions')
        .select(['event_id', 'liked', 'replied', 'reposted', 'zapped'])
        .where('pubkey', '=', v[0] as string)
        .where('event_id', 'in', v.slice(1) as string[]),
    ),
  );
  return new Map(rows.map((r) => [r.event_id, actionsObject(r)]));
}

/**
 * Every 10000115 action of `viewer` by event id (the objects `noteActionsByEvent` makes), or undefined when they have
 * more than `max` (one query; for a per-viewer cache of small action sets).
 */
export async function allNoteActions(
  store: Store,
  viewer: string,
  max: number,
): Promise<Map<string, CacheEvent> | undefined> {
  const rows = await store.db
    .selectFrom('event_pubkey_actions')
    .select(['event_id', 'liked', 'replied', 'reposted', 'zapped'])
    .where('pubkey', '=', viewer)
    .limit(max + 1)
    .execute();
  if (rows.length > max) return undefined;
  return new Map(rows.map((r) => [r.event_id, actionsObject(r)]));
}

/** A stored event with the per-event parts of its bundle that live in one row per event. */
export interface BundleEvent {
  event: NostrEvent;
  /** Its 10000100 stats, if it has a stats row. */
  stats?: CacheEvent;
  /** The viewer's 10000115 actions on it, if any. */
  actions?: CacheEvent;
  /** Its 10000141 relay hint, if any. */
  relay?: string;
}

/** The event, event_stats and event_relays columns of a bundle event's row. */
const EVENT_COLUMNS = ['e.id', 'e.pubkey', 'e.kind', 'e.created_at', 'e.tags', 'e.content', 'e.sig'] as const;
const STATS_COLUMNS = [
  's.event_id as s_id',
  's.likes',
  's.replies',
  's.mentions',
  's.reposts',
  's.zaps',
  's.satszapped',
  's.score',
  's.score24h',
  'r.relay_url',
] as const;

/** Events with their stats and relay hint by id (no viewer's actions), the statement compiled once per list length. */
function piecesQuery(store: Store, ids: readonly unknown[]) {
  return store.db
    .selectFrom('events as e')
    .leftJoin('event_stats as s', 's.event_id', 'e.id')
    .leftJoin('event_relays as r', 'r.event_id', 'e.id')
    .select(EVENT_COLUMNS)
    .select(STATS_COLUMNS)
    .where('e.id', 'in', ids as string[]);
}

/**
 * Events with their stats, the viewer's actions (none without a viewer: no join then) and relay hint, by id: one
 * query per 400 ids (left joins).
 */
async function joinedRows(store: Store, ids: readonly string[], viewer: string | null) {
  return chunked(ids, async (chunk) => {
    // without a viewer the rows have no action columns: `a_id` is then undefined, read only with a viewer
    if (viewer === null)
      return (await runCompiled(store, 'bundle-events', chunk, (v) => piecesQuery(store, v))) as never;
    return store.db
      .selectFrom('events as e')
      .leftJoin('event_stats as s', 's.event_id', 'e.id')
      .leftJoin('event_pubkey_actions as a', (j) => j.onRef('a.event_id', '=', 'e.id').on('a.pubkey', '=', viewer))
      .leftJoin('event_relays as r', 'r.event_id', 'e.id')
      .select(EVENT_COLUMNS)
      .select(STATS_COLUMNS)
      .select(['a.event_id as a_id', 'a.liked', 'a.replied', 'a.reposted', 'a.zapped'])
      .where('e.id', 'in', chunk)
      .execute();
  });
}

type JoinedRow = Awaited<ReturnType<typeof joinedRows>>[number];

function pieceOf(r: JoinedRow): EventPiece {
  const piece: EventPiece = { event: toEvent(r) };
  if (r.s_id !== null) piece.stats = statsObject({ ...r, event_id: r.id } as StatsRow);
  if (r.relay_url !== null) piece.relay = r.relay_url;
  return piece;
}

/** Stored events by id from the read cache (reading the ones it lacks), or undefined when the store has none on. */
export async function cachedEvents(store: Store, ids: readonly string[]): Promise<Map<string, NostrEvent> | undefined> {
  const cache = readCacheOf(store);
  if (!cache) return undefined;
  const pieces = await cache.lookup(cache.events, sortedUnique(ids), (missing) => loadPieces(store, missing));
  const out = new Map<string, NostrEvent>();
  for (const [id, piece] of pieces) out.set(id, piece.event);
  return out;
}

async function loadPieces(store: Store, ids: readonly string[]): Promise<Map<string, EventPiece>> {
  const rows = await joinedRows(store, ids, null);
  return new Map(rows.map((r) => [r.id, pieceOf(r)]));
}

/**
 * Events by id (ascending id order) together with their stats, the viewer's actions and their relay hint: one query
 * per 400 ids instead of four. With the store's read cache on, the viewer-independent pieces come from it and only
 * the viewer's actions (and the events it lacks) are read.
 */
export async function loadBundleEvents(
  store: Store,
  ids: readonly string[],
  viewer: string | null,
): Promise<Map<string, BundleEvent>> {
  const unique = sortedUnique(ids);
  const out = new Map<string, BundleEvent>();
  const cache = readCacheOf(store);
  if (!cache) {
    const byId = new Map((await joinedRows(store, unique, viewer)).map((r) => [r.id, r]));
    for (const id of unique) {
      const r = byId.get(id);
      if (!r) continue;
      const item: BundleEvent = pieceOf(r);
      if (r.a_id !== null && viewer) item.actions = actionsObject({ ...r, event_id: r.id } as ActionsRow);
      out.set(id, item);
    }
    return out;
  }
  const pieces = await cache.lookup(cache.events, unique, (missing) => loadPieces(store, missing));
  const actions = viewer && pieces.size > 0 ? await noteActionsByEvent(store, viewer, [...pieces.keys()]) : undefined;
  for (const id of unique) {
    const piece = pieces.get(id);
    if (!piece) continue;
    const item: BundleEvent = { ...piece };
    const acted = actions?.get(id);
    if (acted) item.actions = acted;
    out.set(id, item);
  }
  return out;
}
