import { closeSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import type { NostrEvent } from '@tide/core/nostr';
import type { IngestContext } from '../context.ts';
import { mediaOf } from './base.ts';
import { profileFields } from './profiles.ts';

/*
 * Media metadata (the `media` table behind kind 10000119): for every media URL of a note (kinds 1 and 20) or an
 * article (30023), the original variant ('o', animated) with its MIME type (imeta `m`, else the file extension)
 * and its size: read from the file itself when the URL is one this server hosts under `/media/` (the seed's
 * pictures), else from the imeta `dim` field. A hosted file with small/medium/large copies next to it
 * (`<name>-s.<ext>`, `-m`, `-l`, as the seed writes them) also gets an 's'/'m'/'l' row each, with its own size and
 * `media_url`; other URLs have only the original. A video gets a 'thumb' row for its preview image: the hosted
 * `<name>-thumb.jpg` next to it, else its imeta `image` (10000119 lists it under `thumbnails`, as clients read it).
 */

/** Widths of the small, medium and large variants of hosted pictures (the seed writes them, capped at the original). */
export const MEDIA_VARIANT_WIDTHS: Readonly<Record<'s' | 'm' | 'l', number>> = { s: 360, m: 720, l: 1080 };

/** File name of a media file's variant: `picture-3.svg` + `s` → `picture-3-s.svg`. */
export function mediaVariantName(name: string, size: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? `${name.slice(0, dot)}-${size}${name.slice(dot)}` : `${name}-${size}`;
}

/** Kinds whose media get metadata rows (kind 0: its picture and banner). */
const MEDIA_KINDS = new Set([0, 1, 20, 30023]);

const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  m3u8: 'application/vnd.apple.mpegurl',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
};

/** The MIME type a media URL's extension implies ('' when unknown). */
export function mimeTypeOfUrl(url: string): string {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return '';
  }
  const ext = /\.([a-z0-9]{2,5})$/i.exec(path)?.[1]?.toLowerCase() ?? '';
  return TYPES[ext] ?? '';
}

/** Width and height in pixels. */
export interface Dimensions {
  width: number;
  height: number;
}

const svgLength = (value: string | undefined): number => {
  const m = /^\s*([\d.]+)\s*(px)?\s*$/.exec(value ?? '');
  return m ? Math.round(Number(m[1])) : 0;
};

/** Reads an image's size from its first bytes: SVG (width/height, else viewBox), PNG, GIF, JPEG, WebP; or null. */
export function imageDimensions(head: Buffer): Dimensions | null {
  const png = head.length >= 24 && head.readUInt32BE(0) === 0x89504e47;
  if (png) return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
  if (head.length >= 10 && head.toString('latin1', 0, 4) === 'GIF8') {
    return { width: head.readUInt16LE(6), height: head.readUInt16LE(8) };
  }
  if (head.length >= 30 && head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP') {
    const chunk = head.toString('latin1', 12, 16);
    if (chunk === 'VP8X') return { width: 1 + head.readUIntLE(24, 3), height: 1 + head.readUIntLE(27, 3) };
    if (chunk === 'VP8 ') return { width: head.readUInt16LE(26) & 0x3fff, height: head.readUInt16LE(28) & 0x3fff };
    if (chunk === 'VP8L') {
      const bits = head.readUInt32LE(21);
      return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
    }
    return null;
  }
  if (head.length >= 4 && head[0] === 0xff && head[1] === 0xd8) {
    let i = 2;
    while (i + 9 < head.length && head[i] === 0xff) {
      const marker = head[i + 1];
      const length = head.readUInt16BE(i + 2);
      const sof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
      if (sof) return { width: head.readUInt16BE(i + 7), height: head.readUInt16BE(i + 5) };
      i += 2 + length;
    }
    return null;
  }
  const text = head.toString('utf8');
  const svg = /<svg\b[^>]*>/i.exec(text)?.[0];
  if (!svg) return null;
  const attr = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(svg)?.[1];
  const width = svgLength(attr('width'));
  const height = svgLength(attr('height'));
  if (width > 0 && height > 0) return { width, height };
  const box = (attr('viewBox') ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  if (box.length === 4 && box[2] > 0 && box[3] > 0) return { width: Math.round(box[2]), height: Math.round(box[3]) };
  return null;
}

/** Origins (`http://host:port`) whose `/media/<file>` this process serves from a directory. */
const localRoots = new Map<string, string>();
const sizeCache = new Map<string, Dimensions | null>();
const MAX_CACHED_SIZES = 10_000;
const HEAD_BYTES = 64 * 1024;

/** Declares that `origin`'s `/media/<file>` URLs are files in `root` (the server calls it); returns an undo. */
export function registerLocalMedia(origin: string, root: string): () => void {
  const key = new URL(origin).origin;
  localRoots.set(key, root);
  return () => {
    if (localRoots.get(key) === root) localRoots.delete(key);
  };
}

/** The size of a media file this server hosts, read from the file; null for other URLs or unreadable files. */
export function localMediaDimensions(url: string): Dimensions | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const root = localRoots.get(parsed.origin);
  if (!root || !parsed.pathname.startsWith('/media/')) return null;
  let name: string;
  try {
    name = decodeURIComponent(parsed.pathname.slice('/media/'.length));
  } catch {
    return null;
  }
  if (!name || name.includes('/') || name.includes('\\') || name.startsWith('.')) return null;
  const path = join(root, name);
  if (sizeCache.has(path)) return sizeCache.get(path) ?? null;
  let dims: Dimensions | null = null;
  try {
    const fd = openSync(path, 'r');
    try {
      const head = Buffer.alloc(HEAD_BYTES);
      dims = imageDimensions(head.subarray(0, readSync(fd, head, 0, HEAD_BYTES, 0)));
    } finally {
      closeSync(fd);
    }
  } catch {
    return null;
  }
  if (sizeCache.size >= MAX_CACHED_SIZES) sizeCache.clear();
  sizeCache.set(path, dims);
  return dims;
}

/** Hosted variants looked up once per URL (absent ones too: most hosted files have none). */
const variantCache = new Map<string, Array<{ size: string; url: string; dims: Dimensions }>>();

/** The 's'/'m'/'l' copies this server hosts next to a hosted media file, with their sizes (none for other URLs). */
export function localMediaVariants(url: string): Array<{ size: string; url: string; dims: Dimensions }> {
  const cached = variantCache.get(url);
  if (cached) return cached;
  const slash = url.lastIndexOf('/');
  const found = Object.keys(MEDIA_VARIANT_WIDTHS).flatMap((size) => {
    const variant = `${url.slice(0, slash + 1)}${mediaVariantName(url.slice(slash + 1), size)}`;
    const dims = localMediaDimensions(variant);
    return dims ? [{ size, url: variant, dims }] : [];
  });
  if (variantCache.size >= MAX_CACHED_SIZES) variantCache.clear();
  variantCache.set(url, found);
  return found;
}

/** The preview image this server hosts next to a hosted video (`video-0.mp4` → `video-0-thumb.jpg`), with its size. */
export function localMediaThumbnail(url: string): { url: string; dims: Dimensions } | null {
  const slash = url.lastIndexOf('/');
  const dot = url.lastIndexOf('.');
  if (dot <= slash) return null;
  const thumb = `${url.slice(0, dot)}-thumb.jpg`;
  const dims = localMediaDimensions(thumb);
  return dims ? { url: thumb, dims } : null;
}

/** imeta fields per URL (NIP-92): `m`, `dim` as `<w>x<h>` and `image` (a video's preview). */
function imetaOf(e: NostrEvent): Map<string, { m?: string; dim?: Dimensions; image?: string }> {
  const out = new Map<string, { m?: string; dim?: Dimensions; image?: string }>();
  for (const t of e.tags) {
    if (t[0] !== 'imeta') continue;
    const fields = new Map<string, string>();
    for (const part of t.slice(1)) {
      if (typeof part !== 'string') continue;
      const space = part.indexOf(' ');
      if (space > 0) fields.set(part.slice(0, space), part.slice(space + 1).trim());
    }
    const url = fields.get('url');
    if (!url) continue;
    const dim = /^(\d{1,5})x(\d{1,5})$/.exec(fields.get('dim') ?? '');
    const m = fields.get('m');
    const image = fields.get('image') ?? '';
    out.set(url, {
      ...(/^https?:\/\//i.test(image) && image.length <= 2048 ? { image } : {}),
      ...(m && /^[a-z]+\/[-+.\w]+$/i.test(m) ? { m: m.toLowerCase() } : {}),
      ...(dim && Number(dim[1]) > 0 && Number(dim[2]) > 0
        ? { dim: { width: Number(dim[1]), height: Number(dim[2]) } }
        : {}),
    });
  }
  return out;
}

/** Media rows (original variant, type, size) for the media URLs of notes, articles and profiles (picture, banner). */
export function indexMediaMetadata(ctx: IngestContext, e: NostrEvent): void {
  if (!MEDIA_KINDS.has(e.kind)) return;
  const profile = e.kind === 0 ? profileFields(e.content) : undefined;
  const media = profile ? [profile.picture, profile.banner].filter(Boolean) : mediaOf(e).media;
  if (media.length === 0) return;
  const imeta = imetaOf(e);
  for (const url of media) {
    if (!/^https?:\/\//i.test(url) || url.length > 2048) continue;
    const meta = imeta.get(url);
    const mimetype = meta?.m ?? mimeTypeOfUrl(url);
    const local = localMediaDimensions(url);
    const dims = local ?? meta?.dim;
    const key = { url, size: 'o', animated: 1 };
    const values = {
      media_url: url,
      width: dims?.width ?? 0,
      height: dims?.height ?? 0,
      mimetype,
      duration: 0,
      imported_at: ctx.now,
    };
    // A row with a known size replaces one without; a sizeless one never overwrites what is known.
    if (dims) ctx.buf.upsert('media', key, values);
    else ctx.buf.insert('media', { ...key, ...values });
    if (mimetype.startsWith('video/')) {
      const thumb = localMediaThumbnail(url) ?? (meta?.image ? { url: meta.image, dims: undefined } : null);
      if (thumb) {
        const preview = {
          media_url: thumb.url,
          width: thumb.dims?.width ?? 0,
          height: thumb.dims?.height ?? 0,
          mimetype: mimeTypeOfUrl(thumb.url) || 'image/jpeg',
        };
        ctx.buf.upsert('media', { ...key, size: 'thumb' }, { ...values, ...preview });
      }
    }
    if (!local) continue;
    for (const v of localMediaVariants(url)) {
      const variant = { media_url: v.url, width: v.dims.width, height: v.dims.height };
      ctx.buf.upsert('media', { ...key, size: v.size }, { ...values, ...variant });
    }
  }
}
