import { describe, expect, it } from 'vitest';
import { freshLocation, testDialects } from '../../test/dialects.ts';
import { note, reaction, testUser } from '../../test/fixtures/events.ts';
import { loadBundleEvents } from '../commands/bundle-events.ts';
import { ingestEvents } from '../ingest/index.ts';
import { type RunningServer, startServer } from '../server.ts';
import { openStore, type Store } from '../store/index.ts';
import { crossServerFeedOf } from './change-feed.ts';
import { messagesOf, PgChangeFeed } from './pg-change-feed.ts';
import { enableReadCache, readCacheOf } from './read-cache.ts';

const ann = testUser('change-feed-ann');
const bob = testUser('change-feed-bob');
const id = (n: number) => n.toString(16).padStart(64, '0');

/** Waits (up to 10 s) until `ok()` holds. */
async function until(ok: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error('condition not met within 10 s');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('change feed messages', () => {
  it('split ids under the payload limit, keep the flags, and send a huge set as everything', () => {
    const events = Array.from({ length: 250 }, (_, i) => id(i));
    const messages = messagesOf('o', { events, pubkeys: [id(999)], media: true, links: true, all: false });
    expect(messages.map((m) => [m.e?.length, m.p?.length])).toEqual([
      [100, undefined],
      [100, undefined],
      [50, undefined],
      [undefined, 1],
    ]);
    expect(messages[0]).toMatchObject({ m: 1, l: 1 });
    expect(messages.every((m) => JSON.stringify(m).length < 8000)).toBe(true);
    expect(messagesOf('o', { events: [], pubkeys: [], media: true, all: false })).toEqual([{ o: 'o', m: 1 }]);
    const huge = Array.from({ length: 2001 }, (_, i) => id(i));
    expect(messagesOf('o', { events: huge, pubkeys: [], media: false, all: false })).toEqual([{ o: 'o', a: 1 }]);
    expect(messagesOf('o', { events: [id(1)], pubkeys: [], media: false, all: true })).toEqual([{ o: 'o', a: 1 }]);
  });
});

for (const dialect of testDialects().filter((d) => d === 'postgres')) {
  describe('read cache change feed between servers on one PostgreSQL schema', () => {
    it("forgets at once what another server's write changed, and keeps the rest past maxAgeMs", async () => {
      const where = freshLocation(dialect, 'feed');
      // heartbeats every 500 ms; a feed is unhealthy (and empties the cache) after 1.5 s without its own coming back,
      // which a loaded test machine's stalls stay under (at 300 ms the bound was 150 ms and a stall emptied it)
      const limits = { responseCacheMaxAgeMs: 3000 };
      const servers: RunningServer[] = [];
      try {
        servers.push(await startServer({ ...where.options, limits }));
        servers.push(await startServer({ ...where.options, limits }));
        const [a, b] = servers;
        const post = note(ann, 'shared note');
        const other = note(bob, 'other note');
        await ingestEvents(a.store, [post, other], { source: 'import' });
        const likes = async () =>
          JSON.parse((await loadBundleEvents(a.store, [post.id], null)).get(post.id)?.stats?.content ?? '{}').likes;
        expect(await likes()).toBe(0);
        await loadBundleEvents(a.store, [other.id], null);
        const feed = crossServerFeedOf(a.store) as PgChangeFeed;
        expect(feed.healthy()).toBe(true);

        await ingestEvents(b.store, [reaction(bob, post)], { source: 'import' });
        await until(() => readCacheOf(a.store)?.events.get(post.id) === undefined);
        expect(await likes()).toBe(1);
        // heartbeats keep coming back for longer than maxAgeMs: the unnamed note stays (a blind clear would drop it)
        const from = feed.beats;
        await until(() => feed.beats >= from + 7 && feed.healthy());
        expect(readCacheOf(a.store)?.events.get(other.id)).toBeTruthy();
        expect(feed.peerCount).toBe(1);
      } finally {
        for (const s of servers) await s.close();
        await where.cleanup();
      }
    });

    it('starts empty when a peer falls silent or its own heartbeat stops coming back', async () => {
      const where = freshLocation(dialect, 'feedsilent');
      const stores: Store[] = [];
      const feeds: PgChangeFeed[] = [];
      let now = 1_000_000;
      try {
        stores.push(await openStore(where.options));
        stores.push(await openStore(where.options));
        const stop = enableReadCache(stores[0]);
        const opts = { url: where.options.databaseUrl as string, schema: where.options.pgSchema as string };
        for (const store of stores) feeds.push(new PgChangeFeed(store, { ...opts, maxAgeMs: 6000, now: () => now }));
        const [mine, peer] = feeds;
        await mine.start(false);
        await peer.start(false);
        await until(() => mine.peerCount === 1 && mine.healthy());
        const cache = readCacheOf(stores[0]);
        cache?.followers.set(ann.pubkey, 1);
        await mine.tick();
        expect(cache?.followers.size).toBe(1);

        await peer.stop();
        now += 3001; // three heartbeats (1 s each) without word from the peer
        await mine.tick();
        expect(cache?.followers.size).toBe(0);
        expect(mine.peerCount).toBe(0);

        await until(() => mine.healthy());
        cache?.followers.set(ann.pubkey, 1);
        now += 5000; // its own heartbeat of 5 s ago is the latest that came back
        expect(mine.healthy()).toBe(false);
        await mine.tick();
        expect(cache?.followers.size).toBe(0);
        stop();
      } finally {
        for (const feed of feeds) await feed.stop();
        for (const store of stores) await store.close();
        await where.cleanup();
      }
    });
  });
}
