import { useQueryClient } from '@tanstack/react-query';
import { fetchArticlesStats } from '@tide/core/cache';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useCacheQuery } from '../../data/use-cache-query.ts';
import { usePagedQuery } from '../../data/use-paged-query.ts';
import { useT } from '../../i18n/intl.tsx';
import { useSession } from '../../state/stores.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { EmptyState, Screen } from '../../ui/screen.tsx';
import { SkeletonList } from '../../ui/skeleton.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { SignInButton } from '../account/sign-in-button.tsx';
import { deleteAddressable } from '../article-editor/index.ts';
import { fetchProfileTabPage } from '../profile/profile-queries.ts';
import { type DeleteRequest, DraftRow, PublishedArticleRow } from './my-article-rows.tsx';
import styles from './reads.module.css';
import { useOpenedDrafts } from './use-opened-drafts.ts';

/** My Articles tabs, also the `/myarticles/:tab` values. */
export const MY_ARTICLES_TABS = ['published', 'drafts'] as const;

function useMyList(tab: 'reads' | 'drafts', pubkey: string) {
  return usePagedQuery(['my-articles', tab, pubkey], (client, cursor, signal) =>
    fetchProfileTabPage(client, tab, pubkey, cursor, pubkey, signal),
  );
}

function More({ list }: { list: ReturnType<typeof useMyList> }) {
  const t = useT();
  if (list.isFetchingNextPage) return <SkeletonList count={1} label={t('common.loading')} />;
  if (!list.hasNextPage) return null;
  return (
    <Button variant="secondary" onClick={list.fetchNextPage}>
      {t('profile.more')}
    </Button>
  );
}

function Published({ pubkey, hidden, onDelete }: ListProps) {
  const t = useT();
  const list = useMyList('reads', pubkey);
  if (list.status === 'pending') return <SkeletonList label={t('reads.loading')} count={3} />;
  if (list.status === 'error' || !list.page) return <Failed />;
  const articles = list.page.reads.filter((a) => a.pubkey === pubkey && !hidden.has(a.coordinate));
  if (!articles.length)
    return <EmptyState title={t('myArticles.emptyPublished')}>{t('myArticles.emptyPublishedHint')}</EmptyState>;
  return (
    <div data-testid="my-articles-published">
      {articles.map((article) => (
        <PublishedArticleRow key={article.coordinate} article={article} onDelete={onDelete} />
      ))}
      <More list={list} />
    </div>
  );
}

function Drafts({ pubkey, hidden, onDelete }: ListProps) {
  const t = useT();
  const list = useMyList('drafts', pubkey);
  const drafts = useOpenedDrafts(list.page?.drafts ?? NO_DRAFTS, pubkey);
  if (list.status === 'pending') return <SkeletonList label={t('common.loading')} count={3} />;
  if (list.status === 'error' || !list.page) return <Failed />;
  const shown = drafts.filter((d) => !hidden.has(`31234:${pubkey}:${d.draftId}`));
  if (!shown.length)
    return <EmptyState title={t('myArticles.emptyDrafts')}>{t('myArticles.emptyDraftsHint')}</EmptyState>;
  return (
    <div data-testid="my-articles-drafts">
      {shown.map((view) => (
        <DraftRow key={view.draft.id} view={view} onDelete={onDelete} />
      ))}
      <More list={list} />
    </div>
  );
}

const NO_DRAFTS: never[] = [];

interface ListProps {
  pubkey: string;
  hidden: ReadonlySet<string>;
  onDelete: (request: DeleteRequest) => void;
}

function Failed() {
  const t = useT();
  return (
    <p className={styles.message} role="alert">
      {t('reads.loadFailed')}
    </p>
  );
}

/**
 * My Articles: the signed-in user's published articles and drafts (titles decrypted), with their counts from
 * `articles_stats`, each with its context menu; the tab lives in the URL.
 */
export function MyArticlesFrame({ tab }: { tab?: string }) {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const pubkey = useSession((s) => s.publicKey);
  const current = tab === 'drafts' ? 'drafts' : 'published';
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [asked, setAsked] = useState<DeleteRequest | null>(null);
  const stats = useCacheQuery(
    ['articles-stats', pubkey],
    (client, signal) => fetchArticlesStats(client, { pubkey: pubkey ?? '' }, { signal }),
    { enabled: Boolean(pubkey) },
  );

  if (!pubkey) {
    return (
      <Screen heading={t('myArticles.heading')}>
        <EmptyState title={t('myArticles.signIn')}>
          <SignInButton label={t('editor.signIn')} />
        </EmptyState>
      </Screen>
    );
  }

  async function remove(request: DeleteRequest) {
    const article = request.kind === 'article';
    const result = await deleteAddressable(request.coordinate, request.eventId, {
      successMessage: article ? t('myArticles.articleDeleted') : t('editor.draftDeleted'),
      failureMessage: article ? t('myArticles.articleDeleteFailed') : t('editor.draftDeleteFailed'),
    });
    if (!result?.success) return;
    setHidden((h) => new Set([...h, request.coordinate]));
    void queryClient.invalidateQueries({ queryKey: ['articles-stats'] });
    void queryClient.invalidateQueries({ queryKey: ['my-articles'] });
  }

  const counts = stats.data;
  const listProps = { pubkey, hidden, onDelete: setAsked };
  return (
    <Screen
      heading={t('myArticles.heading')}
      actions={
        <Link to="/reads/edit" className={styles.writeLink}>
          {t('reads.write')}
        </Link>
      }
    >
      <Tabs
        label={t('myArticles.tabsLabel')}
        items={[
          {
            id: 'published',
            label: counts
              ? t('myArticles.tab.publishedCount', { count: counts.articles })
              : t('myArticles.tab.published'),
          },
          {
            id: 'drafts',
            label: counts ? t('myArticles.tab.draftsCount', { count: counts.drafts }) : t('myArticles.tab.drafts'),
          },
        ]}
        value={current}
        onChange={(id) => navigate(`/myarticles/${id}`)}
      >
        {current === 'published' ? <Published {...listProps} /> : <Drafts {...listProps} />}
      </Tabs>
      <ConfirmDialog
        open={asked !== null}
        onOpenChange={(open) => !open && setAsked(null)}
        title={asked?.kind === 'article' ? t('myArticles.deleteArticleTitle') : t('editor.deleteDraftTitle')}
        message={asked?.kind === 'article' ? t('myArticles.deleteArticleMessage') : t('editor.deleteDraftMessage')}
        confirmLabel={asked?.kind === 'article' ? t('myArticles.menu.delete') : t('editor.deleteDraft')}
        cancelLabel={t('common.cancel')}
        closeLabel={t('common.close')}
        danger
        onConfirm={() => asked && void remove(asked)}
      />
    </Screen>
  );
}
