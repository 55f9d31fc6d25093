import type { CacheEvent } from '../nostr/index.ts';
import { isObject, num, parseObject, str } from './json.ts';
import type { Logger } from './logger.ts';

/** A link preview (kind 10000128 resource), spec §3. */
export interface LinkPreview {
  url: string;
  title: string;
  description: string;
  /** First part of the MIME type (`text`, `image`, `video`…). */
  mediaType: string;
  /** Full MIME type. */
  contentType: string;
  images: string[];
  favicons: string[];
}

/** Parses kind 10000128 into the previews of its resources. */
export function parseLinkPreviews(event: CacheEvent, logger?: Logger): LinkPreview[] {
  const c = parseObject(event.content, logger, 'link metadata');
  const resources = Array.isArray(c.resources) ? c.resources : [];
  return resources.filter(isObject).flatMap((r) => {
    const url = str(r.url);
    if (!url) return [];
    const contentType = str(r.mimetype);
    const image = str(r.md_image);
    const icon = str(r.icon_url);
    return [
      {
        url,
        title: str(r.md_title),
        description: str(r.md_description),
        mediaType: contentType.split('/')[0] ?? '',
        contentType,
        images: image ? [image] : [],
        favicons: icon ? [icon] : [],
      },
    ];
  });
}

/** One size of a media resource: `s` is o/s/m/l (original/small/medium/large), `a` 1 when animated. */
export interface MediaVariant {
  s: string;
  a: number;
  w: number;
  h: number;
  mt: string;
  dur?: number;
  media_url: string;
}

/** Media info of one event (kind 10000119): variants per URL and video thumbnails. */
export interface MediaInfo {
  eventId: string;
  variants: Record<string, MediaVariant[]>;
  thumbnails: Record<string, string>;
}

/** Parses kind 10000119. */
export function parseMediaInfo(event: CacheEvent, logger?: Logger): MediaInfo {
  const c = parseObject(event.content, logger, 'media info');
  const variants: Record<string, MediaVariant[]> = {};
  for (const r of Array.isArray(c.resources) ? c.resources.filter(isObject) : []) {
    const url = str(r.url);
    if (!url) continue;
    variants[url] = (Array.isArray(r.variants) ? r.variants.filter(isObject) : []).map((v) => ({
      s: str(v.s),
      a: num(v.a),
      w: num(v.w),
      h: num(v.h),
      mt: str(v.mt),
      ...(v.dur !== undefined ? { dur: num(v.dur) } : {}),
      media_url: str(v.media_url),
    }));
  }
  const thumbnails: Record<string, string> = {};
  if (isObject(c.thumbnails)) {
    for (const [url, thumb] of Object.entries(c.thumbnails)) if (typeof thumb === 'string') thumbnails[url] = thumb;
  }
  return { eventId: str(c.event_id), variants, thumbnails };
}

/** Counts of a member's stored media (kind 10000163). */
export interface MediaStats {
  video: number;
  image: number;
  other: number;
}

/** Parses kind 10000163. */
export function parseMediaStats(event: CacheEvent, logger?: Logger): MediaStats {
  const c = parseObject(event.content, logger, 'media stats');
  return { video: num(c.video), image: num(c.image), other: num(c.other) };
}

/** Media sizes: original, small, medium, large. */
export type MediaSize = 'o' | 's' | 'm' | 'l';

/**
 * The variant URL for `size` and the animated flag (protocol §6.3), falling back to the original size; `undefined`
 * when the cache sent no variant for this URL.
 */
export function pickMediaVariant(
  variants: Record<string, MediaVariant[]>,
  url: string,
  size: MediaSize,
  animated = true,
): string | undefined {
  const list = variants[url];
  if (!list?.length) return undefined;
  const a = animated ? 1 : 0;
  const exact = list.find((v) => v.s === size && v.a === a) ?? list.find((v) => v.s === size);
  return (exact ?? list.find((v) => v.s === 'o') ?? list[0]).media_url || undefined;
}

/** The media-cache proxy URL: `<server>/media-cache?s=<size>&a=<0|1>&u=<encoded url>` (size o and animated 1 by default). */
export function mediaCacheUrl(server: string, url: string, size: MediaSize = 'o', animated = true): string {
  const base = server.replace(/\/+$/, '');
  return `${base}/media-cache?s=${size}&a=${animated ? 1 : 0}&u=${encodeURIComponent(url)}`;
}
