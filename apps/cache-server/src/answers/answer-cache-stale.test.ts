import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResponseCache } from './answer-cache.ts';
import type { AnswerDeps } from './answer-deps.ts';
import { handComputations } from './hand-computations.test-helper.ts';

type Answer = { n: number; deps: AnswerDeps };

// tests set the wall clock with vi.spyOn(Date, 'now')
afterEach(() => {
  vi.restoreAllMocks();
});

/** A cache whose answers depend on `e:x`, and a computation the test finishes by hand. */
function setup() {
  const cache = new ResponseCache<Answer>(
    { ttlMs: 1000, maxAgeMs: 30_000 },
    () => 0,
    (a) => a.deps,
  );
  // finish(since) ends the oldest running computation as computed from `since`
  const { compute, finish, calls } = handComputations<Answer, number>((n, since) => ({
    n,
    deps: { keys: ['e:x'], since },
  }));
  return { cache, compute, finish, calls };
}

describe('ResponseCache: stale while revalidating', () => {
  it('serves a touched answer while its one recomputation runs, within the second and 1 s of the change', async () => {
    const { cache, compute, finish, calls } = setup();
    const wall = vi.spyOn(Date, 'now').mockReturnValue(50_000);
    const first = cache.answer('k', 100, compute, '', 1);
    await finish(1);
    expect((await first).n).toBe(1);
    wall.mockReturnValue(52_000);
    expect((await cache.answer('k', 102, compute, '', 1)).n).toBe(1);
    cache.changed(new Set(['e:x']), 2);
    wall.mockReturnValue(52_500);
    // made in second 100, touched in 102: served in 102 by many requests, one recomputation
    for (let i = 0; i < 3; i++) expect((await cache.answer('k', 102, compute, '', 2)).n).toBe(1);
    expect(calls()).toBe(2);
    expect(cache.takeStats()).toMatchObject({ hits: 4, misses: 1 }); // the first computation
    // not by peek (a hit without a promise is a fresh one only)
    expect(cache.peek('k', 102, 2)).toBeUndefined();
    await finish(2);
    expect((await cache.answer('k', 102, compute, '', 2)).n).toBe(2);
    expect(cache.isExact('k', cache.peek('k', 102, 2) as Answer)).toBe(true);
  });

  it('past the second of the change or 1 s after it, requests wait for the recomputation (joined, not another)', async () => {
    for (const [second, wallMs] of [
      [103, 52_600],
      [102, 53_001],
    ]) {
      const { cache, compute, finish, calls } = setup();
      const wall = vi.spyOn(Date, 'now').mockReturnValue(52_000);
      const first = cache.answer('k', 102, compute, '', 1);
      await finish(1);
      await first;
      cache.changed(new Set(['e:x']), 2);
      wall.mockReturnValue(52_100);
      expect((await cache.answer('k', 102, compute, '', 2)).n).toBe(1);
      wall.mockReturnValue(wallMs);
      const later = cache.answer('k', second, compute, '', 2);
      expect(calls()).toBe(2);
      await finish(2);
      expect((await later).n).toBe(2);
    }
  });

  it("the change's second is the last one a request brought: never a later one", async () => {
    const { cache, compute, finish, calls } = setup();
    const first = cache.answer('k', 100, compute, '', 1);
    await finish(1);
    await first;
    // the change comes in while the server clock is in 101, but no request told the cache: it counts as second 100
    cache.changed(new Set(['e:x']), 2);
    const next = cache.answer('k', 101, compute, '', 2);
    expect(calls()).toBe(2);
    await finish(2);
    expect((await next).n).toBe(2);
  });

  it('a change during the computation counts from when it came in; a viewer who wrote never gets the stale one', async () => {
    const { cache, compute, finish, calls } = setup();
    const wall = vi.spyOn(Date, 'now').mockReturnValue(50_000);
    const first = cache.answer('k', 100, compute, 'v', 1);
    // a request for another answer brings second 101; the change comes in then, while 'k' is computed
    wall.mockReturnValue(50_900);
    cache.peek('other', 101, 1);
    cache.changed(new Set(['e:x']), 2);
    await finish(1);
    await first;
    wall.mockReturnValue(51_000);
    expect((await cache.answer('k', 101, compute, 'v', 2)).n).toBe(1);
    expect(calls()).toBe(2);
    cache.forgetViewers(new Set(['v']));
    const mine = cache.answer('k', 101, compute, 'v', 2);
    expect(calls()).toBe(3);
    await finish(2);
    await finish(2);
    expect((await mine).n).toBe(3);
    expect(cache.isExact('k', await mine)).toBe(true);
  });

  it('a recomputation whose stale answer was let go is still forgotten when its viewer writes', async () => {
    const { cache, compute, finish, calls } = setup();
    const wall = vi.spyOn(Date, 'now').mockReturnValue(50_000);
    const first = cache.answer('k', 100, compute, 'v', 1);
    await finish(1);
    await first;
    cache.peek('other', 101, 1);
    cache.changed(new Set(['e:x']), 2);
    expect((await cache.answer('k', 101, compute, 'v', 2)).n).toBe(1);
    // later: the sweep lets the stale answer go while its recomputation (from before the write) still runs
    wall.mockReturnValue(51_500);
    cache.peek('other', 102, 2);
    await cache.answer('other', 102, async () => ({ n: 0, deps: { keys: [], since: 2 } }), '', 2);
    cache.forgetViewers(new Set(['v']));
    const mine = cache.answer('k', 102, compute, 'v', 3);
    expect(calls()).toBe(3);
    await finish(2);
    await finish(3);
    expect((await mine).n).toBe(3);
  });
});

describe('ResponseCache: stale while revalidating, answers without dependencies', () => {
  it('lag the store from the first change after they were computed', async () => {
    const cache = new ResponseCache<{ n: number }>({ ttlMs: 1000, maxAgeMs: 30_000 });
    let n = 0;
    const releases: Array<() => void> = [];
    const compute = () =>
      new Promise<{ n: number }>((resolve) => {
        n += 1;
        const mine = n;
        releases.push(() => resolve({ n: mine }));
      });
    const wall = vi.spyOn(Date, 'now').mockReturnValue(50_000);
    const first = cache.answer('k', 100, compute, '', 1);
    releases.shift()?.();
    await first;
    // second 101: a first change (sequence 2), then another in 102 (sequence 3)
    wall.mockReturnValue(50_900);
    cache.peek('other', 101, 1);
    cache.changed(new Set(['e:x']), 2);
    wall.mockReturnValue(51_100);
    expect((await cache.answer('k', 101, compute, '', 2)).n).toBe(1);
    expect(n).toBe(2);
    // the recomputation is not finished; in 102 the answer of 100 may no longer be served (its first change was in 101)
    cache.peek('other', 102, 2);
    cache.changed(new Set(['e:y']), 3);
    const later = cache.answer('k', 102, compute, '', 3);
    expect(n).toBe(2);
    releases.shift()?.();
    expect((await later).n).toBe(2);
  });
});

describe('ResponseCache: a computation running from before a change', () => {
  /** A cache whose answer for 'k' had dependencies, touched, and its recomputation running from sequence 2 on. */
  async function running() {
    const t = setup();
    const first = t.cache.answer('k', 99, t.compute, '', 1);
    await t.finish(1);
    await first;
    t.cache.changed(new Set(['e:x']), 2);
    const second = t.cache.answer('k', 100, t.compute, '', 2);
    expect(t.calls()).toBe(2);
    t.cache.takeStats();
    return { ...t, second };
  }

  it('is joined in a later second, and taken when no change touched what it read', async () => {
    const { cache, compute, finish, calls, second } = await running();
    cache.changed(new Set(['e:other']), 3);
    const joined = cache.answer('k', 101, compute, '', 3);
    expect(calls()).toBe(2);
    await finish(2);
    expect((await second).n).toBe(2);
    expect((await joined).n).toBe(2);
    expect(cache.takeStats()).toMatchObject({ joined: 1, misses: 0 });
  });

  it('is computed again for the joiner when a change touched it; an undescribed one is not joined', async () => {
    const { cache, compute, finish, calls, second } = await running();
    cache.changed(new Set(['e:x']), 3);
    const joined = cache.answer('k', 101, compute, '', 3);
    await finish(2);
    await second;
    expect(calls()).toBe(3);
    await finish(3);
    expect((await joined).n).toBe(3);
    const plain = new ResponseCache<{ n: number }>({ ttlMs: 1000, maxAgeMs: 30_000 });
    let n = 0;
    const slow = () => new Promise<{ n: number }>((resolve) => setTimeout(() => resolve({ n: ++n }), 5));
    await plain.answer('u', 99, slow, '', 1);
    plain.changed(null, 2);
    const a = plain.answer('u', 100, slow, '', 2);
    plain.changed(null, 3);
    const b = plain.answer('u', 101, slow, '', 3);
    expect([(await a).n, (await b).n]).toEqual([2, 3]);
  });
});
