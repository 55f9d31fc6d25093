import type { CacheEvent, NostrEvent } from '@tide/core/nostr';
import { describe, expect, it, vi } from 'vitest';
import { PackedAnswer } from './answer-frames.ts';
import { ChangeNotifier } from './change-notifier.ts';
import { ResponseCache, responseCacheFor, responseKey, viewerOfRequest } from './response-cache.ts';

function counter(): { compute: () => Promise<CacheEvent[]>; calls: () => number } {
  let n = 0;
  return {
    compute: async () => {
      n += 1;
      return [{ kind: 1, content: `answer ${n}` }];
    },
    calls: () => n,
  };
}

const KEY = responseKey('user_profile', { pubkey: 'a' }, null);

describe('ResponseCache', () => {
  it('identical requests in the same second share one computation, even while it is running', async () => {
    const cache = new ResponseCache<CacheEvent[]>(1000);
    const c = counter();
    const [a, b] = await Promise.all([cache.answer(KEY, 100, c.compute), cache.answer(KEY, 100, c.compute)]);
    expect(await cache.answer(KEY, 100, c.compute)).toBe(a);
    expect(b).toBe(a);
    expect(c.calls()).toBe(1);
    expect(cache.takeStats()).toEqual({ hits: 1, joined: 1, misses: 1 });
    expect(cache.takeStats()).toEqual({ hits: 0, joined: 0, misses: 0 });
  });

  it('a new clock second, another payload or another remembered user computes again', async () => {
    const cache = new ResponseCache<CacheEvent[]>(1000);
    const c = counter();
    await cache.answer(KEY, 100, c.compute);
    await cache.answer(KEY, 101, c.compute);
    await cache.answer(responseKey('user_profile', { pubkey: 'b' }, null), 101, c.compute);
    await cache.answer(responseKey('user_profile', { pubkey: 'a' }, 'f'.repeat(64)), 101, c.compute);
    expect(c.calls()).toBe(4);
  });

  it('answers of an earlier clock second are let go as soon as a new second is asked for', async () => {
    const cache = new ResponseCache<CacheEvent[]>(1000);
    const c = counter();
    await cache.answer(KEY, 100, c.compute);
    await cache.answer(responseKey('user_profile', { pubkey: 'b' }, null), 100, c.compute);
    expect(cache.size).toBe(2);
    await cache.answer(KEY, 101, c.compute);
    expect(cache.size).toBe(1);
    expect(c.calls()).toBe(3);
  });

  it('answers older than the ttl are computed again; ttl 0 turns the cache off', async () => {
    const cache = new ResponseCache<CacheEvent[]>(1000);
    const c = counter();
    const wall = vi.spyOn(Date, 'now').mockReturnValue(50_000);
    await cache.answer(KEY, 100, c.compute);
    wall.mockReturnValue(51_000);
    await cache.answer(KEY, 100, c.compute);
    expect(c.calls()).toBe(1);
    wall.mockReturnValue(51_001);
    await cache.answer(KEY, 100, c.compute);
    expect(c.calls()).toBe(2);
    wall.mockRestore();
    const off = new ResponseCache<CacheEvent[]>(0);
    await off.answer(KEY, 100, c.compute);
    await off.answer(KEY, 100, c.compute);
    expect(c.calls()).toBe(4);
    expect(off.size).toBe(0);
  });

  it('a failed computation is not kept', async () => {
    const cache = new ResponseCache<CacheEvent[]>(1000);
    await expect(cache.answer(KEY, 100, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    const c = counter();
    await cache.answer(KEY, 100, c.compute);
    expect(c.calls()).toBe(1);
  });

  it("ingest forgets the answers made for the accepted events' authors, and only those", async () => {
    const notifier = new ChangeNotifier();
    const cache = responseCacheFor(notifier, 1000);
    expect(responseCacheFor(notifier, 1000)).toBe(cache);
    const c = counter();
    const packed = async () => PackedAnswer.pack(await c.compute());
    const author = 'a'.repeat(64);
    const other = 'b'.repeat(64);
    const keyAs = (viewer: string) => responseKey('thread_view', { event_id: 'x', user_pubkey: viewer }, null);
    await cache.answer(keyAs(author), 100, packed, viewerOfRequest({ user_pubkey: author }, null));
    await cache.answer(keyAs(other), 100, packed, viewerOfRequest({ user_pubkey: other }, null));
    // remembered user, no user_pubkey in the payload
    await cache.answer(responseKey('feed', {}, author), 100, packed, viewerOfRequest({}, author));
    await cache.answer(KEY, 100, packed, viewerOfRequest({}, null));
    expect(cache.size).toBe(4);
    const event: NostrEvent = { id: '1', pubkey: author, kind: 1, created_at: 100, tags: [], content: '', sig: 's' };
    notifier.eventsAccepted([event]);
    expect(cache.size).toBe(2);
    await cache.answer(keyAs(author), 100, packed, author);
    await cache.answer(keyAs(other), 100, packed, other);
    expect(c.calls()).toBe(5);
  });
});
