import { useCallback, useEffect, useState } from 'react';
import type { FeedDescriptor } from '../../../data/app-settings.ts';
import { useAppData } from '../../../data/data-context.tsx';
import { useT } from '../../../i18n/intl.tsx';
import { session } from '../../../state/session.ts';
import { stores, useSession } from '../../../state/stores.ts';
import { type FeedListKind, loadDefaultFeeds, loadFeedList, saveFeedList } from './feed-list.ts';

/** The query key of the Home / Reads feed selector that follows a saved list. */
const SELECTOR_KEYS: Record<FeedListKind, string> = { home: 'home-feeds', reads: 'reads-feeds' };

/** State of {@link useFeedList}: the list (null while loading), whether loading failed, and the edit functions. */
export interface FeedListState {
  feeds: FeedDescriptor[] | null;
  failed: boolean;
  /** Replaces the list: applies at once, saves signed; on failure tells the user and keeps the local list. */
  update: (next: FeedDescriptor[], success?: string) => Promise<boolean>;
  /** Restores the service's default feeds (erases custom feed settings). */
  restore: () => Promise<boolean>;
}

/** The signed-in user's home or reads feed list for the settings section (guests: null and nothing to save). */
export function useFeedList(kind: FeedListKind): FeedListState {
  const t = useT();
  const { client, queryClient } = useAppData();
  const canSign = useSession((s) => s.canSign);
  const viewer = useSession((s) => s.publicKey);
  const [feeds, setFeeds] = useState<FeedDescriptor[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    setFeeds(null);
    setFailed(false);
    const signer = canSign ? session.signer : null;
    if (!signer || !viewer) return;
    let live = true;
    loadFeedList(client, signer, kind).then(
      (list) => live && setFeeds(list),
      () => {
        if (!live) return;
        setFailed(true);
        stores.toasts.getState().show({ kind: 'error', message: t('settings.loadFailed') });
      },
    );
    return () => {
      live = false;
    };
  }, [client, kind, canSign, viewer, t]);

  const update = useCallback(
    async (next: FeedDescriptor[], success?: string) => {
      const signer = session.signer;
      if (!signer) return false;
      setFeeds(next);
      try {
        await saveFeedList(client, signer, kind, next);
      } catch {
        stores.toasts.getState().show({ kind: 'error', message: t('settings.saveFailed') });
        return false;
      }
      void queryClient.invalidateQueries({ queryKey: [SELECTOR_KEYS[kind]] });
      if (success) stores.toasts.getState().show({ kind: 'success', message: success });
      return true;
    },
    [client, kind, queryClient, t],
  );

  const restore = useCallback(async () => {
    const defaults = await loadDefaultFeeds(client, kind).catch(() => null);
    if (!defaults) {
      stores.toasts.getState().show({ kind: 'error', message: t('settings.loadFailed') });
      return false;
    }
    return update(defaults, t('settings.feeds.restored'));
  }, [client, kind, t, update]);

  return { feeds, failed, update, restore };
}
