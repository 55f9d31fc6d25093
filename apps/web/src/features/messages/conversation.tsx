import { profileLink } from '@tide/core/format';
import { useLayoutEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useT } from '../../i18n/intl.tsx';
import { Avatar } from '../../ui/avatar.tsx';
import { LockIcon, WarningIcon } from '../../ui/icons-more.tsx';
import { SkeletonList } from '../../ui/skeleton.tsx';
import { MemberBadge } from '../member-badge/index.ts';
import { userName } from '../note/note-author.tsx';
import type { DmMessage } from './dm-message.ts';
import { MessageComposer } from './message-composer.tsx';
import styles from './messages.module.css';
import { useConversation } from './use-conversation.ts';

function MessageBubble({ message, mine }: { message: DmMessage; mine: boolean }) {
  const t = useT();
  const time = new Date(message.createdAt * 1000).toLocaleString();
  return (
    <li
      className={mine ? styles.mine : styles.theirs}
      data-testid="dm-message"
      data-private={message.private ? 'true' : 'false'}
      data-mine={mine ? 'true' : 'false'}
    >
      {message.text === null ? (
        <span className={styles.undecryptable} data-testid="dm-undecryptable">
          <WarningIcon size={14} />
          {t('messages.undecryptable')}
        </span>
      ) : (
        <span className={styles.text}>{message.text}</span>
      )}
      <span className={styles.meta}>
        {message.private ? (
          <span className={styles.private} title={t('messages.privateHint')} data-testid="dm-private">
            <LockIcon size={12} />
            {t('messages.private')}
          </span>
        ) : null}
        <time dateTime={new Date(message.createdAt * 1000).toISOString()}>{time}</time>
      </span>
    </li>
  );
}

/**
 * The open conversation: messages oldest at the top, scrolled to the bottom and kept there when new ones arrive
 * (unless the user scrolled up); scrolling to the top loads older ones without moving what is on screen.
 */
export function ConversationView({ me, contact }: { me: string; contact: string }) {
  const t = useT();
  const conversation = useConversation(me, contact);
  const { messages, loadOlder, hasOlder, loadingOlder } = conversation;
  const list = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const previous = useRef<{ first?: string; height: number }>({ height: 0 });

  useLayoutEffect(() => {
    const el = list.current;
    if (!el || !messages) return;
    const first = messages[0]?.id;
    if (previous.current.first && first !== previous.current.first && !atBottom.current) {
      // older messages came in above: keep the same messages in view
      el.scrollTop += el.scrollHeight - previous.current.height;
    } else if (atBottom.current) {
      el.scrollTop = el.scrollHeight;
    }
    previous.current = { first, height: el.scrollHeight };
  }, [messages]);

  const onScroll = () => {
    const el = list.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
    if (el.scrollTop < 60 && hasOlder && !loadingOlder) loadOlder();
  };

  return (
    <section className={styles.conversation} aria-label={t('messages.conversationLabel')}>
      <header className={styles.conversationHeader} data-testid="dm-conversation-header">
        <Avatar src={conversation.user.picture} size="sm" pubkey={contact} />
        <Link to={profileLink(contact)} className={styles.contactName}>
          {userName(conversation.user)}
        </Link>
        <MemberBadge pubkey={contact} />
      </header>
      <div className={styles.scroller} ref={list} onScroll={onScroll} data-testid="dm-conversation">
        {messages === undefined ? (
          <SkeletonList label={t('common.loading')} count={3} />
        ) : messages.length === 0 ? (
          <p className={styles.noMessages}>{t('messages.noMessages')}</p>
        ) : (
          <ol className={styles.messages}>
            {messages.map((m) => (
              <MessageBubble key={m.id} message={m} mine={m.from === me} />
            ))}
          </ol>
        )}
      </div>
      <MessageComposer
        me={me}
        contact={contact}
        onSent={(m) => {
          atBottom.current = true;
          conversation.addSent(m);
        }}
      />
    </section>
  );
}
