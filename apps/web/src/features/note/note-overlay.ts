import type { Note } from '@tide/core/model';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

/** What the viewer did to a note in this page load, confirmed by a relay: shown at once on every copy of the note. */
export interface NoteOverlay {
  liked?: boolean;
  reposted?: boolean;
  deleted?: boolean;
}

/** The viewer's confirmed actions by note id (or article coordinate). */
export interface NoteOverlayState {
  byId: Record<string, NoteOverlay>;
  mark: (id: string, patch: NoteOverlay) => void;
  clear: () => void;
}

/** The page's note-overlay store. */
export const noteOverlay = createStore<NoteOverlayState>()((set, get) => ({
  byId: {},
  mark: (id, patch) => set({ byId: { ...get().byId, [id]: { ...get().byId[id], ...patch } } }),
  clear: () => set({ byId: {} }),
}));

const EMPTY: NoteOverlay = {};

/** The viewer's confirmed actions on one note. */
export function useNoteOverlay(id: string): NoteOverlay {
  return useStore(noteOverlay, (s) => s.byId[id] ?? EMPTY);
}

/** Counters and the viewer's state as shown: the page's, plus a confirmed action the page does not know yet. */
export function shownActions(note: Pick<Note, 'stats' | 'noteActions'>, overlay: NoteOverlay) {
  const likedHere = !!overlay.liked && !note.noteActions.liked;
  const repostedHere = !!overlay.reposted && !note.noteActions.reposted;
  return {
    liked: note.noteActions.liked || !!overlay.liked,
    reposted: note.noteActions.reposted || !!overlay.reposted,
    likes: note.stats.likes + (likedHere ? 1 : 0),
    reposts: note.stats.reposts + (repostedHere ? 1 : 0),
  };
}
