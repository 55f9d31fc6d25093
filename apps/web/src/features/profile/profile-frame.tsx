import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useCacheQuery } from '../../data/use-cache-query.ts';
import { useT } from '../../i18n/intl.tsx';
import { useSession } from '../../state/stores.ts';
import buttonStyles from '../../ui/button.module.css';
import { Screen } from '../../ui/screen.tsx';
import { SkeletonList } from '../../ui/skeleton.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { userName } from '../note/note-author.tsx';
import { ProfileZapButton } from '../note/zap-button.tsx';
import { FollowButton } from '../people/index.ts';
import styles from './profile.module.css';
import { ProfileActions } from './profile-actions.tsx';
import { ProfileHeader } from './profile-header.tsx';
import { readProfileHistory, recordProfileView } from './profile-history.ts';
import { loadProfile } from './profile-queries.ts';
import { profileKeyOf, resolveVanityName } from './profile-ref.ts';
import { ProfileSidebar } from './profile-sidebar.tsx';
import { PagedTabPanel, PeopleTabPanel, RelaysTabPanel } from './profile-tab-panels.tsx';
import { visibleProfileTabs } from './profile-tabs.ts';

/** Props of {@link ProfileFrame}: at most one way of naming the profile. */
export interface ProfileFrameProps {
  /** npub, nprofile or hex key from `/profile/:npub` and `/p/:npub`; none means the signed-in user. */
  npub?: string;
  /** A verified name from `/:vanityName`. */
  vanityName?: string;
}

function Message({ text, testId }: { text: string; testId: string }) {
  const t = useT();
  return (
    <Screen heading={t('profile.heading')}>
      <p className={styles.message} role="alert" data-testid={testId}>
        {text}
      </p>
    </Screen>
  );
}

/** A loaded profile: header, tabs (drafts only on your own), each tab paged; blocked and missing profiles say so. */
export function ProfileView({ pubkey }: { pubkey: string }) {
  const t = useT();
  const viewer = useSession((s) => s.publicKey);
  const [tab, setTab] = useState('notes');
  const [history, setHistory] = useState(() => readProfileHistory(viewer));
  const query = useCacheQuery(['profile', pubkey, viewer], (client, signal) =>
    loadProfile(client, pubkey, viewer, signal),
  );
  const profile = query.data;
  const own = viewer === pubkey;
  const tabs = useMemo(() => visibleProfileTabs(own), [own]);

  useEffect(() => {
    if (!profile?.found || profile.blocked) return;
    const { user, stats } = profile;
    setHistory(
      recordProfileView(viewer, {
        pubkey,
        name: userName(user),
        picture: user.picture,
        ...(stats ? { stats: { followers: stats.followers_count, notes: stats.note_count } } : {}),
      }),
    );
  }, [profile, pubkey, viewer]);

  if (query.status === 'pending') {
    return (
      <Screen heading={t('profile.heading')}>
        <SkeletonList label={t('profile.loading')} count={3} />
      </Screen>
    );
  }
  if (query.status === 'error') return <Message text={t('profile.loadFailed')} testId="profile-error" />;
  if (!profile?.found) return <Message text={t('profile.notFound')} testId="profile-not-found" />;
  if (profile.blocked) return <Message text={t('profile.blocked')} testId="profile-blocked" />;
  const panel =
    tab === 'contacts' || tab === 'followers' ? (
      <PeopleTabPanel key={tab} tab={tab} pubkey={pubkey} />
    ) : tab === 'relays' ? (
      <RelaysTabPanel pubkey={pubkey} />
    ) : (
      <PagedTabPanel key={tab} tab={tab as 'notes'} pubkey={pubkey} />
    );
  return (
    <Screen
      heading={t('profile.heading')}
      title={userName(profile.user)}
      actions={
        <>
          {own ? (
            <Link
              to="/settings/profile"
              className={`${buttonStyles.button} ${buttonStyles.md} ${buttonStyles.secondary}`}
              data-testid="edit-profile-link"
            >
              {t('profile.edit')}
            </Link>
          ) : (
            <>
              {profile.user.lud16 || profile.user.lud06 ? (
                <ProfileZapButton
                  user={profile.user}
                  className={`${buttonStyles.button} ${buttonStyles.md} ${buttonStyles.secondary}`}
                />
              ) : null}
              <FollowButton pubkey={pubkey} name={userName(profile.user)} />
            </>
          )}
          <ProfileActions publicKey={profile.user.npub} pubkey={pubkey} name={userName(profile.user)} />
        </>
      }
      sidebarLabel={t('layout.sidebar')}
      sidebar={<ProfileSidebar pubkey={pubkey} history={history} />}
    >
      <ProfileHeader user={profile.user} stats={profile.stats} />
      <Tabs
        label={t('profile.tabsLabel')}
        items={tabs.map(({ id, label }) => ({ id, label: t(label) }))}
        value={tab}
        onChange={setTab}
      >
        {panel}
      </Tabs>
    </Screen>
  );
}

function VanityProfile({ vanityName }: { vanityName: string }) {
  const t = useT();
  const name = useCacheQuery(['vanity', vanityName], () => resolveVanityName(vanityName), { staleTime: 300_000 });
  if (name.status === 'pending') {
    return (
      <Screen heading={t('profile.heading')}>
        <SkeletonList label={t('profile.loading')} count={3} />
      </Screen>
    );
  }
  if (!name.data) return <Message text={t('profile.notFound')} testId="profile-not-found" />;
  return <ProfileView pubkey={name.data} />;
}

/** Profile routes: `/p/:npub`, `/profile/:npub` (npub, nprofile, hex; none = your own) and `/:vanityName`. */
export function ProfileFrame({ npub, vanityName }: ProfileFrameProps) {
  const t = useT();
  const viewer = useSession((s) => s.publicKey);
  if (vanityName) return <VanityProfile vanityName={vanityName} />;
  const pubkey = npub ? profileKeyOf(npub) : viewer;
  if (!npub && !viewer) return <Message text={t('auth.required')} testId="profile-no-key" />;
  if (!pubkey) return <Message text={t('profile.notFound')} testId="profile-not-found" />;
  return <ProfileView key={pubkey} pubkey={pubkey} />;
}
