import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastStore, TOAST_DEFAULT_MS, TOAST_SHORT_MS } from './toast-store.ts';

describe('toast store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps info and error toasts 4000 ms', () => {
    const store = createToastStore();
    store.getState().show({ message: 'info' });
    store.getState().show({ kind: 'error', message: 'bad' });
    expect(store.getState().toasts.map((t) => t.durationMs)).toEqual([4000, 4000]);
    vi.advanceTimersByTime(TOAST_DEFAULT_MS - 1);
    expect(store.getState().toasts).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(store.getState().toasts).toHaveLength(0);
  });

  it('keeps success toasts 2000 ms', () => {
    const store = createToastStore();
    store.getState().show({ kind: 'success', message: 'Note posted successfully' });
    vi.advanceTimersByTime(TOAST_SHORT_MS - 1);
    expect(store.getState().toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getState().toasts).toHaveLength(0);
  });

  it('keeps the "not yet available" info toast 2000 ms', () => {
    const store = createToastStore();
    store.getState().notAvailable('This feature is not available yet');
    expect(store.getState().toasts[0]).toMatchObject({ kind: 'info', durationMs: 2000 });
    vi.advanceTimersByTime(2000);
    expect(store.getState().toasts).toHaveLength(0);
  });

  it('dismisses one toast by id and honours an explicit duration', () => {
    const store = createToastStore();
    const a = store.getState().show({ message: 'a', durationMs: 10_000 });
    store.getState().show({ message: 'b' });
    store.getState().dismiss(a);
    expect(store.getState().toasts.map((t) => t.message)).toEqual(['b']);
  });
});
