import { afterEach, describe, expect, it, vi } from 'vitest';
import { ComputeQueue, type QueueClock } from './compute-queue.ts';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A clock the test moves: `spend(ms)` is main-thread work (time and loop busy time), `wait(ms)` idle time. */
function fakeClock(): QueueClock & { spend(ms: number): void; wait(ms: number): void } {
  let now = 1000;
  let active = 0;
  return {
    now: () => now,
    activeMs: () => active,
    spend(ms: number) {
      now += ms;
      active += ms;
    },
    wait(ms: number) {
      now += ms;
    },
  };
}

describe('ComputeQueue', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts one computation per event-loop turn in arrival order, without waiting for earlier ones', async () => {
    const log: string[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const queue = new ComputeQueue({ maxPerTurn: 1, share: 0 });
    const results = ['a', 'b', 'c'].map((name) =>
      queue.run(async () => {
        log.push(`start ${name}`);
        await gate;
        return name;
      }),
    );
    expect(queue.queued).toBe(3);
    await nextTurn();
    expect(log).toEqual(['start a']);
    for (let turn = 0; turn < 10 && log.length < 3; turn++) await nextTurn();
    // b and c started although a (waiting for I/O, say) has not finished
    expect(log).toEqual(['start a', 'start b', 'start c']);
    expect(queue.queued).toBe(0);
    release();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c']);
  });

  it('lets the event loop turn between computations that never wait for I/O', async () => {
    const queue = new ComputeQueue({ maxPerTurn: 1, share: 0 });
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

  it('starts about as much computing per turn as the rest of the loop took since the last turn, at least one', async () => {
    const clock = fakeClock();
    const queue = new ComputeQueue({ maxPerTurn: 16, share: 1 }, { clock });
    const log: string[] = [];
    // cheap computations (0.2 ms, microtasks only, like SQLite handlers) behind a loop busy 2 ms per turn elsewhere
    const all = Array.from({ length: 60 }, (_, i) =>
      queue.run(async () => {
        await Promise.resolve();
        clock.spend(0.2);
        log.push(`c${i}`);
      }),
    );
    let busy = true;
    const other = () => {
      clock.spend(2);
      log.push('io');
      if (busy) setImmediate(other);
    };
    setImmediate(other);
    await Promise.all(all);
    busy = false;
    // computations between two turns of the other work: one at first, then about 2 / 0.2 once their cost is learnt
    const runs = log
      .join(' ')
      .split('io')
      .map((run) => run.trim().split(' ').filter(Boolean).length)
      .filter((n) => n > 0);
    expect(runs[0]).toBe(1);
    expect(Math.max(...runs)).toBeGreaterThanOrEqual(8);
    expect(Math.max(...runs)).toBeLessThanOrEqual(10);
    expect(queue.computationCostMs).toBeCloseTo(0.2, 1);
  });

  it('counts only busy time as the rest: an idle loop gets one computation per turn', async () => {
    const clock = fakeClock();
    const queue = new ComputeQueue({ maxPerTurn: 16, share: 1 }, { clock });
    const order: string[] = [];
    // each computation takes 1 ms of microtasks; between turns the loop waits 5 ms idle (as for a socket) but works 0
    const busy = (name: string) => async () => {
      await Promise.resolve();
      clock.spend(1);
      order.push(name);
    };
    await queue.run(busy('warm'));
    clock.wait(5);
    const all = Promise.all(['a', 'b', 'c'].map((name) => queue.run(busy(name))));
    const other = () => {
      clock.wait(5);
      order.push('turn');
      if (order.length < 8) setImmediate(other);
    };
    setImmediate(other);
    await all;
    // one per turn: had idle time counted, all three would have started in one turn
    expect(order.slice(0, 4)).toEqual(['warm', 'a', 'turn', 'b']);
  });

  it('passes errors through, including ones thrown before the first await, and keeps going', async () => {
    const queue = new ComputeQueue({ maxPerTurn: 2, share: 0 });
    const thrown = queue.run(() => {
      throw new Error('at once');
    });
    const rejected = queue.run(async () => Promise.reject(new Error('later')));
    const fine = queue.run(async () => 'ok');
    await expect(thrown).rejects.toThrow('at once');
    await expect(rejected).rejects.toThrow('later');
    expect(await fine).toBe('ok');
  });

  it('runs at most maxRunning computations at once, starting the next in arrival order as one finishes', async () => {
    const queue = new ComputeQueue({ maxPerTurn: 16, share: 0, maxRunning: 2 });
    const started: number[] = [];
    const releases: Array<() => void> = [];
    const results = [0, 1, 2, 3, 4].map((i) =>
      queue.run(async () => {
        started.push(i);
        await new Promise<void>((resolve) => releases.push(resolve));
        return i;
      }),
    );
    for (let turn = 0; turn < 10; turn++) await nextTurn();
    // two wait for I/O: the others stay queued however many turns pass
    expect(started).toEqual([0, 1]);
    expect(queue.queued).toBe(3);
    expect(queue.backlog).toBe(5);
    releases[1]();
    for (let turn = 0; turn < 10 && started.length < 3; turn++) await nextTurn();
    expect(started).toEqual([0, 1, 2]);
    releases[0]();
    releases[2]();
    for (let turn = 0; turn < 10 && started.length < 5; turn++) await nextTurn();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    releases[3]();
    releases[4]();
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3, 4]);
    expect(queue.backlog).toBe(0);
  });
});
