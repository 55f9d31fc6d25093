import type { NostrEvent } from '@tide/core/nostr';
import { describe, expect, it, vi } from 'vitest';
import type { Store } from '../store/index.ts';
import { publishStoreChanges } from './change-feed.ts';
import { ChangeNotifier } from './change-notifier.ts';
import { ChangeRecorder } from './change-set.ts';
import { Lru } from './lru.ts';
import { enableReadCache, ReadCache, readCacheOf } from './read-cache.ts';

const fakeEvent = (id: string) => ({ event: { id, content: '', tags: [] } as unknown as NostrEvent });

describe('Lru', () => {
  it('keeps about max entries, letting the least recently used go', () => {
    const lru = new Lru<string, number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    expect(lru.get('a')).toBe(1); // a is now the most recent
    lru.set('c', 3);
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe(1);
    expect(lru.get('c')).toBe(3);
    expect(lru.size).toBeLessThanOrEqual(3);
  });

  it('never holds more than max + 1 entries, and forgets deleted ones', () => {
    const lru = new Lru<number, number>(100);
    for (let i = 0; i < 1000; i++) {
      lru.set(i, i);
      expect(lru.size).toBeLessThanOrEqual(101);
    }
    expect(lru.get(999)).toBe(999);
    expect(lru.get(0)).toBeUndefined();
    lru.delete(999);
    expect(lru.get(999)).toBeUndefined();
  });

  it('keeps about maxWeight: heavy entries push the older ones out', () => {
    const lru = new Lru<number, string>(1000, (v) => v.length, 100);
    for (let i = 0; i < 20; i++) lru.set(i, 'x'.repeat(30));
    // young holds at most 50 (then it becomes old), so at most 3 + 2 entries of 30 remain
    expect(lru.size).toBeLessThanOrEqual(5);
    expect(lru.get(19)).toBeDefined();
    expect(lru.get(0)).toBeUndefined();
  });
});

describe('ChangeRecorder', () => {
  it('names the events and users of watched tables and ignores the others', () => {
    const r = new ChangeRecorder();
    expect(r.isEmpty()).toBe(true);
    r.row('event_stats', { event_id: 'e1' });
    r.row('events', { id: 'e2' });
    r.row('user_stats', { pubkey: 'p1' });
    r.row('replaceable_events', { pubkey: 'p2', kind: 0, identifier: '' });
    r.row('notifications', { pubkey: 'p3' });
    expect(r.toChangeSet()).toMatchObject({ events: ['e1', 'e2'], pubkeys: ['p1', 'p2'], media: false, all: false });
    r.row('media', { url: 'u', size: 'o', animated: 0 });
    r.row('event_stats', { event_id: 7 });
    expect(r.toChangeSet()).toMatchObject({ media: true, all: true });
  });
});

describe('ReadCache', () => {
  it('loads only what it lacks, remembers absent keys, and forgets what a change names', async () => {
    const cache = new ReadCache();
    const asked: string[][] = [];
    const load = async (missing: string[]) => {
      asked.push(missing);
      return new Map(missing.filter((k) => k !== 'x').map((k) => [k, fakeEvent(k)]));
    };
    expect([...(await cache.lookup(cache.events, ['a', 'x'], load)).keys()]).toEqual(['a']);
    expect([...(await cache.lookup(cache.events, ['a', 'b', 'x'], load)).keys()]).toEqual(['a', 'b']);
    expect(asked).toEqual([['a', 'x'], ['b']]);
    cache.apply({ events: ['x'], pubkeys: [], media: false, all: false });
    await cache.lookup(cache.events, ['a', 'x'], load);
    expect(asked.at(-1)).toEqual(['x']);
    cache.apply({ events: [], pubkeys: [], media: false, all: true });
    await cache.lookup(cache.events, ['a'], load);
    expect(asked.at(-1)).toEqual(['a']);
  });

  it('does not keep a piece loaded while a change came in (it may predate the change)', async () => {
    const cache = new ReadCache();
    const load = async (missing: string[]) => {
      cache.apply({ events: ['a'], pubkeys: [], media: false, all: false }); // a write lands during the read
      return new Map(missing.map((k) => [k, fakeEvent(k)]));
    };
    expect((await cache.lookup(cache.events, ['a'], load)).get('a')).toEqual(fakeEvent('a'));
    expect(cache.events.get('a')).toBeUndefined();
  });

  it('is turned on per store, fed by that store change sets, and off once every user turned it off', () => {
    const store = {} as Store;
    const off1 = enableReadCache(store);
    const off2 = enableReadCache(store);
    const cache = readCacheOf(store);
    cache?.profiles.set('p', null);
    publishStoreChanges(store, { events: [], pubkeys: ['p'], media: false, all: false });
    expect(cache?.profiles.get('p')).toBeUndefined();
    off1();
    expect(readCacheOf(store)).toBe(cache);
    off2();
    expect(readCacheOf(store)).toBeUndefined();
  });

  it('starts empty again every maxAgeMs, so writes it never heard of show within that bound', () => {
    vi.useFakeTimers();
    try {
      const store = {} as Store;
      const off = enableReadCache(store, undefined, 1_000);
      const cache = readCacheOf(store);
      cache?.profiles.set('p', null);
      vi.advanceTimersByTime(999);
      expect(cache?.profiles.get('p')).toBeNull();
      vi.advanceTimersByTime(1);
      expect(cache?.profiles.get('p')).toBeUndefined();
      off();
    } finally {
      vi.useRealTimers();
    }
  });

  it("forgets a member's row when a change set names them, and their poke moves the notifier's sequence", () => {
    const cache = new ReadCache();
    const row = {
      pubkey: 'm',
      name: 'em',
      tier: 'premium' as const,
      expires_on: 10,
      premium_since: 1,
      donated_sats: 1,
      last_donation: 1,
      customization: '',
    };
    cache.members.set('m', row);
    cache.members.set('n', null);
    cache.apply({ events: [], pubkeys: ['m'], media: false, all: false, keys: ['p:m'], poke: 'member:m' });
    expect(cache.members.get('m')).toBeUndefined();
    expect(cache.members.get('n')).toBeNull();
    cache.clearUnnamed();
    expect(cache.members.get('n')).toBeUndefined();

    const notifier = new ChangeNotifier();
    const heard: string[] = [];
    notifier.onPoke((topic) => heard.push(topic));
    const before = notifier.sequence;
    notifier.changesApplied({ events: [], pubkeys: ['m'], media: false, all: false, keys: ['p:m'], poke: 'member:m' });
    expect(notifier.sequence).toBe(before + 1);
    expect(heard).toEqual(['member:m']);
    // ingest's sets carry no poke: its topics come after them
    notifier.changesApplied({ events: ['e'], pubkeys: [], media: false, all: false, keys: ['e:e'] });
    expect(notifier.sequence).toBe(before + 1);
  });
});
