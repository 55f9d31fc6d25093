import { afterAll, beforeAll, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../src/server.ts';
import { describeDialects } from './dialects.ts';
import { note, reaction, T0, testUser } from './fixtures/events.ts';
import { RawSocket } from './raw-socket.ts';

const NOW = T0 + 7200;
let clock = NOW;
const author = testUser('sequence-author');
const viewerA = testUser('sequence-viewer-a');
const viewerB = testUser('sequence-viewer-b');

/** Contents of the kind-1 notes and the viewer's note actions (10000115) of an answer. */
function answerOf(s: RawSocket, subId: string): { notes: string[]; actions: unknown[] } {
  const objects = s
    .framesOf(subId)
    .flatMap((f) => (f.message[0] === 'EVENT' ? [f.message[2] as { kind: number; content: string }] : []));
  return {
    notes: objects.filter((o) => o.kind === 1).map((o) => o.content),
    actions: objects.filter((o) => o.kind === 10000115).map((o) => JSON.parse(o.content) as unknown),
  };
}

describeDialects('answer cache: reuse while the store is unchanged', (getStore) => {
  let server: RunningServer;
  let s: RawSocket;
  let n = 0;
  const ask = async (payload: Record<string, unknown>) => {
    n += 1;
    s.send(['REQ', `q${n}`, { cache: ['feed', payload] }]);
    await s.untilEose(`q${n}`);
    return answerOf(s, `q${n}`);
  };
  const publish = async (event: unknown) => {
    n += 1;
    s.send(['REQ', `imp${n}`, { cache: ['import_events', { events: [event] }] }]);
    await s.untilEose(`imp${n}`);
  };
  beforeAll(async () => {
    server = await startServer({ store: getStore(), now: () => clock });
    s = await RawSocket.open(server.url);
  });
  afterAll(async () => {
    await s.close();
    await server.close();
  });

  it('serves the cached answer in later seconds while nothing changed; an ingest makes the next answer fresh', async () => {
    const first = note(author, 'first note', [], NOW - 60);
    await publish(first);
    const feed = { pubkey: author.pubkey, notes: 'authored', limit: 20, user_pubkey: viewerA.pubkey };
    server.stats();
    expect((await ask(feed)).notes).toEqual(['first note']);
    clock += 5;
    expect((await ask(feed)).notes).toEqual(['first note']);
    expect(server.stats().answers).toEqual({ hits: 1, joined: 0, misses: 1 });
    // another author's event changes the store: viewer A's answer is recomputed once a new second begins
    await publish(note(author, 'second note', [], NOW - 30));
    clock += 1;
    expect((await ask(feed)).notes).toEqual(['second note', 'first note']);
    expect(server.stats().answers).toEqual({ hits: 0, joined: 0, misses: 1 });
    clock += 1;
    expect((await ask(feed)).notes).toEqual(['second note', 'first note']);
    expect(server.stats().answers).toEqual({ hits: 1, joined: 0, misses: 0 });
  });

  it('a personalised answer is never served to another viewer: each gets their own note actions', async () => {
    const target = note(author, 'react to me', [], NOW - 10);
    await publish(target);
    await publish(reaction(viewerA, target, '+', NOW - 5));
    clock += 1;
    const feed = { pubkey: author.pubkey, notes: 'authored', limit: 20 };
    const asA = await ask({ ...feed, user_pubkey: viewerA.pubkey });
    const asB = await ask({ ...feed, user_pubkey: viewerB.pubkey });
    const asA2 = await ask({ ...feed, user_pubkey: viewerA.pubkey });
    const liked = (actions: unknown[]) =>
      actions.some(
        (a) => (a as { event_id?: string; liked?: boolean }).event_id === target.id && (a as { liked?: boolean }).liked,
      );
    expect(asA.notes).toEqual(asB.notes);
    expect(liked(asA.actions)).toBe(true);
    expect(liked(asB.actions)).toBe(false);
    expect(asA2).toEqual(asA);
  });
});
