import type { Note } from '@tide/core/model';
import { lazy, type ReactElement, type ReactNode, Suspense, useState } from 'react';
import type { NoteConfirmKind } from './note-confirm.tsx';

const NoteMenuContent = lazy(() => import('./note-menu.tsx').then((m) => ({ default: m.NoteMenuContent })));
const NoteConfirm = lazy(() => import('./note-confirm.tsx').then((m) => ({ default: m.NoteConfirm })));
const ReactionsModal = lazy(() => import('./reactions-modal.tsx').then((m) => ({ default: m.ReactionsModal })));

/** What {@link useNoteMenu} gives its note: the menu behind a trigger, the confirm opener and the open dialogs. */
export interface NoteMenuSlot {
  /** Opens the menu (the trigger's click). */
  open: () => void;
  /** The trigger, or the menu anchored on it once opened (its code loads on first use). */
  menu: (trigger: ReactElement) => ReactNode;
  /** Opens a confirmation (delete, report, first/last bookmark). */
  confirm: (kind: NoteConfirmKind) => void;
  /** The confirmation and reactions dialogs while open. */
  dialogs: ReactNode;
}

/** The note context menu and the dialogs its items open, for a note or an article; all loaded lazily. */
export function useNoteMenu(note: Note): NoteMenuSlot {
  const [menuOpen, setMenuOpen] = useState(false);
  const [reactions, setReactions] = useState(false);
  const [confirm, setConfirm] = useState<NoteConfirmKind | null>(null);
  const menu = (trigger: ReactElement) =>
    menuOpen ? (
      <Suspense fallback={trigger}>
        <NoteMenuContent
          note={note}
          trigger={trigger}
          onOpenChange={setMenuOpen}
          onReactions={() => setReactions(true)}
          onConfirm={setConfirm}
        />
      </Suspense>
    ) : (
      trigger
    );
  const dialogs = (
    <>
      {confirm ? (
        <Suspense fallback={null}>
          <NoteConfirm note={note} kind={confirm} onClose={() => setConfirm(null)} />
        </Suspense>
      ) : null}
      {reactions ? (
        <Suspense fallback={null}>
          <ReactionsModal note={note} open={reactions} onOpenChange={setReactions} />
        </Suspense>
      ) : null}
    </>
  );
  return { open: () => setMenuOpen(true), menu, confirm: setConfirm, dialogs };
}
