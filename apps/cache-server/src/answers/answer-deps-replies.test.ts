import { afterEach, describe, expect, it } from 'vitest';
import { clockedServer } from '../../test/clocked-server.ts';
import { testDialects } from '../../test/dialects.ts';
import { contacts, note, reply, T0, testUser } from '../../test/fixtures/events.ts';

const viewer = testUser('deps-replies-viewer');
const followed = testUser('deps-replies-followed');
const other = testUser('deps-replies-other');

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

const ids = (objects: Array<{ kind: number; id?: string }>) =>
  objects.filter((o) => o.kind === 1).map((o) => o.id as string);

for (const dialect of testDialects()) {
  describe(`replies and the feeds that hide them [${dialect}]`, () => {
    it('a reply by a followed user leaves home exact; feeds that show replies see it at once', async () => {
      const { server, socket, write } = await clockedServer(dialect, 'depsreplies', closers);
      const ask = (command: string, payload: Record<string, unknown>) =>
        socket.cacheObjects<{ kind: number; id?: string }>(command, payload);
      const top = note(followed, 'top note', [], T0 + 1);
      const elsewhere = note(other, 'elsewhere', [], T0 + 2);
      const first = reply(followed, top, 'first reply', T0 + 3);
      for (const event of [contacts(viewer, [followed], T0), top, elsewhere, first]) await write(event);

      const home = ['mega_feed_directive', { spec: '{"id":"latest","kind":"notes"}', user_pubkey: viewer.pubkey }];
      const showing: Array<[string, Record<string, unknown>]> = [
        ['feed', { pubkey: followed.pubkey, notes: 'replies' }],
        ['feed', { pubkey: followed.pubkey, notes: 'authored', include_replies: true }],
        ['feed', { pubkey: viewer.pubkey, notes: 'follows', include_replies: true }],
        ['mega_feed_directive', { spec: '{"id":"latest","kind":"notes","include_replies":true}' }],
      ];
      expect(ids(await ask(home[0] as string, home[1] as Record<string, unknown>))).toEqual([top.id]);
      for (const [command, payload] of showing) expect(ids(await ask(command, payload))).toContain(first.id);

      // a reply to a note none of these answers holds: only the author's reply key names it
      const second = reply(followed, elsewhere, 'second reply', T0 + 4);
      await write(second);
      server.stats();
      expect(ids(await ask(home[0] as string, home[1] as Record<string, unknown>))).toEqual([top.id]);
      expect(server.stats().answers).toMatchObject({ hits: 1, misses: 0 });
      for (const [command, payload] of showing) {
        expect(ids(await ask(command, payload)), `${command} ${JSON.stringify(payload)}`).toContain(second.id);
      }
    });
  });
}
