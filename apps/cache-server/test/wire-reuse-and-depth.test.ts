import { generateSecretKey, type NostrEvent, signEvent } from '@tide/core/nostr';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { CommandRecord } from '../src/commands/index.ts';
import { type RunningServer, startServer } from '../src/server.ts';
import { describeDialects } from './dialects.ts';
import { RawSocket } from './raw-socket.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** test_echo {n, ms}: after `ms` answers one object carrying `n` (a request that is still running while `ms` lasts). */
const commands: CommandRecord = {
  test_echo: async (_ctx, payload) => {
    await sleep(Number(payload.ms ?? 0));
    return [{ kind: 20000001, content: JSON.stringify({ n: payload.n }) }];
  },
};

const alice = generateSecretKey();
const deep = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describeDialects('wire: reused sub-ids and deep JSON', (getStore) => {
  let server: RunningServer;
  const logged: Array<{ level: number; msg: string }> = [];
  beforeAll(async () => {
    const logger = pino({ level: 'debug' }, { write: (line: string) => logged.push(JSON.parse(line)) });
    server = await startServer({ store: getStore(), commands, logger });
    const s = await RawSocket.open(server.relayUrl);
    for (const [i, kind] of [1, 1, 0].entries()) {
      const event: NostrEvent = signEvent(
        { kind, content: kind === 0 ? '{"name":"alice"}' : `note ${i}`, tags: [], created_at: 1_700_000_000 + i },
        alice,
      );
      s.send(['EVENT', event]);
      await s.waitFor((f) => f.message[0] === 'OK' && f.message[1] === event.id);
    }
    await s.close();
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(() => {
    logged.length = 0;
  });

  it('/v1: a REQ on a sub-id still running replaces it: no NOTICE, only the new answer, one EOSE', async () => {
    const s = await RawSocket.open(server.url);
    s.send(['REQ', 'dm', { cache: ['test_echo', { n: 1, ms: 300 }] }]);
    s.send(['REQ', 'dm', { cache: ['test_echo', { n: 2, ms: 10 }] }]);
    await s.untilEose('dm');
    await sleep(500); // the first request has finished by now: its output must not appear
    const frames = s.framesOf('dm').map((f) => f.message);
    expect(frames.filter((m) => m[0] === 'NOTICE')).toEqual([]);
    expect(frames).toEqual([
      ['EVENT', 'dm', { kind: 20000001, content: '{"n":2}' }],
      ['EOSE', 'dm'],
    ]);
    await s.close();
  });

  it('/v1: the same real request sent twice in a row is answered, never refused', async () => {
    const s = await RawSocket.open(server.url);
    const from = s.frames.length;
    s.send(['REQ', 'contacts', { cache: ['user_infos', { pubkeys: ['a'.repeat(64)] }] }]);
    s.send(['REQ', 'contacts', { cache: ['user_infos', { pubkeys: ['b'.repeat(64)] }] }]);
    await s.waitFor((f) => f.message[0] === 'EOSE' && f.message[1] === 'contacts', undefined, from);
    await sleep(200);
    expect(s.framesOf('contacts').filter((f) => f.message[0] === 'NOTICE')).toEqual([]);
    await s.close();
  });

  it('relay: a REQ on a running sub-id replaces it: only the new filter is answered, one EOSE', async () => {
    const s = await RawSocket.open(server.relayUrl);
    // both frames leave in one tick, so the second arrives while the first query is still running
    s.send(['REQ', 'r', { kinds: [1] }]);
    s.send(['REQ', 'r', { kinds: [0] }]);
    await s.untilEose('r');
    await sleep(300);
    const frames = s.framesOf('r').map((f) => f.message);
    expect(frames.filter((m) => m[0] === 'EOSE')).toHaveLength(1);
    const kinds = frames.filter((m) => m[0] === 'EVENT').map((m) => (m[2] as NostrEvent).kind);
    expect(kinds).toEqual([0]);
    await s.close();
  });

  it('/v1: a payload nested 10,000 levels deep gets one NOTICE, no error log, and the next request is served', async () => {
    const s = await RawSocket.open(server.url);
    s.send(`["REQ","deep",{"cache":["test_echo",{"n":${deep(10_000)}}]}]`);
    await s.untilEose('deep');
    s.send(['REQ', 'next', { cache: ['test_echo', { n: 3 }] }]);
    const next = await s.untilEose('next');
    expect(next.map((f) => f.message[0])).toEqual(['EVENT', 'EOSE']);
    const notices = s.frames.filter((f) => f.message[0] === 'NOTICE').map((f) => f.message);
    expect(notices).toEqual([['NOTICE', 'deep', 'invalid: JSON nested deeper than 100 levels']]);
    expect(logged.filter((l) => l.level >= 50)).toEqual([]);
    await s.close();
  });

  it('relay: deep frames are refused (CLOSED for a REQ, NOTICE otherwise) and the connection goes on', async () => {
    const s = await RawSocket.open(server.relayUrl);
    s.send(`["REQ","deep",{"kinds":[1],"#t":${deep(10_000)}}]`);
    s.send(deep(10_000));
    s.send(['REQ', 'next', { kinds: [0] }]);
    const next = await s.untilEose('next');
    expect(next.map((f) => f.message[0])).toEqual(['EVENT', 'EOSE']);
    expect(s.framesOf('deep').map((f) => f.message)).toEqual([
      ['CLOSED', 'deep', 'invalid: JSON nested deeper than 100 levels'],
    ]);
    const notices = s.frames.filter((f) => f.message[0] === 'NOTICE').map((f) => f.message);
    expect(notices).toEqual([['NOTICE', 'invalid: JSON nested deeper than 100 levels']]);
    expect(logged.filter((l) => l.level >= 50)).toEqual([]);
    await s.close();
  });
});
