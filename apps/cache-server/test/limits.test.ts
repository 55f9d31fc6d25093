import { generateSecretKey, signEvent } from '@tide/core/nostr';
import { describe, expect, it } from 'vitest';
import type { CommandRecord } from '../src/commands/index.ts';
import { TokenBucket } from '../src/limits.ts';
import { startServer } from '../src/server.ts';
import { RawSocket } from './raw-socket.ts';

describe('TokenBucket', () => {
  it('allows a burst, then refills at the rate', () => {
    let t = 0;
    const bucket = new TokenBucket(10, 3, () => t);
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);
    t = 100; // 0.1 s → one token
    expect(bucket.take()).toBe(true);
    expect(bucket.take()).toBe(false);
    t = 10_000;
    expect(bucket.take(3)).toBe(true);
    expect(bucket.take(1)).toBe(false);
    expect(bucket.take(4)).toBe(false);
  });
});

const slow: CommandRecord = {
  test_slow: async () => {
    await new Promise((r) => setTimeout(r, 200));
    return [];
  },
  test_slow_live: async (ctx) => {
    await new Promise((r) => setTimeout(r, 100));
    ctx.live({
      everyMs: 20,
      minIntervalMs: 20,
      initial: false,
      onlyOnChange: false,
      produce: async () => [{ kind: 20000009 }],
    });
    return [];
  },
  test_live_forever: async (ctx) => {
    ctx.live({ initial: false, produce: async () => [] });
    return [];
  },
};

describe('connection limits', () => {
  it('/v1 refuses requests beyond the subscription limit with NOTICE "too many subscriptions"', async () => {
    const server = await startServer({ sqlitePath: ':memory:', commands: slow, limits: { maxSubscriptions: 3 } });
    const s = await RawSocket.open(server.url);
    s.send(['REQ', 'l1', { cache: ['test_live_forever'] }]);
    s.send(['REQ', 'l2', { cache: ['test_live_forever'] }]);
    await s.untilEose('l2');
    s.send(['REQ', 's1', { cache: ['test_slow'] }]);
    s.send(['REQ', 's2', { cache: ['test_slow'] }]);
    expect((await s.untilEose('s2')).map((f) => f.message)).toEqual([
      ['NOTICE', 's2', 'too many subscriptions'],
      ['EOSE', 's2'],
    ]);
    await s.untilEose('s1');
    s.send(['CLOSE', 'l1']);
    s.send(['REQ', 's3', { cache: ['test_slow'] }]);
    expect((await s.untilEose('s3')).map((f) => f.message[0])).toEqual(['EOSE']);
    await s.close();
    await server.close();
  });

  it('does not start a live subscription that was CLOSEd while its request was running', async () => {
    const server = await startServer({ sqlitePath: ':memory:', commands: slow });
    const s = await RawSocket.open(server.url);
    s.send(['REQ', 'sl', { cache: ['test_slow_live'] }]);
    s.send(['CLOSE', 'sl']);
    await s.untilEose('sl');
    await new Promise((r) => setTimeout(r, 150));
    expect(s.framesOf('sl').filter((f) => f.message[0] === 'EVENT')).toEqual([]);
    s.send(['REQ', 'sl2', { cache: ['test_slow_live'] }]);
    await s.untilEose('sl2');
    await s.waitFor((f) => f.message[0] === 'EVENT' && f.message[1] === 'sl2');
    await s.close();
    await server.close();
  });

  it('rate-limits messages per connection with NOTICE + EOSE on the refused request, then recovers', async () => {
    const server = await startServer({ sqlitePath: ':memory:', limits: { messagesPerSecond: 2, messageBurst: 5 } });
    const s = await RawSocket.open(server.url);
    for (let i = 0; i < 8; i++) s.send(['REQ', `r${i}`, { cache: ['get_default_relays'] }]);
    s.send('not json');
    await s.untilEose('r4');
    // a refused request ends on its own sub-id, so a client waiting for its EOSE does not wait forever
    expect((await s.untilEose('r7')).map((f) => f.message)).toEqual([
      ['NOTICE', 'r7', 'rate-limited: slow down'],
      ['EOSE', 'r7'],
    ]);
    await s.waitFor(
      (f) => f.message[0] === 'NOTICE' && f.message[1] === '' && f.message[2] === 'rate-limited: slow down',
    );
    await new Promise((r) => setTimeout(r, 700));
    s.send(['REQ', 'later', { cache: ['get_default_relays'] }]);
    await s.untilEose('later');
    await s.close();
    await server.close();
  });

  it('rate-limits relay EVENTs per connection with OK false', async () => {
    const server = await startServer({ sqlitePath: ':memory:', limits: { eventsPerSecond: 1, eventBurst: 2 } });
    const s = await RawSocket.open(server.relayUrl);
    const sk = generateSecretKey();
    const events = [0, 1, 2].map((i) =>
      signEvent({ kind: 1, content: `n${i}`, tags: [], created_at: 1_700_000_000 + i }, sk),
    );
    for (const e of events) s.send(['EVENT', e]);
    const third = await s.waitFor((f) => f.message[0] === 'OK' && f.message[1] === events[2].id);
    expect(third.message).toEqual(['OK', events[2].id, false, 'rate-limited: slow down']);
    await s.close();
    await server.close();
  });

  it('refuses relay messages beyond the rate limit on their own REQ, COUNT or EVENT', async () => {
    const server = await startServer({ sqlitePath: ':memory:', limits: { messagesPerSecond: 0.01, messageBurst: 1 } });
    const s = await RawSocket.open(server.relayUrl);
    const e = signEvent({ kind: 1, content: 'n', tags: [], created_at: 1_700_000_000 }, generateSecretKey());
    s.send(['REQ', 'first', { kinds: [1], limit: 1 }]);
    s.send(['REQ', 'late', { kinds: [1] }]);
    s.send(['COUNT', 'cnt', { kinds: [1] }]);
    s.send(['EVENT', e]);
    s.send(['CLOSE', 'first']);
    const limited = (verb: string, id: string) =>
      s.waitFor((f) => f.message[0] === verb && f.message[1] === id).then((f) => f.message);
    expect(await limited('CLOSED', 'late')).toEqual(['CLOSED', 'late', 'rate-limited: slow down']);
    expect(await limited('CLOSED', 'cnt')).toEqual(['CLOSED', 'cnt', 'rate-limited: slow down']);
    expect(await limited('OK', e.id)).toEqual(['OK', e.id, false, 'rate-limited: slow down']);
    await s.waitFor((f) => f.message[0] === 'NOTICE' && f.message[1] === 'rate-limited: slow down');
    await s.close();
    await server.close();
  });

  it('rate-limits import_events by the number of events', async () => {
    const server = await startServer({ sqlitePath: ':memory:', limits: { eventsPerSecond: 1, eventBurst: 3 } });
    const s = await RawSocket.open(server.url);
    s.send(['REQ', 'imp', { cache: ['import_events', { events: [1, 2, 3, 4] }] }]);
    expect((await s.untilEose('imp'))[0].message).toEqual([
      'NOTICE',
      'imp',
      'rate-limited: too many events, slow down',
    ]);
    await s.close();
    await server.close();
  });

  it('answers NOTICE "timeout" + EOSE for a request that runs too long, and drops its late result', async () => {
    const server = await startServer({ sqlitePath: ':memory:', commands: slow, limits: { requestTimeoutMs: 50 } });
    const s = await RawSocket.open(server.url);
    s.send(['REQ', 'slow', { cache: ['test_slow'] }]);
    expect((await s.untilEose('slow')).map((f) => f.message)).toEqual([
      ['NOTICE', 'slow', 'timeout'],
      ['EOSE', 'slow'],
    ]);
    await new Promise((r) => setTimeout(r, 300));
    expect(s.framesOf('slow')).toHaveLength(2);
    await s.close();
    await server.close();
  });

  it('closes idle connections but keeps those with live subscriptions', async () => {
    const server = await startServer({
      sqlitePath: ':memory:',
      commands: slow,
      limits: { idleTimeoutMs: 150, pingIntervalMs: 100 },
    });
    const idle = await RawSocket.open(server.url);
    const busy = await RawSocket.open(server.url);
    busy.send(['REQ', 'keep', { cache: ['test_live_forever'] }]);
    await busy.untilEose('keep');
    // waited for, not assumed within a fixed 600 ms (a loaded machine runs the timers late)
    await idle.waitFor(() => false, 10_000).catch(() => undefined);
    expect(idle.closedWith?.reason).toBe('idle timeout');
    // the busy socket outlives several more idle timeouts
    await new Promise((r) => setTimeout(r, 600));
    expect(busy.closedWith).toBeNull();
    await busy.close();
    await server.close();
  });
});

describe('startServer failures', () => {
  it('rejects with the listen error when the port is taken', async () => {
    const first = await startServer({ sqlitePath: ':memory:' });
    await expect(startServer({ sqlitePath: ':memory:', port: first.port })).rejects.toThrow(/EADDRINUSE/);
    await first.close();
  });
});
