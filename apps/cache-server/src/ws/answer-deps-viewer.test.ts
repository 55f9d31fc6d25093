import type { NostrEvent } from '@tide/core/nostr';
import { afterEach, describe, expect, it } from 'vitest';
import { freshLocation, testDialects } from '../../test/dialects.ts';
import { contacts, note, reaction, T0, testUser } from '../../test/fixtures/events.ts';
import { RawSocket } from '../../test/raw-socket.ts';
import { type RunningServer, startServer } from '../server.ts';
import { openStore } from '../store/index.ts';

const viewer = testUser('deps-viewer-viewer');
const author = testUser('deps-viewer-author');

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

for (const dialect of testDialects()) {
  describe(`a viewer's own writes and their answers [${dialect}]`, () => {
    it('their note leaves their home exact; their action shows at once, even one that counts for nothing', async () => {
      const loc = freshLocation(dialect, 'depsviewer');
      closers.push(loc.cleanup);
      const store = await openStore(loc.options);
      closers.push(() => store.close());
      let clock = T0 + 100_000;
      // every write starts a new clock second: an answer a write touched is never reused
      const limits = { responseCacheMaxAgeMs: 1e9 };
      const server: RunningServer = await startServer({ store, now: () => clock, limits });
      closers.push(() => server.close());
      const plain = await startServer({ store, now: () => clock, limits: { responseCacheMs: 0 } });
      closers.push(() => plain.close());
      const socket = await RawSocket.open(server.url);
      const direct = await RawSocket.open(plain.url);
      closers.push(() => socket.close());
      closers.push(() => direct.close());
      const write = async (event: NostrEvent) => {
        clock += 1;
        expect(await socket.cacheObjects('import_events', { events: [event] })).toHaveLength(1);
      };
      const home = { spec: '{"id":"latest","kind":"notes"}', user_pubkey: viewer.pubkey };
      const post = note(author, 'followed note', [], T0 + 1);
      for (const event of [contacts(viewer, [author], T0), post]) await write(event);
      // the viewer is flagged spam: their like counts for nothing (no stats change), yet it is their action
      await store.db
        .insertInto('filter_list')
        .values({ target: viewer.pubkey, target_type: 'pubkey', grp: 'spam', blocked: 1, added_at: 1, comment: '' })
        .execute();
      await socket.cacheObjects('mega_feed_directive', home);

      await write(note(viewer, 'my own note, not in my home', [], T0 + 2));
      server.stats();
      await socket.cacheObjects('mega_feed_directive', home);
      expect(server.stats().answers).toMatchObject({ hits: 1, misses: 0 });

      await write(reaction(viewer, post, '+', T0 + 3));
      const got = await socket.cacheObjects('mega_feed_directive', home);
      expect(got).toEqual(await direct.cacheObjects('mega_feed_directive', home));
      const actions = got.filter((o) => o.kind === 10000115).map((o) => JSON.parse(o.content) as { liked: boolean });
      expect(actions).toEqual([expect.objectContaining({ liked: true })]);
    });
  });
}
