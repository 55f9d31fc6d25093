import type { Note as NoteModel, Page } from '@tide/core/model';
import { type ReactNode, useEffect, useRef } from 'react';
import { WindowVirtualizer } from 'virtua';
import styles from './note.module.css';
import { Note } from './note.tsx';
import { useListRestore } from './use-list-restore.ts';

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
  const restore = useListRestore(restoreKey);
  const ref = restore.ref;
  const endRef = useRef(onEndReached);
  endRef.current = onEndReached;
  const count = notes.length;
  const onScroll = () => {
    restore.onScroll();
    checkEnd();
  };
  const checkEnd = () => {
    const handle = ref.current;
    if (!handle || count === 0) return;
    const last = handle.findItemIndex(handle.scrollOffset + handle.viewportSize);
    if (last >= count - LOAD_MORE_THRESHOLD) endRef.current?.();
  };

  // A short first page may not fill the window: ask for more until it does.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-check whenever the count changes
  useEffect(() => {
    checkEnd();
  }, [count]);

  return (
    <div
      className={styles.list}
      data-testid="note-list"
      data-count={count}
      data-restored={restore.restored ? 'true' : undefined}
    >
      <WindowVirtualizer
        ref={ref}
        data={notes}
        cache={restore.cache}
        onScroll={onScroll}
        bufferSize={600}
        ssrCount={restore.restored ? undefined : FIRST_PAINT_COUNT}
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
