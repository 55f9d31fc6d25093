import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResponseCache, refreshPoint } from './answer-cache.ts';
import { MAX_AHEAD } from './answer-cache-entry.ts';
import { handComputations } from './hand-computations.test-helper.ts';

// tests set the wall clock with vi.spyOn(Date, 'now')
afterEach(() => {
  vi.restoreAllMocks();
});

/** A cache of answers without dependencies, and a computation the test finishes by hand. */
function setup(maxAgeMs = 30_000) {
  const cache = new ResponseCache<{ n: number }>({ ttlMs: 1000, maxAgeMs });
  const { compute, finish, calls } = handComputations<{ n: number }>((n) => ({ n }));
  return { cache, compute, finish, calls };
}

describe('ResponseCache: recomputed ahead of the end of an answer’s life', () => {
  it('spreads the points where answers start their recomputation between 2/3 and the end of their life', () => {
    const points = Array.from({ length: 1000 }, (_, i) => refreshPoint(`feed\u0000\u0000{"n":${i}}`));
    expect(Math.min(...points)).toBeGreaterThanOrEqual(2 / 3);
    expect(Math.max(...points)).toBeLessThan(1);
    // spread, not bunched: each sixth of the range holds some
    for (let b = 0; b < 6; b++) {
      const inBucket = points.filter((p) => p >= 2 / 3 + b / 18 && p < 2 / 3 + (b + 1) / 18).length;
      expect(inBucket).toBeGreaterThan(100);
    }
  });

  it('serves an unchanged answer past its point and recomputes it once; the new one serves after the old one ends', async () => {
    const { cache, compute, finish, calls } = setup();
    const wall = vi.spyOn(Date, 'now').mockReturnValue(100_000);
    const point = 30_000 * refreshPoint('k');
    const first = cache.answer('k', 100, compute, '', 1);
    await finish();
    expect((await first).n).toBe(1);
    // peek serves only within a second of the cache's last sweep (which `answer` does): another key's request sweeps
    const other = async () => {
      await cache.answer('other', 100, async () => ({ n: 0 }), '', 1);
    };
    // before its point: a plain hit
    wall.mockReturnValue(100_000 + point - 10);
    await other();
    expect(cache.peek('k', 100, 1)?.n).toBe(1);
    expect(calls()).toBe(1);
    // past it: peek leaves it to answer, which serves the held answer and starts one recomputation
    wall.mockReturnValue(100_000 + point + 10);
    await other();
    expect(cache.peek('k', 100, 1)).toBeUndefined();
    for (let i = 0; i < 3; i++) expect((await cache.answer('k', 100, compute, '', 1)).n).toBe(1);
    expect(calls()).toBe(2);
    await finish();
    // the old answer's life is over (30 s): the recomputed one is served at once, by peek
    wall.mockReturnValue(130_500);
    await other();
    expect(cache.peek('k', 100, 1)?.n).toBe(2);
    expect(calls()).toBe(2);
  });

  it('from half of its life when requests for it come far apart: the next one, as far, would come after its end', async () => {
    const { cache, compute, finish, calls } = setup();
    const wall = vi.spyOn(Date, 'now').mockReturnValue(100_000);
    void cache.answer('k', 100, compute, '', 1);
    await finish();
    // a request every 6 s: at 6 and 12 s a plain hit; at 18 s (a request 6 s later would come at 24, then 30) recomputed
    for (const at of [6, 12]) {
      wall.mockReturnValue(100_000 + at * 1000);
      expect((await cache.answer('k', 100 + at, compute, '', 1)).n).toBe(1);
    }
    expect(calls()).toBe(1);
    wall.mockReturnValue(118_000);
    expect((await cache.answer('k', 118, compute, '', 1)).n).toBe(1);
    expect(calls()).toBe(2);
    // a key requested often is not: 100 ms apart, at 18 s
    const often = setup();
    wall.mockReturnValue(100_000);
    void often.cache.answer('k', 100, often.compute, '', 1);
    await often.finish();
    wall.mockReturnValue(117_900);
    await often.cache.answer('k', 117, often.compute, '', 1);
    wall.mockReturnValue(118_000);
    await often.cache.answer('k', 118, often.compute, '', 1);
    expect(often.calls()).toBe(1);
  });

  it('runs at most MAX_AHEAD recomputations ahead at once; one that finds no room is left to a later request', async () => {
    const { cache, compute, finish, calls } = setup();
    const wall = vi.spyOn(Date, 'now').mockReturnValue(100_000);
    const keys = ['a', 'b', 'c', 'd'];
    for (const key of keys) {
      void cache.answer(key, 100, compute, '', 1);
      await finish();
    }
    // every key past its point (at most 30 s): each served its held answer, MAX_AHEAD of them recomputed
    wall.mockReturnValue(129_900);
    for (const key of keys) expect((await cache.answer(key, 129, compute, '', 1)).n).toBeLessThanOrEqual(4);
    expect(calls()).toBe(4 + MAX_AHEAD);
    await finish();
    // one finished: the next request of a key left out starts its own
    for (const key of keys) await cache.answer(key, 129, compute, '', 1);
    expect(calls()).toBe(4 + MAX_AHEAD + 1);
  });

  it('a change meanwhile (no dependencies): the recomputation is still the one to wait for', async () => {
    const { cache, compute, finish, calls } = setup();
    const wall = vi.spyOn(Date, 'now').mockReturnValue(100_000);
    void cache.answer('k', 100, compute, '', 1);
    await finish();
    wall.mockReturnValue(129_990);
    expect((await cache.answer('k', 129, compute, '', 1)).n).toBe(1);
    // the store changed in a later second: the held answer may not be served; the running recomputation is joined
    cache.changed(null, 2);
    wall.mockReturnValue(131_000);
    const next = cache.answer('k', 131, compute, '', 2);
    await finish();
    expect((await next).n).toBe(2);
    expect(calls()).toBe(2);
  });

  it('not when the unchanged-store life is no longer than the after-change one', async () => {
    const { cache, compute, finish, calls } = setup(1000);
    const wall = vi.spyOn(Date, 'now').mockReturnValue(100_000);
    void cache.answer('k', 100, compute, '', 1);
    await finish();
    wall.mockReturnValue(100_999);
    expect(cache.peek('k', 100, 1)?.n).toBe(1);
    expect(calls()).toBe(1);
  });
});
