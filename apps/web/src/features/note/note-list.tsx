import type { Note as NoteModel, Page } from '@tide/core/model';
import { type ReactNode, useEffect, useLayoutEffect, useRef } from 'react';
import { type CacheSnapshot, WindowVirtualizer, type WindowVirtualizerHandle } from 'virtua';
import styles from './note.module.css';
import { Note } from './note.tsx';

/** Saved scroll state of a list, by key (usually route location key + list name). */
const snapshots = new Map<string, { cache: CacheSnapshot; scrollY: number }>();
/** At most this many saved list positions. */
const MAX_SNAPSHOTS = 30;

/** Notes rendered in the very first paint, before the list has measured anything. */
export const FIRST_PAINT_COUNT = 6;

/** Rows from the end at which the next page is asked for. */
export const LOAD_MORE_THRESHOLD = 5;

/** Props of {@link NoteList}. */
export interface NoteListProps {
  notes: readonly NoteModel[];
  page?: Page;
  /** Called when the user scrolls near the end (load the next page). */
  onEndReached?: () => void;
  /** Saves and restores the scroll position under this key (back navigation). */
  restoreKey?: string;
  /** Shown after the last note (loading indicator, end of feed). */
  footer?: ReactNode;
}

/** A window-scrolled virtualised list of notes (virtua): only visible notes are in the DOM; scroll is restored. */
export function NoteList({ notes, page, onEndReached, restoreKey, footer }: NoteListProps) {
  const ref = useRef<WindowVirtualizerHandle>(null);
  const saved = restoreKey ? snapshots.get(restoreKey) : undefined;
  const endRef = useRef(onEndReached);
  endRef.current = onEndReached;
  const count = notes.length;

  // The window position, kept up to date while scrolling (read at unmount, when the page may already be gone).
  const lastY = useRef(saved?.scrollY ?? 0);
  const onScroll = () => {
    lastY.current = window.scrollY;
    checkEnd();
  };
  const checkEnd = () => {
    const handle = ref.current;
    if (!handle || count === 0) return;
    const last = handle.findItemIndex(handle.scrollOffset + handle.viewportSize);
    if (last >= count - LOAD_MORE_THRESHOLD) endRef.current?.();
  };

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

  // A short first page may not fill the window: ask for more until it does.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-check whenever the count changes
  useEffect(() => {
    checkEnd();
  }, [count]);

  return (
    <div className={styles.list} data-testid="note-list" data-count={count} data-restored={saved ? 'true' : undefined}>
      <WindowVirtualizer
        ref={ref}
        data={notes}
        cache={saved?.cache}
        onScroll={onScroll}
        bufferSize={600}
        ssrCount={saved ? undefined : FIRST_PAINT_COUNT}
      >
        {(note, index) => (
          <div key={note.repost?.id ?? note.id} data-index={index} data-item-key={note.repost?.id ?? note.id}>
            <Note note={note} page={page} />
          </div>
        )}
      </WindowVirtualizer>
      {footer}
    </div>
  );
}
