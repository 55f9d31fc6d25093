import { type NostrEvent, signEvent } from '@tide/core/nostr';
import { beforeAll, expect, it } from 'vitest';
import { describeDialects } from '../../test/dialects.ts';
import { ingestEvents } from '../ingest/index.ts';
import { deriveSecretKey, publicKeyOf } from '../seed/signer.ts';
import type { MuteRules } from './content-mutes.ts';
import { queryPosts } from './content-posts.ts';

const NOW = 1_800_000_000;
const sk = deriveSecretKey('posts-test:author');
const author = publicKeyOf(sk);
const at = (i: number) => NOW - 100_000 + i * 10;

// 20 clean notes, then 150 newer ones with a muted word (more than the candidates a first page checks), then 5
// clean newest ones: pages must skip every muted note wherever it sits.
function notes(): NostrEvent[] {
  const out: NostrEvent[] = [];
  for (let i = 0; i < 20; i++) out.push(signEvent({ kind: 1, created_at: at(i), tags: [], content: `old ${i}` }, sk));
  for (let i = 20; i < 170; i++) {
    out.push(signEvent({ kind: 1, created_at: at(i), tags: [], content: `a Spoiler ${i}` }, sk));
  }
  for (let i = 170; i < 175; i++) {
    out.push(signEvent({ kind: 1, created_at: at(i), tags: [], content: `new ${i}` }, sk));
  }
  return out;
}

const rules: MuteRules = { pubkeys: new Set(), hashtags: new Set(), words: ['spoiler'], threads: new Set() };

describeDialects('feed posts with per-row mutes', (getStore) => {
  let clean: string[];
  beforeAll(async () => {
    const events = notes();
    const results = await ingestEvents(getStore(), events, { source: 'import', now: NOW });
    expect(results.every((r) => r.ok)).toBe(true);
    clean = events
      .filter((e) => !e.content.includes('Spoiler'))
      .sort((a, b) => b.created_at - a.created_at)
      .map((e) => e.id);
  });
  const page = (limit: number, offset = 0, until = NOW) =>
    queryPosts(getStore(), { author, kinds: [1], muted: rules }, { limit, offset, since: 0, until });

  it('a page reaches past more muted notes than its first candidates', async () => {
    expect((await page(10)).map((p) => p.id)).toEqual(clean.slice(0, 10));
    expect((await page(3)).map((p) => p.id)).toEqual(clean.slice(0, 3));
    expect((await page(5, 3)).map((p) => p.id)).toEqual(clean.slice(3, 8));
    expect((await page(50)).map((p) => p.id)).toEqual(clean);
  });

  it('a short feed with mutes comes back whole', async () => {
    const other = deriveSecretKey('posts-test:short');
    const events = [1, 2, 3].map((i) =>
      signEvent({ kind: 1, created_at: at(i), tags: [], content: i === 2 ? 'spoiler' : `short ${i}` }, other),
    );
    expect((await ingestEvents(getStore(), events, { source: 'import', now: NOW })).every((r) => r.ok)).toBe(true);
    const got = await queryPosts(
      getStore(),
      { author: publicKeyOf(other), kinds: [1], muted: rules },
      { limit: 20, offset: 0, since: 0, until: NOW },
    );
    expect(got.map((p) => p.id)).toEqual([events[2].id, events[0].id]);
  });

  it('without mutes every note comes back, newest first', async () => {
    const all = await queryPosts(getStore(), { author, kinds: [1] }, { limit: 200, offset: 0, since: 0, until: NOW });
    expect(all).toHaveLength(175);
    expect(all[0].value).toBe(at(174));
  });
});
