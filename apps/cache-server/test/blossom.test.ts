import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateSecretKey, getPublicKey, signEvent } from '@tide/core/nostr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOB_WRONG_TYPE } from '../src/http/blossom.ts';
import { type RunningServer, startServer } from '../src/server.ts';
import { RawSocket } from './raw-socket.ts';

const sk = generateSecretKey();
const other = generateSecretKey();
const now = () => Math.floor(Date.now() / 1000);
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
const SHA = createHash('sha256').update(PNG).digest('hex');

function auth(verb: string, key = sk, x: string[] = [SHA], expiration = now() + 60): string {
  const tags = [['t', verb], ['expiration', String(expiration)], ...x.map((h) => ['x', h])];
  const event = signEvent({ kind: 24242, content: `${verb} blob`, tags, created_at: now() }, key);
  return `Nostr ${Buffer.from(JSON.stringify(event)).toString('base64')}`;
}

describe('Blossom endpoints', () => {
  let server: RunningServer;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tide-blobs-'));
    server = await startServer({ sqlitePath: ':memory:', blobRoot: dir });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const put = (body: Uint8Array, headers: Record<string, string>) =>
    fetch(`${server.httpUrl}/upload`, { method: 'PUT', body: new Uint8Array(body), headers });

  it('answers the upload preflight (HEAD /upload and /media)', async () => {
    const ok = await fetch(`${server.httpUrl}/upload`, {
      method: 'HEAD',
      headers: {
        authorization: auth('upload'),
        'x-content-type': 'image/png',
        'x-content-length': '33',
        'x-sha-256': SHA,
      },
    });
    expect(ok.status).toBe(200);
    const pdf = await fetch(`${server.httpUrl}/media`, {
      method: 'HEAD',
      headers: { authorization: auth('upload'), 'x-content-type': 'application/pdf', 'x-content-length': '33' },
    });
    expect(pdf.status).toBe(415);
    expect(pdf.headers.get('x-reason')).toBe(BLOB_WRONG_TYPE);
    const big = await fetch(`${server.httpUrl}/upload`, {
      method: 'HEAD',
      headers: {
        authorization: auth('upload'),
        'x-content-type': 'image/png',
        'x-content-length': String(200 * 1024 * 1024),
      },
    });
    expect(big.headers.get('x-reason')).toBe('File too big. Upload limit is 100MB.');
  });

  it('stores an authorized upload and serves it by hash with its type', async () => {
    const res = await put(PNG, { authorization: auth('upload'), 'content-type': 'image/png' });
    expect(res.status).toBe(200);
    const desc = (await res.json()) as { url: string; sha256: string; size: number; type: string };
    expect(desc).toMatchObject({
      sha256: SHA,
      size: PNG.length,
      type: 'image/png',
      url: `${server.httpUrl}/${SHA}.png`,
    });
    const blob = await fetch(desc.url);
    expect(blob.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await blob.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await fetch(`${server.httpUrl}/${SHA}`, { method: 'HEAD' })).status).toBe(200);
    const listed = (await (await fetch(`${server.httpUrl}/list/${getPublicKey(sk)}`)).json()) as unknown[];
    expect(listed).toHaveLength(1);
  });

  it('rejects uploads without valid authorization, of other types, or not covered by the x tag', async () => {
    expect((await put(PNG, { 'content-type': 'image/png' })).status).toBe(401);
    const expired = await put(PNG, {
      authorization: auth('upload', sk, [SHA], now() - 1),
      'content-type': 'image/png',
    });
    expect(expired.headers.get('x-reason')).toBe('authorization event is expired');
    const wrongVerb = await put(PNG, { authorization: auth('delete'), 'content-type': 'image/png' });
    expect(wrongVerb.status).toBe(401);
    const text = await put(Buffer.from('hello'), { authorization: auth('upload'), 'content-type': 'text/html' });
    expect(text.status).toBe(415);
    const wrongHash = await put(Buffer.from('other bytes'), {
      authorization: auth('upload'),
      'content-type': 'image/png',
    });
    expect(wrongHash.status).toBe(403);
    const forged = auth('upload').replace(/^Nostr /, '');
    const tampered = JSON.parse(Buffer.from(forged, 'base64').toString()) as { pubkey: string };
    tampered.pubkey = getPublicKey(other);
    const bad = await put(PNG, {
      authorization: `Nostr ${Buffer.from(JSON.stringify(tampered)).toString('base64')}`,
      'content-type': 'image/png',
    });
    expect(bad.headers.get('x-reason')).toBe('authorization event has a bad id or signature');
  });

  it('deletes a blob only for its owner', async () => {
    const stranger = await fetch(`${server.httpUrl}/${SHA}`, {
      method: 'DELETE',
      headers: { authorization: auth('delete', other) },
    });
    expect(stranger.status).toBe(404);
    const owner = await fetch(`${server.httpUrl}/${SHA}`, {
      method: 'DELETE',
      headers: { authorization: auth('delete') },
    });
    expect(owner.status).toBe(200);
    expect((await fetch(`${server.httpUrl}/${SHA}.png`)).status).toBe(404);
  });
});

describe('legacy chunked upload commands (upload_chunk / upload_complete)', () => {
  let server: RunningServer;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tide-blobs-'));
    server = await startServer({ sqlitePath: ':memory:', blobRoot: dir });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const uploadEvent = (content: Record<string, unknown>, key = sk) =>
    signEvent(
      { kind: 10000135, content: JSON.stringify(content), tags: [['p', getPublicKey(key)]], created_at: now() },
      key,
    );
  const dataUrl = (bytes: Buffer, type = 'image/png') => `data:${type};base64,${bytes.toString('base64')}`;

  it('assembles chunks at their offsets and answers the blob URL', async () => {
    const s = await RawSocket.open(server.url);
    const id = 'a1b2c3d4-0000-4000-8000-000000000001';
    const [first, second] = [PNG.subarray(0, 10), PNG.subarray(10)];
    s.send([
      'REQ',
      'up_1',
      {
        cache: [
          'upload_chunk',
          {
            event_from_user: uploadEvent({ file_length: PNG.length, upload_id: id, offset: 10, data: dataUrl(second) }),
          },
        ],
      },
    ]);
    expect((await s.untilEose('up_1')).map((f) => f.message[0])).toEqual(['EOSE']);
    s.send([
      'REQ',
      'up_0',
      {
        cache: [
          'upload_chunk',
          { event_from_user: uploadEvent({ file_length: PNG.length, upload_id: id, offset: 0, data: dataUrl(first) }) },
        ],
      },
    ]);
    await s.untilEose('up_0');
    s.send([
      'REQ',
      'done',
      {
        cache: [
          'upload_complete',
          { event_from_user: uploadEvent({ upload_id: id, file_length: PNG.length, sha256: SHA }) },
        ],
      },
    ]);
    const frames = await s.untilEose('done');
    const answer = frames[0].message[2] as { kind: number; content: string };
    expect(answer).toEqual({ kind: 10000121, content: `${server.httpUrl}/${SHA}.png` });
    const blob = await fetch(answer.content);
    expect(Buffer.from(await blob.arrayBuffer()).equals(PNG)).toBe(true);
    await s.close();
  });

  it('answers NOTICE for forged events, wrong hashes, other file types and unknown uploads', async () => {
    const s = await RawSocket.open(server.url);
    const id = 'a1b2c3d4-0000-4000-8000-000000000002';
    const forged = {
      ...uploadEvent({ file_length: 3, upload_id: id, offset: 0, data: dataUrl(Buffer.from('abc')) }),
      content: '{}',
    };
    s.send(['REQ', 'f', { cache: ['upload_chunk', { event_from_user: forged }] }]);
    expect((await s.untilEose('f'))[0].message).toEqual(['NOTICE', 'f', 'invalid event_from_user']);
    s.send([
      'REQ',
      't',
      {
        cache: [
          'upload_chunk',
          {
            event_from_user: uploadEvent({
              file_length: 3,
              upload_id: id,
              offset: 0,
              data: dataUrl(Buffer.from('abc'), 'text/html'),
            }),
          },
        ],
      },
    ]);
    expect((await s.untilEose('t'))[0].message[2]).toBe(BLOB_WRONG_TYPE);
    s.send([
      'REQ',
      'c',
      {
        cache: [
          'upload_chunk',
          {
            event_from_user: uploadEvent({
              file_length: 3,
              upload_id: id,
              offset: 0,
              data: dataUrl(Buffer.from('abc')),
            }),
          },
        ],
      },
    ]);
    await s.untilEose('c');
    s.send([
      'REQ',
      'h',
      {
        cache: [
          'upload_complete',
          { event_from_user: uploadEvent({ upload_id: id, file_length: 3, sha256: 'b'.repeat(64) }) },
        ],
      },
    ]);
    expect((await s.untilEose('h'))[0].message[2]).toBe('sha256 does not match');
    s.send([
      'REQ',
      'u',
      {
        cache: [
          'upload_complete',
          { event_from_user: uploadEvent({ upload_id: 'never-started-1', file_length: 3, sha256: SHA }) },
        ],
      },
    ]);
    expect((await s.untilEose('u'))[0].message[2]).toBe('unknown upload_id');
    await s.close();
  });
});
