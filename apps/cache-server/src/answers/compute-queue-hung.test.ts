import { afterEach, describe, expect, it, vi } from 'vitest';
import { ComputeQueue, type QueueClock } from './compute-queue.ts';

const turns = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise<void>((resolve) => setImmediate(resolve));
};

/** A computation that runs until the test releases it. */
function gated(started: string[], name: string) {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    work: async () => {
      started.push(name);
      await gate;
      return name;
    },
    release: () => release(),
  };
}

describe('ComputeQueue with a computation that does not end', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('frees its slot after hungMs (logged once); it still answers its own waiters when it ends', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let now = 0;
    const clock: QueueClock = { now: () => now, activeMs: () => 0 };
    const advance = (ms: number) => {
      now += ms;
      vi.advanceTimersByTime(ms);
    };
    const warn = vi.fn();
    const queue = new ComputeQueue({ maxRunning: 1, share: 0, hungMs: 5000 }, { clock, logger: { warn } });
    const started: string[] = [];
    const hung = gated(started, 'hung');
    const hungAnswer = queue.run(hung.work);
    const next = gated(started, 'next');
    const nextAnswer = queue.run(next.work);
    await turns(5);
    expect(started).toEqual(['hung']);
    advance(4999);
    await turns(5);
    expect(started).toEqual(['hung']);
    expect(warn).not.toHaveBeenCalled();
    advance(1);
    await turns(5);
    expect(started).toEqual(['hung', 'next']);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toMatchObject({ runningMs: 5000 });
    next.release();
    expect(await nextAnswer).toBe('next');
    expect(queue.backlog).toBe(0); // the hung one, still running, no longer holds a slot
    hung.release();
    expect(await hungAnswer).toBe('hung');
    expect(queue.backlog).toBe(0); // its late end frees no second slot (-1 if it did)
    advance(60_000);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('keeps slots of computations under hungMs, however long the queue waits', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let now = 0;
    const clock: QueueClock = { now: () => now, activeMs: () => 0 };
    const warn = vi.fn();
    const queue = new ComputeQueue({ maxRunning: 2, share: 0, hungMs: 5000 }, { clock, logger: { warn } });
    const started: string[] = [];
    const jobs = ['a', 'b', 'c'].map((name) => gated(started, name));
    const answers = jobs.map((job) => queue.run(job.work));
    await turns(5);
    now += 4000;
    vi.advanceTimersByTime(4000);
    await turns(5);
    expect(started).toEqual(['a', 'b']);
    jobs[0].release();
    await turns(5);
    expect(started).toEqual(['a', 'b', 'c']);
    now += 4000; // b has run 8 s, but a slot is free: nothing to free
    vi.advanceTimersByTime(4000);
    jobs[1].release();
    jobs[2].release();
    expect(await Promise.all(answers)).toEqual(['a', 'b', 'c']);
    expect(warn).not.toHaveBeenCalled();
  });
});
