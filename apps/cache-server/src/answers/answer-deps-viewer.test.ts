import { afterEach, describe, expect, it } from 'vitest';
import { clockedServer } from '../../test/clocked-server.ts';
import { testDialects } from '../../test/dialects.ts';
import { contacts, note, reaction, T0, testUser } from '../../test/fixtures/events.ts';

const viewer = testUser('deps-viewer-viewer');
const author = testUser('deps-viewer-author');

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

for (const dialect of testDialects()) {
  describe(`a viewer's own writes and their answers [${dialect}]`, () => {
    it('their note leaves their home exact; their action shows at once, even one that counts for nothing', async () => {
      const { store, server, socket, write, direct: freshSocket } = await clockedServer(dialect, 'depsviewer', closers);
      const direct = await freshSocket();
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
