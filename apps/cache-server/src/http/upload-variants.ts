import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from 'pino';
import sharp, { type Sharp } from 'sharp';
import { MEDIA_VARIANT_WIDTHS } from '../ingest/index.ts';
import { publishStoreChanges } from '../read-cache/change-feed.ts';
import type { MediaTable, Store } from '../store/index.ts';
import type { BlobMeta, BlobStore } from './blob-store.ts';
import type { HttpRoute } from './router.ts';

/** Largest image (pixels of all its frames) whose variants are made; bigger uploads keep only the original. */
export const MAX_VARIANT_INPUT_PIXELS = 100_000_000;

/** Longest one variant's decode + resize + encode may take (libvips' own timeout). */
const VARIANT_TIMEOUT_S = 60;

/** Uploads waiting for variants at most; more are left without (the queue runs one at a time). */
const MAX_QUEUED = 256;

type OutFormat = 'png' | 'jpeg' | 'webp' | 'gif';

const MIME: Record<OutFormat, string> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif' };
const EXT: Record<OutFormat, string> = { png: 'png', jpeg: 'jpg', webp: 'webp', gif: 'gif' };

/** Upload types that get variants: the format of their copies, and whether they may be animated. */
const INPUTS: Record<string, { out: OutFormat; animatable: boolean }> = {
  'image/png': { out: 'png', animatable: false },
  'image/jpeg': { out: 'jpeg', animatable: false },
  'image/webp': { out: 'webp', animatable: true },
  'image/gif': { out: 'gif', animatable: true },
  'image/avif': { out: 'webp', animatable: false },
};

const VARIANT_FILE = /^\/variants\/([0-9a-f]{64}-[sml](?:-still)?)\.(png|jpg|webp|gif)$/;

function encode(image: Sharp, format: OutFormat): Sharp {
  if (format === 'png') return image.png({ compressionLevel: 9 });
  if (format === 'jpeg') return image.jpeg({ quality: 80 });
  if (format === 'webp') return image.webp({ quality: 78 });
  return image.gif();
}

/** The variants of one uploaded image: small/medium/large copies (and stills of animations), or none. */
async function renderVariants(
  input: string,
  meta: BlobMeta,
  url: string,
  dir: string,
  maxPixels: number,
): Promise<Array<Omit<MediaTable, 'imported_at' | 'duration'>>> {
  const spec = INPUTS[meta.type];
  if (!spec) return [];
  const open = (animated: boolean) =>
    sharp(input, { limitInputPixels: maxPixels, animated, failOn: 'error' }).timeout({
      seconds: VARIANT_TIMEOUT_S,
    });
  const head = await open(spec.animatable).metadata();
  const pages = head.pages ?? 1;
  const animated = spec.animatable && pages > 1;
  const width = head.autoOrient?.width ?? head.width ?? 0;
  const height = (animated ? head.pageHeight : head.autoOrient?.height) ?? head.height ?? 0;
  if (width <= 0 || height <= 0 || width * height * (animated ? pages : 1) > maxPixels) return [];
  const rows: Array<Omit<MediaTable, 'imported_at' | 'duration'>> = [
    { url, size: 'o', animated: 1, media_url: url, width, height, mimetype: meta.type },
  ];
  const origin = new URL(url).origin;
  for (const [size, target] of Object.entries(MEDIA_VARIANT_WIDTHS)) {
    for (const moving of animated ? [true, false] : [false]) {
      const format: OutFormat = animated && !moving ? 'webp' : spec.out;
      const image = moving ? open(true) : open(false).rotate();
      const resized = image.resize({ width: Math.min(target, width), withoutEnlargement: true });
      const { data, info } = await encode(resized, format).toBuffer({ resolveWithObject: true });
      // a copy no smaller than the original is no help: /media-cache then redirects to the original
      if (data.length >= meta.size) continue;
      const name = `${meta.sha256}-${size}${animated && !moving ? '-still' : ''}.${EXT[format]}`;
      const tmp = join(dir, `.${name}.tmp`);
      await writeFile(tmp, data);
      await rename(tmp, join(dir, name));
      rows.push({
        url,
        size,
        animated: animated && !moving ? 0 : 1,
        media_url: `${origin}/variants/${name}`,
        width: info.width,
        height: info.pageHeight ?? info.height,
        mimetype: MIME[format],
      });
    }
  }
  return rows;
}

/** Makes variants of uploaded images off the request path (one at a time) and serves them at `/variants/<file>`. */
export interface UploadVariants {
  /** Queues an upload stored at `url` (its descriptor URL); images get rows in `media`, others nothing. */
  schedule(meta: BlobMeta, url: string): void;
  /** Queues the removal of a deleted blob's variants (files and rows), after any job before it. */
  forget(sha256: string): void;
  /** Resolves when every queued upload is done (tests, shutdown). */
  idle(): Promise<void>;
  /** `GET|HEAD /variants/<sha256>-<s|m|l>[-still].<ext>`. */
  route: HttpRoute;
}

/**
 * Variants of images uploaded to the Blossom store, like the seed's demo media: 's'/'m'/'l' copies at most
 * MEDIA_VARIANT_WIDTHS wide (animated GIF/WebP keep their animation, plus a still WebP for `a=0`), written to
 * `<blobRoot>/variants/` and listed in the `media` table under the upload's URL, so /media-cache redirects to them and
 * 10000119 lists them for events that show the URL. A broken or huge image just gets none; errors are logged.
 */
export function uploadVariants(
  blobs: BlobStore,
  store: Store,
  now: () => number,
  logger?: Logger,
  maxPixels = MAX_VARIANT_INPUT_PIXELS,
): UploadVariants {
  const dir = join(blobs.root, 'variants');
  let queue: Promise<void> = Promise.resolve();
  let queued = 0;

  const run = async (meta: BlobMeta, url: string): Promise<void> => {
    await mkdir(dir, { recursive: true });
    // the URLs its variants are listed under (one per Host it was uploaded through): for `forget`, and so the same
    // blob uploaded again through the same Host is not resized again
    const urlsFile = join(dir, `${meta.sha256}.urls.json`);
    const urls = JSON.parse(await readFile(urlsFile, 'utf8').catch(() => '[]')) as string[];
    if (urls.includes(url)) return;
    const rows = await renderVariants(blobs.blobPath(meta.sha256), meta, url, dir, maxPixels);
    if (rows.length <= 1) return;
    const at = now();
    await store.write(async (trx) => {
      for (const row of rows) {
        const values = { ...row, duration: 0, imported_at: at };
        await trx
          .insertInto('media')
          .values(values)
          .onConflict((oc) => oc.columns(['url', 'size', 'animated']).doUpdateSet(values))
          .execute();
      }
    });
    await writeFile(urlsFile, JSON.stringify([...urls, url]));
    // answers' 10000119 of events showing this URL go (media is written beside ingest)
    publishStoreChanges(store, { events: [], pubkeys: [], media: true, links: false, all: false });
  };

  const schedule = (meta: BlobMeta, url: string): void => {
    if (!INPUTS[meta.type] || queued >= MAX_QUEUED) return;
    queued += 1;
    queue = queue
      .then(() => run(meta, url))
      .catch((err: unknown) => logger?.info({ err, sha256: meta.sha256 }, 'no variants for an uploaded image'))
      .finally(() => {
        queued -= 1;
      });
  };

  const remove = async (sha256: string): Promise<void> => {
    const urlsFile = join(dir, `${sha256}.urls.json`);
    const urls = JSON.parse(await readFile(urlsFile, 'utf8').catch(() => '[]')) as string[];
    if (urls.length > 0) {
      await store.write((trx) =>
        trx.deleteFrom('media').where('url', 'in', urls).where('size', 'in', ['s', 'm', 'l']).execute(),
      );
      publishStoreChanges(store, { events: [], pubkeys: [], media: true, links: false, all: false });
    }
    const names = await readdir(dir).catch(() => [] as string[]);
    await Promise.all(names.filter((n) => n.startsWith(`${sha256}-`)).map((n) => rm(join(dir, n), { force: true })));
    await rm(urlsFile, { force: true });
  };

  const forget = (sha256: string): void => {
    queue = queue
      .then(() => remove(sha256))
      .catch((err: unknown) => logger?.warn({ err, sha256 }, 'removing the variants of a deleted blob failed'));
  };

  const route: HttpRoute = async (req, res, url) => {
    const m = url.pathname.match(VARIANT_FILE);
    if (!m || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
    const path = join(dir, `${m[1]}.${m[2]}`);
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) {
      res.writeHead(404, { 'access-control-allow-origin': '*' }).end();
      return true;
    }
    const type = m[2] === 'jpg' ? 'image/jpeg' : `image/${m[2]}`;
    res.writeHead(200, {
      'content-type': type,
      'content-length': info.size,
      'cache-control': 'public, max-age=31536000, immutable',
      'access-control-allow-origin': '*',
      'x-content-type-options': 'nosniff',
    });
    if (req.method === 'HEAD') {
      res.end();
      return true;
    }
    createReadStream(path)
      .on('error', () => res.destroy())
      .pipe(res);
    return true;
  };

  return { schedule, forget, idle: () => queue, route };
}
