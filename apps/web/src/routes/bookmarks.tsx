import { BookmarksFrame } from '../features/bookmarks/bookmarks-frame.tsx';

/** `/bookmarks`. */
export function Page() {
  return <BookmarksFrame />;
}
