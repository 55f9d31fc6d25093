import { verifyEvent } from '@tide/core/nostr';
import { afterAll, describe, expect, it } from 'vitest';
import { note, T0, testUser } from '../../test/fixtures/events.ts';
import {
  activeVerifyWorkers,
  freeSlices,
  helpVerifying,
  POOL_MIN_EVENTS,
  stopVerifyPool,
  verifyEventsParallel,
} from './verify-pool.ts';

describe('verifyEventsParallel', () => {
  afterAll(() => stopVerifyPool());

  it('verifies a large batch across threads, in order, catching bad ones', async () => {
    const u = testUser('pool-user');
    const events = Array.from({ length: POOL_MIN_EVENTS * 3 }, (_, i) => note(u, `pool ${i}`, [], T0 + i));
    const input: unknown[] = events.map((e) => ({ ...e }));
    const last = events.length - 1;
    input[5] = { ...events[5], content: 'tampered' };
    input[last] = { ...events[last], sig: events[last].sig.replace(/^./, (c) => (c === '0' ? '1' : '0')) };
    input[last - 1] = { kind: 1 };
    const ok = await verifyEventsParallel(input);
    expect(ok).toHaveLength(input.length);
    const bad = ok.flatMap((v, i) => (v ? [] : [i]));
    expect(bad).toEqual([5, last - 1, last]);
    expect(activeVerifyWorkers()).toBeGreaterThan(0);
  });

  it('handles small batches on the main thread', async () => {
    const u = testUser('pool-small');
    const e = note(u, 'small');
    expect(await verifyEventsParallel([e, { ...e, id: '0'.repeat(64) }])).toEqual([true, false]);
  });

  it('off the main thread, workers and a main thread that helps later still answer every slice in order', async () => {
    const u = testUser('pool-off-main');
    const events = Array.from({ length: POOL_MIN_EVENTS * 4 }, (_, i) => note(u, `off ${i}`, [], T0 + i));
    const input: unknown[] = events.map((e) => ({ ...e }));
    input[3] = { ...events[3], content: 'tampered' };
    input[200] = { ...events[200], id: events[201].id };
    const pending = verifyEventsParallel(input, { offMainThread: true });
    await helpVerifying();
    const ok = await pending;
    expect(ok.flatMap((v, i) => (v ? [] : [i]))).toEqual([3, 200]);
  });

  it('workers go on taking slices while the main thread is busy (no message per slice)', async () => {
    const u = testUser('pool-busy-main');
    const events = Array.from({ length: POOL_MIN_EVENTS * 4 }, (_, i) => note(u, `busy ${i}`, [], T0 + i));
    await verifyEventsParallel(events.slice(0, POOL_MIN_EVENTS)); // the workers are up
    const input: unknown[] = events.map((e) => ({ ...e }));
    input[100] = { ...events[100], content: 'tampered' };
    const pending = verifyEventsParallel(input, { offMainThread: true });
    expect(freeSlices()).toBeGreaterThan(0);
    // The main thread stays busy (synchronously, as while it writes a batch) until the workers have taken every slice.
    const deadline = Date.now() + 20_000;
    const busy = testUser('pool-busy-work');
    while (freeSlices() > 0 && Date.now() < deadline) verifyEvent(note(busy, 'main thread work'));
    expect(freeSlices()).toBe(0);
    expect(await helpVerifying()).toBe(0);
    const ok = await pending;
    expect(ok.flatMap((v, i) => (v ? [] : [i]))).toEqual([100]);
  });
});
