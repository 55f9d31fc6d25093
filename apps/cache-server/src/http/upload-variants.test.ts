import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateSecretKey, signEvent } from '@tide/core/nostr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshLocation, openTestStore, type TestStoreLocation, testDialects } from '../../test/dialects.ts';
import { note, testUser } from '../../test/fixtures/events.ts';
import { RawSocket } from '../../test/raw-socket.ts';
import { ingestEvents } from '../ingest/index.ts';
import { type RunningServer, startServer } from '../server.ts';
import { BlobStore } from './blob-store.ts';
import { uploadVariants } from './upload-variants.ts';

const key = generateSecretKey();
const now = () => Math.floor(Date.now() / 1000);
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

function auth(sha256: string, verb = 'upload'): string {
  const tags = [
    ['t', verb],
    ['expiration', String(now() + 60)],
    ['x', sha256],
  ];
  const event = signEvent({ kind: 24242, content: verb, tags, created_at: now() }, key);
  return `Nostr ${Buffer.from(JSON.stringify(event)).toString('base64')}`;
}

/** A 1600×1200 PNG of smooth waves and gradients (resized copies are much smaller). */
async function photoPng(): Promise<Buffer> {
  const width = 1600;
  const height = 1200;
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[i] = Math.round(128 + 127 * Math.sin(x / 53) * Math.cos(y / 71));
      raw[i + 1] = Math.round((255 * x) / width);
      raw[i + 2] = Math.round(128 + 127 * Math.sin((x + y) / 97));
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** A 3-frame 800×600 animated GIF. */
async function animatedGif(): Promise<Buffer> {
  const frame = (r: number) =>
    sharp({ create: { width: 800, height: 600, channels: 3, background: { r, g: 255 - r, b: 90 } } })
      .png()
      .toBuffer();
  const frames = await Promise.all([frame(10), frame(120), frame(240)]);
  return sharp(frames, { join: { animated: true } })
    .gif({ delay: [100, 100, 100] })
    .toBuffer();
}

for (const dialect of testDialects()) {
  describe(`uploaded images get small/medium/large variants served by /media-cache (${dialect})`, () => {
    let where: TestStoreLocation;
    let blobRoot = '';
    let server: RunningServer;
    const amy = testUser('upload-variants-amy');

    beforeAll(async () => {
      where = freshLocation(dialect, 'uplvar');
      blobRoot = mkdtempSync(join(tmpdir(), 'tide-upload-variants-'));
      server = await startServer({ ...where.options, blobRoot });
    });
    afterAll(async () => {
      await server.close();
      await where.cleanup();
      rmSync(blobRoot, { recursive: true, force: true });
    });

    const upload = async (body: Buffer, type: string): Promise<string> => {
      const res = await fetch(`${server.httpUrl}/upload`, {
        method: 'PUT',
        headers: { authorization: auth(sha(body)), 'content-type': type },
        body: new Uint8Array(body),
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { url: string }).url;
    };

    /** A note showing `url` (so /media-cache knows it even without variants); returns its id. */
    const show = async (url: string, at: number): Promise<string> => {
      const n = note(amy, `look ${url}`, [], at);
      await ingestEvents(server.store, [n], { now: now() });
      return n.id;
    };

    const redirect = async (url: string, size: string, animated = 1): Promise<string> => {
      const q = `s=${size}&a=${animated}&u=${encodeURIComponent(url)}`;
      const res = await fetch(`${server.httpUrl}/media-cache?${q}`, { redirect: 'manual' });
      expect(res.status).toBe(302);
      return res.headers.get('location') ?? '';
    };

    /** Waits until /media-cache redirects `url`'s small size elsewhere than the original. */
    const untilVariants = async (url: string): Promise<void> => {
      const deadline = Date.now() + 20_000;
      while ((await redirect(url, 's')) === url) {
        if (Date.now() > deadline) throw new Error(`no variants for ${url}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    };

    const bytesOf = async (url: string) => Buffer.from(await (await fetch(url)).arrayBuffer());

    it('a PNG gets s/m/l copies, each smaller than the original, listed in 10000119; a broken one falls back', async () => {
      const broken = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(4000, 7)]);
      const brokenUrl = await upload(broken, 'image/png'); // queued first: done once the good one has variants
      const original = await photoPng();
      const url = await upload(original, 'image/png');
      const id = await show(url, 1_700_000_000);
      await show(brokenUrl, 1_700_000_001);
      await untilVariants(url);

      const widths: Record<string, number> = {};
      const locations = new Set<string>();
      for (const size of ['s', 'm', 'l']) {
        const location = await redirect(url, size);
        expect(location).not.toBe(url);
        expect(location.startsWith(server.httpUrl)).toBe(true);
        locations.add(location);
        const copy = await bytesOf(location);
        expect(copy.length).toBeGreaterThan(0);
        expect(copy.length).toBeLessThan(original.length);
        const meta = await sharp(copy).metadata();
        expect(meta.format).toBe('png');
        widths[size] = meta.width ?? 0;
      }
      expect(locations.size).toBe(3);
      expect(widths).toEqual({ s: 360, m: 720, l: 1080 });
      expect(await redirect(url, 'o')).toBe(url);
      expect(await redirect(url, 's', 0)).toBe(await redirect(url, 's', 1));

      // what the app reads: the note's bundle carries its 10000119 media info with the new variants
      const socket = await RawSocket.open(server.url);
      const bundle = await socket.cacheObjects('events', { event_ids: [id], extended_response: true });
      await socket.close();
      const info = bundle.find((e) => e.kind === 10000119);
      const content = JSON.parse(String(info?.content)) as {
        resources: Array<{ url: string; variants: Array<{ s: string; w: number; h: number; media_url: string }> }>;
      };
      const variants = content.resources.find((r) => r.url === url)?.variants ?? [];
      expect(variants.map((v) => [v.s, v.w, v.h])).toEqual(
        expect.arrayContaining([
          ['o', 1600, 1200],
          ['s', 360, 270],
          ['m', 720, 540],
          ['l', 1080, 810],
        ]),
      );

      // the broken image was stored as uploaded, has no variants, and /media-cache sends its original
      expect(Buffer.compare(await bytesOf(brokenUrl), broken)).toBe(0);
      for (const size of ['s', 'm', 'l', 'o']) expect(await redirect(brokenUrl, size)).toBe(brokenUrl);
    });

    it('an animated GIF keeps its animation for a=1 and gets a still for a=0', async () => {
      const gif = await animatedGif();
      const url = await upload(gif, 'image/gif');
      await show(url, 1_700_000_002);
      await untilVariants(url);
      const moving = await sharp(await bytesOf(await redirect(url, 's', 1)), { animated: true }).metadata();
      expect(moving.format).toBe('gif');
      expect(moving.pages).toBe(3);
      expect(moving.width).toBe(360);
      const still = await sharp(await bytesOf(await redirect(url, 's', 0)), { animated: true }).metadata();
      expect(still.format).toBe('webp');
      expect(still.pages ?? 1).toBe(1);
    });

    it('a video upload keeps redirecting to the original', async () => {
      const video = Buffer.concat([Buffer.from('000000186674797069736f6d', 'hex'), Buffer.alloc(50_000, 3)]);
      const url = await upload(video, 'video/mp4');
      await show(url, 1_700_000_003);
      // a PNG uploaded after it has variants: the queue has passed the video
      const marker = await upload(await photoPng().then((b) => sharp(b).resize(1200).png().toBuffer()), 'image/png');
      await show(marker, 1_700_000_004);
      await untilVariants(marker);
      for (const size of ['s', 'm', 'l', 'o']) expect(await redirect(url, size)).toBe(url);
    });

    it('deleting an upload removes its variants: /media-cache goes back to the original URL', async () => {
      const original = await sharp(await photoPng())
        .resize(1400)
        .png()
        .toBuffer();
      const url = await upload(original, 'image/png');
      await show(url, 1_700_000_007);
      await untilVariants(url);
      const small = await redirect(url, 's');
      expect((await fetch(small)).status).toBe(200);
      const deleted = await fetch(`${server.httpUrl}/${sha(original)}`, {
        method: 'DELETE',
        headers: { authorization: auth(sha(original), 'delete') },
      });
      expect(deleted.status).toBe(200);
      const deadline = Date.now() + 20_000;
      while ((await redirect(url, 's')) !== url) {
        if (Date.now() > deadline) throw new Error('variants outlived the deleted blob');
        await new Promise((r) => setTimeout(r, 100));
      }
      expect((await fetch(small)).status).toBe(404);
    });
  });
}

for (const dialect of testDialects()) {
  describe(`upload variants respect the pixel limit (${dialect})`, () => {
    it('an image over the limit is not decoded and gets no variants; under it, it gets them', async () => {
      const store = await openTestStore(dialect, 'uplvarpx');
      const root = mkdtempSync(join(tmpdir(), 'tide-upload-variants-px-'));
      try {
        const blobs = new BlobStore(root);
        const png = await photoPng(); // 1600×1200 = 1.92 Mpx
        const tmp = join(await blobs.scratch('uploads'), 'png');
        writeFileSync(tmp, png);
        const meta = await blobs.adopt(
          tmp,
          { sha256: sha(png), size: png.length, type: 'image/png', uploaded: 1 },
          'a',
        );
        const sizesOf = async (url: string) =>
          (await store.db.selectFrom('media').select('size').where('url', '=', url).execute())
            .map((r) => r.size)
            .sort();
        const strict = uploadVariants(blobs, store, now, undefined, 1_900_000);
        strict.schedule(meta, 'http://127.0.0.1:1/strict.png');
        await strict.idle();
        expect(await sizesOf('http://127.0.0.1:1/strict.png')).toEqual([]);
        const roomy = uploadVariants(blobs, store, now, undefined, 2_000_000);
        roomy.schedule(meta, 'http://127.0.0.1:1/roomy.png');
        await roomy.idle();
        expect(await sizesOf('http://127.0.0.1:1/roomy.png')).toEqual(['l', 'm', 'o', 's']);
      } finally {
        await store.close();
        rmSync(root, { recursive: true, force: true });
      }
    });
  });
}
