import {
  type CommandClient,
  fetchEventActors,
  fetchEventZaps,
  fetchNoteMentions,
  fetchNoteMentionsCount,
} from '@tide/core/cache';
import { humanizeNumber } from '@tide/core/format';
import type { Note } from '@tide/core/model';
import { Kind } from '@tide/core/nostr';
import { useState } from 'react';
import { useCacheQuery } from '../../data/use-cache-query.ts';
import { useT } from '../../i18n/intl.tsx';
import { Avatar } from '../../ui/avatar.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { MemberBadge } from '../member-badge/index.ts';
import styles from './note.module.css';
import { userName } from './note-author.tsx';

/** The reactions modal's tabs. */
export type ReactionTab = 'likes' | 'zaps' | 'reposts' | 'quotes';

/** Page size of each reactions list (spec §9). */
export const REACTIONS_PAGE = 20;

/** Counts shown on the tabs. */
export interface ReactionCounts {
  likes: number;
  zaps: number;
  reposts: number;
  quotes: number;
}

/**
 * The tab counts, agreeing with what each list shows: the server counts quotes as reposts (semantics §1.4) while
 * `event_actions` lists only kind 6 reposts, and its `mentions` counter is never incremented, so quotes come from
 * `note_mentions_count` and are taken out of the reposts. Until that count arrives the note's own counters stand.
 */
export function reactionCounts(stats: Note['stats'], quotes: number | undefined): ReactionCounts {
  if (quotes === undefined) return { likes: stats.likes, zaps: stats.zaps, reposts: stats.reposts, quotes: 0 };
  return { likes: stats.likes, zaps: stats.zaps, reposts: Math.max(0, stats.reposts - quotes), quotes };
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
  const quotes = useCacheQuery(['reactions', note.id, 'quote-count'], (client, signal) =>
    fetchNoteMentionsCount(client, { event_id: note.id }, { signal }),
  );
  const counts = reactionCounts(note.stats, quotes.data);
  const items = [
    { id: 'likes', label: t('note.reactions.likes', { count: humanizeNumber(counts.likes) }) },
    { id: 'zaps', label: t('note.reactions.zaps', { count: humanizeNumber(counts.zaps) }) },
    { id: 'reposts', label: t('note.reactions.reposts', { count: humanizeNumber(counts.reposts) }) },
    { id: 'quotes', label: t('note.reactions.quotes', { count: humanizeNumber(counts.quotes) }) },
  ];
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('note.reactions.title')} closeLabel={t('common.close')}>
      <Tabs label={t('note.reactions.title')} items={items} value={tab} onChange={(v) => setTab(v as ReactionTab)}>
        {tab === 'zaps' ? <ZapList note={note} /> : tab === 'quotes' ? <QuoteList note={note} /> : null}
        {tab === 'likes' || tab === 'reposts' ? <ActorList note={note} kind={tab === 'likes' ? 7 : 6} /> : null}
      </Tabs>
    </Dialog>
  );
}

function ActorList({ note, kind }: { note: Note; kind: 6 | 7 }) {
  const t = useT();
  const query = useCacheQuery(['reactions', note.id, kind], (client: CommandClient, signal) =>
    fetchEventActors(client, { event_id: note.id, kind, limit: REACTIONS_PAGE }, { signal }),
  );
  if (query.status === 'pending') return <p>{t('common.loading')}</p>;
  if (query.status === 'error') return <p>{t('note.reactions.failed')}</p>;
  const { actors, page } = query.data;
  if (!actors.length) return <p>{t('note.reactions.none')}</p>;
  return (
    <ul className={styles.reactionList} data-testid="reaction-list">
      {actors.map((actor) => {
        const user = page.users[actor.pubkey];
        return (
          <li key={actor.id} className={styles.reactionRow}>
            <Avatar src={user?.picture} size="xs" pubkey={actor.pubkey} />
            <span>{user ? userName(user) : actor.pubkey.slice(0, 12)}</span>
            <MemberBadge pubkey={actor.pubkey} />
          </li>
        );
      })}
    </ul>
  );
}

function ZapList({ note }: { note: Note }) {
  const t = useT();
  // The answer carries receipts and zappers, not the zapped note: its kind is told, or every zap would be dropped.
  const query = useCacheQuery(['reactions', note.id, 'zaps'], (client: CommandClient, signal) =>
    fetchEventZaps(client, { event_id: note.id, limit: REACTIONS_PAGE }, { signal, kinds: { [note.id]: Kind.Text } }),
  );
  if (query.status === 'pending') return <p>{t('common.loading')}</p>;
  if (query.status === 'error') return <p>{t('note.reactions.failed')}</p>;
  const page = query.data;
  if (!page.zaps.length) return <p>{t('note.reactions.none')}</p>;
  return (
    <ul className={styles.reactionList} data-testid="reaction-list">
      {page.zaps.map((zap) => {
        const user = page.users[zap.sender];
        return (
          <li key={zap.id} className={styles.reactionRow}>
            <Avatar src={user?.picture} size="xs" pubkey={zap.sender} />
            <span>{user ? userName(user) : zap.sender.slice(0, 12)}</span>
            <MemberBadge pubkey={zap.sender} />
            <strong>{humanizeNumber(zap.amount)}</strong>
            {zap.message ? <span className={styles.topZapMessage}>{zap.message}</span> : null}
          </li>
        );
      })}
    </ul>
  );
}

function QuoteList({ note }: { note: Note }) {
  const t = useT();
  const query = useCacheQuery(['reactions', note.id, 'quotes'], (client: CommandClient, signal) =>
    fetchNoteMentions(client, { event_id: note.id, limit: REACTIONS_PAGE }, { signal }),
  );
  if (query.status === 'pending') return <p>{t('common.loading')}</p>;
  if (query.status === 'error') return <p>{t('note.reactions.failed')}</p>;
  const quotes = query.data.notes.filter((n) => n.id !== note.id);
  if (!quotes.length) return <p>{t('note.reactions.none')}</p>;
  return (
    <ul className={styles.reactionList} data-testid="reaction-list">
      {quotes.map((quote) => (
        <li key={quote.id} className={styles.reactionRow}>
          <Avatar src={quote.user.picture} size="xs" pubkey={quote.user.pubkey} />
          <span>{userName(quote.user)}</span>
          <MemberBadge pubkey={quote.user.pubkey} />
          <span className={styles.embeddedText}>{quote.content.slice(0, 140)}</span>
        </li>
      ))}
    </ul>
  );
}
