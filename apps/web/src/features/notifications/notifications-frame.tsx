import { useState } from 'react';
import { useT } from '../../i18n/intl.tsx';
import { useSession } from '../../state/stores.ts';
import { EmptyState, Screen } from '../../ui/screen.tsx';
import { SkeletonList } from '../../ui/skeleton.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { NOTIFICATION_TABS } from './notification-tabs.ts';

/** Notifications: six tabs; guests are told to sign in, signed-in users see the list (loading until issue 5). */
export function NotificationsFrame() {
  const t = useT();
  const signedIn = useSession((s) => s.publicKey !== null);
  const [tab, setTab] = useState('all');
  return (
    <Screen heading={t('notifications.heading')}>
      <Tabs
        label={t('notifications.tabsLabel')}
        items={NOTIFICATION_TABS.map(({ id, label }) => ({ id, label: t(label) }))}
        value={tab}
        onChange={setTab}
      >
        {signedIn ? (
          <SkeletonList label={t('common.loading')} />
        ) : (
          <EmptyState title={t('notifications.guestTitle')}>{t('notifications.guestBody')}</EmptyState>
        )}
      </Tabs>
    </Screen>
  );
}
