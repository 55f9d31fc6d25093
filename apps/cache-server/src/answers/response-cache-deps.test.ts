import type { CacheEvent } from '@tide/core/nostr';
import { describe, expect, it } from 'vitest';
import { ChangeNotifier } from '../read-cache/change-notifier.ts';
import type { Store } from '../store/index.ts';
import { type AnswerDeps, noteAnswerDeps } from './answer-deps.ts';
import { PackedAnswer } from './answer-frames.ts';
import { ResponseCache, responseCacheFor } from './response-cache.ts';

type Answer = { n: number; deps?: AnswerDeps };

/** A cache whose answers say their own dependencies, and a computation counting its calls. */
function setup(deps?: string[], since = 0) {
  const cache = new ResponseCache<Answer>(
    { ttlMs: 1000, maxAgeMs: 30_000 },
    () => 0,
    (a) => a.deps,
  );
  let n = 0;
  const compute = async (): Promise<Answer> => {
    n += 1;
    return { n, deps: deps ? { keys: deps, since } : undefined };
  };
  return { cache, compute, calls: () => n };
}

describe('ResponseCache with answer dependencies', () => {
  it('an answer no change touched stays exact across changes and seconds; a touched one falls back', async () => {
    const { cache, compute, calls } = setup(['e:x', 'a:p']);
    await cache.answer('k', 100, compute, '', 1);
    cache.changed(new Set(['e:y', 'a:q']), 2);
    // another second, another sequence: still served (nothing it read changed)
    expect((await cache.answer('k', 105, compute, '', 2)).n).toBe(1);
    expect(cache.exactCount).toBe(1);
    expect(cache.isExact('k', cache.peek('k', 105, 2) as Answer)).toBe(true);
    cache.changed(new Set(['a:p']), 3);
    expect(cache.isExact('k', cache.peek('k', 100, 3) as Answer)).toBe(false);
    expect(cache.exactCount).toBe(0);
    // touched: made in second 100, it is not reused in 105 by the after-change rule; but the change came in second 105,
    // so it is served while its one recomputation runs (see answer-cache-stale.test.ts)
    expect((await cache.answer('k', 105, compute, '', 3)).n).toBe(1);
    expect(calls()).toBe(2);
    expect((await cache.answer('k', 105, compute, '', 3)).n).toBe(2);
  });

  it('an answer without dependencies keeps the sequence rule', async () => {
    const { cache, compute } = setup(undefined);
    await cache.answer('k', 100, compute, '', 1);
    cache.changed(new Set(['e:y']), 2);
    expect((await cache.answer('k', 101, compute, '', 2)).n).toBe(2);
  });

  it('a change made while the answer was computed is checked when it finishes (from its `since` on)', async () => {
    const { cache, calls } = setup();
    let release: (a: Answer) => void = () => {};
    const running = cache.answer('k', 100, () => new Promise<Answer>((r) => (release = r)), '', 5);
    cache.changed(new Set(['e:x']), 6);
    release({ n: 1, deps: { keys: ['e:x'], since: 5 } });
    await running;
    expect(cache.exactCount).toBe(0);
    // a part older than the computation (since 3): a change at 4 touching it counts too
    cache.changed(new Set(['e:z']), 4);
    const other = cache.answer('j', 100, async () => ({ n: 2, deps: { keys: ['e:z'], since: 3 } }), '', 7);
    await other;
    expect(cache.exactCount).toBe(0);
    await cache.answer('i', 100, async () => ({ n: 3, deps: { keys: ['e:z'], since: 7 } }), '', 7);
    expect(cache.exactCount).toBe(1);
    expect(calls()).toBe(0);
  });

  it('a change naming everything touches every answer', async () => {
    const { cache, compute } = setup(['e:x']);
    await cache.answer('k', 100, compute, '', 1);
    await cache.answer('j', 100, compute, '', 1);
    expect(cache.exactCount).toBe(2);
    cache.changed(null, 2);
    expect(cache.exactCount).toBe(0);
  });

  it("forgetting a viewer lets go of their answers their write touched (or not described), and no one else's", async () => {
    const { cache, compute } = setup(['e:x']);
    await cache.answer('k', 100, compute, 'v1', 1);
    await cache.answer('j', 100, compute, 'v2', 1);
    await cache.answer('i', 100, async () => ({ n: 0 }), 'v1', 1);
    // a write by v1 that touched nothing 'k' read: it stays (a fresh computation's equal); 'i' has no dependencies
    cache.changed(new Set(['e:y']), 2);
    cache.forgetViewers(new Set(['v1']));
    expect(cache.size).toBe(2);
    cache.changed(new Set(['e:x']), 3);
    cache.forgetViewers(new Set(['v1']));
    expect(cache.size).toBe(1);
    expect(cache.peek('j', 100, 3)).toBeDefined();
  });

  it("a server's cache hears change sets at the next sequence and settings pokes as the viewer's own key", async () => {
    const notifier = new ChangeNotifier();
    const cache = responseCacheFor(notifier, { ttlMs: 1000, maxAgeMs: 30_000 });
    const packed = async (keys: string[]) => {
      const answer = await PackedAnswer.pack([{ kind: 1, content: 'x' } as CacheEvent]);
      await noteAnswerDeps(answer, {} as Store, 'user_profile', { pubkey: keys[0] }, keys[1], [], notifier.sequence);
      return answer;
    };
    const p = 'a'.repeat(64);
    const v = 'b'.repeat(64);
    await cache.answer('k', 100, () => packed([p, v]), v, notifier.sequence);
    expect(cache.exactCount).toBe(1);
    notifier.changesApplied({ events: [], pubkeys: [], media: false, all: false, keys: [`a:${'c'.repeat(64)}`] });
    notifier.notify('ingest');
    expect(cache.exactCount).toBe(1);
    notifier.notify(`settings:${v}`);
    expect(cache.exactCount).toBe(0);
  });
});
