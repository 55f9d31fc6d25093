import { wordCount } from '@tide/core/content';
import type { CacheEvent, NostrEvent } from '@tide/core/nostr';
import { CacheKind } from '@tide/core/nostr';
import { readCacheOf } from '../read-cache/read-cache.ts';
import type { Store } from '../store/index.ts';
import type { MediaTable } from '../store/schema.ts';
import { chunked, sortedUnique } from './bundle-events.ts';
import { runCompiled } from './compiled-query.ts';
import { synth } from './content-common.ts';
import { type Preloaded, preloadedOr } from './preloaded.ts';

export {
  type BundleEvent,
  chunked,
  loadBundleEvents,
  noteActions,
  noteActionsByEvent,
  noteStats,
} from './bundle-events.ts';
export { type Preloaded, preloadedOr } from './preloaded.ts';

/** A media variant (10000119) of a URL an event shows. */
export type MediaRow = Omit<MediaTable, 'imported_at'> & { event_id: string };

/** Orders media rows as SQLite's keys do: event, url, size, animated (so every dialect and the cache agree). */
function byMediaKey(a: MediaRow, b: MediaRow): number {
  const animated = Number(a.animated) - Number(b.animated);
  return cmp(a.event_id, b.event_id) || cmp(a.url, b.url) || cmp(String(a.size), String(b.size)) || animated;
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The 10000119 object of each event of `ids` that has media rows. */
async function loadMedia(store: Store, ids: readonly string[]): Promise<Map<string, CacheEvent>> {
  const rows: MediaRow[] = await chunked(ids, (chunk) =>
    runCompiled(store, 'bundle-media', chunk, (v) =>
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
        .where('em.event_id', 'in', v as string[]),
    ),
  );
  return mediaObjects(rows);
}

/** The 10000119 object of each event that has rows among `rows` (sorted here as SQLite's keys order them). */
export function mediaObjects(rows: MediaRow[]): Map<string, CacheEvent> {
  rows.sort(byMediaKey);
  const byEvent = new Map<string, Map<string, { url: string; mt: string; variants: unknown[] }>>();
  // a video's preview image: `thumbnails: {<video url>: <image url>}` beside the resources (clients read it there)
  const thumbnails = new Map<string, Record<string, string>>();
  for (const r of rows) {
    if (r.size === 'thumb') {
      const own = thumbnails.get(r.event_id) ?? {};
      own[r.url] = r.media_url;
      thumbnails.set(r.event_id, own);
      continue;
    }
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
  const out = new Map<string, CacheEvent>();
  for (const [event_id, resources] of byEvent) {
    const thumbs = thumbnails.get(event_id);
    const content = { event_id, resources: [...resources.values()], ...(thumbs ? { thumbnails: thumbs } : {}) };
    out.set(event_id, synth(CacheKind.MediaInfo, content));
  }
  return out;
}

/**
 * 10000119 media variants per event (rows filled by the media part), in ascending event id order; `pre`: what one
 * statement already read for the keys the read cache lacked.
 */
export async function mediaInfo(
  store: Store,
  ids: readonly string[],
  pre?: Preloaded<CacheEvent>,
): Promise<CacheEvent[]> {
  const unique = sortedUnique(ids);
  if (unique.length === 0) return [];
  const cache = readCacheOf(store);
  const byEvent = cache
    ? await cache.lookup(
        cache.media,
        unique,
        preloadedOr(pre, (missing) => loadMedia(store, missing)),
      )
    : await loadMedia(store, unique);
  return unique.flatMap((id) => byEvent.get(id) ?? []);
}

/** The 10000128 object of each event of `ids` with a link that has a preview (links in url order). */
async function loadLinks(store: Store, ids: readonly string[]): Promise<Map<string, CacheEvent>> {
  const rows = await chunked(ids, (chunk) =>
    runCompiled(store, 'bundle-links', chunk, (v) =>
      store.db
        .selectFrom('event_links as el')
        .innerJoin('link_previews as lp', 'lp.url', 'el.url')
        .select(['el.event_id', 'lp.url', 'lp.mimetype', 'lp.title', 'lp.description', 'lp.image', 'lp.icon_url'])
        .where('el.event_id', 'in', v as string[]),
    ),
  );
  return linkObjects(rows);
}

/** A link preview row of an event. */
export interface LinkRow {
  event_id: string;
  url: string;
  mimetype: string | null;
  title: string | null;
  description: string | null;
  image: string | null;
  icon_url: string | null;
}

/** The 10000128 object of each event that has rows among `rows` (links in url order). */
export function linkObjects(rows: LinkRow[]): Map<string, CacheEvent> {
  rows.sort((a, b) => cmp(a.event_id, b.event_id) || cmp(a.url, b.url));
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
  const out = new Map<string, CacheEvent>();
  for (const [event_id, resources] of byEvent)
    out.set(event_id, synth(CacheKind.LinkMetadata, { event_id, resources }));
  return out;
}

/** 10000128 link previews per event (rows filled by the link-preview part), in ascending event id order. */
export async function linkMetadata(
  store: Store,
  ids: readonly string[],
  pre?: Preloaded<CacheEvent>,
): Promise<CacheEvent[]> {
  const unique = sortedUnique(ids);
  if (unique.length === 0) return [];
  const cache = readCacheOf(store);
  const byEvent = cache
    ? await cache.lookup(
        cache.links,
        unique,
        preloadedOr(pre, (missing) => loadLinks(store, missing)),
      )
    : await loadLinks(store, unique);
  return unique.flatMap((id) => byEvent.get(id) ?? []);
}

/** 10000144 word counts of articles (the ingest rule). */
export function wordCounts(events: readonly NostrEvent[]): CacheEvent[] {
  return events
    .filter((e) => e.kind === 30023)
    .map((e) => synth(CacheKind.WordCount, { event_id: e.id, words: wordCount(e.content) }));
}

export { topZaps, type ZapRow, zapObject, zapReceiptEvents } from './bundle-zaps.ts';
