import { expect, it } from 'vitest';
import { describeDialects } from '../../test/dialects.ts';
import { contacts, note, profile, reaction, T0, testUser } from '../../test/fixtures/events.ts';
import { RawSocket } from '../../test/raw-socket.ts';
import { ingestEvents } from '../ingest/index.ts';
import { startServer } from '../server.ts';
import type { Store } from '../store/index.ts';
import { readCacheOf } from './read-cache.ts';
import { WARM_KEYS_ROW } from './warm-start.ts';

const ann = testUser('warm-start-ann');
const bob = testUser('warm-start-bob');
const cid = testUser('warm-start-cid');

/** Ann's note (with a like), profiles of all three, and follows making Ann the most followed. */
async function network(store: Store) {
  const post = note(ann, 'warm start https://example.com/a.png');
  const events = [
    profile(ann, { name: 'ann' }),
    profile(bob, { name: 'bob' }),
    profile(cid, { name: 'cid' }),
    contacts(bob, [ann]),
    contacts(cid, [ann, bob]),
    post,
    reaction(bob, post),
  ];
  const results = await ingestEvents(store, events, { source: 'import' });
  expect(results.every((r) => r.ok)).toBe(true);
  return post;
}

/** The note's thread, which reads its pieces and the users' kind 0s and follower counts through the read cache. */
async function readThrough(url: string, store: Store, postId: string): Promise<void> {
  const socket = await RawSocket.open(url);
  try {
    socket.send(['REQ', 'thread', { cache: ['thread_view', { event_id: postId, limit: 10 }] }]);
    await socket.untilEose('thread');
  } finally {
    await socket.close();
  }
  expect(readCacheOf(store)?.events.get(postId)).toBeTruthy();
}

const likesOf = (store: Store, id: string): number =>
  JSON.parse(readCacheOf(store)?.events.get(id)?.stats?.content ?? '{}').likes;

describeDialects(
  'read cache warm start',
  (getStore) => {
    it('saves the read cache keys at close; the next start loads them as the store has them now', async () => {
      const store = getStore();
      const post = await network(store);
      const first = await startServer({ store, warmStart: true });
      await first.warmed();
      await readThrough(first.url, store, post.id);
      await first.close();
      expect(readCacheOf(store)).toBeUndefined();
      const row = await store.db
        .selectFrom('cache')
        .select('value')
        .where('key', '=', WARM_KEYS_ROW)
        .executeTakeFirst();
      const saved = JSON.parse(row?.value ?? '{}');
      expect(saved.events).toContainEqual([post.id, expect.any(Number)]);
      expect(saved.users).toContain(ann.pubkey);

      // a write while no server runs: the warm start reads the store as it is now, not as it was when saved
      await ingestEvents(store, [reaction(cid, post)], { source: 'import' });
      const second = await startServer({ store, warmStart: true });
      try {
        const report = await second.warmed();
        expect(report).toMatchObject({ source: 'saved', cut: false });
        expect(report?.events).toBeGreaterThan(0);
        expect(readCacheOf(store)?.events.get(post.id)?.event.id).toBe(post.id);
        expect(likesOf(store, post.id)).toBe(2);
        expect(readCacheOf(store)?.profiles.get(ann.pubkey)?.content).toContain('ann');
        expect(readCacheOf(store)?.followers.get(ann.pubkey)).toBe(2);
      } finally {
        await second.close();
      }
    });

    it('without saved keys loads the most-followed users and the newest events with their pieces, within its bounds; off by default', async () => {
      const store = getStore();
      const post = await network(store);
      const plain = await startServer({ store });
      expect(await plain.warmed()).toBeUndefined();
      await plain.close();

      const server = await startServer({ store, warmStart: { maxUsers: 2, maxEvents: 1 } });
      try {
        expect(await server.warmed()).toMatchObject({ source: 'most-followed', users: 2, events: 1, cut: false });
        const cache = readCacheOf(store);
        expect(cache?.followers.get(ann.pubkey)).toBe(2);
        expect(cache?.followers.get(bob.pubkey)).toBe(1);
        expect(cache?.profiles.get(cid.pubkey)).toBeUndefined();
        // Ann, the most followed, has one event: her note, with its like and its media
        expect(cache?.events.get(post.id)?.event.id).toBe(post.id);
        expect(likesOf(store, post.id)).toBe(1);
        expect([...(cache?.media.keys() ?? [])]).toContain(post.id);
        expect(cache?.events.size).toBe(1);
      } finally {
        await server.close();
      }
    });

    it('without saved keys loads the newest events overall after the most-followed users’ own', async () => {
      const store = getStore();
      await network(store);
      const newest = note(cid, 'the newest note', [], T0 + 60);
      expect((await ingestEvents(store, [newest], { source: 'import' }))[0]?.ok).toBe(true);
      const server = await startServer({ store, warmStart: { maxUsers: 3, maxEvents: 2, perUser: 1 } });
      try {
        expect(await server.warmed()).toMatchObject({ source: 'most-followed', events: 2, cut: false });
        const cache = readCacheOf(store);
        expect(cache?.events.get(newest.id)?.event.content).toBe('the newest note');
        expect(cache?.profiles.get(cid.pubkey)?.content).toContain('cid');
      } finally {
        await server.close();
      }
    });

    it('stops at maxMs and loads nothing when the read cache is off', async () => {
      const store = getStore();
      await network(store);
      const cut = await startServer({ store, warmStart: { maxMs: 0 } });
      try {
        expect(await cut.warmed()).toMatchObject({ users: 0, cut: true });
        expect(readCacheOf(store)?.profiles.size).toBe(0);
      } finally {
        await cut.close();
      }
      const off = await startServer({ store, warmStart: true, limits: { responseCacheMs: 0 } });
      try {
        expect(await off.warmed()).toBeUndefined();
      } finally {
        await off.close();
      }
    });
  },
  { freshPerTest: true },
);
