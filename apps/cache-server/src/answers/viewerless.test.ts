import { expect, it } from 'vitest';
import { describeDialects } from '../../test/dialects.ts';
import { T0, testUser } from '../../test/fixtures/events.ts';
import { RawSocket } from '../../test/raw-socket.ts';
import { startServer } from '../server.ts';

describeDialects('commands that read no viewer', (getStore) => {
  it('explore_topics is one answer for every connection, whoever it remembers', async () => {
    const server = await startServer({ store: getStore(), now: () => T0 + 100 });
    const sockets = await Promise.all([RawSocket.open(server.url), RawSocket.open(server.url)]);
    try {
      const users = [testUser('viewerless-a').pubkey, testUser('viewerless-b').pubkey];
      const answers = [];
      for (const [i, s] of sockets.entries()) {
        // each connection remembers its own user
        s.send(['REQ', 'who', { cache: ['user_profile', { pubkey: users[i], user_pubkey: users[i] }] }]);
        await s.untilEose('who');
      }
      server.stats();
      for (const s of sockets) {
        s.send(['REQ', 'topics', { cache: ['explore_topics', {}] }]);
        answers.push((await s.untilEose('topics')).filter((f) => f.message[0] === 'EVENT'));
      }
      expect(answers[1]).toEqual(answers[0]);
      expect(server.stats().answers).toMatchObject({ hits: 1, misses: 1 });
    } finally {
      for (const s of sockets) await s.close();
      await server.close();
    }
  });
});
