import { useState } from 'react';
import { Panel, Screen } from '../../app/screen.tsx';
import { useT } from '../../i18n/intl.tsx';
import { Avatar } from '../../ui/avatar.tsx';
import { Skeleton, SkeletonList } from '../../ui/skeleton.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { SidebarSkeleton } from '../feed/home-sidebar.tsx';
import styles from '../frames.module.css';
import { ProfileActions } from './profile-actions.tsx';
import { PROFILE_TABS } from './profile-tabs.ts';

/** Props of {@link ProfileFrame}: at most one way of naming the profile. */
export interface ProfileFrameProps {
  /** npub, nprofile or hex key from `/profile/:npub` and `/p/:npub`; none means the signed-in user. */
  npub?: string;
  /** A verified name from `/:vanityName`. */
  vanityName?: string;
}

/** Profile: banner, avatar, name and stats (loading), the nine tabs, and a sidebar of the profile's reads. */
export function ProfileFrame({ npub, vanityName }: ProfileFrameProps) {
  const t = useT();
  const [tab, setTab] = useState('notes');
  return (
    <Screen
      heading={t('profile.heading')}
      actions={<ProfileActions publicKey={npub} />}
      sidebarLabel={t('layout.sidebar')}
      sidebar={
        <Panel title={t('profile.sidebarReads')}>
          <SidebarSkeleton />
        </Panel>
      }
    >
      <div className={styles.banner} />
      <div className={styles.profileHead}>
        <span className={styles.avatarRing}>
          <Avatar size="xxl" />
        </span>
      </div>
      <div className={styles.prose} data-profile-ref={vanityName ?? npub ?? ''}>
        <Skeleton width="45%" height={20} />
        <p className={styles.muted}>{vanityName ? `@${vanityName}` : null}</p>
        <Skeleton width="80%" />
      </div>
      <Tabs
        label={t('profile.tabsLabel')}
        items={PROFILE_TABS.map(({ id, label }) => ({ id, label: t(label) }))}
        value={tab}
        onChange={setTab}
      >
        <SkeletonList label={t('common.loading')} count={3} />
      </Tabs>
    </Screen>
  );
}
