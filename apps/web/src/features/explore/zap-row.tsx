import { profileLink, truncateNumber } from '@tide/core/format';
import type { Page, Zap } from '@tide/core/model';
import { Link } from 'react-router';
import { useT } from '../../i18n/intl.tsx';
import { Avatar } from '../../ui/avatar.tsx';
import { MemberBadge } from '../member-badge/index.ts';
import { userName } from '../note/note-author.tsx';
import styles from '../search/search.module.css';

/** One zap: sender → receiver, amount in sats and the zap message as plain text. */
export function ZapRow({ zap, page }: { zap: Zap; page: Page }) {
  const t = useT();
  const sender = page.users[zap.sender];
  const receiver = page.users[zap.receiver];
  return (
    <li className={styles.userRow} data-testid="zap-row">
      <Link to={profileLink(zap.sender, page.verifiedNames[zap.sender])} className={styles.userLink}>
        <Avatar src={sender?.picture} size="sm" pubkey={zap.sender} />
        <span className={styles.userText}>
          <span className={styles.userName}>
            {t('explore.zapLine', {
              sender: sender ? userName(sender) : zap.sender.slice(0, 8),
              receiver: receiver ? userName(receiver) : zap.receiver.slice(0, 8),
            })}
            <MemberBadge pubkey={zap.sender} />
          </span>
          {zap.message ? <span className={styles.userNip05}>{zap.message}</span> : null}
        </span>
        <span className={styles.userFollowers}>{t('explore.zapSats', { sats: truncateNumber(zap.amount) })}</span>
      </Link>
    </li>
  );
}
