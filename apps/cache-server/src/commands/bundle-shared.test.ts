import { type CacheEvent, signEvent } from '@tide/core/nostr';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { describeDialects } from '../../test/dialects.ts';
import { ingestEvents } from '../ingest/index.ts';
import { type BundlePost, enrichPosts } from './bundle.ts';
import { type ShareClock, SharedBundles, shareBundles, sharedBundlesOf } from './bundle-shared.ts';
import { type Fixture, loadFixture, NOW, U } from './content-test-fixture.ts';

const actionsOf = (answer: CacheEvent[]) => answer.filter((e) => e.kind === 10000115).map((e) => e.content);

describeDialects('post bundles shared between viewers', (getStore) => {
  let f: Fixture;
  let posts: BundlePost[];
  const viewers = [U.bob.pubkey, U.carol.pubkey, U.viewer.pubkey, null];
  beforeAll(async () => {
    f = await loadFixture(getStore());
    const likes = [signEvent({ kind: 7, created_at: NOW - 60, tags: [['e', f.n4.id]], content: '+' }, U.bob.sk)];
    likes.push(signEvent({ kind: 7, created_at: NOW - 60, tags: [['e', f.n1.id]], content: '+' }, U.carol.sk));
    await ingestEvents(getStore(), likes, { source: 'import', now: NOW });
    posts = [f.n1, f.n2, f.n3, f.n4, f.quote].map((e) => ({ id: e.id, value: e.created_at }));
  });

  it('gives every viewer exactly the unshared answer, with their own note actions on one shared part', async () => {
    const store = getStore();
    const reference = await Promise.all(viewers.map((viewer) => enrichPosts(store, posts, { viewer })));
    // two viewers without mutes acted on different notes: their answers differ only by those actions
    expect(actionsOf(reference[0])).not.toEqual(actionsOf(reference[1]));
    expect(actionsOf(reference[0]).length).toBeGreaterThan(0);
    let seq = 1;
    const clock: ShareClock = { sequence: () => seq, second: () => NOW, writtenAt: () => 0 };
    const stop = shareBundles(store, clock);
    try {
      for (const [i, viewer] of viewers.entries())
        expect(await enrichPosts(store, posts, { viewer })).toEqual(reference[i]);
      // bob, carol and the guest used one part; the muting viewer computed theirs alone
      expect(sharedBundlesOf(store)?.size).toBe(1);
      for (const [i, viewer] of viewers.entries())
        expect(await enrichPosts(store, posts, { viewer })).toEqual(reference[i]);
      seq += 1;
      expect(await enrichPosts(store, posts, { viewer: U.bob.pubkey })).toEqual(reference[0]);
    } finally {
      stop();
    }
    expect(sharedBundlesOf(store)).toBeUndefined();
  });

  it('a writer never gets a part made before their write; others may within the second after a change', async () => {
    const store = getStore();
    let seq = 10;
    const written = new Map<string, number>();
    const clock: ShareClock = { sequence: () => seq, second: () => NOW, writtenAt: (pk) => written.get(pk) ?? 0 };
    // The clock's second is fixed; a 60 s wall-clock bound instead of 1 s, so an ingest slower than a second (a
    // loaded machine, PostgreSQL) cannot end the reuse this test expects within the second.
    const stop = shareBundles(store, clock, { ttlMs: 60_000, maxAgeMs: 60_000 });
    try {
      const before = await enrichPosts(store, posts, { viewer: U.carol.pubkey });
      const like = signEvent({ kind: 7, created_at: NOW - 30, tags: [['e', f.n2.id]], content: '+' }, U.bob.sk);
      await ingestEvents(store, [like], { source: 'import', now: NOW });
      written.set(U.bob.pubkey, 11);
      seq = 11;
      // carol (no write) is served the part made before the change, within the same second
      expect(await enrichPosts(store, posts, { viewer: U.carol.pubkey })).toEqual(before);
      // bob wrote: he gets a part computed after his like (n2's stats count it) and his own action on n2
      const bobs = await enrichPosts(store, posts, { viewer: U.bob.pubkey });
      expect(actionsOf(bobs).some((a) => a?.includes(f.n2.id))).toBe(true);
      const stats = (answer: CacheEvent[]) => answer.filter((e) => e.kind === 10000100).map((e) => e.content);
      expect(stats(bobs)).not.toEqual(stats(before));
      stop();
      expect(await enrichPosts(store, posts, { viewer: U.carol.pubkey })).not.toEqual(before);
    } finally {
      stop();
    }
  });
});

describe('SharedBundles', () => {
  it('lets go of parts no viewer can use once the store changed and a second passed', async () => {
    let seq = 1;
    let second = 100;
    const bundles = new SharedBundles({ sequence: () => seq, second: () => second, writtenAt: () => 0 });
    const part = async () => ({ head: [], tail: [], actionIds: [] });
    const wall = vi.spyOn(Date, 'now').mockReturnValue(50_000);
    try {
      await bundles.parts('a', '', part);
      await bundles.parts('b', '', part);
      expect(bundles.size).toBe(2);
      seq = 2;
      second = 101;
      wall.mockReturnValue(51_500);
      await bundles.parts('c', '', part);
      expect(bundles.size).toBe(1);
      // unchanged since: reused for up to 30 s (what is written beside ingest, e.g. link previews, shows by then)
      let computed = 0;
      const counted = async () => {
        computed += 1;
        return part();
      };
      wall.mockReturnValue(81_500);
      await bundles.parts('c', '', counted);
      wall.mockReturnValue(81_501);
      await bundles.parts('c', '', counted);
      expect(computed).toBe(1);
    } finally {
      wall.mockRestore();
    }
  });

  it("follows the server's reuse limits, not fixed ones", async () => {
    const seq = 1;
    const second = 100;
    const bundles = new SharedBundles(
      { sequence: () => seq, second: () => second, writtenAt: () => 0 },
      { ttlMs: 1000, maxAgeMs: 5_000 },
    );
    let computed = 0;
    const counted = async () => {
      computed += 1;
      return { head: [], tail: [], actionIds: [] };
    };
    const wall = vi.spyOn(Date, 'now').mockReturnValue(50_000);
    try {
      await bundles.parts('a', '', counted);
      wall.mockReturnValue(54_000);
      await bundles.parts('a', '', counted);
      expect(computed).toBe(1);
      // unchanged store, but older than the 5 s maximum age the server was started with
      wall.mockReturnValue(56_000);
      await bundles.parts('a', '', counted);
      expect(computed).toBe(2);
    } finally {
      wall.mockRestore();
    }
  });
});
