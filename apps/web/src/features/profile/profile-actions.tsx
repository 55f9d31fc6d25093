import { userFeedSpec } from '@tide/core/cache';
import { useT } from '../../i18n/intl.tsx';
import { stores, useSession } from '../../state/stores.ts';
import { IconButton } from '../../ui/button.tsx';
import { MoreIcon } from '../../ui/icons.tsx';
import { Menu, type MenuItem } from '../../ui/menu.tsx';
import { followMuteList, mute, useFilterLists, useOwnMutes } from '../people/index.ts';
import { addFeedToList } from '../settings/index.ts';

/** Copies text and confirms with a success toast; a refused clipboard gives an error toast. */
export async function copyWithToast(text: string, done: string, failed: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    stores.toasts.getState().show({ kind: 'success', message: done });
    return true;
  } catch {
    stores.toasts.getState().show({ kind: 'error', message: failed });
    return false;
  }
}

/** Props of {@link ProfileActions}. */
export interface ProfileActionsProps {
  /** The npub shown and copied (once known). */
  publicKey?: string;
  /** The profile's hex key: enables mute / unmute and following their mute list (not on your own profile). */
  pubkey?: string;
  /** The profile's display name, for the toasts. */
  name?: string;
}

/** The profile's "more" menu: copy the public key and link; mute / unmute; follow or unfollow their mute list. */
export function ProfileActions({ publicKey, pubkey, name = '' }: ProfileActionsProps) {
  const t = useT();
  const viewer = useSession((s) => s.publicKey);
  const mutes = useOwnMutes();
  const lists = useFilterLists();
  const other = pubkey !== undefined && pubkey !== viewer;
  const muted = pubkey !== undefined && mutes.entries.users.includes(pubkey);
  const subscribed = pubkey !== undefined && lists.entries.some((e) => e.pubkey === pubkey);
  const items: MenuItem[] = [
    {
      id: 'copy-key',
      label: t('profile.copyKey'),
      disabled: !publicKey,
      onSelect: () => {
        if (publicKey) void copyWithToast(publicKey, t('profile.keyCopied'), t('profile.copyFailed'));
      },
    },
    {
      id: 'copy-link',
      label: t('profile.copyLink'),
      onSelect: () => void copyWithToast(window.location.href, t('profile.linkCopied'), t('profile.copyFailed')),
    },
  ];
  if (pubkey) {
    items.push({
      id: 'add-feed',
      label: t('settings.feeds.addToHome'),
      onSelect: () =>
        void addFeedToList(
          'home',
          { name: name || publicKey?.slice(0, 16) || pubkey.slice(0, 8), spec: userFeedSpec(pubkey), description: '' },
          { added: t('settings.feeds.addedHome'), failed: t('settings.saveFailed'), signIn: t('auth.required') },
        ),
    });
  }
  if (other && pubkey) {
    items.push(
      {
        id: muted ? 'unmute' : 'mute',
        label: t(muted ? 'people.unmute' : 'people.mute'),
        onSelect: () =>
          void mute({ type: 'user', pubkey }, !muted, t(muted ? 'people.unmutedUser' : 'people.mutedUser', { name })),
      },
      {
        id: subscribed ? 'unfollow-mutelist' : 'follow-mutelist',
        label: t(subscribed ? 'people.unfollowMuteList' : 'people.followMuteList'),
        onSelect: () =>
          void followMuteList(
            pubkey,
            !subscribed,
            t(subscribed ? 'people.unfollowedMuteList' : 'people.followedMuteList'),
          ),
      },
    );
  }
  return <Menu trigger={<IconButton label={t('profile.actions')} icon={<MoreIcon />} />} items={items} />;
}
