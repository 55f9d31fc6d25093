import type { Note } from '@tide/core/model';
import { DropdownMenu } from 'radix-ui';
import { useT } from '../../i18n/intl.tsx';
import { useSession } from '../../state/stores.ts';
import menuStyles from '../../ui/menu.module.css';
import { openComposer } from '../composer/index.ts';
import { useFollowing, useOwnMutes } from '../people/index.ts';
import { bookmarkOrAsk } from './bookmark-actions.ts';
import { COPY_TOASTS, type CopyWhat, copyText, copyWithToast, requireKey } from './note-actions.ts';
import type { NoteConfirmKind } from './note-confirm.tsx';
import { peopleItems } from './note-people-items.ts';
import { broadcastNote, repostNote } from './note-publish-actions.ts';
import { useBookmarked } from './use-bookmarked.ts';
import { requestZapDialog } from './zap-overlay.ts';

/** Props of {@link NoteMenuContent}. */
export interface NoteMenuProps {
  note: Note;
  onReactions: () => void;
  onOpenChange: (open: boolean) => void;
  /** Opens the confirmation of an action that asks first (delete, report, first/last bookmark). */
  onConfirm: (kind: NoteConfirmKind) => void;
  trigger: React.ReactNode;
}

/** The note context menu (loaded on first open): copy link/text/ID/raw/npub, reactions, and the signed-in actions. */
export function NoteMenuContent({ note, onReactions, onOpenChange, onConfirm, trigger }: NoteMenuProps) {
  const t = useT();
  const copy = (what: CopyWhat) => void copyWithToast(copyText(note, what), t(COPY_TOASTS[what]));
  const needsKey = () => requireKey(t('auth.required'));
  const bookmarked = useBookmarked(note);
  const viewer = useSession((s) => s.publicKey);
  const following = useFollowing();
  const mutes = useOwnMutes();
  const items: { id: string; label: string; run: () => void }[] = [
    { id: 'reactions', label: t('note.menu.reactions'), run: onReactions },
    { id: 'zap', label: t('note.menu.zap'), run: () => requestZapDialog(note.id) },
    { id: 'copy-link', label: t('note.menu.copyLink'), run: () => copy('link') },
    { id: 'copy-text', label: t('note.menu.copyText'), run: () => copy('text') },
    { id: 'copy-id', label: t('note.menu.copyId'), run: () => copy('id') },
    { id: 'copy-raw', label: t('note.menu.copyRaw'), run: () => copy('raw') },
    { id: 'copy-npub', label: t('note.menu.copyNpub'), run: () => copy('npub') },
    { id: 'repost', label: t('note.menu.repost'), run: () => needsKey() && void repostNote(note, t) },
    { id: 'quote', label: t('note.menu.quote'), run: () => needsKey() && openComposer({ quote: note }) },
    { id: 'broadcast', label: t('note.menu.broadcast'), run: () => needsKey() && void broadcastNote(note, t) },
    {
      id: 'bookmark',
      label: bookmarked ? t('note.menu.unbookmark') : t('note.menu.bookmark'),
      run: () => needsKey() && void bookmarkOrAsk(note, !bookmarked, t, onConfirm),
    },
  ];
  if (viewer === note.pubkey)
    items.push({ id: 'delete', label: t('note.menu.delete'), run: () => onConfirm('delete') });
  else items.push({ id: 'report', label: t('note.menu.report'), run: () => needsKey() && onConfirm('report') });
  items.push(...peopleItems(note, t, viewer, following, mutes.entries));
  return (
    <DropdownMenu.Root defaultOpen onOpenChange={onOpenChange} modal={false}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={menuStyles.content} sideOffset={6} align="end">
          {items.map((item) => (
            <DropdownMenu.Item key={item.id} className={menuStyles.item} onSelect={item.run} data-item={item.id}>
              {item.label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
