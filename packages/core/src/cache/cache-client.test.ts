import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { makeAppId } from './app-id.ts';
import { CacheClient } from './cache-client.ts';
import { CacheError, CacheNoticeError, isCacheNotice } from './cache-errors.ts';
import type { CacheClientOptions, CacheStatus } from './cache-options.ts';
import { startTestCacheServer, type TestCacheServer } from './cache-test-server.ts';
import type { Logger } from './socket-types.ts';

const note = (id: string) => ({ kind: 1, id, content: `note ${id}` });
const stats = { kind: 10000100, content: '{"event_id":"a","likes":3}' };

let server: TestCacheServer;
let client: CacheClient | undefined;

function makeClient(options: Partial<CacheClientOptions> = {}): CacheClient {
  client = new CacheClient({ url: server.url, appId: 'web_test_1', WebSocket, ...options });
  return client;
}

function waitFor(check: () => boolean, timeoutMs = 3000): Promise<void> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const tick = () => {
      if (check()) resolve();
      else if (Date.now() - started > timeoutMs) reject(new Error('condition not met in time'));
      else setTimeout(tick, 10);
    };
    tick();
  });
}

const reqs = () => server.received.filter((m) => m[0] === 'REQ');

beforeEach(async () => {
  server = await startTestCacheServer();
});

afterEach(async () => {
  client?.disconnect();
  client = undefined;
  await server.close();
});

describe('CacheClient', () => {
  it('negotiates zlib, then inflates a binary EVENTS frame and resolves at the text EOSE', async () => {
    server.setHandler((conn, command, payload, subId) => {
      expect(command).toBe('events');
      expect(payload).toEqual({ event_ids: ['a', 'b'] });
      conn.answer(subId, [note('a'), note('b'), stats]);
    });
    const c = makeClient();
    const events = await c.request('events', { event_ids: ['a', 'b'] });
    expect(events).toEqual([note('a'), note('b'), stats]);
    expect(server.received[0]).toEqual([
      'REQ',
      'set_protocol_web_test_1',
      { cache: ['set_primal_protocol', { compression: 'zlib' }] },
    ]);
    expect(server.connections[0].compressed).toBe(true);
    expect(server.received[1][1]).toBe('events_1_web_test_1');
  });

  it('asks for ArrayBuffer binary frames', async () => {
    const sockets: WebSocket[] = [];
    class RecordingSocket extends WebSocket {
      constructor(url: string) {
        super(url);
        sockets.push(this);
      }
    }
    const c = makeClient({ WebSocket: RecordingSocket });
    await c.request('feed', {});
    expect(sockets[0].binaryType).toBe('arraybuffer');
  });

  it('with noBinary skips negotiation and reads plain EVENT frames', async () => {
    server.setHandler((conn, _command, _payload, subId) => conn.answer(subId, [note('x')]));
    const c = makeClient({ noBinary: true });
    expect(await c.request('thread_view', { event_id: 'x', limit: 100 })).toEqual([note('x')]);
    expect(server.received.map((m) => (m[2] as { cache: string[] }).cache[0])).toEqual(['thread_view']);
    expect(server.connections[0].compressed).toBe(false);
  });

  it('sends a command without payload as a one-element cache array', async () => {
    const c = makeClient();
    await c.request('get_home_feeds');
    expect(reqs()[1][2]).toEqual({ cache: ['get_home_feeds'] });
  });

  it('gives concurrent requests of the same command unique sub-ids and their own answers', async () => {
    server.setHandler((conn, _command, payload, subId) => {
      const id = (payload as { id: string }).id;
      setTimeout(() => conn.answer(subId, [note(id)]), id === 'first' ? 30 : 0);
    });
    const c = makeClient();
    const [a, b] = await Promise.all([c.request('x', { id: 'first' }), c.request('x', { id: 'second' })]);
    expect(a).toEqual([note('first')]);
    expect(b).toEqual([note('second')]);
    const subIds = reqs().map((m) => m[1]);
    expect(new Set(subIds).size).toBe(subIds.length);
    expect(c.pendingCount).toBe(0);
  });

  it('rejects with CacheNoticeError holding the NOTICE text', async () => {
    server.setHandler((conn, _c, _p, subId) => conn.notice(subId, 'unknown api request'));
    const c = makeClient();
    const error = await c.request('nope', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CacheNoticeError);
    expect(isCacheNotice(error)).toBe(true);
    expect((error as CacheNoticeError).notice).toBe('unknown api request');
    expect((error as CacheNoticeError).command).toBe('nope');
  });

  it('re-sends a request after the server closes the socket mid-request, then resolves', async () => {
    let calls = 0;
    server.setHandler((conn, _c, _p, subId) => {
      calls += 1;
      if (calls === 1) conn.socket.terminate();
      else conn.answer(subId, [note('after')]);
    });
    const c = makeClient();
    const statuses: CacheStatus[] = [];
    c.onStatus((s) => statuses.push(s));
    const started = Date.now();
    expect(await c.request('thread_view', { event_id: 'n' })).toEqual([note('after')]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(server.connections).toHaveLength(2);
    expect(reqs().filter((m) => String(m[1]).startsWith('thread_view_'))).toHaveLength(2);
    expect(statuses).toEqual(['connecting', 'connected', 'reconnecting', 'connected']);
  });

  it('rejects requests in flight when disconnected on purpose, and does not reconnect', async () => {
    server.setHandler(() => {});
    const c = makeClient();
    const pending = c.request('slow', {});
    await waitFor(() => reqs().length === 2);
    c.disconnect();
    const error = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CacheError);
    expect((error as CacheError).code).toBe('closed');
    expect(c.status).toBe('disconnected');
    await new Promise((r) => setTimeout(r, 300));
    expect(server.connections).toHaveLength(1);
  });

  it('sends waiting requests as soon as it is connected, without waiting for the next retry', async () => {
    const c = makeClient({ timing: { sendRetryMs: 5000 } });
    const started = Date.now();
    await c.request('first', {});
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('waits for the connection before sending (negotiation first)', async () => {
    const c = makeClient();
    const a = c.request('first', {});
    const b = c.request('second', {});
    await Promise.all([a, b]);
    expect(server.received.map((m) => (m[2] as { cache: string[] }).cache[0])).toEqual([
      'set_primal_protocol',
      'first',
      'second',
    ]);
  });

  it('resumes a long-lived subscription after a reconnect and closes it with a third element', async () => {
    const c = makeClient();
    const got: unknown[] = [];
    server.setHandler((conn, command, payload, subId) => {
      expect(command).toBe('notification_counts');
      expect(payload).toEqual({ pubkey: 'p1', subid: subId });
      conn.event(subId, { kind: 10000112, pubkey: 'p1', '1': server.connections.length });
    });
    const stop = c.subscribe(
      'notification_counts',
      (subId) => ({ pubkey: 'p1', subid: subId }),
      (e) => got.push(e),
      {
        closeExtra: (subId) => ({ cache: ['notification_counts', { subid: subId }] }),
      },
    );
    await waitFor(() => got.length === 1);
    server.connections[0].socket.terminate();
    await waitFor(() => got.length === 2);
    expect(got).toEqual([
      { kind: 10000112, pubkey: 'p1', '1': 1 },
      { kind: 10000112, pubkey: 'p1', '1': 2 },
    ]);
    const subIds = reqs()
      .filter((m) => (m[2] as { cache: string[] }).cache[0] === 'notification_counts')
      .map((m) => m[1]);
    expect(subIds).toHaveLength(2);
    expect(subIds[0]).toBe(subIds[1]);
    stop();
    await waitFor(() => server.received.some((m) => m[0] === 'CLOSE'));
    expect(server.received.find((m) => m[0] === 'CLOSE')).toEqual([
      'CLOSE',
      subIds[0],
      { cache: ['notification_counts', { subid: subIds[0] }] },
    ]);
    expect(c.pendingCount).toBe(0);
  });

  it('a subscription delivers plain pushes even when compression is on, and CLOSE has two elements by default', async () => {
    const c = makeClient();
    const got: unknown[] = [];
    server.setHandler((conn, _c, _p, subId) => {
      conn.event(subId, { kind: 10000101, content: '{"users":5}' });
      conn.socket.send(JSON.stringify(['EOSE', subId]));
    });
    let eose = false;
    const stop = c.subscribe('net_stats', undefined, (e) => got.push(e), { onEose: () => (eose = true) });
    await waitFor(() => eose);
    expect(got).toEqual([{ kind: 10000101, content: '{"users":5}' }]);
    stop();
    await waitFor(() => server.received.some((m) => m[0] === 'CLOSE'));
    expect(server.received.find((m) => m[0] === 'CLOSE')).toHaveLength(2);
  });

  it('ignores a frame that fails to inflate, logging it only in dev mode', async () => {
    for (const devMode of [false, true]) {
      const warn = vi.fn();
      const logger: Logger = { debug: () => {}, warn, error: () => {} };
      server.setHandler((conn, _c, _p, subId) => {
        conn.sendBinary(new Uint8Array([1, 2, 3, 4, 5]));
        conn.answer(subId, [note('ok')]);
      });
      const c = makeClient({ devMode, logger });
      expect(await c.request('feed', {})).toEqual([note('ok')]);
      expect(warn).toHaveBeenCalledTimes(devMode ? 1 : 0);
      c.disconnect();
    }
  });

  it('rejects on timeout and on abort, and forgets the sub-id', async () => {
    server.setHandler(() => {});
    const c = makeClient();
    const timedOut = await c.request('slow', {}, { timeoutMs: 50 }).catch((e: CacheError) => e.code);
    expect(timedOut).toBe('timeout');
    const controller = new AbortController();
    const aborted = c.request('slow', {}, { signal: controller.signal }).catch((e: CacheError) => e.code);
    controller.abort();
    expect(await aborted).toBe('aborted');
    expect(c.pendingCount).toBe(0);
  });

  it('reset() reconnects after the reset delay to a new address and re-sends pending requests', async () => {
    const other = await startTestCacheServer();
    try {
      other.setHandler((conn, _c, _p, subId) => conn.answer(subId, [note('other')]));
      server.setHandler(() => {});
      const c = makeClient({ timing: { resetMs: 100 } });
      const pending = c.request('feed', {});
      await waitFor(() => reqs().length === 2);
      c.reset(other.url);
      expect(c.status).toBe('reconnecting');
      expect(await pending).toEqual([note('other')]);
      expect(c.address).toBe(other.url);
      expect(c.status).toBe('connected');
    } finally {
      await other.close();
    }
  });

  it('can be disconnected while the socket is still opening', async () => {
    const c = makeClient();
    const pending = c.request('feed', {});
    c.disconnect();
    expect(await pending.catch((e: CacheError) => e.code)).toBe('closed');
    await new Promise((r) => setTimeout(r, 50));
    expect(c.status).toBe('disconnected');
  });

  it('rejects requests with a clear error when the address cannot be opened', async () => {
    const c = new CacheClient({ url: 'not a url', WebSocket });
    client = c;
    const error = (await c.request('feed', {}).catch((e: CacheError) => e)) as CacheError;
    expect(error.code).toBe('closed');
    expect(error.message).toBe('cannot open not a url');
    expect(c.status).toBe('disconnected');
    expect(c.pendingCount).toBe(0);
  });

  it('keeps retrying to connect when the server is unreachable, and succeeds once it is back', async () => {
    const url = server.url;
    await server.close();
    const c = new CacheClient({ url, WebSocket, timing: { reconnectMs: 20 } });
    client = c;
    const pending = c.request('feed', {});
    // waited for, not assumed within a fixed 100 ms (a loaded machine is slower to refuse the connection)
    await waitFor(() => c.status === 'reconnecting', 10_000);
    expect(c.status).toBe('reconnecting');
    c.disconnect();
    expect(await pending.catch((e: CacheError) => e.code)).toBe('closed');
    server = await startTestCacheServer();
  });
});

describe('makeAppId', () => {
  it('builds web_<version>_<integer below 1e10>', () => {
    expect(makeAppId('2.1.10', () => 0.4821337722)).toBe('web_2.1.10_4821337722');
    expect(makeAppId('2.1.10')).toMatch(/^web_2\.1\.10_\d{1,10}$/);
  });
});
