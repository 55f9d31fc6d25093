import { shortDate } from '@tide/core/format';
import type { Article } from '@tide/core/model';
import { Kind } from '@tide/core/nostr';
import { Link, useNavigate } from 'react-router';
import { useT } from '../../i18n/intl.tsx';
import { IconButton } from '../../ui/button.tsx';
import { MoreIcon } from '../../ui/icons.tsx';
import { Menu } from '../../ui/menu.tsx';
import { editorPathOf } from '../article-editor/index.ts';
import { copyWithToast } from '../note/note-actions.ts';
import { ArticleCard } from './article-card.tsx';
import styles from './reads.module.css';
import type { OpenedDraftView } from './use-opened-drafts.ts';

/** What a row asks its list to delete (after confirming): the address and the event id. */
export interface DeleteRequest {
  kind: 'article' | 'draft';
  coordinate: string;
  eventId: string;
  title: string;
}

/** A published article in My Articles with its context menu: edit, copy link, copy address, delete. */
export function PublishedArticleRow({ article, onDelete }: { article: Article; onDelete: (r: DeleteRequest) => void }) {
  const t = useT();
  const navigate = useNavigate();
  const origin = globalThis.location?.origin ?? '';
  return (
    <div className={styles.myRow} data-testid="my-article" data-article-id={article.id}>
      <ArticleCard article={article} />
      <Menu
        trigger={<IconButton label={t('myArticles.menu.label')} icon={<MoreIcon size={18} />} />}
        items={[
          {
            id: 'edit',
            label: t('myArticles.menu.edit'),
            onSelect: () => navigate(editorPathOf(Kind.LongForm, article.pubkey, article.identifier)),
          },
          {
            id: 'copy-link',
            label: t('myArticles.menu.copyLink'),
            onSelect: () => void copyWithToast(`${origin}/a/${article.naddr}`, t('myArticles.linkCopied')),
          },
          {
            id: 'copy-id',
            label: t('myArticles.menu.copyId'),
            onSelect: () => void copyWithToast(article.naddr, t('myArticles.idCopied')),
          },
          {
            id: 'delete',
            label: t('myArticles.menu.delete'),
            onSelect: () =>
              onDelete({ kind: 'article', coordinate: article.coordinate, eventId: article.id, title: article.title }),
          },
        ]}
      />
    </div>
  );
}

/** A draft in My Articles (title decrypted for its owner) with its context menu: edit, delete. */
export function DraftRow({ view, onDelete }: { view: OpenedDraftView; onDelete: (r: DeleteRequest) => void }) {
  const t = useT();
  const navigate = useNavigate();
  const { draft, fields } = view;
  const path = editorPathOf(Kind.Draft, draft.pubkey, view.draftId);
  const title = fields?.title || (view.failed ? t('myArticles.draftUnreadable') : t('reads.untitled'));
  return (
    <div className={styles.myRow} data-testid="my-draft" data-draft-id={view.draftId}>
      <Link to={path} className={styles.card}>
        <div>
          <div className={styles.cardMeta}>
            <span>{t('profile.draftFrom', { date: shortDate(draft.created_at) })}</span>
          </div>
          <h3 className={styles.cardTitle} data-testid="draft-title">
            {fields ? title : view.failed ? title : t('myArticles.draftLocked')}
          </h3>
          {fields?.summary ? <p className={styles.cardSummary}>{fields.summary}</p> : null}
        </div>
      </Link>
      <Menu
        trigger={<IconButton label={t('myArticles.draftMenu.label')} icon={<MoreIcon size={18} />} />}
        items={[
          { id: 'edit', label: t('myArticles.draftMenu.edit'), onSelect: () => navigate(path) },
          {
            id: 'delete',
            label: t('myArticles.draftMenu.delete'),
            onSelect: () =>
              onDelete({
                kind: 'draft',
                coordinate: `${Kind.Draft}:${draft.pubkey}:${view.draftId}`,
                eventId: draft.id,
                title: fields?.title ?? '',
              }),
          },
        ]}
      />
    </div>
  );
}
