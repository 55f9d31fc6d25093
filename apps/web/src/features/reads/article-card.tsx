import { safeUrl, shortDate } from '@tide/core/format';
import type { Article } from '@tide/core/model';
import { Link } from 'react-router';
import { useT } from '../../i18n/intl.tsx';
import { Avatar } from '../../ui/avatar.tsx';
import { MemberBadge } from '../member-badge/index.ts';
import { userName } from '../note/note-author.tsx';
import { readingMinutes } from './reading-time.ts';
import styles from './reads.module.css';

/** An article in a list: author, date, title, summary, image (space reserved) and reading time. */
export function ArticleCard({ article }: { article: Article }) {
  const t = useT();
  const minutes = readingMinutes(article.wordCount, article.content);
  const image = safeUrl(article.image);
  return (
    <Link to={`/a/${article.naddr}`} className={styles.card} data-testid="article-card" data-article-id={article.id}>
      <div>
        <div className={styles.cardMeta}>
          <Avatar src={article.user.picture} size="xs" pubkey={article.user.pubkey} />
          <span>{userName(article.user)}</span>
          <MemberBadge pubkey={article.user.pubkey} />
          <span>{shortDate(article.published)}</span>
        </div>
        <h3 className={styles.cardTitle}>{article.title || t('reads.untitled')}</h3>
        {article.summary ? <p className={styles.cardSummary}>{article.summary}</p> : null}
        <div className={styles.cardMeta}>
          <span data-testid="reading-time">{t('reads.readingTime', { minutes })}</span>
        </div>
      </div>
      {image ? (
        <img className={styles.cardImage} src={image} alt="" loading="lazy" width={120} height={80} />
      ) : (
        <span className={styles.cardImage} />
      )}
    </Link>
  );
}
