import { describe, expect, it } from 'vitest';
import type { Store } from '../store/index.ts';
import { ResponseCache } from './answer-cache.ts';
import { depsOfAnswer } from './answer-deps.ts';
import type { PackedAnswer } from './answer-frames.ts';
import { computeAnswer } from './answer-run.ts';

const X = 'a'.repeat(64);

describe('computeAnswer', () => {
  it('notes dependencies from the change sequence at which the computation started, not the request', async () => {
    let sequence = 1; // the request came at 1
    const queued = Promise.resolve().then(() => {
      sequence = 3; // two changes came in while it waited in the queue; then it starts
      return computeAnswer({
        store: {} as Store,
        command: 'thread_view',
        payload: { event_id: X },
        viewer: '',
        sequence: () => sequence,
        events: async () => {
          sequence = 4; // a change while it runs: after its start
          return [];
        },
      });
    });
    const { packed, since } = await queued;
    expect(since).toBe(3);
    expect(depsOfAnswer(packed)).toMatchObject({ keys: [`e:${X}`, `r:${X}`], since: 3 });
  });

  it('so the answer cache keeps an answer exact across changes made before its computation started', async () => {
    const cache = new ResponseCache<PackedAnswer>({ ttlMs: 1000, maxAgeMs: 30_000 }, () => 0, depsOfAnswer);
    let sequence = 1;
    let start: () => void = () => {};
    const waited = new Promise<void>((resolve) => {
      start = resolve;
    });
    const compute = async () => {
      await waited; // in the compute queue
      const { packed } = await computeAnswer({
        store: {} as Store,
        command: 'thread_view',
        payload: { event_id: X },
        viewer: '',
        sequence: () => sequence,
        events: async () => [],
      });
      return packed;
    };
    const answer = cache.answer('t', 100, compute, '', sequence);
    // a reply to X while the request waits: its computation, started after, reads it
    cache.changed(new Set([`r:${X}`]), 2);
    sequence = 2;
    start();
    const packed = await answer;
    expect(cache.isExact('t', packed)).toBe(true);
    // a change after its start still touches it
    cache.changed(new Set([`e:${X}`]), 3);
    expect(cache.isExact('t', packed)).toBe(false);
  });
});
