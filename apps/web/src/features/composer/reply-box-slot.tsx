import type { Note } from '@tide/core/model';
import { lazy, Suspense } from 'react';

// The reply box (and the composer's styles) load with the thread, never with the first screen.
const LazyReplyBox = lazy(() => import('./reply-box.tsx').then((m) => ({ default: m.ReplyBox })));

/** The reply box under a thread's primary note, loaded on its own (see reply-box.tsx). */
export function ReplyBox({ note }: { note: Note }) {
  return (
    <Suspense fallback={null}>
      <LazyReplyBox note={note} />
    </Suspense>
  );
}
