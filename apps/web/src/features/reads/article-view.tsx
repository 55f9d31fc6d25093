import { humanizeNumber, shortDate } from '@tide/core/format';
import { buildArticle, isArticleKind, type Page } from '@tide/core/model';
import { useMemo } from 'react';
import { useCacheQuery } from '../../data/use-cache-query.ts';
import { useT } from '../../i18n/intl.tsx';
import { useSession } from '../../state/stores.ts';
import { Screen } from '../../ui/screen.tsx';
import { SkeletonList } from '../../ui/skeleton.tsx';
import { ReplyBox } from '../composer/index.ts';
import { Note } from '../note/note.tsx';
import { AuthorAvatar, UserName } from '../note/note-author.tsx';
import { ArticleActionsBar, articleNote } from './article-actions-bar.tsx';
import { ArticleContent } from './article-content.tsx';
import { readingMinutes } from './reading-time.ts';
import styles from './reads.module.css';
import { loadArticleThread } from './reads-queries.ts';

/** Which article to show: its author, `d` identifier and kind. */
export interface ArticleRef {
  pubkey: string;
  identifier: string;
  kind: number;
}

/** The article of `page` (the first article event), if any. */
export function articleOf(page: Page) {
  const event = Object.values(page.mentions).find((e) => isArticleKind(e.kind));
  return page.reads[0] ?? (event ? buildArticle(event, page) : undefined);
}

/** The article page: title, author, image, markdown body (sanitised, lazily loaded), highlights, footer, comments. */
export function ArticleView({ articleRef }: { articleRef: ArticleRef }) {
  const t = useT();
  const viewer = useSession((s) => s.publicKey);
  // Under 'thread' so a comment posted from the reply box (which refreshes threads) shows here at once.
  const query = useCacheQuery(['thread', 'article', articleRef, viewer], (client, signal) =>
    loadArticleThread(client, articleRef, viewer, signal),
  );
  const page = query.data?.page;
  const article = page ? articleOf(page) : undefined;
  const highlights = useMemo(() => (query.data?.highlights ?? []).map((h) => h.content ?? ''), [query.data]);
  const note = useMemo(() => {
    if (!page || !article) return undefined;
    const events = [...(query.data?.events ?? [])].sort(
      (a, b) => Number(b.created_at ?? 0) - Number(a.created_at ?? 0),
    );
    const event = events.find((e) => e.id === article.id && e.sig) ?? events.find((e) => e.sig);
    return event ? articleNote(event, page) : undefined;
  }, [page, article, query.data]);
  const comments = useMemo(
    () => (page && article ? page.notes.filter((n) => !n.repost && n.id !== article.id) : []),
    [page, article],
  );

  if (query.status === 'pending') {
    return (
      <Screen heading={t('reads.article')}>
        <SkeletonList label={t('reads.loadingArticle')} count={2} />
      </Screen>
    );
  }
  if (!page || !article) {
    return (
      <Screen heading={t('reads.article')}>
        <p className={styles.message} role="alert" data-testid="article-missing">
          {query.status === 'error' ? t('reads.loadFailed') : t('reads.articleMissing')}
        </p>
      </Screen>
    );
  }
  const stats = article.stats;
  return (
    <Screen heading={t('reads.article')} title={article.title || t('reads.untitled')}>
      <ArticleContent
        title={article.title}
        summary={article.summary}
        image={article.image}
        content={article.content}
        page={page}
        highlights={highlights}
        articleId={article.id}
        meta={
          <div className={styles.cardMeta}>
            <AuthorAvatar user={article.user} verifiedName={page.verifiedNames[article.pubkey]} />
            <UserName user={article.user} verifiedName={page.verifiedNames[article.pubkey]} />
            <span>{shortDate(article.published)}</span>
            <span>{t('reads.readingTime', { minutes: readingMinutes(article.wordCount, article.content) })}</span>
          </div>
        }
      />
      {note ? (
        <ArticleActionsBar note={note} />
      ) : (
        <footer className={styles.footer} data-testid="article-footer">
          <span>{t('reads.stat.likes', { count: humanizeNumber(stats.likes) })}</span>
          <span>{t('reads.stat.replies', { count: humanizeNumber(stats.replies) })}</span>
          <span>{t('reads.stat.reposts', { count: humanizeNumber(stats.reposts) })}</span>
          <span>
            {t('reads.stat.zaps', { count: humanizeNumber(stats.zaps), sats: humanizeNumber(stats.satszapped) })}
          </span>
        </footer>
      )}
      {highlights.length ? (
        <section data-testid="article-highlights">
          <h3 className={styles.sectionTitle}>{t('reads.highlights', { count: highlights.length })}</h3>
          {highlights.map((text, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: highlights keep the server's order
            <blockquote key={i} className={styles.highlight}>
              {text}
            </blockquote>
          ))}
        </section>
      ) : null}
      <section data-testid="article-comments">
        <h3 className={styles.sectionTitle}>{t('reads.comments', { count: comments.length })}</h3>
        {note ? <ReplyBox note={note} /> : null}
        {comments.map((note) => (
          <Note key={note.id} note={note} page={page} />
        ))}
      </section>
    </Screen>
  );
}
