import { describe, expect, it } from 'vitest';
import { freshLocation, testDialects } from '../../test/dialects.ts';
import { note, reaction, testUser } from '../../test/fixtures/events.ts';
import { loadBundleEvents } from '../commands/bundle-events.ts';
import { ingestEvents } from '../ingest/index.ts';
import { type RunningServer, startServer } from '../server.ts';
import { openStore, type Store } from '../store/index.ts';
import { crossServerFeedOf, onPeerChanges, publishStoreChanges } from './change-feed.ts';
import type { StoreChangeSet } from './change-set.ts';
import { PgChangeFeed } from './pg-change-feed.ts';
import { enableReadCache, readCacheOf } from './read-cache.ts';

const ann = testUser('change-feed-ann');
const bob = testUser('change-feed-bob');

/** Waits (up to 10 s) until `ok()` holds. */
async function until(ok: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error('condition not met within 10 s');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

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
        const heard: StoreChangeSet[] = [];
        const stopHearing = onPeerChanges(stores[0], (changes) => heard.push(changes));
        await mine.start(false);
        await peer.start(false);
        await until(() => mine.peerCount === 1 && mine.healthy());
        const cache = readCacheOf(stores[0]);
        cache?.followers.set(ann.pubkey, 1);
        await mine.tick();
        expect(cache?.followers.size).toBe(1);
        // a change set of many parts (one statement notifies them all) reaches the peer's listeners whole
        const keys = Array.from({ length: 600 }, (_, i) => `a:${i.toString(16).padStart(64, '0')}`);
        publishStoreChanges(stores[1], { events: [], pubkeys: [], media: false, all: false, keys });
        await until(() => new Set(heard.flatMap((c) => c.keys ?? [])).size === keys.length);
        expect(heard.length).toBeGreaterThan(1);
        expect(heard.some((c) => c.all)).toBe(false);

        await peer.stop();
        now += 3001; // three heartbeats (1 s each) without word from the peer
        await mine.tick();
        expect(cache?.followers.size).toBe(0);
        expect(mine.peerCount).toBe(0);
        expect(heard.at(-1)?.all).toBe(true); // the answers hear "everything" too
        stopHearing();

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

    it('tells peers "everything changed" at the next beat when a change set could not be notified', async () => {
      const where = freshLocation(dialect, 'feedmissed');
      const stores: Store[] = [];
      const feeds: PgChangeFeed[] = [];
      try {
        stores.push(await openStore(where.options));
        stores.push(await openStore(where.options));
        // the sender's store fails its next statement (the notification of a change set)
        let failNext = false;
        const db = new Proxy(stores[1].db, {
          get(target, prop) {
            if (prop === 'getExecutor' && failNext) {
              failNext = false;
              return () => {
                throw new Error('notify failed');
              };
            }
            const value = Reflect.get(target, prop);
            return typeof value === 'function' ? value.bind(target) : value;
          },
        });
        const flaky: Store = { ...stores[1], db };
        const opts = { url: where.options.databaseUrl as string, schema: where.options.pgSchema as string };
        feeds.push(new PgChangeFeed(stores[0], { ...opts, maxAgeMs: 60_000 }));
        feeds.push(new PgChangeFeed(flaky, { ...opts, maxAgeMs: 60_000 }));
        const [mine, peer] = feeds;
        const heard: StoreChangeSet[] = [];
        const stopHearing = onPeerChanges(stores[0], (changes) => heard.push(changes));
        await mine.start(false);
        await peer.start(false);
        await until(() => mine.peerCount === 1);

        failNext = true;
        publishStoreChanges(flaky, { events: [], pubkeys: [], media: false, all: false, keys: [`a:${ann.pubkey}`] });
        await until(() => !failNext);
        await peer.tick();
        await until(() => heard.some((c) => c.all));
        expect(heard.some((c) => c.keys?.includes(`a:${ann.pubkey}`))).toBe(false); // that set itself never came
        stopHearing();
      } finally {
        for (const feed of feeds) await feed.stop();
        for (const store of stores) await store.close();
        await where.cleanup();
      }
    });
  });
}
