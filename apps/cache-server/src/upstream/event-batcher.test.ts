import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EventBatcher } from './event-batcher.ts';

/** A batcher whose handler records batches and finishes only when the test says so. */
function setup(maxBatch = 3, maxWaitMs = 100) {
  const handled: number[][] = [];
  const finish: Array<() => void> = [];
  const errors: unknown[] = [];
  const batcher = new EventBatcher<number>({
    maxBatch,
    maxWaitMs,
    handle: (batch) => {
      handled.push(batch);
      if (batch.includes(-1)) return Promise.reject(new Error('boom'));
      return new Promise<void>((resolve) => finish.push(resolve));
    },
    onError: (err) => errors.push(err),
  });
  const done = async () => {
    finish.shift()?.();
    await vi.advanceTimersByTimeAsync(0);
  };
  return { batcher, handled, done, errors };
}

describe('EventBatcher', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('hands a lone item over after maxWaitMs, not before', async () => {
    const { batcher, handled } = setup();
    batcher.push(1);
    await vi.advanceTimersByTimeAsync(99);
    expect(handled).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(handled).toEqual([[1]]);
  });

  it('hands a full batch over at once, without waiting for the timer', async () => {
    const { batcher, handled } = setup();
    batcher.push(1);
    batcher.push(2);
    batcher.push(3);
    expect(handled).toEqual([[1, 2, 3]]);
    expect(batcher.waiting).toBe(0);
  });

  it('collects while a batch is handled, then sends full batches at once and the rest when due, in order', async () => {
    const { batcher, handled, done } = setup();
    for (let i = 1; i <= 3; i++) batcher.push(i);
    for (let i = 4; i <= 8; i++) batcher.push(i);
    expect(handled).toEqual([[1, 2, 3]]);
    expect(batcher.waiting).toBe(5);
    await done();
    expect(handled).toEqual([
      [1, 2, 3],
      [4, 5, 6],
    ]);
    await done();
    // 7 and 8 are not due yet: their timer started when 4 arrived and has not fired.
    expect(handled.length).toBe(2);
    await vi.advanceTimersByTimeAsync(100);
    expect(handled.at(-1)).toEqual([7, 8]);
  });

  it('a lone item whose time came while a batch was handled goes as soon as the handler is free', async () => {
    const { batcher, handled, done } = setup();
    batcher.push(1);
    await vi.advanceTimersByTimeAsync(100);
    batcher.push(2);
    await vi.advanceTimersByTimeAsync(150);
    expect(handled).toEqual([[1]]);
    await done();
    expect(handled).toEqual([[1], [2]]);
  });

  it('flush hands everything over and resolves when all batches are handled; errors do not stop it', async () => {
    const { batcher, handled, done, errors } = setup();
    for (const n of [1, -1, 2, 3, 4]) batcher.push(n);
    let flushed = false;
    void batcher.flush().then(() => {
      flushed = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    // The first batch failed at once; the second was handed over right after it.
    expect(handled).toEqual([
      [1, -1, 2],
      [3, 4],
    ]);
    expect(errors).toHaveLength(1);
    expect(flushed).toBe(false);
    await done();
    expect(flushed).toBe(true);
    expect(batcher.batches).toBe(2);
  });
});
