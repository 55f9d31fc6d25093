import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { MEDIA_VARIANT_WIDTHS, mediaVariantName } from '../ingest/indexers/media-metadata.ts';

/** Raster formats the demo network's media come in. */
export type RasterFormat = 'png' | 'jpg' | 'webp';

function encode(image: Sharp, format: RasterFormat): Sharp {
  if (format === 'png') return image.png({ compressionLevel: 6 });
  if (format === 'jpg') return image.jpeg({ quality: 80 });
  return image.webp({ quality: 78 });
}

/**
 * Renders an SVG drawing to a raster file `<dataDir>/media/<name>` (PNG, JPEG or WebP at the drawing's width and
 * height) and, with `variants`, its small, medium and large copies (`picture-3-s.jpg`, ...), each resized to at most
 * MEDIA_VARIANT_WIDTHS and never wider than the original; media metadata lists them in 10000119 answers.
 */
export async function writeRaster(
  dataDir: string,
  name: string,
  svg: string,
  format: RasterFormat,
  variants: boolean,
): Promise<{ width: number; height: number }> {
  const dir = join(dataDir, 'media');
  mkdirSync(dir, { recursive: true });
  const original = await encode(sharp(Buffer.from(svg)), format).toBuffer({ resolveWithObject: true });
  writeFileSync(join(dir, name), original.data);
  if (variants) {
    for (const [size, width] of Object.entries(MEDIA_VARIANT_WIDTHS)) {
      const data =
        width >= original.info.width
          ? original.data
          : await encode(sharp(original.data).resize({ width }), format).toBuffer();
      writeFileSync(join(dir, mediaVariantName(name, size)), data);
    }
  }
  return { width: original.info.width, height: original.info.height };
}

/** Runs `jobs` with at most `limit` of them at a time (libvips uses its own threads for each). */
export async function inPool(jobs: ReadonlyArray<() => Promise<unknown>>, limit = 4): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++];
      await job();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, worker));
}
