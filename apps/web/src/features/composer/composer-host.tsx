import { lazy, Suspense, useCallback, useEffect } from 'react';
import { useStore } from 'zustand';
import { useT } from '../../i18n/intl.tsx';
import { useSession } from '../../state/stores.ts';
import { requestKey } from '../account/require-sign-in.ts';
import { closeComposer, composerStore, openComposer } from './composer-store.ts';
import { useNewNoteShortcut } from './new-note-shortcut.ts';

// The dialog, the editor, mentions, emoji and upload code load when the composer is first opened.
const ComposerDialog = lazy(() => import('./composer-dialog.tsx').then((m) => ({ default: m.ComposerDialog })));

/**
 * Mounts the new-note dialog while the composer store is open (only for a user who can sign: otherwise the sign-in
 * toast or the PIN prompt shows and it closes again), and opens it with the `n` shortcut.
 */
export function ComposerHost() {
  const t = useT();
  const open = useStore(composerStore, (s) => s.open);
  const session = useStore(composerStore, (s) => s.session);
  const canSign = useSession((s) => s.canSign);
  useNewNoteShortcut(useCallback(() => openComposer(), []));
  // biome-ignore lint/correctness/useExhaustiveDependencies: checked once per opening (session)
  useEffect(() => {
    if (open && !requestKey(t('auth.required'))) closeComposer();
  }, [open, session]);
  if (!open || !canSign) return null;
  return (
    <Suspense fallback={null}>
      <ComposerDialog />
    </Suspense>
  );
}
