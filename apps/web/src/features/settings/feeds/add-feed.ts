import type { AppData } from '../../../data/app-data.ts';
import { getAppData } from '../../../data/app-data-instance.ts';
import type { FeedDescriptor } from '../../../data/app-settings.ts';
import { session } from '../../../state/session.ts';
import { stores } from '../../../state/stores.ts';
import { addFeed, type FeedListKind, loadFeedList, saveFeedList } from './feed-list.ts';

/** The toasts of {@link addFeedToList}: success ('Feed added to the home page'), failure, and sign-in needed. */
export interface AddFeedMessages {
  added: string;
  failed: string;
  signIn: string;
}

/**
 * Adds `feed` to the signed-in user's home or reads feeds (fetch the saved list, append or re-enable, save signed)
 * and says so; the feed selector reloads. Resolves false when not signed in or the service refused.
 */
export async function addFeedToList(
  kind: FeedListKind,
  feed: Omit<FeedDescriptor, 'enabled'>,
  messages: AddFeedMessages,
  data: Pick<AppData, 'client' | 'queryClient'> = getAppData(),
): Promise<boolean> {
  const toast = stores.toasts.getState().show;
  const request = session.requestSigner();
  const signer = session.signer;
  if (request !== 'ready' || !signer) {
    if (request === 'none') toast({ kind: 'info', message: messages.signIn });
    return false;
  }
  const { client, queryClient } = data;
  try {
    const current = await loadFeedList(client, signer, kind);
    await saveFeedList(client, signer, kind, addFeed(current, { ...feed, enabled: true }));
  } catch {
    toast({ kind: 'error', message: messages.failed });
    return false;
  }
  void queryClient.invalidateQueries({ queryKey: [kind === 'home' ? 'home-feeds' : 'reads-feeds'] });
  toast({ kind: 'success', message: messages.added });
  return true;
}
