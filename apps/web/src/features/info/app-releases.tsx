import { fetchAppReleases } from '@tide/core/cache';
import { useCacheQuery } from '../../data/use-cache-query.ts';
import { useT } from '../../i18n/intl.tsx';
import { SkeletonList } from '../../ui/skeleton.tsx';
import styles from '../frames.module.css';

const PLATFORMS = [
  { key: 'ios', label: 'downloads.ios' },
  { key: 'android', label: 'downloads.android' },
] as const;

/** The latest mobile releases the caching service lists (`get_app_releases`): platform, version and date. */
export function AppReleases() {
  const t = useT();
  const query = useCacheQuery(['app-releases'], (client, signal) => fetchAppReleases(client, { signal }));
  if (query.isPending) return <SkeletonList label={t('common.loading')} count={2} />;
  const releases = query.data ?? {};
  const rows = PLATFORMS.flatMap((p) => {
    const release = releases[p.key];
    return release?.version ? [{ ...p, release }] : [];
  });
  if (rows.length === 0) return <p>{t('downloads.p3')}</p>;
  return (
    <ul className={styles.list} aria-label={t('downloads.mobileTitle')}>
      {rows.map(({ key, label, release }) => (
        <li key={key} className={styles.listItem}>
          <strong>{t(label)}</strong>
          <span>
            {t('downloads.release', {
              version: release.version,
              date: new Date(release.date * 1000).toLocaleDateString(),
            })}
          </span>
        </li>
      ))}
    </ul>
  );
}
