import type { CacheEvent, NostrEvent } from '@tide/core/nostr';
import { CacheKind } from '@tide/core/nostr';
import { wordCount } from '../ingest/index.ts';
import type { EventPubkeyActionsTable, EventStatsTable, Store } from '../store/index.ts';
import { asCacheEvent, loadEvents, synth, toEvent } from './content-common.ts';

/** Runs the per-id lookups of the bundle in chunks (SQL parameter limits). */
export async function chunked<T>(ids: readonly string[], fn: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += 400) out.push(...(await fn(ids.slice(i, i + 400))));
  return out;
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
    store.db
      .selectFrom('event_pubkey_actions')
      .select(['event_id', 'liked', 'replied', 'reposted', 'zapped'])
      .where('pubkey', '=', viewer)
      .where('event_id', 'in', chunk)
      .execute(),
  );
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

/**
 * Events by id together with their stats, the viewer's actions and their relay hint: one query per 400 ids (left
 * joins on the one-row-per-event tables) instead of four.
 */
export async function loadBundleEvents(
  store: Store,
  ids: readonly string[],
  viewer: string | null,
): Promise<Map<string, BundleEvent>> {
  const unique = [...new Set(ids)];
  const rows = await chunked(unique, (chunk) =>
    store.db
      .selectFrom('events as e')
      .leftJoin('event_stats as s', 's.event_id', 'e.id')
      .leftJoin('event_pubkey_actions as a', (j) =>
        j.onRef('a.event_id', '=', 'e.id').on('a.pubkey', '=', viewer ?? ''),
      )
      .leftJoin('event_relays as r', 'r.event_id', 'e.id')
      .select(['e.id', 'e.pubkey', 'e.kind', 'e.created_at', 'e.tags', 'e.content', 'e.sig'])
      .select([
        's.event_id as s_id',
        's.likes',
        's.replies',
        's.mentions',
        's.reposts',
        's.zaps',
        's.satszapped',
        's.score',
        's.score24h',
        'a.event_id as a_id',
        'a.liked',
        'a.replied',
        'a.reposted',
        'a.zapped',
        'r.relay_url',
      ])
      .where('e.id', 'in', chunk)
      .execute(),
  );
  const out = new Map<string, BundleEvent>();
  for (const r of rows) {
    const item: BundleEvent = { event: toEvent(r) };
    if (r.s_id !== null) {
      item.stats = statsObject({
        event_id: r.id,
        likes: Number(r.likes),
        replies: Number(r.replies),
        mentions: Number(r.mentions),
        reposts: Number(r.reposts),
        zaps: Number(r.zaps),
        satszapped: Number(r.satszapped),
        score: Number(r.score),
        score24h: Number(r.score24h),
      });
    }
    if (r.a_id !== null && viewer) {
      item.actions = actionsObject({
        event_id: r.id,
        liked: Number(r.liked),
        replied: Number(r.replied),
        reposted: Number(r.reposted),
        zapped: Number(r.zapped),
      });
    }
    if (r.relay_url !== null) item.relay = r.relay_url;
    out.set(r.id, item);
  }
  return out;
}

/** 10000119 media variants per event (rows filled by the media part). */
export async function mediaInfo(store: Store, ids: readonly string[]): Promise<CacheEvent[]> {
  const rows = await chunked(ids, (chunk) =>
    store.db
      .selectFrom('event_media as em')
      .innerJoin('media as m', 'm.url', 'em.url')
      .select([
        'em.event_id',
        'm.url',
        'm.size',
        'm.animated',
        'm.media_url',
        'm.width',
        'm.height',
        'm.mimetype',
        'm.duration',
      ])
      .where('em.event_id', 'in', chunk)
      .execute(),
  );
  const byEvent = new Map<string, Map<string, { url: string; mt: string; variants: unknown[] }>>();
  for (const r of rows) {
    let resources = byEvent.get(r.event_id);
    if (!resources) {
      resources = new Map();
      byEvent.set(r.event_id, resources);
    }
    let res = resources.get(r.url);
    if (!res) {
      res = { url: r.url, mt: r.mimetype, variants: [] };
      resources.set(r.url, res);
    }
    res.variants.push({
      s: r.size,
      a: Number(r.animated),
      w: Number(r.width),
      h: Number(r.height),
      mt: r.mimetype,
      dur: Number(r.duration),
      media_url: r.media_url,
    });
  }
  return [...byEvent].map(([event_id, resources]) =>
    synth(CacheKind.MediaInfo, { event_id, resources: [...resources.values()] }),
  );
}

/** 10000128 link previews per event (rows filled by the link-preview part). */
export async function linkMetadata(store: Store, ids: readonly string[]): Promise<CacheEvent[]> {
  const rows = await chunked(ids, (chunk) =>
    store.db
      .selectFrom('event_links as el')
      .innerJoin('link_previews as lp', 'lp.url', 'el.url')
      .select(['el.event_id', 'lp.url', 'lp.mimetype', 'lp.title', 'lp.description', 'lp.image', 'lp.icon_url'])
      .where('el.event_id', 'in', chunk)
      .execute(),
  );
  const byEvent = new Map<string, unknown[]>();
  for (const r of rows) {
    const list = byEvent.get(r.event_id) ?? [];
    list.push({
      url: r.url,
      mimetype: r.mimetype,
      md_title: r.title,
      md_description: r.description,
      md_image: r.image,
      icon_url: r.icon_url,
    });
    byEvent.set(r.event_id, list);
  }
  return [...byEvent].map(([event_id, resources]) => synth(CacheKind.LinkMetadata, { event_id, resources }));
}

/** 10000144 word counts of articles (the ingest rule). */
export function wordCounts(events: readonly NostrEvent[]): CacheEvent[] {
  return events
    .filter((e) => e.kind === 30023)
    .map((e) => synth(CacheKind.WordCount, { event_id: e.id, words: wordCount(e.content) }));
}

/** Top 5 zaps (by amount) of each post: the receipt, its 10000129 object; zappers join `users`. */
export async function topZaps(store: Store, ids: readonly string[], users: Set<string>): Promise<CacheEvent[]> {
  const rows = await chunked(ids, (chunk) =>
    store.db
      .selectFrom('zap_receipts')
      .select(['receipt_id', 'created_at', 'sender', 'receiver', 'amount_sats', 'target_event_id'])
      .where('target_event_id', 'in', chunk)
      .orderBy('amount_sats', 'desc')
      .execute(),
  );
  const perPost = new Map<string, number>();
  const chosen = rows.filter((r) => {
    const n = perPost.get(r.target_event_id) ?? 0;
    if (n >= 5) return false;
    perPost.set(r.target_event_id, n + 1);
    return true;
  });
  const receipts = await loadEvents(
    store,
    chosen.map((r) => r.receipt_id),
  );
  const out: CacheEvent[] = [];
  for (const r of chosen) {
    const receipt = receipts.get(r.receipt_id);
    if (!receipt) continue;
    users.add(r.sender);
    users.add(r.receiver);
    out.push(asCacheEvent(receipt), zapObject(r));
  }
  return out;
}

/** The zap_receipts columns a zap answer is built from. */
export interface ZapRow {
  receipt_id: string;
  created_at: number;
  sender: string;
  receiver: string;
  amount_sats: number;
  target_event_id: string;
}

/** A 10000129 zap object from a zap_receipts row. */
export function zapObject(r: ZapRow): CacheEvent {
  return synth(CacheKind.EventZapInfo, {
    event_id: r.target_event_id || null,
    created_at: Number(r.created_at),
    sender: r.sender,
    receiver: r.receiver,
    amount_sats: Number(r.amount_sats),
    zap_receipt_id: r.receipt_id,
  });
}

/** Each stored zap receipt (9735) followed by its 10000129 zap object, in row order; rows without a stored receipt are skipped. */
export async function zapReceiptEvents(store: Store, rows: readonly ZapRow[]): Promise<CacheEvent[]> {
  const receipts = await loadEvents(
    store,
    rows.map((r) => r.receipt_id),
  );
  const out: CacheEvent[] = [];
  for (const r of rows) {
    const e = receipts.get(r.receipt_id);
    if (e) out.push(asCacheEvent(e), zapObject(r));
  }
  return out;
}
