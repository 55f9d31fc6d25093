import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateSecretKey, getPublicKey, type NostrEvent, signEvent } from '@tide/core/nostr';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeDialects } from '../../test/dialects.ts';
import { RawSocket } from '../../test/raw-socket.ts';
import { BlobStore } from '../http/blob-store.ts';
import { type RunningServer, startServer } from '../server.ts';
import { saveMember } from './member-store.ts';

// The premium commands of the cache socket (/v1): members only, each signed by the member.
describeDialects('membership commands on the cache socket', (getStore) => {
  let server: RunningServer;
  let ws: RawSocket;
  let relay: RawSocket;
  let dir: string;
  const clock = Math.floor(Date.now() / 1000);
  const alice = generateSecretKey();
  const bob = generateSecretKey();
  const alicePk = getPublicKey(alice);
  const bobPk = getPublicKey(bob);
  const signed = (secret: Uint8Array, params: unknown = '', at = clock) =>
    signEvent(
      {
        kind: 30078,
        created_at: at,
        tags: [['p', getPublicKey(secret)]],
        content: params === '' ? '' : JSON.stringify(params),
      },
      secret,
    );
  const ask = (command: string, payload: Record<string, unknown>) => ws.cacheObjects(command, payload);
  const publish = async (event: NostrEvent) => {
    relay.send(['EVENT', event]);
    const ok = await relay.waitFor((f) => f.message[0] === 'OK' && f.message[1] === event.id);
    expect(ok.message[2]).toBe(true);
  };
  const contacts = (follows: string[], at: number) =>
    signEvent({ kind: 3, created_at: at, tags: follows.map((p) => ['p', p]), content: '' }, alice);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tide-members-'));
    server = await startServer({ store: getStore(), blobRoot: join(dir, 'blobs'), allowPrivateNetwork: true });
    ws = await RawSocket.open(server.url);
    relay = await RawSocket.open(server.relayUrl);
    await saveMember(getStore(), {
      pubkey: alicePk,
      name: 'alice',
      tier: 'premium',
      expires_on: clock + 86_400,
      premium_since: clock - 100,
      donated_sats: 21_000,
      last_donation: clock - 100,
      customization: '',
    });
  });
  afterAll(async () => {
    await ws?.close();
    await relay?.close();
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses non-members, wrong signatures and stale events', async () => {
    await expect(ask('membership_content_stats', { event_from_user: signed(bob) })).rejects.toThrow(/premium/);
    const forged = { ...signed(alice), sig: signed(bob).sig };
    await expect(ask('membership_content_stats', { event_from_user: forged })).rejects.toThrow(/signature/);
    await expect(ask('membership_content_stats', { event_from_user: signed(alice, '', clock - 900) })).rejects.toThrow(
      /5 minutes/,
    );
  });

  it('keeps every contact list version of a member and lists them for recovery', async () => {
    await publish(contacts([bobPk], clock - 50));
    await publish(contacts([bobPk, alicePk], clock - 40));
    // a non-member's versions are not kept
    await publish(signEvent({ kind: 3, created_at: clock - 30, tags: [['p', alicePk]], content: '' }, bob));
    let objects: Array<{ kind: number; content: string; created_at?: number }> = [];
    for (let i = 0; i < 50; i++) {
      objects = await ask('membership_recovery_contact_lists', { event_from_user: signed(alice) });
      if (objects.filter((o) => o.kind === 3).length === 2) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(objects.filter((o) => o.kind === 3).map((o) => o.created_at)).toEqual([clock - 40, clock - 50]);
    const summary = JSON.parse(objects.find((o) => o.kind === 10000165)?.content ?? '[]');
    expect(summary.map((s: { follows_count: number }) => s.follows_count)).toEqual([2, 1]);
    await expect(ask('membership_recovery_contact_lists', { event_from_user: signed(bob) })).rejects.toThrow(/premium/);
  });

  it("counts the member's events per kind and backs up the chosen kinds", async () => {
    await publish(signEvent({ kind: 1, created_at: clock - 20, tags: [], content: 'hello' }, alice));
    await publish(signEvent({ kind: 1, created_at: clock - 10, tags: [], content: 'again' }, alice));
    const [stats] = await ask('membership_content_stats', { event_from_user: signed(alice) });
    expect(stats.kind).toBe(10000166);
    expect(JSON.parse(stats.content)).toMatchObject({ '1': 2, '3': 1 });
    const backup = await ask('membership_content_backup', { event_from_user: signed(alice, { kinds: [1] }) });
    expect(backup.map((e) => e.content)).toEqual(['again', 'hello']);
  });

  it("shows media stats and uploads, and deletes only the member's own upload", async () => {
    const blobs = new BlobStore(join(dir, 'blobs'));
    const bytes = Buffer.from('a small picture');
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const tmp = join(await blobs.scratch('t'), 'x');
    writeFileSync(tmp, bytes);
    await blobs.adopt(tmp, { sha256, size: bytes.length, type: 'image/png', uploaded: clock - 5 }, alicePk);
    const [stats] = await ask('membership_media_management_stats', { event_from_user: signed(alice) });
    expect(JSON.parse(stats.content)).toEqual({ video: 0, image: bytes.length, other: 0 });
    const [list] = await ask('membership_media_management_uploads', { event_from_user: signed(alice, { limit: 20 }) });
    const uploads = JSON.parse(list.content);
    expect(uploads).toHaveLength(1);
    expect(uploads[0]).toMatchObject({ size: bytes.length, mimetype: 'image/png' });
    expect(uploads[0].url).toContain(sha256);
    await expect(
      ask('membership_media_management_delete', { event_from_user: signed(alice, { url: 'https://x/none.png' }) }),
    ).rejects.toThrow(/not one of your uploads/);
    await ask('membership_media_management_delete', { event_from_user: signed(alice, { url: uploads[0].url }) });
    expect(await blobs.meta(sha256)).toBeNull();
  });

  it('lets a member upload more than 100 MB (up to 1 GB) where a regular account is refused', async () => {
    const body = Buffer.alloc(101 * 1024 * 1024, 7);
    const sha256 = createHash('sha256').update(body).digest('hex');
    const blossomAuth = (secret: Uint8Array) => {
      const tags = [
        ['t', 'upload'],
        ['expiration', String(clock + 600)],
        ['x', sha256],
      ];
      const event = signEvent({ kind: 24242, content: 'upload blob', tags, created_at: clock }, secret);
      return `Nostr ${Buffer.from(JSON.stringify(event)).toString('base64')}`;
    };
    const preflight = (secret: Uint8Array, length: number) =>
      fetch(`${server.httpUrl}/upload`, {
        method: 'HEAD',
        headers: {
          authorization: blossomAuth(secret),
          'x-content-type': 'video/mp4',
          'x-content-length': String(length),
        },
      });
    expect((await preflight(alice, 500 * 1024 * 1024)).status).toBe(200);
    const bobHead = await preflight(bob, 500 * 1024 * 1024);
    expect(bobHead.status).toBe(413);
    expect(bobHead.headers.get('x-reason')).toBe('File too big. Upload limit is 100MB.');
    const aliceOver = await preflight(alice, 2 * 1024 ** 3);
    expect(aliceOver.status).toBe(413);
    expect(aliceOver.headers.get('x-reason')).toBe('File too big. Upload limit is 1GB.');

    const put = (secret: Uint8Array) =>
      fetch(`${server.httpUrl}/upload`, {
        method: 'PUT',
        body: new Uint8Array(body),
        headers: { authorization: blossomAuth(secret), 'content-type': 'video/mp4' },
      });
    const refused = await put(bob);
    expect(refused.status).toBe(413);
    const stored = await put(alice);
    expect(stored.status).toBe(200);
    expect((await stored.json()).size).toBe(body.length);
    const [stats] = await ask('membership_media_management_stats', { event_from_user: signed(alice) });
    expect(JSON.parse(stats.content).video).toBe(body.length);
    await ask('membership_media_management_delete', { event_from_user: signed(alice, { url: `x/${sha256}.mp4` }) });
  });

  it("the premium relay (/premium) takes members' events and refuses others'; its NIP-11 says so", async () => {
    const premium = await RawSocket.open(server.relayUrl.replace(/\/$/, '/premium'));
    try {
      const write = async (secret: Uint8Array, text: string) => {
        const event = signEvent({ kind: 1, created_at: clock - 1, tags: [], content: text }, secret);
        premium.send(['EVENT', event]);
        return (await premium.waitFor((f) => f.message[0] === 'OK' && f.message[1] === event.id)).message;
      };
      expect((await write(alice, 'members only'))[2]).toBe(true);
      const refused = await write(bob, 'let me in');
      expect(refused[2]).toBe(false);
      expect(refused[3]).toMatch(/^restricted: /);
    } finally {
      await premium.close();
    }
    const info = await fetch(`${server.httpUrl}/premium`, { headers: { accept: 'application/nostr+json' } });
    expect((await info.json()).limitation.restricted_writes).toBe(true);
    const main = await fetch(`${server.httpUrl}/`, { headers: { accept: 'application/nostr+json' } });
    expect((await main.json()).limitation.restricted_writes).toBe(false);
  });

  it("membership_cohort_info gives the members' tier (10000169), none for others", async () => {
    const objects = await ask('membership_cohort_info', { pubkeys: [alicePk, bobPk] });
    const cohort = objects.find((o) => o.kind === 10000169);
    const info = JSON.parse(cohort?.content ?? '{}');
    expect(Object.keys(info)).toEqual([alicePk]);
    expect(info[alicePk]).toMatchObject({ tier: 'premium', cohort_1: 'Premium' });
  });

  it('serves the leaderboards on the cache socket too', async () => {
    const objects = await ask('membership_premium_leaderboard', { order_by: 'premium_since', limit: 20 });
    const board = objects[0];
    expect(board.kind).toBe(10000171);
    expect(objects.some((o) => o.kind === 10000108)).toBe(true); // the entries' user extras ride along
    expect(JSON.parse(board.content).map((e: { pubkey: string }) => e.pubkey)).toEqual([alicePk]);
  });

  it("rebroadcasts the chosen kinds to the write relays of the member's relay list, with progress", async () => {
    const target = await startServer({ sqlitePath: join(dir, 'target.db') });
    try {
      await publish(
        signEvent({ kind: 10002, created_at: clock - 2, tags: [['r', target.relayUrl, 'write']], content: '' }, alice),
      );
      await ask('membership_content_rebroadcast_start', { event_from_user: signed(alice, { kinds: [1] }) });
      let status = { status: 'running', progress: 0 };
      for (let i = 0; i < 100 && status.status === 'running'; i++) {
        await new Promise((r) => setTimeout(r, 50));
        const [s] = await ask('rebroadcasting_status', { event_from_user: signed(alice) });
        status = JSON.parse(s.content);
      }
      expect(status).toMatchObject({ status: 'done', progress: 1 });
      const copy = await RawSocket.open(target.relayUrl);
      copy.send(['REQ', 'c', { kinds: [1], authors: [alicePk] }]);
      const frames = await copy.untilEose('c');
      await copy.close();
      expect(frames.filter((f) => f.message[0] === 'EVENT').length).toBeGreaterThanOrEqual(2);
    } finally {
      await target.close();
    }
  });

  it('refuses a rebroadcast without write relays; reports an idle status', async () => {
    await expect(
      ask('membership_content_rebroadcast_start', { event_from_user: signed(bob, { kinds: [1] }) }),
    ).rejects.toThrow(/premium/);
    await saveMember(getStore(), {
      pubkey: bobPk,
      name: 'bobby',
      tier: 'premium',
      expires_on: clock + 86_400,
      premium_since: clock,
      donated_sats: 0,
      last_donation: clock,
      customization: '',
    });
    await expect(
      ask('membership_content_rebroadcast_start', { event_from_user: signed(bob, { kinds: [1] }) }),
    ).rejects.toThrow(/write relays/);
    const [status] = await ask('rebroadcasting_status', { event_from_user: signed(bob) });
    expect(JSON.parse(status.content)).toMatchObject({ running: false, status: 'idle' });
  });
});
