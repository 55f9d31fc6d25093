import { expect, it } from 'vitest';
import { describeDialects } from '../../test/dialects.ts';
import { note, reaction, T0, testUser } from '../../test/fixtures/events.ts';
import { RawSocket } from '../../test/raw-socket.ts';
import { addFans } from '../commands/explore-test-fans.ts';
import { startServer } from '../server.ts';
import { viewerLayersOf } from './viewer-layer.ts';

describeDialects('periodic answers and viewer layers', (getStore) => {
  it('layers a viewer who just wrote on the periodic trending answer, their own like exact on top', async () => {
    const author = testUser('periodic-layer-author');
    const fanOfAuthor = testUser('periodic-layer-liker');
    const viewer = testUser('periodic-layer-viewer');
    const clock = T0 + 1000;
    const store = getStore();
    await addFans(store, [author.pubkey], 5, T0 - 10);
    const server = await startServer({ store, now: () => clock });
    const s = await RawSocket.open(server.url);
    try {
      const ask = (command: string, payload: Record<string, unknown>) => s.cacheObjects(command, payload);
      const post = note(author, 'trending soon', [], T0);
      await ask('import_events', { events: [post, reaction(fanOfAuthor, post, '+', T0 + 1)] });
      const stats = (objects: Array<{ kind: number; content: string }>) =>
        objects.filter((o) => o.kind === 10000100).map((o) => (JSON.parse(o.content) as { likes: number }).likes);
      const liked = (objects: Array<{ kind: number; content: string }>) =>
        objects.filter((o) => o.kind === 10000115).map((o) => (JSON.parse(o.content) as { liked: boolean }).liked);
      const trending = { limit: 20, user_pubkey: viewer.pubkey };
      expect(stats(await ask('explore_global_trending_24h', trending))).toEqual([1]);
      const before = { ...viewerLayersOf(store)?.counts };
      // the viewer likes it: their own action shows at once, on the periodic shared answer (the count lags it)
      await ask('import_events', { events: [reaction(viewer, post, '+', T0 + 2)] });
      const mine = await ask('explore_global_trending_24h', trending);
      expect(liked(mine)).toEqual([true]);
      expect(stats(mine)).toEqual([1]);
      const after = viewerLayersOf(store)?.counts;
      expect((after?.spliced ?? 0) - (before.spliced ?? 0)).toBe(1);
      expect((after?.full ?? 0) - (before.full ?? 0)).toBe(0);
    } finally {
      await s.close();
      await server.close();
    }
  });
});
