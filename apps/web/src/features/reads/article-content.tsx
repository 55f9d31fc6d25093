import { safeUrl } from '@tide/core/format';
import type { Page } from '@tide/core/model';
import type { ReactNode } from 'react';
import { useT } from '../../i18n/intl.tsx';
import { ArticleBody } from './article-body.tsx';
import styles from './reads.module.css';

/** What an article shows: its title, summary, cover image and markdown body. */
export interface ArticleContentProps {
  title: string;
  summary: string;
  image: string;
  content: string;
  page: Page;
  highlights: string[];
  /** Shown above the title (author, date, reading time). */
  meta?: ReactNode;
  /** The published event's id (absent in the editor's preview). */
  articleId?: string;
  testId?: string;
}

/** An article as readers see it; the article page and the editor's preview both render it, so they look the same. */
export function ArticleContent(props: ArticleContentProps) {
  const t = useT();
  const image = safeUrl(props.image);
  return (
    <article className={styles.article} data-testid={props.testId ?? 'article'} data-article-id={props.articleId}>
      {props.meta}
      <h2 className={styles.articleTitle}>{props.title || t('reads.untitled')}</h2>
      {props.summary ? <p className={styles.cardSummary}>{props.summary}</p> : null}
      {image ? <img className={styles.articleImage} src={image} alt="" data-testid="article-image" /> : null}
      <ArticleBody content={props.content} page={props.page} highlights={props.highlights} />
    </article>
  );
}
