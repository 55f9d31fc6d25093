import { Dialog as RadixDialog } from 'radix-ui';
import { useRef, useState } from 'react';
import { useStore } from 'zustand';
import { useT } from '../../i18n/intl.tsx';
import { IconButton } from '../../ui/button.tsx';
import { CloseIcon } from '../../ui/icons.tsx';
import { userName } from '../note/note-author.tsx';
import { CancelDraftDialog } from './cancel-draft-dialog.tsx';
import styles from './composer.module.css';
import { ComposerEditor } from './composer-editor.tsx';
import { type ComposerTarget, closeComposer, composerStore } from './composer-store.ts';
import { useComposer } from './use-composer.ts';

function ComposerDialogBody({ target }: { target: ComposerTarget }) {
  const t = useT();
  const composer = useComposer(target, { onPosted: closeComposer });
  const [asking, setAsking] = useState(false);
  const closePopup = useRef<(() => boolean) | null>(null);
  // Taken while rendering, before the text's autofocus moves the focus: the button or key press that opened it.
  const opener = useRef<HTMLElement | null>(
    typeof document !== 'undefined' && document.activeElement instanceof HTMLElement ? document.activeElement : null,
  );
  const requestClose = () => {
    if (composer.dirty) setAsking(true);
    else closeComposer();
  };
  const title = target.replyTo
    ? t('composer.replyTitle')
    : target.quote
      ? t('composer.quoteTitle')
      : t('composer.title');
  return (
    <RadixDialog.Root
      open
      onOpenChange={(open) => {
        if (!open) requestClose();
      }}
    >
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content
          className={styles.dialog}
          aria-describedby={undefined}
          onOpenAutoFocus={(event) => event.preventDefault()}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            opener.current?.focus();
          }}
          onEscapeKeyDown={(event) => {
            if (closePopup.current?.()) event.preventDefault();
          }}
        >
          <div className={styles.dialogHeader}>
            <RadixDialog.Title className={styles.dialogTitle}>{title}</RadixDialog.Title>
            <IconButton label={t('common.close')} icon={<CloseIcon size={20} />} onClick={requestClose} />
          </div>
          {target.replyTo ? (
            <p className={styles.replyingTo}>{t('composer.replyingTo', { name: userName(target.replyTo.user) })}</p>
          ) : null}
          <ComposerEditor
            composer={composer}
            target={target}
            onCancel={requestClose}
            autoFocus
            closePopupRef={closePopup}
          />
          <CancelDraftDialog
            open={asking}
            onContinue={() => setAsking(false)}
            onSave={() => {
              composer.save();
              closeComposer();
            }}
            onDiscard={() => {
              composer.discard();
              closeComposer();
            }}
          />
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** The new-note dialog (loaded lazily by ComposerHost): a fresh form for each open, for its target. */
export function ComposerDialog() {
  const { session, replyTo, quote } = useStore(composerStore);
  return <ComposerDialogBody key={session} target={{ replyTo, quote }} />;
}
