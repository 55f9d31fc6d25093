import { expect, it } from 'vitest';
import { statementsOf } from '../../test/count-statements.ts';
import { describeDialects } from '../../test/dialects.ts';
import { ev, note, T0, testUser } from '../../test/fixtures/events.ts';
import { RawSocket } from '../../test/raw-socket.ts';
import { postMuteFacts } from '../commands/mute-facts.ts';
import { startServer } from '../server.ts';

describeDialects('viewer layers of viewers with mute rules', (getStore) => {
  it('once a muter asked for a feed, facts of shared pages other viewers are served are read ahead', async () => {
    const store = getStore();
    const [muter, plain, muted] = ['muter', 'plain', 'muted'].map((n) => testUser(`layer-mutes-${n}`));
    const [early, late, first] = ['early', 'late', 'first'].map((n) => testUser(`layer-mutes-${n}`));
    // upper case: lower() decides, so ingest keeps no facts derived from the events and they must be read
    const posts = (who: typeof early) => [0, 1, 2].map((i) => note(who, `Post ${i} of ${who.pubkey}`, [], T0 + i));
    const server = await startServer({ store, now: () => T0 + 100 });
    const s = await RawSocket.open(server.url);
    try {
      const events = [...posts(early), ...posts(late), ...posts(first)];
      await s.cacheObjects('import_events', {
        events: [...events, ev(muter, 10000, '', [['p', muted.pubkey]], T0), note(plain, 'Hi', [], T0)],
      });
      const feed = (who: typeof early, viewer: typeof early) =>
        s.cacheObjects('feed', { pubkey: who.pubkey, notes: 'authored', limit: 20, user_pubkey: viewer.pubkey });
      const ids = (who: typeof early) => posts(who).map((e) => e.id);
      // no muter has asked yet: a plain viewer's page is not read ahead
      await feed(early, plain);
      await feed(first, muter);
      await feed(late, plain);
      expect(await statementsOf(store, () => postMuteFacts(store, ids(late)))).toBe(0);
      expect(await statementsOf(store, () => postMuteFacts(store, ids(early)))).toBe(1);
    } finally {
      await s.close();
      await server.close();
    }
  });
});
