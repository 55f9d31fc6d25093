import { useT } from '../i18n/intl.tsx';
import styles from '../ui/screen.module.css';
import { Skeleton, SkeletonList } from '../ui/skeleton.tsx';

/** What a screen shows while its code loads: a heading-sized bar and note skeletons. */
export function RouteFallback() {
  const t = useT();
  return (
    <div className={styles.center}>
      <div className={styles.header}>
        <Skeleton width={160} height={26} />
      </div>
      <SkeletonList label={t('common.loading')} count={4} />
    </div>
  );
}
