import { shortDate } from '@tide/core/format';
import type { Draft } from '@tide/core/model';
import { Kind } from '@tide/core/nostr';
import { Link } from 'react-router';
import { useT } from '../../i18n/intl.tsx';
import { editorPathOf } from '../article-editor/index.ts';
import styles from './reads.module.css';
import { useOpenedDrafts } from './use-opened-drafts.ts';

/** The owner's drafts by title (decrypted with their key) and date, each opening the editor. */
export function DraftTitleList({ drafts, owner }: { drafts: readonly Draft[]; owner: string }) {
  const t = useT();
  const opened = useOpenedDrafts(drafts, owner);
  return (
    <ul className={styles.draftTitles}>
      {opened.map((view) => (
        <li key={view.draft.id} data-testid="profile-draft">
          <Link to={editorPathOf(Kind.Draft, owner, view.draftId)}>
            <strong data-testid="draft-title">
              {view.fields
                ? view.fields.title || t('reads.untitled')
                : view.failed
                  ? t('myArticles.draftUnreadable')
                  : t('myArticles.draftLocked')}
            </strong>
          </Link>
          <span className={styles.cardMeta}>{t('profile.draftFrom', { date: shortDate(view.draft.created_at) })}</span>
        </li>
      ))}
    </ul>
  );
}
