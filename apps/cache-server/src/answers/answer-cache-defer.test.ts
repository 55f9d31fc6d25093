import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResponseCache } from './answer-cache.ts';
import type { AnswerDeps } from './answer-deps.ts';

type Answer = { n: number; deps: AnswerDeps };

afterEach(() => {
  vi.restoreAllMocks();
});

/** A cache whose answers depend on `e:<key>`, deferring while `busy`, and computations the test finishes by hand. */
function setup() {
  const cache = new ResponseCache<Answer>(
    { ttlMs: 1000, maxAgeMs: 30_000 },
    () => 0,
    (a) => a.deps,
  );
  let busy = false;
  cache.deferWhile(() => busy);
  const pending: Array<() => void> = [];
  const started: string[] = [];
  let n = 0;
  const compute = (key: string) => () =>
    new Promise<Answer>((resolve) => {
      n += 1;
      const mine = n;
      started.push(key);
      pending.push(() => resolve({ n: mine, deps: { keys: [`e:${key}`], since: 1 } }));
    });
  const finishAll = async () => {
    while (pending.length > 0) pending.shift()?.();
    await new Promise((r) => setImmediate(r));
  };
  return { cache, compute, finishAll, started, setBusy: (b: boolean) => (busy = b) };
}

describe('ResponseCache: background recomputations wait while requests wait', () => {
  it('parks a stale answer’s recomputation while the queue is busy and starts it once it is not, oldest first', async () => {
    const { cache, compute, finishAll, started, setBusy } = setup();
    const wall = vi.spyOn(Date, 'now').mockReturnValue(49_000);
    for (const key of ['a', 'b', 'c']) cache.answer(key, 99, compute(key), '', 1);
    await finishAll();
    wall.mockReturnValue(50_000);
    cache.answer('c', 100, compute('c'), '', 1);
    cache.changed(new Set(['e:a', 'e:b']), 2);
    setBusy(true);
    // served stale within the second; their recomputations wait for the queue
    expect((await cache.answer('a', 100, compute('a'), '', 2)).n).toBe(1);
    expect((await cache.answer('b', 100, compute('b'), '', 2)).n).toBe(2);
    expect(started).toEqual(['a', 'b', 'c']);
    setBusy(false);
    // the next request (for anything) starts them, oldest first
    expect((await cache.answer('c', 100, compute('c'), '', 2)).n).toBe(3);
    expect(started).toEqual(['a', 'b', 'c', 'a', 'b']);
    await finishAll();
    expect((await cache.answer('a', 100, compute('a'), '', 2)).n).toBe(4);
  });

  it('a request that may no longer be served the stale answer starts its parked recomputation at once', async () => {
    const { cache, compute, finishAll, started, setBusy } = setup();
    const wall = vi.spyOn(Date, 'now').mockReturnValue(49_000);
    cache.answer('a', 99, compute('a'), '', 1);
    await finishAll();
    wall.mockReturnValue(50_000);
    cache.answer('a', 100, compute('a'), '', 1);
    cache.changed(new Set(['e:a']), 2);
    setBusy(true);
    expect((await cache.answer('a', 100, compute('a'), '', 2)).n).toBe(1);
    expect(started).toEqual(['a']);
    // the next second: the stale answer may not be served; the request's own computation starts although busy
    wall.mockReturnValue(51_000);
    const waited = cache.answer('a', 101, compute('a'), '', 2);
    expect(started).toEqual(['a', 'a']);
    await finishAll();
    expect((await waited).n).toBe(2);
    // and the parked one is gone: an idle queue starts nothing more
    setBusy(false);
    cache.answer('a', 101, compute('a'), '', 2);
    expect(started).toEqual(['a', 'a']);
  });
});
