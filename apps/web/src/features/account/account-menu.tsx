import { fetchUserInfos } from '@tide/core/cache';
import { profileLink } from '@tide/core/format';
import { emptyUser } from '@tide/core/model';
import { useNavigate } from 'react-router';
import { useCacheQuery } from '../../data/use-cache-query.ts';
import { useT } from '../../i18n/intl.tsx';
import { session } from '../../state/session.ts';
import { useSession } from '../../state/stores.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { Menu, type MenuItem } from '../../ui/menu.tsx';
import { MemberBadge } from '../member-badge/index.ts';
import { userName } from '../note/note-author.tsx';
import styles from './account-menu.module.css';

/** Props of {@link AccountMenu}: the nav's link look, and how to open the login dialog. */
export interface AccountMenuProps {
  publicKey: string;
  onSignIn: () => void;
  className?: string;
  labelClassName?: string;
}

/**
 * The signed-in user's nav entry: avatar and name opening a menu with their profile and Log out; a browse-only or
 * locked session also offers signing in with the key or entering the PIN.
 */
export function AccountMenu({ publicKey, onSignIn, className, labelClassName }: AccountMenuProps) {
  const t = useT();
  const navigate = useNavigate();
  const canSign = useSession((s) => s.canSign);
  const pinLocked = useSession((s) => s.pinLocked);
  const info = useCacheQuery(
    ['account-user', publicKey],
    (client, signal) => fetchUserInfos(client, { pubkeys: [publicKey] }, { signal, purpose: 'account_user' }),
    { staleTime: 60_000 },
  );
  const user = info.data?.users[publicKey] ?? emptyUser(publicKey);
  const name = userName(user);
  const state = pinLocked ? t('account.locked') : canSign ? undefined : t('account.browseOnly');
  const items: MenuItem[] = [
    {
      id: 'profile',
      label: t('account.profile'),
      onSelect: () => navigate(profileLink(publicKey, info.data?.verifiedNames[publicKey])),
    },
    ...(pinLocked ? [{ id: 'unlock', label: t('account.unlock'), onSelect: () => session.requestSigner() }] : []),
    ...(!canSign && !pinLocked ? [{ id: 'sign-in', label: t('account.signInWithKey'), onSelect: onSignIn }] : []),
    { id: 'logout', label: t('account.logout'), onSelect: () => session.logout() },
  ];
  return (
    <Menu
      items={items}
      trigger={
        <button
          type="button"
          className={[styles.trigger, className].filter(Boolean).join(' ')}
          aria-label={t('account.menu', { name })}
          data-nav-item="account"
          data-testid="account-menu"
        >
          <Avatar src={user.picture} size="xs" pubkey={user.pubkey} />
          <span className={[styles.text, labelClassName].filter(Boolean).join(' ')}>
            <span className={styles.name}>
              <span data-testid="account-name">{name}</span>
              <MemberBadge pubkey={user.pubkey} />
            </span>
            {state ? <span className={styles.state}>{state}</span> : null}
          </span>
        </button>
      }
    />
  );
}
