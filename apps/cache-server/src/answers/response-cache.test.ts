import type { CacheEvent, NostrEvent } from '@tide/core/nostr';
import { describe, expect, it, vi } from 'vitest';
import { ChangeNotifier } from '../read-cache/change-notifier.ts';
import { PackedAnswer } from './answer-frames.ts';
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

const OPTIONS = { ttlMs: 1000, maxAgeMs: 30_000 };

describe('ResponseCache', () => {
  it('identical requests share one computation, even while it is running', async () => {
    const cache = new ResponseCache<CacheEvent[]>(OPTIONS);
    const c = counter();
    const [a, b] = await Promise.all([cache.answer(KEY, 100, c.compute), cache.answer(KEY, 100, c.compute)]);
    expect(await cache.answer(KEY, 100, c.compute)).toBe(a);
    expect(b).toBe(a);
    expect(c.calls()).toBe(1);
    expect(cache.takeStats()).toEqual({ hits: 1, joined: 1, misses: 1 });
    expect(cache.takeStats()).toEqual({ hits: 0, joined: 0, misses: 0 });
  });

  it('peek hands out only a finished answer the same rules would serve, counted as a hit', async () => {
    const cache = new ResponseCache<CacheEvent[]>(OPTIONS);
    const c = counter();
    const running = cache.answer(KEY, 100, c.compute, '', 3);
    expect(cache.peek(KEY, 100, 3)).toBeUndefined();
    const first = await running;
    expect(cache.peek(KEY, 100, 3)).toBe(first);
    // another second after a change: not servable, nor under another key
    expect(cache.peek(KEY, 101, 4)).toBeUndefined();
    expect(cache.peek(responseKey('user_profile', { pubkey: 'b' }, null), 100, 3)).toBeUndefined();
    expect(cache.takeStats()).toEqual({ hits: 1, joined: 0, misses: 1 });
    expect(new ResponseCache<CacheEvent[]>({ ttlMs: 0 }).peek(KEY, 100)).toBeUndefined();
  });

  it('while the store is unchanged an answer is reused in later seconds, up to the maximum age', async () => {
    const cache = new ResponseCache<CacheEvent[]>(OPTIONS);
    const c = counter();
    const wall = vi.spyOn(Date, 'now').mockReturnValue(50_000);
    try {
      const first = await cache.answer(KEY, 100, c.compute, '', 7);
      wall.mockReturnValue(75_000);
      expect(await cache.answer(KEY, 125, c.compute, '', 7)).toBe(first);
      // the server clock moved past the maximum age (a test clock or a jump): computed again
      expect(await cache.answer(KEY, 131, c.compute, '', 7)).not.toBe(first);
      expect(c.calls()).toBe(2);
      // the wall clock moved past the maximum age
      wall.mockReturnValue(75_000 + 30_001);
      await cache.answer(KEY, 131, c.compute, '', 7);
      expect(c.calls()).toBe(3);
    } finally {
      wall.mockRestore();
    }
  });

  it('once the store changed, an answer lives only within its clock second and the ttl', async () => {
    const cache = new ResponseCache<CacheEvent[]>(OPTIONS);
    const c = counter();
    const wall = vi.spyOn(Date, 'now').mockReturnValue(50_000);
    try {
      const first = await cache.answer(KEY, 100, c.compute, '', 7);
      wall.mockReturnValue(50_400);
      expect(await cache.answer(KEY, 100, c.compute, '', 8)).toBe(first);
      wall.mockReturnValue(51_001);
      expect(await cache.answer(KEY, 100, c.compute, '', 8)).not.toBe(first);
      expect(c.calls()).toBe(2);
      // the next answer was computed at sequence 8: reused while nothing changes, in later seconds too
      await cache.answer(KEY, 101, c.compute, '', 8);
      expect(c.calls()).toBe(2);
      // a change and a new second: computed again
      await cache.answer(KEY, 102, c.compute, '', 9);
      expect(c.calls()).toBe(3);
    } finally {
      wall.mockRestore();
    }
  });

  it('another payload or another remembered user computes again; ttl 0 turns the cache off', async () => {
    const cache = new ResponseCache<CacheEvent[]>(OPTIONS);
    const c = counter();
    await cache.answer(KEY, 100, c.compute);
    await cache.answer(responseKey('user_profile', { pubkey: 'b' }, null), 100, c.compute);
    await cache.answer(responseKey('user_profile', { pubkey: 'a' }, 'f'.repeat(64)), 100, c.compute);
    expect(c.calls()).toBe(3);
    const off = new ResponseCache<CacheEvent[]>({ ttlMs: 0, maxAgeMs: 30_000 });
    await off.answer(KEY, 100, c.compute);
    await off.answer(KEY, 100, c.compute);
    expect(c.calls()).toBe(5);
    expect(off.size).toBe(0);
  });

  it('holds at most maxEntries answers and about maxBytes, least recently used evicted first', async () => {
    const cache = new ResponseCache<CacheEvent[]>({ ...OPTIONS, maxEntries: 3, maxBytes: 250 }, () => 100);
    const c = counter();
    const key = (n: number) => responseKey('user_profile', { pubkey: String(n) }, null);
    await cache.answer(key(1), 100, c.compute);
    await cache.answer(key(2), 100, c.compute);
    expect(cache.byteSize).toBe(200);
    await cache.answer(key(1), 100, c.compute); // 1 is now the most recently used
    await cache.answer(key(3), 100, c.compute); // 300 bytes > 250: 2 goes
    expect(cache.size).toBe(2);
    expect(cache.byteSize).toBe(200);
    expect(c.calls()).toBe(3);
    await cache.answer(key(1), 100, c.compute);
    expect(c.calls()).toBe(3);
    await cache.answer(key(2), 100, c.compute);
    expect(c.calls()).toBe(4);
    const few = new ResponseCache<CacheEvent[]>({ ...OPTIONS, maxEntries: 2 });
    for (const n of [1, 2, 3]) await few.answer(key(n), 100, c.compute);
    expect(few.size).toBe(2);
  });

  it('answers that can no longer be served are let go within a second', async () => {
    const cache = new ResponseCache<CacheEvent[]>(OPTIONS, () => 10);
    const c = counter();
    const wall = vi.spyOn(Date, 'now').mockReturnValue(50_000);
    try {
      await cache.answer(KEY, 100, c.compute, '', 1);
      await cache.answer(responseKey('user_profile', { pubkey: 'b' }, null), 100, c.compute, '', 1);
      wall.mockReturnValue(51_500);
      // the store changed and a new second began: both answers are dead and swept on this request
      await cache.answer(responseKey('user_profile', { pubkey: 'c' }, null), 101, c.compute, '', 2);
      expect(cache.size).toBe(1);
      expect(cache.byteSize).toBe(10);
    } finally {
      wall.mockRestore();
    }
  });

  it('a failed computation is not kept', async () => {
    const cache = new ResponseCache<CacheEvent[]>(OPTIONS);
    await expect(cache.answer(KEY, 100, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    const c = counter();
    await cache.answer(KEY, 100, c.compute);
    expect(c.calls()).toBe(1);
  });

  it("ingest forgets the answers made for the accepted events' authors, and only those", async () => {
    const notifier = new ChangeNotifier();
    const cache = responseCacheFor(notifier, OPTIONS);
    expect(responseCacheFor(notifier, OPTIONS)).toBe(cache);
    const c = counter();
    const packed = async () => PackedAnswer.pack(await c.compute());
    const author = 'a'.repeat(64);
    const other = 'b'.repeat(64);
    const keyAs = (viewer: string) => responseKey('thread_view', { event_id: 'x', user_pubkey: viewer }, null);
    const ask = (key: string, second: number, viewer: string) =>
      cache.answer(key, second, packed, viewer, notifier.sequence);
    await ask(keyAs(author), 100, viewerOfRequest({ user_pubkey: author }, null));
    await ask(keyAs(other), 100, viewerOfRequest({ user_pubkey: other }, null));
    // remembered user, no user_pubkey in the payload
    await ask(responseKey('feed', {}, author), 100, viewerOfRequest({}, author));
    await ask(KEY, 100, viewerOfRequest({}, null));
    expect(cache.size).toBe(4);
    const before = notifier.sequence;
    const event: NostrEvent = { id: '1', pubkey: author, kind: 1, created_at: 100, tags: [], content: '', sig: 's' };
    notifier.eventsAccepted([event]);
    expect(notifier.sequence).toBeGreaterThan(before);
    expect(cache.size).toBe(2);
    await ask(keyAs(author), 100, author);
    await ask(keyAs(other), 100, other);
    expect(c.calls()).toBe(5);
    // the store changed: the other viewer's answer is not reused in the next second
    await ask(keyAs(other), 101, other);
    expect(c.calls()).toBe(6);
    // a settings write outside ingest pokes its topic, which changes the sequence too
    const settled = notifier.sequence;
    notifier.notify(`settings:${other}`);
    expect(notifier.sequence).not.toBe(settled);
  });
});
