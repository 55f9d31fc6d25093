import { noteIdOf, type Page } from '@tide/core/model';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { userName } from '../../features/note/note-author.tsx';
import { type MessageId, useT } from '../../i18n/intl.tsx';
import { Avatar } from '../../ui/avatar.tsx';
import {
  BellIcon,
  BookmarkIcon,
  HeartIcon,
  type IconProps,
  PenIcon,
  ReplyIcon,
  RepostIcon,
  SmileIcon,
  UserIcon,
  ZapIcon,
} from '../../ui/icons.tsx';
import { PlayIcon } from '../../ui/icons-more.tsx';
import { MemberBadge } from '../member-badge/index.ts';
import type { NotificationGroup } from './notification-groups.ts';
import styles from './notifications.module.css';
import { snippetText } from './snippet-text.ts';

/** How many avatars a row shows before "and N others". */
const AVATARS = 6;
/** How much of the subject note a row shows. */
const SNIPPET_CHARS = 200;

function iconOf(type: number): ComponentType<IconProps> {
  const base = type % 100;
  if (type === 1 || type === 2) return UserIcon;
  if (type === 301) return PenIcon;
  if (type === 302) return BookmarkIcon;
  if (type === 303) return SmileIcon;
  if (type === 501) return PlayIcon;
  if (type === 601 || (type > 100 && base === 4) || type === 6) return ReplyIcon;
  if (base === 3) return ZapIcon;
  if (base === 4) return HeartIcon;
  if (base === 5) return RepostIcon;
  if (type === 7 || type === 8) return BellIcon;
  return BellIcon;
}

/** The text and author of an event the page carries (note, article or referenced event). */
function subjectOf(page: Page, id: string): { content: string; pubkey: string } | undefined {
  const note = page.notes.find((n) => n.id === id) ?? page.notes.find((n) => n.repost && n.id === id);
  if (note) return { content: note.content, pubkey: note.pubkey };
  const read = page.reads.find((r) => r.id === id);
  if (read) return { content: read.title || read.summary || '', pubkey: read.pubkey };
  const event = page.mentions[id];
  if (event) return { content: String(event.content ?? ''), pubkey: String(event.pubkey ?? '') };
  return undefined;
}

function nameOf(page: Page, pubkey: string): string {
  const user = page.users[pubkey];
  return user ? userName(user) : `${pubkey.slice(0, 12)}…`;
}

/** One notification row: who (avatars, first name and how many others) did what to which note, and when. */
export function NotificationRow({ group, page, unseen }: { group: NotificationGroup; page: Page; unseen: boolean }) {
  const t = useT();
  const Icon = iconOf(group.type);
  const [first] = group.actors;
  const text = t(`notifications.type.${group.type}` as MessageId, {
    name: first ? nameOf(page, first) : '',
    others: Math.max(0, group.actors.length - 1),
  });
  const subject = group.subject ? subjectOf(page, group.subject) : undefined;
  const when = new Date(group.created_at * 1000);
  return (
    <li
      className={styles.row}
      data-testid="notification"
      data-type={group.type}
      data-unseen={unseen ? '' : undefined}
      aria-label={text}
    >
      <span className={styles.icon} aria-hidden="true">
        <Icon size={22} />
      </span>
      <div className={styles.body}>
        <ul className={styles.avatars} aria-hidden="true">
          {group.actors.slice(0, AVATARS).map((pk) => (
            <li key={pk}>
              <Link to={`/p/${pk}`} tabIndex={-1}>
                <Avatar src={page.users[pk]?.picture} size="sm" pubkey={pk} />
              </Link>
            </li>
          ))}
        </ul>
        <p className={styles.text}>
          {first ? (
            <Link to={`/p/${first}`} className={styles.name}>
              {nameOf(page, first)}
            </Link>
          ) : null}
          {first ? <MemberBadge pubkey={first} /> : null}{' '}
          <span>{text.slice(first ? nameOf(page, first).length : 0).trim()}</span>
          {group.sats > 0 ? (
            <span className={styles.sats}> {t('notifications.sats', { sats: group.sats })}</span>
          ) : null}
          {group.reactions.length > 0 ? <span className={styles.sats}> {group.reactions.join(' ')}</span> : null}
          {unseen ? <span className={styles.newTag}>{t('notifications.new')}</span> : null}
        </p>
        {subject && group.subject ? (
          <Link to={`/e/${noteIdOf(group.subject)}`} className={styles.subject} data-testid="notification-subject">
            {snippetText(subject.content, page).slice(0, SNIPPET_CHARS)}
          </Link>
        ) : null}
        <time className={styles.time} dateTime={when.toISOString()}>
          {when.toLocaleString()}
        </time>
      </div>
    </li>
  );
}
