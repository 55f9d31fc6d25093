import { safeUrl } from '@tide/core/format';
import type { MediaVariant, Page } from '@tide/core/model';

/** Images are laid out at this width by default (spec §9). */
export const IMAGE_DEFAULT_WIDTH = 538;
/** Images are never taller than this (spec §9). */
export const IMAGE_MAX_HEIGHT = 680;

/** A picture ready to show: the URL to load and its size when known (to reserve space). */
export interface MediaSource {
  src: string;
  width?: number;
  height?: number;
}

/** Only absolute http(s) URLs are media worth fetching (through core's one URL-safety rule). */
export function isHttpUrl(url: string): boolean {
  const safe = safeUrl(url);
  return safe !== undefined && !safe.startsWith('/');
}

/** The media-cache address of `url` at size `s` (o, s, m, l). */
export function mediaCacheUrl(url: string, size: 'o' | 's' | 'm' | 'l' = 'm'): string {
  return `/media-cache?s=${size}&a=1&u=${encodeURIComponent(url)}`;
}

/** Picks the variant to show: medium, else large, else original, else the first. */
export function pickVariant(variants: readonly MediaVariant[] | undefined): MediaVariant | undefined {
  if (!variants?.length) return undefined;
  for (const size of ['m', 'l', 'o']) {
    const hit = variants.find((v) => v.s === size && v.media_url);
    if (hit) return hit;
  }
  return variants[0];
}

/**
 * The source of an image (spec §7): the page's variant (medium, else large, else original) when the caching service
 * hosts it, with its size to reserve space; else the media cache at that size. A variant whose `media_url` is the
 * note's own address (media the service does not host) is not loaded from there: that tells its host who reads
 * what. The original is only the fallback when the media cache fails (NoteImage).
 */
export function imageSource(url: string, page: Pick<Page, 'mediaVariants'> | undefined): MediaSource | undefined {
  if (!isHttpUrl(url)) return undefined;
  const variant = pickVariant(page?.mediaVariants[url]);
  const width = variant?.w || undefined;
  const height = variant?.h || undefined;
  const hosted = variant && variant.media_url !== url ? safeUrl(variant.media_url) : undefined;
  if (hosted) return { src: hosted, width, height };
  const size = variant && ['o', 's', 'm', 'l'].includes(variant.s) ? (variant.s as 'o' | 's' | 'm' | 'l') : 'm';
  return { src: mediaCacheUrl(url, size), width, height };
}

/** The source of a video: the media cache's original (spec §7), the address in the note only as the fallback. */
export function videoSource(url: string): string | undefined {
  return isHttpUrl(url) ? mediaCacheUrl(url, 'o') : undefined;
}

/** Box of an image: default width 538, height by aspect ratio capped at 680; unknown size gets a 16:9 box. */
export function imageBox(width?: number, height?: number, maxWidth = IMAGE_DEFAULT_WIDTH) {
  if (!width || !height) return { width: maxWidth, height: Math.round((maxWidth * 9) / 16) };
  const w = Math.min(maxWidth, width);
  const h = Math.round((w * height) / width);
  if (h <= IMAGE_MAX_HEIGHT) return { width: w, height: h };
  return { width: Math.round((IMAGE_MAX_HEIGHT * width) / height), height: IMAGE_MAX_HEIGHT };
}
