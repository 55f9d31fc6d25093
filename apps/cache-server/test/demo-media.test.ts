import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateSecretKey, signEvent } from '@tide/core/nostr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestEvents } from '../src/ingest/index.ts';
import { createSeedWorld, pictureName, profileImageNames, videoOf } from '../src/seed/index.ts';
import { type RunningServer, startServer } from '../src/server.ts';

/** Where /media-cache sends a size of `url`, and what is there. */
async function variant(server: RunningServer, url: string, size: string) {
  const res = await fetch(`${server.httpUrl}/media-cache?s=${size}&u=${encodeURIComponent(url)}`, {
    redirect: 'manual',
  });
  expect(res.status).toBe(302);
  const location = res.headers.get('location') ?? '';
  const body = Buffer.from(await (await fetch(location)).arrayBuffer());
  return { location, meta: await sharp(body).metadata() };
}

describe('demo network media', () => {
  let dir: string;
  let server: RunningServer;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tide-media-'));
    server = await startServer({ sqlitePath: ':memory:', mediaRoot: join(dir, 'media') });
    await createSeedWorld({ seed: 'media-test', dataDir: dir, publicUrl: server.httpUrl });
  }, 120_000);
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('seeds raster pictures (JPEG, PNG, WebP; landscape and portrait) with real s/m/l copies, and videos with thumbnails', async () => {
    const sk = generateSecretKey();
    const urls = [0, 1, 2, 3, 4, 5].map((i) => `${server.httpUrl}/media/${pictureName(i)}`);
    const avatar = `${server.httpUrl}/media/${profileImageNames(0).avatar}`;
    const video = videoOf(server.httpUrl, 1);
    const note = signEvent(
      {
        kind: 1,
        created_at: Math.floor(Date.now() / 1000),
        tags: [video.imeta],
        content: [...urls, avatar, video.url].join('\n'),
      },
      sk,
    );
    const [result] = await ingestEvents(server.store, [note], { source: 'import' });
    expect(result.ok).toBe(true);

    const formats = new Set<string>();
    const shapes = new Set<string>();
    for (const url of urls) {
      const original = await variant(server, url, 'o');
      formats.add(String(original.meta.format));
      const width = original.meta.width ?? 0;
      const height = original.meta.height ?? 0;
      shapes.add(width > height ? 'landscape' : width < height ? 'portrait' : 'square');
      for (const [size, max] of [
        ['s', 360],
        ['m', 720],
        ['l', 1080],
      ] as const) {
        const copy = await variant(server, url, size);
        expect(copy.location, `${url} ${size}`).not.toBe(url);
        expect(copy.meta.format).toBe(original.meta.format);
        expect(copy.meta.width).toBe(Math.min(max, width));
        // the aspect ratio is kept (to the pixel)
        expect(Math.abs((copy.meta.height ?? 0) - Math.round((height * (copy.meta.width ?? 0)) / width))).toBeLessThan(
          2,
        );
      }
    }
    expect([...formats].sort()).toEqual(['jpeg', 'png', 'webp']);
    expect(shapes.has('landscape') && shapes.has('portrait')).toBe(true);
    const small = await variant(server, avatar, 's');
    expect(small.meta.format).toBe('png');
    expect(small.meta.width).toBe(256);

    // the video is served as is, and its preview image is listed under `thumbnails` in the note's 10000119
    const answer = (await (
      await fetch(`${server.httpUrl}/api`, {
        method: 'POST',
        body: JSON.stringify(['events', { event_ids: [note.id], extended_response: true }]),
      })
    ).json()) as Array<{ kind: number; content: string }>;
    const info = JSON.parse(answer.find((e) => e.kind === 10000119)?.content ?? '{}');
    const thumb = info.thumbnails?.[video.url] as string;
    expect(thumb).toBe(`${server.httpUrl}/media/video-1-thumb.jpg`);
    const resource = info.resources.find((r: { url: string }) => r.url === video.url);
    expect(resource.variants.map((v: { s: string }) => v.s)).toEqual(['o']);
    expect(resource.variants[0]).toMatchObject({ mt: 'video/mp4', w: 360, h: 640 });
    const preview = await sharp(Buffer.from(await (await fetch(thumb)).arrayBuffer())).metadata();
    expect([preview.format, preview.width, preview.height]).toEqual(['jpeg', 360, 640]);
    const clip = await fetch(video.url);
    expect(clip.status).toBe(200);
    expect(
      Buffer.from(await clip.arrayBuffer())
        .subarray(4, 8)
        .toString('latin1'),
    ).toBe('ftyp');
  }, 60_000);
});
