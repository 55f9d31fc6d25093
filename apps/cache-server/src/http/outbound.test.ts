import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkTarget,
  fetchOutbound,
  isPrivateAddress,
  type OutboundPolicy,
  OutboundRefused,
  publicOnlyLookup,
} from './outbound.ts';

let origin: Server;
let originUrl = '';
let otherUrl = '';
let other: Server;
let otherHits = 0;

beforeAll(async () => {
  other = createServer((_req, res) => {
    otherHits += 1;
    res.end('internal');
  });
  await new Promise<void>((r) => other.listen(0, '127.0.0.1', () => r()));
  otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
  origin = createServer((req, res) => {
    if (req.url === '/to-internal') res.writeHead(302, { location: `${otherUrl}/secret` }).end();
    else if (req.url === '/to-self') res.writeHead(301, { location: '/page' }).end();
    else res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<title>ok</title>');
  });
  await new Promise<void>((r) => origin.listen(0, '127.0.0.1', () => r()));
  originUrl = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
});
afterAll(() => {
  origin.close();
  other.close();
});

const opts = { timeoutMs: 5000, maxBytes: 1024 };

describe('outbound policy', () => {
  it('knows private, loopback, link-local and mapped addresses', () => {
    for (const ip of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '0.0.0.0', '::1']) {
      expect(isPrivateAddress(ip), ip).toBe(true);
    }
    for (const ip of ['::ffff:127.0.0.1', 'fe80::1', 'fd00::1', '100.64.0.1'])
      expect(isPrivateAddress(ip), ip).toBe(true);
    for (const ip of ['93.184.216.34', '1.1.1.1', '2606:4700::1111']) expect(isPrivateAddress(ip), ip).toBe(false);
  });

  it('refuses other schemes, credentials, private literals and localhost names', () => {
    const policy: OutboundPolicy = { allowPrivate: false, ownOrigins: [] };
    for (const url of [
      'file:///etc/passwd',
      'gopher://x.example/',
      'javascript:alert(1)',
      'http://user:pw@x.example/',
      'http://127.0.0.1:8080/',
      'http://[::1]/',
      'http://169.254.169.254/latest/meta-data/',
      'ws://10.0.0.1/',
      'http://localhost:9000/',
      'http://a.localhost/',
    ]) {
      expect(() => checkTarget(url, policy), url).toThrow(OutboundRefused);
    }
    expect(checkTarget('https://x.example/', policy).guardLookup).toBe(true);
    expect(checkTarget('http://93.184.216.34/', policy).guardLookup).toBe(false);
  });

  it('allows the server own origins, on http and ws alike', () => {
    const policy: OutboundPolicy = { allowPrivate: false, ownOrigins: ['http://127.0.0.1:8787'] };
    expect(checkTarget('http://127.0.0.1:8787/media/a.svg', policy).url.pathname).toBe('/media/a.svg');
    expect(checkTarget('ws://127.0.0.1:8787/', policy).guardLookup).toBe(false);
    expect(() => checkTarget('http://127.0.0.1:8788/', policy)).toThrow(OutboundRefused);
  });

  it('fails name lookups that resolve to private addresses', async () => {
    const err = await new Promise<Error | null>((resolve) => {
      publicOnlyLookup('localhost', {}, (e) => resolve(e));
    });
    expect(err).toBeInstanceOf(OutboundRefused);
  });
});

describe('fetchOutbound', () => {
  it('fetches an allowed origin and follows redirects within it', async () => {
    const res = await fetchOutbound(`${originUrl}/to-self`, { allowPrivate: false, ownOrigins: [originUrl] }, opts);
    expect(res.status).toBe(200);
    expect(res.url).toBe(`${originUrl}/page`);
    expect(res.contentType).toBe('text/html');
    expect(res.body.toString()).toBe('<title>ok</title>');
  });

  it('checks every redirect hop: an allowed page cannot bounce the server to a private address', async () => {
    const hits = otherHits;
    await expect(
      fetchOutbound(`${originUrl}/to-internal`, { allowPrivate: false, ownOrigins: [originUrl] }, opts),
    ).rejects.toThrow(OutboundRefused);
    expect(otherHits).toBe(hits);
  });

  it('refuses a private target before connecting', async () => {
    const hits = otherHits;
    await expect(fetchOutbound(`${otherUrl}/secret`, { allowPrivate: false, ownOrigins: [] }, opts)).rejects.toThrow(
      OutboundRefused,
    );
    expect(otherHits).toBe(hits);
  });
});
