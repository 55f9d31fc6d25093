import { useT } from '../../i18n/intl.tsx';
import { Screen } from '../../ui/screen.tsx';
import { SkeletonList } from '../../ui/skeleton.tsx';
import styles from '../frames.module.css';

/** Another user's mute list (`/mutelist/:npub`): whom they mute, loading until the moderation hooks arrive. */
export function MuteListFrame({ npub }: { npub: string }) {
  const t = useT();
  return (
    <Screen heading={t('mutelist.heading')}>
      <p className={`${styles.prose} ${styles.muted}`} style={{ overflowWrap: 'anywhere' }}>
        {t('mutelist.of', { npub })}
      </p>
      <SkeletonList label={t('common.loading')} count={3} />
    </Screen>
  );
}
