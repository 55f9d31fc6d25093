import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../src/server.ts';
import { ReadPool } from '../src/workers/index.ts';
import { freshLocation, type TestStoreLocation, testDialects } from './dialects.ts';
import { note, profile, T0, testUser } from './fixtures/events.ts';
import { RawSocket } from './raw-socket.ts';

const NOW = T0 + 3600;
const alice = testUser('read-pool-alice');

/** Sends one request and returns its frames' objects (EVENT/EVENTS) or its NOTICE text. */
async function ask(s: RawSocket, subId: string, command: string, payload: Record<string, unknown>) {
  s.send(['REQ', subId, { cache: [command, payload] }]);
  const frames = await s.untilEose(subId);
  const notice = frames.find((f) => f.message[0] === 'NOTICE');
  if (notice) return { notice: notice.message[2] };
  return {
    objects: frames.flatMap((f) =>
      f.message[0] === 'EVENTS' ? (f.message[2] as unknown[]) : f.message[0] === 'EVENT' ? [f.message[2]] : [],
    ),
  };
}

async function zlibSocket(url: string): Promise<RawSocket> {
  const s = await RawSocket.open(url);
  s.send(['REQ', 'p', { cache: ['set_primal_protocol', { compression: 'zlib' }] }]);
  await s.untilEose('p');
  return s;
}

describe.each(testDialects())('read workers (%s)', (dialect) => {
  let loc: TestStoreLocation;
  let pooled: RunningServer;
  let plain: RunningServer;
  beforeAll(async () => {
    loc = freshLocation(dialect, 'readpool');
    const common = { ...loc.options, now: () => NOW, limits: { responseCacheMs: 0 } };
    // every miss to the workers (by default an idle main thread computes misses itself)
    pooled = await startServer({ ...common, readWorkers: 2, limits: { responseCacheMs: 0, mainComputeBacklog: 0 } });
    plain = await startServer({ ...common, migrate: false });
  });
  afterAll(async () => {
    await pooled.close();
    await plain.close();
    await loc.cleanup();
  });

  it('answer reads exactly as the main thread does, and see events ingested a moment before', async () => {
    const s = await zlibSocket(pooled.url);
    const t = await RawSocket.open(plain.url);
    const feed = { pubkey: alice.pubkey, notes: 'authored', limit: 20, user_pubkey: alice.pubkey };
    expect(await ask(s, 'f0', 'feed', feed)).toEqual(await ask(t, 'f0', 'feed', feed));
    const events = [profile(alice, { name: 'alice' }, NOW - 60), note(alice, 'hello from the pool', [], NOW - 30)];
    expect((await ask(s, 'imp', 'import_events', { events })).objects).toHaveLength(1);
    const fromPool = await ask(s, 'f1', 'feed', feed);
    const texts = (fromPool.objects as Array<{ kind: number; content: string }>).filter((e) => e.kind === 1);
    expect(texts.map((e) => e.content)).toEqual(['hello from the pool']);
    expect(fromPool).toEqual(await ask(t, 'f1', 'feed', feed));
    const who = { pubkey: alice.pubkey };
    expect(await ask(s, 'u', 'user_profile', who)).toEqual(await ask(t, 'u', 'user_profile', who));
    // the pooled server's reads were the workers' (on PostgreSQL too)
    expect(pooled.stats().reads?.served).toBeGreaterThanOrEqual(3);
    await s.close();
    await t.close();
  });

  it("turn a command's error into the same NOTICE", async () => {
    const s = await RawSocket.open(pooled.url);
    const t = await RawSocket.open(plain.url);
    const bad = { pubkey: 'not hex' };
    const answer = await ask(s, 'bad', 'user_profile', bad);
    expect(answer.notice).toMatch(/pubkey/);
    expect(answer).toEqual(await ask(t, 'bad', 'user_profile', bad));
    await s.close();
    await t.close();
  });

  it('a pool answers concurrent requests on its workers and refuses work once closed', async () => {
    const data = { store: loc.options, logLevel: 'silent', shareBundles: false };
    const pool = await ReadPool.start(2, data, pino({ level: 'silent' }));
    expect(pool.size).toBe(2);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => pool.run('user_profile', { pubkey: alice.pubkey }, null, NOW)),
    );
    expect(answers.every((a) => a.count === answers[0].count && a.count > 0)).toBe(true);
    expect(pool.takeStats().served).toBe(6);
    await pool.close();
    await expect(pool.run('user_profile', { pubkey: alice.pubkey }, null, NOW)).rejects.toThrow('closed');
  });
});
