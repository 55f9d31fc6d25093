import { describe, expect, it } from 'vitest';
import { ComputeQueue } from './compute-queue.ts';

/** A computation that runs until released, recording when it started. */
function gate(log: string[], name: string) {
  let release: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    work: async () => {
      log.push(`start ${name}`);
      await done;
      return name;
    },
    release: () => release(),
  };
}

describe('ComputeQueue', () => {
  it('runs at most `concurrency` at once, in arrival order', async () => {
    const log: string[] = [];
    const queue = new ComputeQueue(2);
    const gates = ['a', 'b', 'c', 'd'].map((n) => gate(log, n));
    const results = gates.map((g) => queue.run(g.work));
    await new Promise((r) => setImmediate(r));
    expect(log).toEqual(['start a', 'start b']);
    expect(queue.queued).toBe(2);
    gates[1].release();
    expect(await results[1]).toBe('b');
    for (let turn = 0; turn < 5 && log.length < 3; turn++) await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
    expect(log).toEqual(['start a', 'start b', 'start c']);
    for (const g of gates) g.release();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
    expect(queue.queued).toBe(0);
  });

  it('lets the event loop turn between computations that never wait for I/O', async () => {
    const queue = new ComputeQueue(1);
    const order: string[] = [];
    // each computation only awaits microtasks, like handlers on the synchronous SQLite driver
    const busy = (name: string) => async () => {
      for (let i = 0; i < 100; i++) await Promise.resolve();
      order.push(name);
    };
    const all = Promise.all([queue.run(busy('first')), queue.run(busy('second'))]);
    setImmediate(() => order.push('other work'));
    await all;
    expect(order).toEqual(['first', 'other work', 'second']);
  });

  it('passes errors through, including ones thrown before the first await, and keeps going', async () => {
    const queue = new ComputeQueue(1);
    const thrown = queue.run(() => {
      throw new Error('at once');
    });
    const rejected = queue.run(async () => Promise.reject(new Error('later')));
    const fine = queue.run(async () => 'ok');
    await expect(thrown).rejects.toThrow('at once');
    await expect(rejected).rejects.toThrow('later');
    expect(await fine).toBe('ok');
  });
});
