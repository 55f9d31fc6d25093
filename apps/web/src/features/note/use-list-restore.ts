import { type RefObject, useLayoutEffect, useRef } from 'react';
import type { CacheSnapshot, WindowVirtualizerHandle } from 'virtua';

/** Saved scroll state of a list, by key (usually route location key + list name). */
const snapshots = new Map<string, { cache: CacheSnapshot; scrollY: number }>();
/** At most this many saved list positions. */
const MAX_SNAPSHOTS = 30;

/** What {@link useListRestore} gives a window-scrolled virtua list. */
export interface ListRestore {
  /** Pass to the WindowVirtualizer's `ref`. */
  ref: RefObject<WindowVirtualizerHandle | null>;
  /** Pass to the WindowVirtualizer's `cache`: item sizes measured before, when restoring. */
  cache: CacheSnapshot | undefined;
  /** Whether this mount restores a saved position. */
  restored: boolean;
  /** Call from the list's `onScroll`: remembers the window position. */
  onScroll: () => void;
}

/**
 * Saves a window-scrolled virtua list's measured sizes and scroll position under `restoreKey` when it unmounts, and
 * brings both back when a list mounts with the same key (back navigation). No key: nothing is saved.
 */
export function useListRestore(restoreKey: string | undefined): ListRestore {
  const ref = useRef<WindowVirtualizerHandle>(null);
  const saved = restoreKey ? snapshots.get(restoreKey) : undefined;
  // The window position, kept up to date while scrolling (read at unmount, when the page may already be gone).
  const lastY = useRef(saved?.scrollY ?? 0);
  const restoreTo = useRef(saved);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once on mount
  useLayoutEffect(() => {
    // Lists restore their own position; the browser's restoration would fight it on back navigation.
    if (restoreKey && 'scrollRestoration' in history) history.scrollRestoration = 'manual';
    const target = restoreTo.current;
    restoreTo.current = undefined;
    if (!target) return;
    // Scroll back to where the list was, and hold it there for about a second while media and previews
    // above it settle, unless the user scrolls first.
    let frames = 0;
    let handle = 0;
    let stopped = false;
    const stop = () => {
      stopped = true;
    };
    const events = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
    for (const name of events) window.addEventListener(name, stop, { passive: true, once: true });
    const restore = () => {
      if (stopped) return;
      if (Math.abs(window.scrollY - target.scrollY) > 1) window.scrollTo(0, target.scrollY);
      if (++frames < 60) handle = requestAnimationFrame(restore);
    };
    restore();
    return () => {
      cancelAnimationFrame(handle);
      for (const name of events) window.removeEventListener(name, stop);
    };
  }, []);

  // A layout-effect cleanup runs before the virtualizer's handle is detached, so its cache can still be read.
  useLayoutEffect(() => {
    if (!restoreKey) return;
    return () => {
      const handle = ref.current;
      if (!handle) return;
      snapshots.delete(restoreKey);
      snapshots.set(restoreKey, { cache: handle.cache, scrollY: lastY.current });
      if (snapshots.size > MAX_SNAPSHOTS) snapshots.delete(snapshots.keys().next().value as string);
    };
  }, [restoreKey]);

  return {
    ref,
    cache: saved?.cache,
    restored: saved !== undefined,
    onScroll: () => {
      lastY.current = window.scrollY;
    },
  };
}
