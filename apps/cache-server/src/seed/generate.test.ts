import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { decodeCashuToken } from '@tide/core/ecash';
import { decodeBolt11 } from '@tide/core/lightning';
import type { NostrEvent } from '@tide/core/nostr';
import { decrypt as nip04Decrypt } from 'nostr-tools/nip04';
import { verifyEvent } from 'nostr-tools/pure';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ACCOUNT_INFO, DEMO_ACCOUNTS } from './accounts.ts';
import { createSeedWorld, demoEventBatches, type GenerateOptions } from './generate.ts';
import { deriveSecretKey } from './signer.ts';

const NOW = 1_790_000_000;

async function generate(options: GenerateOptions): Promise<{ events: NostrEvent[]; counts: Record<string, number> }> {
  const world = await createSeedWorld(options);
  const events: NostrEvent[] = [];
  for (const batch of demoEventBatches(world, options)) events.push(...batch);
  return { events, counts: world.counts };
}

function depthOf(byId: Map<string, NostrEvent>, e: NostrEvent): number {
  let depth = 0;
  let cur: NostrEvent | undefined = e;
  while (cur) {
    const parent: string[] | undefined =
      cur.tags.find((t) => t[0] === 'e' && t[3] === 'reply') ?? cur.tags.find((t) => t[0] === 'e' && t[3] === 'root');
    if (!parent) break;
    depth++;
    cur = byId.get(parent[1]);
  }
  return depth;
}

describe('demo network generator', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tide-seed-'));
  let events: NostrEvent[];
  let counts: Record<string, number>;

  beforeAll(async () => {
    ({ events, counts } = await generate({ seed: 'test', now: NOW, dataDir, publicUrl: 'http://127.0.0.1:9999' }));
  }, 300_000);
  // the generated pictures (7 MB) were left in the temp dir after every run
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('generates at least 20,000 events from at least 300 users over the last 30 days', () => {
    expect(events.length).toBeGreaterThanOrEqual(20_000);
    expect(new Set(events.filter((e) => e.kind === 0).map((e) => e.pubkey)).size).toBeGreaterThanOrEqual(300);
    const content = events.filter((e) => e.kind === 1);
    expect(Math.min(...content.map((e) => e.created_at))).toBeGreaterThanOrEqual(NOW - 30 * 86_400);
    expect(Math.max(...events.map((e) => e.created_at))).toBeLessThanOrEqual(NOW);
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    expect(total).toBe(events.length);
  });

  it('has every kind the demo needs, with at least 60 articles', () => {
    for (const kind of [0, 1, 3, 4, 6, 7, 9735, 9802, 10000, 10002, 10003, 17000, 30023, 31234, 31990, 37001]) {
      expect(counts[String(kind)] ?? 0, `kind ${kind}`).toBeGreaterThan(0);
    }
    expect(counts['30023']).toBeGreaterThanOrEqual(60);
  });

  it('gives each demo account a kind-10050 DM relay list naming the product relay (NIP-17), and nobody else', () => {
    const lists = events.filter((e) => e.kind === 10050);
    expect(lists.map((e) => e.pubkey).sort()).toEqual(DEMO_ACCOUNTS.map((a) => a.pubkey).sort());
    for (const e of lists) expect(e.tags).toEqual([['relay', 'ws://127.0.0.1:9999/']]);
  });

  it('signs every event validly and never repeats an id', () => {
    const sample = events.filter((_, i) => i % 97 === 0);
    for (const e of sample) expect(verifyEvent({ ...e })).toBe(true);
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
  });

  it('is deterministic: the same seed gives the same ids, another seed different ones', async () => {
    const small = { seed: 'det', now: NOW, scale: 1_000 };
    const a = await generate(small);
    const b = await generate(small);
    const c = await generate({ ...small, seed: 'other' });
    expect(a.events.map((e) => e.id)).toEqual(b.events.map((e) => e.id));
    expect(c.events.map((e) => e.id)).not.toEqual(a.events.map((e) => e.id));
  }, 300_000);

  it('builds threads at least five replies deep', () => {
    const byId = new Map(events.map((e) => [e.id, e]));
    const deepest = Math.max(...events.filter((e) => e.kind === 1).map((e) => depthOf(byId, e)));
    expect(deepest).toBeGreaterThanOrEqual(5);
  });

  it('writes zap receipts whose bolt11 commits to the zap request in the description', () => {
    const receipts = events.filter((e) => e.kind === 9735).slice(0, 20);
    expect(receipts.length).toBe(20);
    for (const r of receipts) {
      const tag = (n: string) => r.tags.find((t) => t[0] === n)?.[1] ?? '';
      const request = JSON.parse(tag('description')) as NostrEvent;
      expect(request.kind).toBe(9734);
      expect(verifyEvent(request)).toBe(true);
      expect(tag('P')).toBe(request.pubkey);
      const invoice = decodeBolt11(tag('bolt11'));
      expect(invoice.descriptionHash).toBe(bytesToHex(sha256(utf8ToBytes(tag('description')))));
      const amountTag = request.tags.find((t) => t[0] === 'amount')?.[1];
      expect(String(invoice.amountMsat)).toBe(amountTag);
    }
  });

  it('encrypts DMs with NIP-04 so the demo accounts can read them', () => {
    const alice = DEMO_ACCOUNTS[0];
    const dm = events.find((e) => e.kind === 4 && e.tags.some((t) => t[0] === 'p' && t[1] === alice.pubkey));
    expect(dm).toBeDefined();
    const text = nip04Decrypt(alice.secretKeyHex, dm!.pubkey, dm!.content);
    expect(text.length).toBeGreaterThan(3);
  });

  it('gives profiles seeded images on the server origin, nip05 and lud16', () => {
    const profile = events.find((e) => e.kind === 0 && e.pubkey === DEFAULT_ACCOUNT_INFO.pubkey)!;
    const meta = JSON.parse(profile.content) as Record<string, string>;
    expect(meta.name).toBe('tide');
    expect(meta.nip05).toBe('tide@127.0.0.1:9999');
    expect(meta.lud16).toMatch(/^tide@/);
    expect(meta.picture).toMatch(/^http:\/\/127\.0\.0\.1:9999\/media\/avatar-0\.png$/);
    expect(meta.banner).toMatch(/^http:\/\/127\.0\.0\.1:9999\/media\/banner-0\.jpg$/);
    const files = readdirSync(join(dataDir, 'media'));
    expect(files).toContain('avatar-0.png');
    // real raster images: PNG, JPEG and WebP signatures
    expect(
      readFileSync(join(dataDir, 'media', 'avatar-0.png'))
        .subarray(0, 4)
        .toString('hex'),
    ).toBe('89504e47');
    expect(
      readFileSync(join(dataDir, 'media', 'banner-0.jpg'))
        .subarray(0, 2)
        .toString('hex'),
    ).toBe('ffd8');
    expect(
      readFileSync(join(dataDir, 'media', 'picture-2.webp'))
        .subarray(8, 12)
        .toString('latin1'),
    ).toBe('WEBP');
    const relays = events.find((e) => e.kind === 10002)!;
    expect(relays.tags[0]).toEqual(['r', 'ws://127.0.0.1:9999/']);
  });

  it('puts lightning invoices, ecash tokens, quoted highlights, raster pictures and videos in notes', async () => {
    const notes = events.filter((e) => e.kind === 1);
    const invoices = notes.flatMap((e) => /\blnbc[0-9a-z]{20,}/.exec(e.content) ?? []);
    expect(invoices.length).toBeGreaterThan(10);
    const invoice = decodeBolt11(invoices[0]);
    expect(Number(invoice.amountMsat)).toBeGreaterThan(0);
    expect(invoice.description).toMatch(/^Tide demo: /);
    const tokens = notes.flatMap((e) => /\bcashuA[A-Za-z0-9_-]+/.exec(e.content) ?? []);
    expect(tokens.length).toBeGreaterThan(10);
    const token = await decodeCashuToken(tokens[0]);
    expect(token.amount).toBeGreaterThan(0);
    expect(token.entries[0].mint).toBe('https://mint.127.0.0.1:9999');
    const highlights = new Set(events.filter((e) => e.kind === 9802).map((e) => e.id));
    const quoted = notes.filter((e) => e.tags.some((t) => t[0] === 'q' && highlights.has(t[1])));
    expect(quoted.length).toBeGreaterThan(10);
    expect(quoted.every((e) => /nostr:nevent1/.test(e.content))).toBe(true);
    const imeta = notes.flatMap((e) => e.tags.filter((t) => t[0] === 'imeta'));
    expect(imeta.length).toBeGreaterThan(10);
    expect(new Set(imeta.map((t) => t[2]))).toEqual(
      new Set(['m image/jpeg', 'm image/png', 'm image/webp', 'm video/mp4']),
    );
    expect(imeta.every((t) => /^dim \d+x\d+$/.test(t[3]))).toBe(true);
    const videos = imeta.filter((t) => t[2] === 'm video/mp4');
    expect(videos.length).toBeGreaterThan(10);
    expect(videos.every((t) => /^image http:\/\/127\.0\.0\.1:9999\/media\/video-\d-thumb\.jpg$/.test(t[4]))).toBe(true);
    expect(readdirSync(join(dataDir, 'media'))).toEqual(expect.arrayContaining(['video-0.mp4', 'video-0-thumb.jpg']));
  });

  it('derives the demo accounts from fixed strings', () => {
    expect(DEMO_ACCOUNTS.map((a) => a.name)).toEqual(['alice', 'bob', 'carol']);
    expect(bytesToHex(deriveSecretKey('demo-alice'))).toBe(DEMO_ACCOUNTS[0].secretKeyHex);
    expect(events.some((e) => e.pubkey === DEMO_ACCOUNTS[2].pubkey && e.kind === 0)).toBe(true);
  });
});
