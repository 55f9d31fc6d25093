import type { Note } from '@tide/core/model';
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { useSession } from '../../state/stores.ts';
import { bookmarkStore, isBookmarked } from './bookmark-store.ts';

/** Whether the signed-in viewer bookmarked the target (the list loads on first use). */
export function useBookmarked(target: Pick<Note, 'id' | 'kind' | 'pubkey' | 'tags'>): boolean {
  const viewer = useSession((s) => (s.canSign ? s.publicKey : null));
  const state = useStore(bookmarkStore);
  const mine = state.pubkey === viewer && viewer !== null;
  useEffect(() => {
    if (viewer && !mine && bookmarkStore.getState().pubkey !== viewer) {
      bookmarkStore.setState({ pubkey: viewer, event: null, loaded: false });
      void import('./bookmark-actions.ts').then((m) => m.loadBookmarks(viewer)).catch(() => undefined);
    }
  }, [viewer, mine]);
  return mine && isBookmarked(state.event, target);
}
