import { useState } from 'react';
import { useT } from '../../i18n/intl.tsx';
import { useSession } from '../../state/stores.ts';
import { Button } from '../../ui/button.tsx';
import { follow, followMuteList } from './run-people.ts';
import { useFilterLists, useFollowing } from './use-people-lists.ts';

/** Follow / Unfollow for one account (hidden on your own); disabled while the change is published. */
export function FollowButton({ pubkey, name, size = 'md' }: { pubkey: string; name: string; size?: 'sm' | 'md' }) {
  const t = useT();
  const viewer = useSession((s) => s.publicKey);
  const following = useFollowing();
  const [busy, setBusy] = useState(false);
  if (viewer === pubkey) return null;
  const followed = following?.has(pubkey) ?? false;
  const op = followed ? 'unfollow' : 'follow';
  return (
    <Button
      size={size}
      variant={followed ? 'secondary' : 'primary'}
      disabled={busy}
      aria-busy={busy}
      aria-label={t(followed ? 'people.unfollowUser' : 'people.followUser', { name })}
      data-testid="follow-button"
      data-following={followed}
      onClick={() => {
        setBusy(true);
        void follow(op, [pubkey]).finally(() => setBusy(false));
      }}
    >
      {t(followed ? 'people.unfollow' : 'people.follow')}
    </Button>
  );
}

/** Follow all / Unfollow all for a people list: follows every one not followed yet, or unfollows them all. */
export function FollowAllButton({ pubkeys }: { pubkeys: readonly string[] }) {
  const t = useT();
  const viewer = useSession((s) => s.publicKey);
  const following = useFollowing();
  const [busy, setBusy] = useState(false);
  const others = pubkeys.filter((pk) => pk !== viewer);
  if (others.length === 0) return null;
  const allFollowed = following !== null && others.every((pk) => following.has(pk));
  return (
    <Button
      size="sm"
      variant="secondary"
      disabled={busy}
      aria-busy={busy}
      data-testid="follow-all-button"
      onClick={() => {
        setBusy(true);
        void follow(allFollowed ? 'unfollow' : 'follow', others).finally(() => setBusy(false));
      }}
    >
      {t(allFollowed ? 'people.unfollowAll' : 'people.followAll')}
    </Button>
  );
}

/** Follow / Unfollow another user's mute list (their mute list then hides content for you too; not your own). */
export function FollowMuteListButton({ pubkey }: { pubkey: string }) {
  const t = useT();
  const viewer = useSession((s) => s.publicKey);
  const lists = useFilterLists();
  const [busy, setBusy] = useState(false);
  if (viewer === pubkey) return null;
  const subscribed = lists.entries.some((e) => e.pubkey === pubkey);
  return (
    <Button
      size="sm"
      variant={subscribed ? 'secondary' : 'primary'}
      disabled={busy}
      aria-busy={busy}
      data-testid="follow-mutelist-button"
      onClick={() => {
        setBusy(true);
        void followMuteList(
          pubkey,
          !subscribed,
          t(subscribed ? 'people.unfollowedMuteList' : 'people.followedMuteList'),
        ).finally(() => setBusy(false));
      }}
    >
      {t(subscribed ? 'people.unfollowMuteList' : 'people.followMuteList')}
    </Button>
  );
}
