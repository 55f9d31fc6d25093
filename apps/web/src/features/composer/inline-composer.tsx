import { useQueryClient } from '@tanstack/react-query';
import type { Note } from '@tide/core/model';
import { useState } from 'react';
import { useT } from '../../i18n/intl.tsx';
import { userName } from '../note/note-author.tsx';
import { CancelDraftDialog } from './cancel-draft-dialog.tsx';
import styles from './composer.module.css';
import { ComposerEditor } from './composer-editor.tsx';
import { useComposer } from './use-composer.ts';

/** The reply composer in place under a thread's primary note; after posting, the thread reloads to show the reply. */
export function InlineComposer({ note, onClose }: { note: Note; onClose: () => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [target] = useState(() => ({ replyTo: note }));
  const [asking, setAsking] = useState(false);
  const composer = useComposer(target, {
    onPosted: () => {
      void queryClient.invalidateQueries({ queryKey: ['thread'] });
      onClose();
    },
  });
  return (
    <section className={styles.inline} aria-label={t('composer.replyBox')}>
      <p className={styles.replyingTo}>{t('composer.replyingTo', { name: userName(note.user) })}</p>
      <ComposerEditor
        composer={composer}
        target={target}
        autoFocus
        onCancel={() => (composer.dirty ? setAsking(true) : onClose())}
      />
      <CancelDraftDialog
        open={asking}
        onContinue={() => setAsking(false)}
        onSave={() => {
          composer.save();
          setAsking(false);
          onClose();
        }}
        onDiscard={() => {
          composer.discard();
          setAsking(false);
          onClose();
        }}
      />
    </section>
  );
}
