import type { Note } from '@tide/core/model';
import { useT } from '../../i18n/intl.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { type BookmarkConfirm, setBookmark } from './bookmark-actions.ts';
import { userName } from './note-author.tsx';
import { deleteNote, reportNote } from './note-publish-actions.ts';

/** An action on a note that asks first. */
export type NoteConfirmKind = 'delete' | 'report' | BookmarkConfirm;

/** The confirmation of one note action (loaded when first needed); confirming runs it through the publisher. */
export function NoteConfirm({ note, kind, onClose }: { note: Note; kind: NoteConfirmKind; onClose: () => void }) {
  const t = useT();
  const name = userName(note.user);
  const texts = {
    delete: [t('note.confirm.deleteTitle'), t('note.confirm.delete'), t('note.confirm.deleteOk')],
    report: [t('note.confirm.reportTitle', { name }), t('note.confirm.report'), t('note.confirm.reportOk')],
    'bookmark-first': [
      t('note.confirm.firstBookmarkTitle'),
      t('note.confirm.firstBookmark'),
      t('note.confirm.firstBookmarkOk'),
    ],
    'bookmark-last': [
      t('note.confirm.lastBookmarkTitle'),
      t('note.confirm.lastBookmark'),
      t('note.confirm.lastBookmarkOk'),
    ],
  }[kind];
  const run = () => {
    if (kind === 'delete') void deleteNote(note, t);
    else if (kind === 'report') void reportNote(note, name, t);
    else void setBookmark(note, kind === 'bookmark-first', t);
  };
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={texts[0]}
      message={texts[1]}
      confirmLabel={texts[2]}
      cancelLabel={t('common.cancel')}
      closeLabel={t('common.close')}
      danger={kind !== 'bookmark-first'}
      onConfirm={run}
    />
  );
}
