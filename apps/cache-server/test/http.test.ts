import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../src/server.ts';
import { describeDialects } from './dialects.ts';

const PAGE = `<!doctype html><html><head>
<title>Fallback &amp; title</title>
<meta property="og:title" content="A &quot;great&quot; page">
<meta name="description" content="Plain description">
<meta property="og:image" content="/img/cover.png">
<link rel="icon" href="/fav.png">
</head><body><script>alert(1)</script></body></html>`;

/** GET without automatic decompression. */
function rawGet(url: string, encoding: string): Promise<{ headers: IncomingHttpHeaders; data: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': encoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ headers: res.headers, data: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

let origin: Server;
let originUrl = '';
let originHits = 0;

beforeAll(async () => {
  origin = createServer((req, res) => {
    originHits += 1;
    if (req.url === '/page') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(PAGE);
    } else if (req.url === '/slow') {
      setTimeout(() => res.end('late'), 8000).unref();
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((r) => origin.listen(0, '127.0.0.1', () => r()));
  originUrl = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
});
afterAll(() => {
  origin.closeAllConnections();
  origin.close();
});

describeDialects('http routes', (getStore) => {
  let server: RunningServer;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tide-web-'));
    mkdirSync(join(dir, 'web', 'assets'), { recursive: true });
    mkdirSync(join(dir, 'media'), { recursive: true });
    writeFileSync(join(dir, 'web', 'index.html'), `<!doctype html><title>Tide</title>${'<!-- pad -->'.repeat(50)}`);
    writeFileSync(join(dir, 'web', 'assets', 'index-3f9a1c2b.js'), `console.log(${JSON.stringify('x'.repeat(2000))});`);
    writeFileSync(join(dir, 'web', 'robots.txt'), 'User-agent: *');
    writeFileSync(join(dir, 'media', 'avatar-1.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(join(dir, 'secret.txt'), 'do not serve');
    server = await startServer({
      store: getStore(),
      webRoot: join(dir, 'web'),
      mediaRoot: join(dir, 'media'),
      allowPrivateNetwork: true,
    });
    const now = Math.floor(Date.now() / 1000);
    await getStore().write(async (trx) => {
      await trx
        .insertInto('search_users')
        .values({
          pubkey: 'a'.repeat(64),
          name: 'alice',
          display_name: 'Alice',
          nip05: `alice@127.0.0.1:${server.port}`,
          lud16: '',
        })
        .execute();
      await trx
        .insertInto('media')
        .values([
          {
            url: 'https://ex.com/p.jpg',
            size: 'o',
            animated: 1,
            media_url: `${server.httpUrl}/media/p-o.jpg`,
            width: 10,
            height: 10,
            mimetype: 'image/jpeg',
            duration: 0,
            imported_at: now,
          },
          {
            url: 'https://ex.com/p.jpg',
            size: 's',
            animated: 1,
            media_url: `${server.httpUrl}/media/p-s.jpg`,
            width: 5,
            height: 5,
            mimetype: 'image/jpeg',
            duration: 0,
            imported_at: now,
          },
        ])
        .execute();
    });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves the NIP-11 document for Accept: application/nostr+json', async () => {
    const res = await fetch(`${server.httpUrl}/`, { headers: { accept: 'application/nostr+json' } });
    expect(res.headers.get('content-type')).toContain('application/nostr+json');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const doc = (await res.json()) as { supported_nips: number[]; limitation: Record<string, unknown> };
    expect(doc.supported_nips).toEqual(expect.arrayContaining([1, 9, 11, 42, 45, 50]));
    expect(doc.limitation).toMatchObject({ max_subscriptions: 200, max_filters: 20, auth_required: false });
    expect(typeof doc.limitation.max_message_length).toBe('number');
  });

  it('serves the web app with SPA fallback, types, immutable hashed assets and compression', async () => {
    const home = await fetch(`${server.httpUrl}/`);
    expect(home.headers.get('content-type')).toContain('text/html');
    expect(await home.text()).toContain('<title>Tide</title>');
    const deep = await fetch(`${server.httpUrl}/profile/npub1xyz`);
    expect(deep.status).toBe(200);
    expect(await deep.text()).toContain('<title>Tide</title>');
    const js = await rawGet(`${server.httpUrl}/assets/index-3f9a1c2b.js`, 'br');
    expect(js.headers['content-type']).toContain('text/javascript');
    expect(js.headers['cache-control']).toContain('immutable');
    expect(js.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(js.data).toString().startsWith('console.log(')).toBe(true);
    const index = await rawGet(`${server.httpUrl}/`, '');
    expect(index.headers['cache-control']).toBe('no-cache');
    const missingAsset = await fetch(`${server.httpUrl}/assets/nope-12345678.js`);
    expect(missingAsset.status).toBe(404);
    const missingFile = await fetch(`${server.httpUrl}/nope.png`);
    expect(missingFile.status).toBe(404);
    const traversal = await fetch(`${server.httpUrl}/..%2Fsecret.txt`);
    expect(await traversal.text()).not.toContain('do not serve');
  });

  it('compresses text with gzip when brotli is not accepted', async () => {
    const body = await rawGet(`${server.httpUrl}/assets/index-3f9a1c2b.js`, 'gzip');
    expect(body.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(body.data).toString().startsWith('console.log(')).toBe(true);
  });

  it('serves seeded media files under /media/', async () => {
    const res = await fetch(`${server.httpUrl}/media/avatar-1.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
  });

  it('answers nostr.json for hosted names only', async () => {
    const hit = await fetch(`${server.httpUrl}/.well-known/nostr.json?name=alice`);
    const doc = (await hit.json()) as { names: Record<string, string>; relays: Record<string, string[]> };
    expect(doc.names).toEqual({ alice: 'a'.repeat(64) });
    expect(doc.relays['a'.repeat(64)]).toEqual([`ws://127.0.0.1:${server.port}/`]);
    const miss = await fetch(`${server.httpUrl}/.well-known/nostr.json?name=bob`);
    expect(await miss.json()).toEqual({ names: {} });
    const bad = await fetch(`${server.httpUrl}/.well-known/nostr.json?name=%27%20or%201%3D1`);
    expect(await bad.json()).toEqual({ names: {} });
  });

  it('redirects /media-cache to the stored variant, else the original, and only for media it knows', async () => {
    await getStore().write((trx) =>
      trx
        .insertInto('event_media')
        .values({ event_id: 'e'.repeat(64), url: 'https://ex.com/q.png' })
        .execute(),
    );
    const small = await fetch(`${server.httpUrl}/media-cache?s=s&a=1&u=${encodeURIComponent('https://ex.com/p.jpg')}`, {
      redirect: 'manual',
    });
    expect(small.status).toBe(302);
    expect(small.headers.get('location')).toBe(`${server.httpUrl}/media/p-s.jpg`);
    const large = await fetch(`${server.httpUrl}/media-cache?s=l&u=${encodeURIComponent('https://ex.com/p.jpg')}`, {
      redirect: 'manual',
    });
    expect(large.headers.get('location')).toBe(`${server.httpUrl}/media/p-o.jpg`);
    const unknown = await fetch(`${server.httpUrl}/media-cache?s=m&u=${encodeURIComponent('https://ex.com/q.png')}`, {
      redirect: 'manual',
    });
    expect(unknown.headers.get('location')).toBe('https://ex.com/q.png');
    const open = await fetch(`${server.httpUrl}/media-cache?u=${encodeURIComponent('https://evil.example/x.png')}`, {
      redirect: 'manual',
    });
    expect(open.status).toBe(404);
    expect(open.headers.get('location')).toBeNull();
    // A preview image is known only when a stored event names the previewed link (/link-preview answers anyone).
    const now = Math.floor(Date.now() / 1000);
    const preview = (url: string, image: string) => ({
      url,
      mimetype: 'text/html',
      title: '',
      description: '',
      image,
      icon_url: '',
      updated_at: now,
    });
    await getStore().write(async (trx) => {
      await trx
        .insertInto('link_previews')
        .values([
          preview('https://blog.example/post', 'https://blog.example/cover.png'),
          preview('https://lure.example/page', 'https://evil.example/landing'),
        ])
        .execute();
      await trx
        .insertInto('event_links')
        .values({ event_id: 'e'.repeat(64), url: 'https://blog.example/post' })
        .execute();
    });
    const cover = await fetch(
      `${server.httpUrl}/media-cache?u=${encodeURIComponent('https://blog.example/cover.png')}`,
      {
        redirect: 'manual',
      },
    );
    expect(cover.headers.get('location')).toBe('https://blog.example/cover.png');
    const lure = await fetch(`${server.httpUrl}/media-cache?u=${encodeURIComponent('https://evil.example/landing')}`, {
      redirect: 'manual',
    });
    expect(lure.status).toBe(404);
    const bad = await fetch(`${server.httpUrl}/media-cache?u=javascript:alert(1)`, { redirect: 'manual' });
    expect(bad.status).toBe(400);
    const data = await fetch(`${server.httpUrl}/media-cache?u=${encodeURIComponent('data:image/png;base64,AA')}`, {
      redirect: 'manual',
    });
    expect(data.status).toBe(400);
  });

  it('runs commands over POST /api', async () => {
    const post = (body: string) => fetch(`${server.httpUrl}/api`, { method: 'POST', body });
    const ok = await post(JSON.stringify(['get_default_relays', {}]));
    const objects = (await ok.json()) as Array<{ kind: number }>;
    expect(objects[0].kind).toBe(10000124);
    expect((await post(JSON.stringify(['nope', {}]))).status).toBe(404);
    expect(await (await post('not json')).json()).toEqual({ error: 'body is not JSON' });
    const badImport = await post(JSON.stringify(['import_events', { events: 5 }]));
    expect(badImport.status).toBe(400);
    expect(await badImport.json()).toEqual({ error: 'events must be an array of signed events' });
  });

  it('builds link previews from og/meta/title, caches them, and answers {url} on failure', async () => {
    const target = `${originUrl}/page`;
    const res = await fetch(`${server.httpUrl}/link-preview?u=${encodeURIComponent(target)}`);
    const preview = await res.json();
    expect(preview).toEqual({
      url: target,
      mimetype: 'text/html',
      title: 'A "great" page',
      description: 'Plain description',
      image: `${originUrl}/img/cover.png`,
      icon_url: `${originUrl}/fav.png`,
    });
    const hits = originHits;
    const again = await fetch(`${server.httpUrl}/link-preview?u=${encodeURIComponent(target)}`);
    expect(await again.json()).toEqual(preview);
    expect(originHits).toBe(hits);
    const missing = await fetch(`${server.httpUrl}/link-preview?u=${encodeURIComponent(`${originUrl}/missing`)}`);
    expect(await missing.json()).toEqual({ url: `${originUrl}/missing` });
    const notUrl = await fetch(`${server.httpUrl}/link-preview?u=not-a-url`);
    expect(await notUrl.json()).toEqual({ url: 'not-a-url' });
  });
});

it('refuses link previews of private addresses by default, but previews its own origin', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tide-own-'));
  writeFileSync(join(dir, 'pic.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="3"/>');
  const server = await startServer({ sqlitePath: ':memory:', mediaRoot: dir });
  try {
    const hits = originHits;
    for (const target of [`${originUrl}/page`, 'http://169.254.169.254/latest/meta-data/', 'file:///etc/passwd']) {
      const res = await fetch(`${server.httpUrl}/link-preview?u=${encodeURIComponent(target)}`);
      expect(await res.json()).toEqual({ url: target });
    }
    expect(originHits).toBe(hits);
    const own = `${server.httpUrl}/media/pic.svg`;
    const res = await fetch(`${server.httpUrl}/link-preview?u=${encodeURIComponent(own)}`);
    expect(await res.json()).toMatchObject({ url: own, mimetype: 'image/svg+xml', image: own });
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
