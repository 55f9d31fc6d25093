import type { NotificationGroup as TypeGroup } from '@tide/core/cache';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useT } from '../../i18n/intl.tsx';
import { useSession } from '../../state/stores.ts';
import { Button } from '../../ui/button.tsx';
import { EmptyState, Screen } from '../../ui/screen.tsx';
import { SkeletonList } from '../../ui/skeleton.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { shownCount, useNotifCountLive } from './notif-count.ts';
import { groupNotifications } from './notification-groups.ts';
import { NotificationRow } from './notification-row.tsx';
import { NOTIFICATION_TABS } from './notification-tabs.ts';
import styles from './notifications.module.css';
import { useNotifications } from './use-notifications.ts';
import { useNotificationsSeen } from './use-seen.ts';

/** Calls `onVisible` whenever the returned element scrolls into view (older pages on scroll). */
function useEndSentinel(onVisible: () => void) {
  const ref = useRef<HTMLDivElement>(null);
  const callback = useRef(onVisible);
  callback.current = onVisible;
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) callback.current();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return ref;
}

interface ListProps {
  pubkey: string;
  group: TypeGroup;
  /** When the user last looked before this visit: newer rows are highlighted. */
  seenUntil?: number;
  markSeen: () => void;
}

function NotificationList({ pubkey, group, seenUntil, markSeen }: ListProps) {
  const t = useT();
  const list = useNotifications(pubkey, group);
  const rows = useMemo(() => groupNotifications(list.page?.notifications ?? []), [list.page]);
  const sentinel = useEndSentinel(list.fetchNextPage);
  const count = useNotifCountLive();
  const showNew = async () => {
    await list.reload();
    markSeen();
  };
  return (
    <>
      {count ? (
        <div className={styles.newBar}>
          <Button variant="primary" onClick={() => void showNew()} data-testid="new-notifications">
            {t('notifications.newCount', { count, shown: shownCount(count) })}
          </Button>
        </div>
      ) : null}
      {list.status === 'pending' ? <SkeletonList label={t('common.loading')} /> : null}
      {list.status === 'error' ? (
        <EmptyState title={t('notifications.loadFailed')}>
          <Button variant="secondary" onClick={list.refetch}>
            {t('notifications.retry')}
          </Button>
        </EmptyState>
      ) : null}
      {list.status === 'success' && list.page ? (
        rows.length === 0 ? (
          <EmptyState title={t('notifications.empty')}>{t('notifications.emptyBody')}</EmptyState>
        ) : (
          <ul className={styles.list} aria-label={t('notifications.list')} data-testid="notification-list">
            {rows.map((row) => (
              <NotificationRow
                key={row.key}
                group={row}
                page={list.page!}
                unseen={seenUntil !== undefined && row.created_at > seenUntil}
              />
            ))}
          </ul>
        )
      ) : null}
      <div ref={sentinel} className={styles.sentinel} />
      {list.hasNextPage ? (
        <div className={styles.more}>
          <Button variant="secondary" onClick={list.fetchNextPage} disabled={list.isFetchingNextPage}>
            {list.isFetchingNextPage ? t('notifications.loadingOlder') : t('notifications.loadMore')}
          </Button>
        </div>
      ) : null}
    </>
  );
}

function SignedInNotifications({ pubkey, tab }: { pubkey: string; tab: string }) {
  const { seenUntil, markSeen } = useNotificationsSeen(pubkey);
  return (
    <NotificationList key={tab} pubkey={pubkey} group={tab as TypeGroup} seenUntil={seenUntil} markSeen={markSeen} />
  );
}

/** Notifications: six tabs (type groups), grouped rows, a live new-notifications button; visiting marks them seen. */
export function NotificationsFrame() {
  const t = useT();
  const pubkey = useSession((s) => s.publicKey);
  const [tab, setTab] = useState('all');
  return (
    <Screen heading={t('notifications.heading')}>
      <Tabs
        label={t('notifications.tabsLabel')}
        items={NOTIFICATION_TABS.map(({ id, label }) => ({ id, label: t(label) }))}
        value={tab}
        onChange={setTab}
      >
        {pubkey ? (
          <SignedInNotifications pubkey={pubkey} tab={tab} />
        ) : (
          <EmptyState title={t('notifications.guestTitle')}>{t('notifications.guestBody')}</EmptyState>
        )}
      </Tabs>
    </Screen>
  );
}
