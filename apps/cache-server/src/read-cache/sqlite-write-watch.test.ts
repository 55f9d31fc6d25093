import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { note, testUser } from '../../test/fixtures/events.ts';
import { ingestEvents } from '../ingest/index.ts';
import { startServer } from '../server.ts';
import { openStore, type Store } from '../store/index.ts';
import { crossServerFeedOf, onPeerChanges } from './change-feed.ts';
import type { StoreChangeSet } from './change-set.ts';
import { enableReadCache, readCacheOf } from './read-cache.ts';
import { SqliteWriteWatch } from './sqlite-write-watch.ts';

const ann = testUser('sqlite-watch-ann');
const bob = testUser('sqlite-watch-bob');
const dirs: string[] = [];
const stores: Store[] = [];

/** Two connections (stores) on one new SQLite file. */
async function twoConnections(): Promise<[Store, Store]> {
  const dir = mkdtempSync(join(tmpdir(), 'tide-watch-'));
  dirs.push(dir);
  const a = await openStore({ sqlitePath: join(dir, 'tide.db') });
  const b = await openStore({ sqlitePath: join(dir, 'tide.db') });
  stores.push(a, b);
  return [a, b];
}

afterEach(async () => {
  vi.useRealTimers();
  for (const store of stores.splice(0)) await store.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('SQLite write watch', () => {
  it("empties a server's read cache and touches every answer once another connection commits, not on its own writes", async () => {
    const [mine, other] = await twoConnections();
    const server = await startServer({ store: mine });
    try {
      const watch = crossServerFeedOf(mine) as SqliteWriteWatch;
      expect(watch).toBeInstanceOf(SqliteWriteWatch);
      const heard: StoreChangeSet[] = [];
      const stopHearing = onPeerChanges(mine, (changes) => heard.push(changes));
      const cache = readCacheOf(mine);
      cache?.followers.set(bob.pubkey, 7); // a piece ann's notes do not touch
      await ingestEvents(mine, [note(ann, 'own write')], { source: 'import' });
      await watch.look();
      expect(cache?.followers.get(bob.pubkey)).toBe(7);
      expect(heard).toEqual([]);

      await ingestEvents(other, [note(ann, 'written beside the server')], { source: 'import' });
      await watch.look();
      expect(cache?.followers.get(bob.pubkey)).toBeUndefined();
      // nothing names what another connection wrote: every answer counts as touched
      expect(heard.map((c) => c.all)).toEqual([true]);
      stopHearing();
    } finally {
      await server.close();
    }
  });

  it('keeps the read cache past maxAgeMs while it looks; starts it empty when the looks stop', async () => {
    const [mine] = await twoConnections();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let now = 0;
    const off = enableReadCache(mine, undefined, 1000);
    const watch = new SqliteWriteWatch(mine, 100, () => now);
    await watch.start(false);
    const cache = readCacheOf(mine);
    cache?.followers.set(ann.pubkey, 7);
    cache?.verified.set(ann.pubkey, 'ann');
    vi.advanceTimersByTime(1000);
    expect(cache?.followers.get(ann.pubkey)).toBe(7);
    expect(cache?.verified.get(ann.pubkey)).toBeUndefined(); // no change set names verified names

    now += 301; // three polls without a look
    expect(watch.healthy()).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(cache?.followers.get(ann.pubkey)).toBeUndefined();
    watch.stop();
    off();
  });
});
