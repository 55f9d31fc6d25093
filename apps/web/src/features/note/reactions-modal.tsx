import { fetchEventActions, fetchEventZaps, fetchNoteMentions } from '@tide/core/cache';
import { humanizeNumber } from '@tide/core/format';
import type { Note, Page } from '@tide/core/model';
import { useState } from 'react';
import { useCacheQuery } from '../../data/use-cache-query.ts';
import { useT } from '../../i18n/intl.tsx';
import { Avatar } from '../../ui/avatar.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import styles from './note.module.css';
import { userName } from './note-author.tsx';

/** The reactions modal's tabs. */
export type ReactionTab = 'likes' | 'zaps' | 'reposts' | 'quotes';

/** Page size of each reactions list (spec §9). */
export const REACTIONS_PAGE = 20;

function fetchTab(tab: ReactionTab, id: string) {
  return (client: Parameters<typeof fetchEventActions>[0], signal: AbortSignal): Promise<Page> => {
    const target = { event_id: id, limit: REACTIONS_PAGE };
    if (tab === 'likes') return fetchEventActions(client, { ...target, kind: 7 }, { signal });
    if (tab === 'reposts') return fetchEventActions(client, { ...target, kind: 6 }, { signal });
    if (tab === 'zaps') return fetchEventZaps(client, target, { signal });
    return fetchNoteMentions(client, target, { signal });
  };
}

/** Who reacted to a note: tabs Likes, Zaps, Reposts, Quotes with their counts. */
export function ReactionsModal({
  note,
  open,
  onOpenChange,
}: {
  note: Note;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useT();
  const [tab, setTab] = useState<ReactionTab>('likes');
  const { stats } = note;
  const items = [
    { id: 'likes', label: t('note.reactions.likes', { count: humanizeNumber(stats.likes) }) },
    { id: 'zaps', label: t('note.reactions.zaps', { count: humanizeNumber(stats.zaps) }) },
    { id: 'reposts', label: t('note.reactions.reposts', { count: humanizeNumber(stats.reposts) }) },
    { id: 'quotes', label: t('note.reactions.quotes', { count: humanizeNumber(stats.mentions) }) },
  ];
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('note.reactions.title')} closeLabel={t('common.close')}>
      <Tabs label={t('note.reactions.title')} items={items} value={tab} onChange={(v) => setTab(v as ReactionTab)}>
        <ReactionList tab={tab} note={note} />
      </Tabs>
    </Dialog>
  );
}

function ReactionList({ tab, note }: { tab: ReactionTab; note: Note }) {
  const t = useT();
  const query = useCacheQuery(['reactions', note.id, tab], fetchTab(tab, note.id));
  if (query.status === 'pending') return <p>{t('common.loading')}</p>;
  if (query.status === 'error') return <p>{t('note.reactions.failed')}</p>;
  const page = query.data;
  if (tab === 'zaps') {
    if (!page.zaps.length) return <p>{t('note.reactions.none')}</p>;
    return (
      <ul className={styles.reactionList} data-testid="reaction-list">
        {page.zaps.map((zap) => {
          const user = page.users[zap.sender];
          return (
            <li key={zap.id} className={styles.reactionRow}>
              <Avatar src={user?.picture} size="xs" />
              <span>{user ? userName(user) : zap.sender.slice(0, 12)}</span>
              <strong>{humanizeNumber(zap.amount)}</strong>
              {zap.message ? <span className={styles.topZapMessage}>{zap.message}</span> : null}
            </li>
          );
        })}
      </ul>
    );
  }
  if (tab === 'quotes') {
    if (!page.notes.length) return <p>{t('note.reactions.none')}</p>;
    return (
      <ul className={styles.reactionList} data-testid="reaction-list">
        {page.notes.map((quote) => (
          <li key={quote.id} className={styles.reactionRow}>
            <Avatar src={quote.user.picture} size="xs" />
            <span>{userName(quote.user)}</span>
            <span className={styles.embeddedText}>{quote.content.slice(0, 140)}</span>
          </li>
        ))}
      </ul>
    );
  }
  const users = Object.values(page.users).filter((u) => u.pubkey !== note.pubkey || tab !== 'likes');
  if (!users.length) return <p>{t('note.reactions.none')}</p>;
  return (
    <ul className={styles.reactionList} data-testid="reaction-list">
      {users.map((user) => (
        <li key={user.pubkey} className={styles.reactionRow}>
          <Avatar src={user.picture} size="xs" />
          <span>{userName(user)}</span>
        </li>
      ))}
    </ul>
  );
}
