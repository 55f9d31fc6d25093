import type { Note } from '@tide/core/model';
import { createStore } from 'zustand/vanilla';

/** What the composer is opened for: a new note, a reply to a note, or a quote of a note. */
export interface ComposerTarget {
  replyTo?: Note;
  quote?: Note;
}

/** The new-note dialog's state: open or not, and for what. */
export interface ComposerState extends ComposerTarget {
  open: boolean;
  /** Bumped on every open, so a second open for another target remounts the form. */
  session: number;
}

/** The one composer dialog store (tiny; the dialog itself loads lazily). */
export const composerStore = createStore<ComposerState>()(() => ({ open: false, session: 0 }));

/** Opens the new-note dialog: empty, as a reply to `replyTo`, or quoting `quote`. */
export function openComposer(options: ComposerTarget = {}): void {
  const { session } = composerStore.getState();
  composerStore.setState({ open: true, replyTo: options.replyTo, quote: options.quote, session: session + 1 }, true);
}

/** Closes the new-note dialog (its draft stays saved unless it was discarded or posted). */
export function closeComposer(): void {
  composerStore.setState({ open: false, replyTo: undefined, quote: undefined });
}
