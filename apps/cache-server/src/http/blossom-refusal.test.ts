import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateSecretKey, signEvent } from '@tide/core/nostr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../server.ts';
import { BlobStore } from './blob-store.ts';
import { blossomRoute, UPLOAD_REQUEST_TIMEOUT_MS } from './blossom.ts';

const LIMIT = 64 * 1024;
const key = generateSecretKey();
const now = () => Math.floor(Date.now() / 1000);

function auth(sha256: string): string {
  const tags = [
    ['t', 'upload'],
    ['expiration', String(now() + 60)],
    ['x', sha256],
  ];
  const event = signEvent({ kind: 24242, content: 'upload', tags, created_at: now() }, key);
  return `Nostr ${Buffer.from(JSON.stringify(event)).toString('base64')}`;
}

function bytes(size: number, fill: number): Uint8Array<ArrayBuffer> {
  return new Uint8Array(new ArrayBuffer(size)).fill(fill);
}

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

describe('Blossom: an upload over the limit is answered 413 with its reason, and the connection stays usable', () => {
  let server: Server;
  let origin = '';
  let dir = '';
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tide-blossom-refusal-'));
    const route = blossomRoute(new BlobStore(dir), now, async () => ({ perUpload: LIMIT }));
    server = createServer((req, res) => {
      void Promise.resolve(route(req, res, new URL(req.url ?? '/', 'http://localhost'))).then((done) => {
        if (!done) res.writeHead(404).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const address = server.address();
    origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  });

  const put = (body: BodyInit, sha256: string, init: Record<string, unknown> = {}) =>
    fetch(`${origin}/upload`, {
      method: 'PUT',
      headers: { authorization: auth(sha256), 'content-type': 'image/png' },
      body,
      ...init,
    } as RequestInit);

  it('refuses a declared length over the limit, then serves the next upload', async () => {
    const big = bytes(LIMIT * 8, 1);
    const refused = await put(big, sha(big));
    expect(refused.status).toBe(413);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^File too big\./);
    const small = bytes(100, 2);
    const ok = await put(small, sha(small));
    expect(ok.status).toBe(200);
  });

  it('cuts off a streamed body (no declared length) at the limit with the same answer, then serves the next upload', async () => {
    const big = bytes(LIMIT * 8, 3);
    const refused = await put(new Blob([big]).stream(), sha(big), { duplex: 'half' });
    expect(refused.status).toBe(413);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^File too big\./);
    expect((await fetch(`${origin}/${sha(big)}`, { method: 'HEAD' })).status).toBe(404);
    const small = bytes(100, 4);
    const ok = await put(small, sha(small));
    expect(ok.status).toBe(200);
  });
});

describe('Blossom: a slow upload is given time', () => {
  it('the caching service lets a request body take an hour to arrive (1 GB at ~2.4 Mbit/s), not Node’s 5 minutes', async () => {
    // A test route reads the running HTTP server's setting from the request's socket.
    const server = await startServer({
      sqlitePath: ':memory:',
      routes: [
        async (req, res, url) => {
          if (url.pathname !== '/request-timeout') return false;
          const http = (req.socket as unknown as { server: { requestTimeout: number } }).server;
          res.end(String(http.requestTimeout));
          return true;
        },
      ],
    });
    try {
      const timeout = Number(await (await fetch(`${server.httpUrl}/request-timeout`)).text());
      expect(timeout).toBe(UPLOAD_REQUEST_TIMEOUT_MS);
      expect(timeout).toBeGreaterThanOrEqual(((1024 * 1024 * 1024 * 8) / 2_400_000) * 1000);
    } finally {
      await server.close();
    }
  });
});
