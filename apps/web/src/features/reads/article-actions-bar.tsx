import { buildNote, type Note, type Page } from '@tide/core/model';
import type { CacheEvent } from '@tide/core/nostr';
import { lazy, Suspense, useState } from 'react';
import { useT } from '../../i18n/intl.tsx';
import { MoreIcon } from '../../ui/icons.tsx';
import noteStyles from '../note/note.module.css';
import type { NoteConfirmKind } from '../note/note-confirm.tsx';
import { NoteFooter } from '../note/note-footer.tsx';
import styles from './reads.module.css';

const NoteMenuContent = lazy(() => import('../note/note-menu.tsx').then((m) => ({ default: m.NoteMenuContent })));
const NoteConfirm = lazy(() => import('../note/note-confirm.tsx').then((m) => ({ default: m.NoteConfirm })));
const ReactionsModal = lazy(() => import('../note/reactions-modal.tsx').then((m) => ({ default: m.ReactionsModal })));

/**
 * The article as the note actions see it: its signed event (newest received) with the page's stats, the viewer's
 * actions and relay hint; the actions tag it with `e` and, being addressable, `a`.
 */
export function articleNote(event: CacheEvent, page: Page): Note {
  return buildNote(event, page);
}

/**
 * The article's actions, the same as a note's: reply (a comment: NIP-10 root `e` + `a`), zap, like, repost and
 * bookmark in the footer, and the note context menu (copy, quote, broadcast, delete own / report, people).
 */
export function ArticleActionsBar({ note }: { note: Note }) {
  const t = useT();
  const [menu, setMenu] = useState(false);
  const [reactions, setReactions] = useState(false);
  const [confirm, setConfirm] = useState<NoteConfirmKind | null>(null);
  const trigger = (
    <button
      type="button"
      className={noteStyles.menuButton}
      aria-label={t('reads.articleMenu')}
      onClick={() => setMenu(true)}
      data-testid="article-menu"
    >
      <MoreIcon size={18} aria-hidden="true" />
    </button>
  );
  return (
    <div className={styles.actionsBar} data-testid="article-actions">
      <NoteFooter note={note} onConfirm={setConfirm} />
      {menu ? (
        <Suspense fallback={trigger}>
          <NoteMenuContent
            note={note}
            trigger={trigger}
            onOpenChange={setMenu}
            onReactions={() => setReactions(true)}
            onConfirm={setConfirm}
          />
        </Suspense>
      ) : (
        trigger
      )}
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
    </div>
  );
}
