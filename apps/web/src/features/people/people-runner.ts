import { type FilterScope, followedPubkeys, type MuteTarget } from '@tide/core/edits';
import type { CacheEvent } from '@tide/core/nostr';
import { getAppData } from '../../data/app-data-instance.ts';
import { createTranslator, type MessageId, type MessageValues } from '../../i18n/intl.tsx';
import { stores } from '../../state/stores.ts';
import { requestKey } from '../account/require-sign-in.ts';
import { appListIo } from './app-list-io.ts';
import { changeFollows, type FollowOp, type FollowOutcome } from './follow-actions.ts';
import { followWarning } from './follow-warning-store.ts';
import { changeAllowList, changeFilterLists, changeMute, type ListOutcome } from './list-actions.ts';
import { withOwnMuteList } from './mute-query-data.ts';
import { ALLOW_LIST_KEY, CONTACTS_KEY, FILTER_LISTS_KEY, MUTE_LISTS_KEY } from './people-keys.ts';

// The app side of follow, mute and list edits (loaded on first use): the session's key, the publisher, toasts,
// and the query cache updated at once after a relay's OK, so the screens show the change without waiting.

const t = (id: MessageId, values?: MessageValues) => createTranslator(stores.settings.getState().locale)(id, values);
const toastError = (message: string) => stores.toasts.getState().show({ kind: 'error', message });

/** The signed-in user when the key can sign now; otherwise null after the sign-in toast or the PIN prompt. */
function signer(): string | null {
  const self = stores.session.getState().publicKey;
  return self && requestKey(t('auth.required')) ? self : null;
}

/** Queries whose answers depend on the viewer's lists: refetched after a change (the service has imported it). */
function invalidateViewerQueries(except: readonly string[]): void {
  const { queryClient } = getAppData();
  void queryClient.invalidateQueries({ predicate: (q) => !except.includes(String(q.queryKey[0])) });
}

/**
 * Follows or unfollows `targets` (profiles, note menus, people lists; several for follow all / unfollow all). An
 * edit that would leave the list under 2 entries opens the follow warning instead, unless `force`.
 */
export async function runFollow(op: FollowOp, targets: readonly string[], force = false): Promise<FollowOutcome> {
  const self = signer();
  if (!self) return { status: 'failed' };
  const failure = t(op === 'follow' ? 'people.followFailed' : 'people.unfollowFailed');
  const outcome = await changeFollows(appListIo(self), op, targets, { force, failure, onError: toastError });
  if (outcome.status === 'warn')
    followWarning.getState().open({ op, targets: [...targets], count: outcome.edit.count });
  if (outcome.status === 'published') {
    getAppData().queryClient.setQueryData(CONTACTS_KEY(self), followedPubkeys(outcome.event.tags));
    invalidateViewerQueries([CONTACTS_KEY(self)[0], MUTE_LISTS_KEY(self)[0]]);
  }
  return outcome;
}

/** Mutes or unmutes; muted content disappears at once (the moderation query gets the new list), toasts `done`. */
export async function runMute(target: MuteTarget, on: boolean, done: string | null): Promise<ListOutcome> {
  const self = signer();
  if (!self) return { status: 'failed' };
  const failure = t('people.muteFailed');
  const outcome = await changeMute(appListIo(self), target, on, {
    failure,
    timeout: failure,
    success: done,
    onError: toastError,
  });
  if (outcome.status === 'published') {
    const { event } = outcome;
    getAppData().queryClient.setQueryData<CacheEvent[]>(MUTE_LISTS_KEY(self), (old) => withOwnMuteList(old, event));
    invalidateViewerQueries([MUTE_LISTS_KEY(self)[0], CONTACTS_KEY(self)[0]]);
  }
  return outcome;
}

/**
 * Follows or unfollows another user's mute list, or sets where it applies (`scopes`), on the filter lists
 * (30000 `d=mutelists`; the own entry stays).
 */
export async function runFilterList(
  pubkey: string,
  change: boolean | readonly FilterScope[],
  done: string | null,
): Promise<ListOutcome> {
  const self = signer();
  if (!self) return { status: 'failed' };
  const failure = t('people.listFailed');
  const outcome = await changeFilterLists(
    appListIo(self),
    typeof change === 'boolean' ? { op: change ? 'add' : 'remove', pubkey } : { op: 'scopes', pubkey, scopes: change },
    { failure, timeout: failure, success: done, onError: toastError },
  );
  if (outcome.status === 'published') {
    getAppData().queryClient.setQueryData(FILTER_LISTS_KEY(self), [outcome.event]);
    invalidateViewerQueries([FILTER_LISTS_KEY(self)[0], CONTACTS_KEY(self)[0]]);
  }
  return outcome;
}

/** Adds or removes a user on the allow list. */
export async function runAllowList(pubkey: string, on: boolean): Promise<ListOutcome> {
  const self = signer();
  if (!self) return { status: 'failed' };
  const failure = t('people.listFailed');
  const outcome = await changeAllowList(appListIo(self), pubkey, on, {
    failure,
    timeout: failure,
    success: null,
    onError: toastError,
  });
  if (outcome.status === 'published') {
    getAppData().queryClient.setQueryData(ALLOW_LIST_KEY(self), [outcome.event]);
    invalidateViewerQueries([ALLOW_LIST_KEY(self)[0], CONTACTS_KEY(self)[0]]);
  }
  return outcome;
}
