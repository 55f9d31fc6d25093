import { dvmFeedSpec } from '@tide/core/cache';
import { safeUrl, truncateNumber } from '@tide/core/format';
import { Link } from 'react-router';
import { useT } from '../../i18n/intl.tsx';
import { userName } from '../note/note-author.tsx';
import { AddFeedButton } from '../settings/index.ts';
import { type DvmFeed, dvmFeedRouteId } from './dvm-feeds.ts';
import styles from './explore.module.css';

/** Icon, name, kind, about, author and counts of a DVM feed (all plain text). */
function DvmFeedSummary({ feed }: { feed: DvmFeed }) {
  const t = useT();
  const icon = safeUrl(feed.picture);
  return (
    <>
      {icon ? (
        <img className={styles.icon} src={icon} alt="" width={56} height={56} loading="lazy" />
      ) : (
        <span className={styles.icon} />
      )}
      <span className={styles.text}>
        <span className={styles.name}>{feed.name}</span>
        {feed.about ? <span className={styles.about}>{feed.about}</span> : null}
        <span className={styles.meta}>
          <span className={styles.badge}>{t(feed.kind === 'reads' ? 'explore.dvm.reads' : 'explore.dvm.notes')}</span>
          {feed.paid ? <span className={styles.badge}>{t('explore.dvm.paid')}</span> : null}
          <span data-testid="dvm-feed-author">{t('explore.dvm.by', { name: userName(feed.author) })}</span>
          <span data-testid="dvm-feed-likes">{t('explore.dvm.likes', { count: feed.likes })}</span>
          <span data-testid="dvm-feed-sats">{t('explore.zapSats', { sats: truncateNumber(feed.satszapped) })}</span>
        </span>
      </span>
    </>
  );
}

/** One DVM feed of the marketplace list, linking to `/explore/feed/<identifier>_by_<pubkey>`. */
export function DvmFeedCard({ feed }: { feed: DvmFeed }) {
  return (
    <li data-testid="dvm-feed">
      <Link className={styles.card} to={`/explore/feed/${encodeURIComponent(dvmFeedRouteId(feed))}`}>
        <DvmFeedSummary feed={feed} />
      </Link>
    </li>
  );
}

/** The DVM feed's header on its own page: banner (when it has one) and the same summary, not a link. */
export function DvmFeedHeader({ feed }: { feed: DvmFeed }) {
  const banner = safeUrl(feed.image);
  return (
    <div data-testid="dvm-feed-header">
      {banner ? <img className={styles.banner} src={banner} alt="" loading="lazy" /> : null}
      <div className={styles.card}>
        <DvmFeedSummary feed={feed} />
      </div>
      <div style={{ padding: '0 16px 12px' }}>
        <AddFeedButton
          kind={feed.kind === 'reads' ? 'reads' : 'home'}
          feed={{
            name: feed.name,
            description: feed.about ?? '',
            spec: dvmFeedSpec({ dvm_id: feed.identifier, dvm_pubkey: feed.pubkey, kind: feed.kind }),
          }}
        />
      </div>
    </div>
  );
}
