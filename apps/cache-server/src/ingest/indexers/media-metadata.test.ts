import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CacheKind } from '@tide/core/nostr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeDialects } from '../../../test/dialects.ts';
import { ev, note, T0, testUser } from '../../../test/fixtures/events.ts';
import { mediaInfo } from '../../commands/content-bundle-parts.ts';
import { resizedSvg, writeMediaVariants } from '../../seed/images.ts';
import { ingestEvents } from '../ingest-events.ts';
import { imageDimensions, mediaVariantName, mimeTypeOfUrl, registerLocalMedia } from './media-metadata.ts';

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

  it('names variants next to the original and draws SVGs at a new width, aspect kept', () => {
    expect(mediaVariantName('picture-3.svg', 's')).toBe('picture-3-s.svg');
    expect(mediaVariantName('noext', 'l')).toBe('noext-l');
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900" viewBox="0 0 1200 900"><rect/></svg>';
    expect(resizedSvg(svg, 360)).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" width="360" height="270" viewBox="0 0 1200 900"><rect/></svg>',
    );
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

  it('lists the s/m/l copies the seed writes next to a hosted picture as variants with their own size and url', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800"></svg>';
    mkdirSync(join(dir, 'media'), { recursive: true });
    writeFileSync(join(dir, 'picture-2.svg'), svg);
    writeMediaVariants(dir, 'picture-2.svg', svg, 1200);
    for (const size of ['s', 'm', 'l'])
      renameSync(join(dir, 'media', `picture-2-${size}.svg`), join(dir, `picture-2-${size}.svg`));
    const url = `${ORIGIN}/media/picture-2.svg`;
    const n = note(testUser('media-variants'), `variants ${url}`, [['imeta', `url ${url}`, 'm image/svg+xml']], T0 + 3);
    await ingestEvents(getStore(), [n], { now: NOW });
    const [info] = await mediaInfo(getStore(), [n.id]);
    const content = JSON.parse(String(info.content)) as {
      resources: Array<{ url: string; variants: Array<{ s: string; w: number; h: number; media_url: string }> }>;
    };
    const variants = content.resources[0].variants.sort((a, b) => a.w - b.w);
    expect(variants.map((v) => [v.s, v.w, v.h, v.media_url])).toEqual([
      ['s', 360, 240, `${ORIGIN}/media/picture-2-s.svg`],
      ['m', 720, 480, `${ORIGIN}/media/picture-2-m.svg`],
      ['l', 1080, 720, `${ORIGIN}/media/picture-2-l.svg`],
      ['o', 1200, 800, url],
    ]);
    const remote = note(testUser('media-variants'), 'https://img.example/none.png', [], T0 + 4);
    await ingestEvents(getStore(), [remote], { now: NOW });
    const [plain] = await mediaInfo(getStore(), [remote.id]);
    expect(JSON.parse(String(plain.content)).resources[0].variants.map((v: { s: string }) => v.s)).toEqual(['o']);
  });
});
