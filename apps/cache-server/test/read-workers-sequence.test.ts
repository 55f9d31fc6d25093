import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../src/server.ts';
import { freshLocation, type TestStoreLocation } from './dialects.ts';
import { note, reaction, T0, testUser } from './fixtures/events.ts';
import { RawSocket } from './raw-socket.ts';

const NOW = T0 + 3600;
const author = testUser('read-seq-author');
const bob = testUser('read-seq-bob');
const carol = testUser('read-seq-carol');

interface Cached {
  kind: number;
  content: string;
}

let n = 0;
/** Sends one request and returns the objects of its answer (EVENT frames: these sockets do not negotiate zlib). */
async function ask(s: RawSocket, command: string, payload: Record<string, unknown>): Promise<Cached[]> {
  n += 1;
  const subId = `q${n}`;
  s.send(['REQ', subId, { cache: [command, payload] }]);
  const frames = await s.untilEose(subId);
  const notice = frames.find((f) => f.message[0] === 'NOTICE');
  if (notice) throw new Error(String(notice.message[2]));
  return frames.flatMap((f) => (f.message[0] === 'EVENT' ? [f.message[2] as Cached] : []));
}

const notesOf = (answer: Cached[]) => answer.filter((e) => e.kind === 1).map((e) => e.content);

/** The like count the answer's stats (10000100) give `eventId`. */
function likesOf(answer: Cached[], eventId: string): number | undefined {
  for (const e of answer) {
    if (e.kind !== 10000100) continue;
    const stats = JSON.parse(e.content) as { event_id: string; likes: number };
    if (stats.event_id === eventId) return stats.likes;
  }
  return undefined;
}

describe('read workers and the change sequence (SQLite)', () => {
  let loc: TestStoreLocation;
  let server: RunningServer;
  let s: RawSocket;
  let clock = NOW;
  const publish = async (event: unknown) => {
    const [ok] = await ask(s, 'import_events', { events: [event] });
    expect(ok).toBeDefined();
  };
  beforeAll(async () => {
    loc = freshLocation('sqlite', 'readseq');
    // answer reuse on (the default): the main thread's answer cache in front, bundle parts shared in the worker
    // every miss goes to the worker (by default an idle main thread computes misses itself)
    // after a change, answers are reused within the (injected) clock's second for up to 60 s of wall clock instead of
    // 1 s: a slow write on a loaded machine cannot end the reuse the second test expects within the second
    const limits = { mainComputeBacklog: 0, responseCacheMs: 60_000 };
    server = await startServer({ sqlitePath: loc.options.sqlitePath, now: () => clock, readWorkers: 1, limits });
    s = await RawSocket.open(server.url);
  });
  afterAll(async () => {
    await s.close();
    await server.close();
    await loc.cleanup();
  });

  it('answers every request from a store at least as new as the change sequence it arrived at', async () => {
    server.stats();
    const feed = { pubkey: author.pubkey, notes: 'authored', limit: 50 };
    const expected: string[] = [];
    // the guest asks on a socket of its own (on `s`, which named a user, it would be that user's request)
    const guest = await RawSocket.open(server.url);
    for (let i = 0; i < 25; i++) {
      await publish(note(author, `note ${i}`, [], NOW - 1000 + i));
      expected.unshift(`note ${i}`);
      // a new clock second: no answer made before the write may be served to anyone
      clock += 1;
      expect(notesOf(await ask(guest, 'feed', feed))).toEqual(expected);
      expect(notesOf(await ask(s, 'feed', { ...feed, user_pubkey: author.pubkey }))).toEqual(expected);
      expect(notesOf(await ask(s, 'feed', { ...feed, user_pubkey: bob.pubkey }))).toEqual(expected);
    }
    await guest.close();
    const { answers, reads } = server.stats();
    // every one of them was computed on the worker (the viewers' answers are not layered on the guest's: workers'
    // answers carry no split to put a viewer's actions in)
    expect(answers.misses).toBe(75);
    expect(reads?.served).toBe(75);
  });

  it("a writer never gets a worker's bundle part made before their write; others may within the second", async () => {
    const target = note(author, 'like me', [], NOW - 100);
    await publish(target);
    clock += 1;
    const feed = { pubkey: author.pubkey, notes: 'authored', limit: 5 };
    const carolBefore = await ask(s, 'feed', { ...feed, user_pubkey: carol.pubkey });
    const bobBefore = await ask(s, 'feed', { ...feed, user_pubkey: bob.pubkey });
    expect(likesOf(carolBefore, target.id)).toBe(0);
    expect(likesOf(bobBefore, target.id)).toBe(0);
    server.stats();
    await publish(reaction(bob, target, '+', NOW - 50));
    // same clock second: carol may be served what was computed before the like (within 1 s)
    expect(await ask(s, 'feed', { ...feed, user_pubkey: carol.pubkey })).toEqual(carolBefore);
    // bob wrote: his answer is computed again, on a part made after his like
    const bobAfter = await ask(s, 'feed', { ...feed, user_pubkey: bob.pubkey });
    expect(likesOf(bobAfter, target.id)).toBe(1);
    expect(server.stats().reads?.served).toBe(1);
  });

  it("a worker's read cache forgets what each write changed (the change sets are forwarded)", async () => {
    const target = note(author, 'count my likes', [], NOW - 20);
    await publish(target);
    clock += 1;
    const feed = { pubkey: author.pubkey, notes: 'authored', limit: 3 };
    expect(likesOf(await ask(s, 'feed', feed), target.id)).toBe(0);
    await publish(reaction(carol, target, '+', NOW - 10));
    clock += 1;
    // another key, the same posts: a new bundle part, its event pieces (stats) from the worker's read cache
    expect(likesOf(await ask(s, 'feed', { ...feed, user_pubkey: bob.pubkey }), target.id)).toBe(1);
    expect(likesOf(await ask(s, 'feed', feed), target.id)).toBe(1);
  });

  it('by default an idle main thread computes a miss itself; misses arriving while it is busy go to the worker', async () => {
    const idle = await startServer({ sqlitePath: loc.options.sqlitePath, now: () => clock, readWorkers: 1 });
    const t = await RawSocket.open(idle.url);
    try {
      idle.stats();
      for (const i of [1, 2, 3]) await ask(t, 'feed', { pubkey: author.pubkey, notes: 'authored', limit: i });
      expect(idle.stats()).toMatchObject({ answers: { misses: 3 }, reads: { served: 0 } });
      const burst = Array.from({ length: 20 }, (_, i) => i);
      for (const i of burst) {
        t.send(['REQ', `b${i}`, { cache: ['feed', { pubkey: author.pubkey, notes: 'authored', limit: 30 + i }] }]);
      }
      for (const i of burst) await t.untilEose(`b${i}`);
      const { answers, reads } = idle.stats();
      expect(answers.misses).toBe(20);
      // the first starts on the main thread; the others found it busy
      expect(reads?.served).toBeGreaterThan(0);
      expect(reads?.served).toBeLessThan(20);
    } finally {
      await t.close();
      await idle.close();
    }
  });
});
