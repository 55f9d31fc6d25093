import { expect, it } from 'vitest';
import { describeDialects } from '../../test/dialects.ts';
import { note, reply, T0, testUser } from '../../test/fixtures/events.ts';
import { RawSocket } from '../../test/raw-socket.ts';
import { startServer } from '../server.ts';
import { viewerLayersOf } from './viewer-layer.ts';

describeDialects('answer dependencies and viewer layers', (getStore) => {
  it('a viewer who wrote elsewhere is layered on a shared answer their write did not touch; one it touched is made again', async () => {
    const author = testUser('deps-layer-author');
    const writer = testUser('deps-layer-writer');
    let clock = T0 + 1000;
    const store = getStore();
    const server = await startServer({ store, now: () => clock });
    const s = await RawSocket.open(server.url);
    try {
      const ask = (command: string, payload: Record<string, unknown>) => s.cacheObjects(command, payload);
      const notes = (objects: Array<{ kind: number; content: string }>) =>
        objects.filter((o) => o.kind === 1).map((o) => o.content);
      const post = note(author, 'the thread', [], T0);
      await ask('import_events', { events: [post] });
      const thread = { event_id: post.id, limit: 20 };
      expect(notes(await ask('thread_view', thread))).toEqual(['the thread']);
      // the writer posts somewhere else: the thread's shared answer stays exact, and they get it layered
      await ask('import_events', { events: [note(writer, 'elsewhere', [], T0 + 5)] });
      clock += 2;
      const layers = viewerLayersOf(store);
      const before = { ...layers?.counts };
      expect(notes(await ask('thread_view', { ...thread, user_pubkey: writer.pubkey }))).toEqual(['the thread']);
      expect(layers?.counts.full).toBe(before.full);
      // their reply touches it: made again, with the reply
      await ask('import_events', { events: [reply(writer, post, 'my reply', T0 + 6)] });
      const mine = notes(await ask('thread_view', { ...thread, user_pubkey: writer.pubkey }));
      expect(mine.sort()).toEqual(['my reply', 'the thread']);
    } finally {
      await s.close();
      await server.close();
    }
  });
});
