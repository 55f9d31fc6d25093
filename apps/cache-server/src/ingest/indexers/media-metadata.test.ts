import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CacheKind } from '@tide/core/nostr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeDialects } from '../../../test/dialects.ts';
import { ev, note, T0, testUser } from '../../../test/fixtures/events.ts';
import { mediaInfo } from '../../commands/content-bundle-parts.ts';
import { ingestEvents } from '../ingest-events.ts';
import { imageDimensions, mimeTypeOfUrl, registerLocalMedia } from './media-metadata.ts';

const NOW = T0 + 3600;
const ORIGIN = 'http://127.0.0.1:59999';

describe('media metadata helpers', () => {
  it('reads image sizes from SVG, PNG and GIF headers', () => {
    const svg = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900">');
    expect(imageDimensions(svg)).toEqual({ width: 1200, height: 900 });
    expect(imageDimensions(Buffer.from('<svg viewBox="0 0 300 150">'))).toEqual({ width: 300, height: 150 });
    const png = Buffer.alloc(24);
    png.writeUInt32BE(0x89504e47, 0);
    png.writeUInt32BE(640, 16);
    png.writeUInt32BE(480, 20);
    expect(imageDimensions(png)).toEqual({ width: 640, height: 480 });
    const gif = Buffer.from('GIF89a\x20\x00\x10\x00', 'latin1');
    expect(imageDimensions(gif)).toEqual({ width: 32, height: 16 });
    expect(imageDimensions(Buffer.from('plain text'))).toBeNull();
  });

  it('maps extensions to media types', () => {
    expect(mimeTypeOfUrl('https://x.example/a/b.JPG?x=1')).toBe('image/jpeg');
    expect(mimeTypeOfUrl('https://x.example/v.mp4')).toBe('video/mp4');
    expect(mimeTypeOfUrl('https://x.example/page')).toBe('');
  });
});

describeDialects('media metadata indexer', (getStore) => {
  let dir: string;
  let unregister: () => void;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'tide-media-'));
    writeFileSync(join(dir, 'picture-1.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1600"/>');
    unregister = registerLocalMedia(ORIGIN, dir);
  });
  afterAll(() => {
    unregister();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stores type and size of note and article media: hosted files by their real size, else imeta dim', async () => {
    const u = testUser('media-meta');
    const local = `${ORIGIN}/media/picture-1.svg`;
    const remote = 'https://img.example/cat.png';
    const n = note(u, `look\n${local}\n${remote}`, [
      ['imeta', `url ${local}`, 'm image/svg+xml', 'dim 1200x800'],
      ['imeta', `url ${remote}`, 'dim 640x480'],
    ]);
    const article = ev(u, 30023, 'body', [
      ['d', 'a1'],
      ['image', 'https://img.example/cover.webp'],
    ]);
    await ingestEvents(getStore(), [n, article], { now: NOW });
    const rows = await getStore()
      .db.selectFrom('media')
      .select(['url', 'size', 'media_url', 'width', 'height', 'mimetype'])
      .orderBy('url')
      .execute();
    expect(rows.map((r) => ({ ...r, width: Number(r.width), height: Number(r.height) }))).toEqual([
      { url: local, size: 'o', media_url: local, width: 1200, height: 1600, mimetype: 'image/svg+xml' },
      {
        url: 'https://img.example/cat.png',
        size: 'o',
        media_url: remote,
        width: 640,
        height: 480,
        mimetype: 'image/png',
      },
      {
        url: 'https://img.example/cover.webp',
        size: 'o',
        media_url: 'https://img.example/cover.webp',
        width: 0,
        height: 0,
        mimetype: 'image/webp',
      },
    ]);
    const [info] = await mediaInfo(getStore(), [n.id]);
    expect(info.kind).toBe(CacheKind.MediaInfo);
    const content = JSON.parse(String(info.content)) as {
      event_id: string;
      resources: Array<{ url: string; variants: Array<{ s: string; w: number; h: number; media_url: string }> }>;
    };
    expect(content.event_id).toBe(n.id);
    const byUrl = new Map(content.resources.map((r) => [r.url, r.variants]));
    expect(byUrl.get(local)).toMatchObject([{ s: 'o', w: 1200, h: 1600, media_url: local }]);
  });

  it('keeps a known size when a later note names the same url without one', async () => {
    const u = testUser('media-meta-later');
    const url = 'https://img.example/known.jpg';
    await ingestEvents(getStore(), [note(u, url, [['imeta', `url ${url}`, 'dim 100x50']], T0 + 1)], { now: NOW });
    await ingestEvents(getStore(), [note(u, `again ${url}`, [], T0 + 2)], { now: NOW });
    const row = await getStore().db.selectFrom('media').selectAll().where('url', '=', url).executeTakeFirstOrThrow();
    expect([Number(row.width), Number(row.height)]).toEqual([100, 50]);
  });
});
