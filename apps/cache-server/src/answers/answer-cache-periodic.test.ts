import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResponseCache } from './answer-cache.ts';
import { handComputations } from './hand-computations.test-helper.ts';
import { isPeriodicKey, responseKey } from './response-cache.ts';
import { NO_VIEWER } from './viewer-layer.ts';

type Answer = { n: number };

// tests set the wall clock with vi.spyOn(Date, 'now')
afterEach(() => {
  vi.restoreAllMocks();
});

/** A cache whose keys starting with `p` are periodic (5 s), and computations the test finishes by hand. */
function setup() {
  const cache = new ResponseCache<Answer>(
    { ttlMs: 1000, maxAgeMs: 30_000, periodicMs: 5000 },
    () => 0,
    () => undefined,
    (key) => key.startsWith('p'),
  );
  return { cache, ...handComputations<Answer>((n) => ({ n })) };
}

describe('ResponseCache: periodic answers', () => {
  it('serves a periodic answer across changes up to the period, recomputed once in the background from half of it', async () => {
    const { cache, compute, finish, calls, running } = setup();
    const wall = vi.spyOn(Date, 'now').mockReturnValue(50_000);
    const first = cache.answer('p', 100, compute, '', 1);
    await finish();
    expect((await first).n).toBe(1);
    cache.changed(null, 2);
    // the next second, after a change: an exact key would wait for a recomputation, a periodic one is served
    wall.mockReturnValue(51_200);
    expect((await cache.answer('p', 101, compute, '', 2)).n).toBe(1);
    expect(cache.peek('p', 101, 2)?.n).toBe(1);
    expect(calls()).toBe(1);
    // from half of the period: served, and one recomputation starts (not one per request)
    wall.mockReturnValue(52_100);
    expect(cache.peek('p', 102, 2)?.n).toBe(1);
    wall.mockReturnValue(52_600);
    expect((await cache.answer('p', 102, compute, '', 2)).n).toBe(1); // a request sweeps at most once a second
    expect(cache.peek('p', 102, 2)?.n).toBe(1);
    for (let i = 0; i < 3; i++) expect((await cache.answer('p', 102, compute, '', 2)).n).toBe(1);
    expect(calls()).toBe(2);
    expect(running()).toBe(1);
    await finish();
    expect(cache.peek('p', 102, 2)?.n).toBe(2);
    expect(cache.takeStats()).toMatchObject({ misses: 1, joined: 0 });
  });

  it('past the period a request waits for a new computation; an exact key never outlives the after-change rule', async () => {
    const { cache, compute, finish, calls } = setup();
    const wall = vi.spyOn(Date, 'now').mockReturnValue(50_000);
    const periodic = cache.answer('p', 100, compute, '', 1);
    const exact = cache.answer('x', 100, compute, '', 1);
    await finish();
    await finish();
    expect([(await periodic).n, (await exact).n]).toEqual([1, 2]);
    cache.changed(null, 2);
    wall.mockReturnValue(51_100);
    expect(cache.peek('x', 101, 2)).toBeUndefined();
    const waited = cache.answer('x', 101, compute, '', 2);
    expect(calls()).toBe(3);
    await finish();
    expect((await waited).n).toBe(3);
    // 5.1 s by wall clock (or 6 s by the server's): no longer served, the request waits
    for (const [second, at] of [
      [105, 55_100],
      [106, 54_000],
    ]) {
      wall.mockReturnValue(at);
      expect(cache.peek('p', second, 2), `${second} ${at}`).toBeUndefined();
    }
    wall.mockReturnValue(55_100);
    const late = cache.answer('p', 105, compute, '', 2);
    expect(calls()).toBe(4);
    await finish();
    expect((await late).n).toBe(4);
  });

  it('with periodicMs 0 a periodic key is exact like any other', async () => {
    const cache = new ResponseCache<Answer>(
      { ttlMs: 1000, maxAgeMs: 30_000, periodicMs: 0 },
      undefined,
      undefined,
      () => true,
    );
    vi.spyOn(Date, 'now').mockReturnValue(50_000);
    let n = 0;
    const compute = async () => ({ n: ++n });
    expect((await cache.answer('p', 100, compute, '', 1)).n).toBe(1);
    cache.changed(null, 2);
    expect(cache.peek('p', 101, 2)).toBeUndefined();
    expect((await cache.answer('p', 101, compute, '', 2)).n).toBe(2);
  });
});

describe('isPeriodicKey', () => {
  it('names the viewer-less answers of the precomputed rankings only', () => {
    const trending = { limit: 20 };
    expect(isPeriodicKey(responseKey('explore_topics', {}, null))).toBe(true);
    expect(isPeriodicKey(responseKey('explore_topics', { user_pubkey: 'a'.repeat(64) }, null))).toBe(true);
    expect(isPeriodicKey(responseKey('explore_global_trending_24h', trending, null))).toBe(true);
    expect(isPeriodicKey(responseKey('explore_global_mostzapped_4h', { user_pubkey: NO_VIEWER }, null))).toBe(true);
    // a viewer's own answer (the full path) stays exact, and so do other commands
    expect(isPeriodicKey(responseKey('explore_global_trending_24h', { user_pubkey: 'a'.repeat(64) }, null))).toBe(
      false,
    );
    expect(isPeriodicKey(responseKey('explore_global_trending_24h', trending, 'a'.repeat(64)))).toBe(false);
    expect(isPeriodicKey(responseKey('explore', { timeframe: 'trending' }, null))).toBe(false);
    expect(isPeriodicKey(responseKey('mega_feed_directive', {}, null))).toBe(false);
  });
});
