import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import type { Logger } from '../model/logger.ts';
import type { NostrEvent } from '../nostr/index.ts';
import { generateSecretKey, signEvent } from '../nostr/index.ts';
import { NO_RELAYS_MESSAGE, NOT_SIGNED_MESSAGE } from './publish.ts';
import { RelayPool } from './relay-pool.ts';
import { startTestRelay, type TestRelay } from './relay-test-server.ts';

const key = generateSecretKey();
const sign = (content: string, created_at: number): NostrEvent =>
  signEvent({ kind: 1, content, created_at, tags: [] }, key);

let a: TestRelay;
let b: TestRelay;
let pool: RelayPool;

const waitFor = async (check: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
};

beforeEach(async () => {
  a = await startTestRelay();
  b = await startTestRelay();
  pool = new RelayPool({ WebSocket, timing: { publishTimeoutMs: 150, eoseTimeoutMs: 300 } });
});

afterEach(async () => {
  pool.close();
  await Promise.all([a.close(), b.close()]);
});

describe('RelayPool.query', () => {
  it('merges relays, de-duplicates, sorts newest first and drops forged events', async () => {
    const shared = sign('shared', 200);
    a.behaviour.stored = [sign('only a', 100), shared];
    b.behaviour.stored = [shared, sign('only b', 300), { ...sign('real', 400), content: 'forged' }];
    const events = await pool.query([a.url, b.url], [{ kinds: [1] }]);
    expect(events.map((e) => e.content)).toEqual(['only b', 'shared', 'only a']);
  });

  it('still answers when one relay is unreachable', async () => {
    a.behaviour.stored = [sign('from a', 100)];
    const events = await pool.query([a.url, 'ws://127.0.0.1:1'], [{ kinds: [1] }]);
    expect(events.map((e) => e.content)).toEqual(['from a']);
  });
});

describe('RelayPool.subscribe', () => {
  it('signals EOSE once every relay is done and de-duplicates events', async () => {
    const shared = sign('shared', 200);
    a.behaviour.stored = [shared];
    b.behaviour.stored = [shared, sign('b', 100)];
    const got: string[] = [];
    let eose = 0;
    const sub = pool.subscribe([a.url, b.url], [{ kinds: [1] }], {
      onevent: (e) => got.push(e.content),
      oneose: () => eose++,
    });
    await waitFor(() => eose === 1);
    expect(got.sort()).toEqual(['b', 'shared']);
    sub.close();
  });
});

describe('RelayPool.publish', () => {
  it('succeeds on the first OK even when another relay rejects', async () => {
    a.behaviour.ok = { reject: 'blocked: spam' };
    const note = sign('hello', 1);
    const result = await pool.publish(note, [a.url, b.url]);
    expect(result.success).toBe(true);
    expect(result.outcome).toBe('success');
    expect(result.note).toBe(note);
    expect(result.relay).toBe(b.url);
  });

  it('fails with every relay reason when all reject', async () => {
    a.behaviour.ok = { reject: 'blocked: spam' };
    b.behaviour.ok = { reject: 'invalid: bad' };
    const result = await pool.publish(sign('x', 1), [a.url, b.url]);
    expect(result.success).toBe(false);
    expect(result.outcome).toBe('failure');
    expect(result.reasons.sort()).toEqual([`${a.url}: blocked: spam`, `${b.url}: invalid: bad`].sort());
  });

  it('times out when no relay confirms in time', async () => {
    a.behaviour.ok = 'silent';
    b.behaviour.ok = 'silent';
    const started = Date.now();
    const result = await pool.publish(sign('x', 1), [a.url, b.url]);
    expect(result.outcome).toBe('timeout');
    expect(result.reasons).toEqual([`${a.url}: timeout`, `${b.url}: timeout`]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('is a timeout when one relay refuses and the other never answers', async () => {
    a.behaviour.ok = { reject: 'blocked: spam' };
    b.behaviour.ok = 'silent';
    const result = await pool.publish(sign('x', 1), [a.url, b.url]);
    expect(result.outcome).toBe('timeout');
    expect(result.reasons).toEqual([`${a.url}: blocked: spam`, `${b.url}: timeout`]);
  });

  it('refuses without relays or without a signature', async () => {
    expect((await pool.publish(sign('x', 1), [])).reasons).toEqual([NO_RELAYS_MESSAGE]);
    const unsigned = { ...sign('x', 1), sig: '' };
    expect((await pool.publish(unsigned, [a.url])).reasons).toEqual([NOT_SIGNED_MESSAGE]);
  });
});

describe('RelayPool retries', () => {
  it('retries a failing kept relay with growing delay and gives up at the attempt limit', async () => {
    const warn = vi.fn();
    const logger: Logger = { debug: () => {}, warn, error: () => {} };
    const gaveUp: string[] = [];
    const retrying = new RelayPool({
      WebSocket,
      logger,
      timing: { retryBaseMs: 15, maxAttempts: 4 },
      onGiveUp: (url, reason) => gaveUp.push(`${url} ${reason}`),
    });
    expect([1, 2, 3].map((n) => retrying.retryDelay(n))).toEqual([15, 30, 45]);
    await retrying.open(['ws://127.0.0.1:1']);
    await waitFor(() => gaveUp.length === 1);
    expect(gaveUp).toEqual(['ws://127.0.0.1:1 Reached atempt limit']);
    const failures = warn.mock.calls.filter(([m]) => String(m).endsWith('relay connection errored'));
    expect(failures).toHaveLength(4);
    retrying.close();
  });

  it('reconnects a kept relay that drops', async () => {
    const keeper = new RelayPool({ WebSocket, timing: { retryBaseMs: 10 } });
    await keeper.open([a.url]);
    expect(keeper.connectedRelays()).toEqual([a.url]);
    a.sockets[0].terminate();
    await waitFor(() => a.sockets.length === 2 && keeper.connectedRelays().length === 1);
    keeper.close();
    await new Promise((r) => setTimeout(r, 50));
    expect(keeper.connectedRelays()).toEqual([]);
  });

  it('counts with the largest answer', async () => {
    a.behaviour.count = 3;
    b.behaviour.count = 9;
    expect(await pool.count([a.url, b.url], [{ kinds: [1] }])).toBe(9);
  });
});
