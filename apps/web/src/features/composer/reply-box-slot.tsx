import type { Note } from '@tide/core/model';
import { optionalLazy } from '../../ui/optional-lazy.tsx';

// The reply box (and the composer's styles) load with the thread, never with the first screen.
const LazyReplyBox = optionalLazy(() => import('./reply-box.tsx').then((m) => m.ReplyBox));

/** The reply box under a thread's primary note, loaded on its own (see reply-box.tsx). */
export function ReplyBox({ note }: { note: Note }) {
  return <LazyReplyBox note={note} />;
}
