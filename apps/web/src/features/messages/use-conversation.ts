import { fetchDirectMessages, resetDmCount } from '@tide/core/cache';
import { emptyUser, type User } from '@tide/core/model';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { useAppData } from '../../data/data-context.tsx';
import { SETTINGS_CLIENT_NAME } from '../../data/guest-settings.ts';
import { session } from '../../state/session.ts';
import { useDmCountChanges } from './dm-count.ts';
import { type DmMessage, decryptDirectMessage, mergeMessages } from './dm-message.ts';
import { privateMessages } from './private-messages.ts';

/** Page size of a conversation (spec §9: 20). */
export const MESSAGES_PAGE = 20;

/** What {@link useConversation} returns. */
export interface Conversation {
  /** NIP-04 and NIP-17 messages, oldest first; undefined before the first page. */
  messages: DmMessage[] | undefined;
  hasOlder: boolean;
  loadingOlder: boolean;
  loadOlder: () => void;
  /** The contact's profile (a placeholder user until, or unless, the caching service knows one). */
  user: User;
  /** Adds a message this user just sent. */
  addSent: (message: DmMessage) => void;
}

/**
 * One conversation of `me` with `contact`: the newest 20 kind-4 messages (`get_directmsgs`), older ones on demand,
 * newer ones whenever `directmsg_count` changes (live), merged with the NIP-17 messages read from the DM relays.
 * Opening it marks it read (`reset_directmsg_count`, signed), and again when new messages came in while open.
 */
export function useConversation(me: string, contact: string): Conversation {
  const { commands } = useAppData();
  const [nip04, setNip04] = useState<DmMessage[] | undefined>(undefined);
  const [hasOlder, setHasOlder] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [user, setUser] = useState<User>(() => emptyUser(contact));
  const changes = useDmCountChanges();
  const latest = useRef<DmMessage[]>([]);
  const privates = useStore(privateMessages, (s) => (s.pubkey === me ? s.byContact[contact] : undefined));

  const fetchPage = useCallback(
    async (range: { until?: number; since?: number; offset?: number }): Promise<DmMessage[]> => {
      const page = await fetchDirectMessages(
        commands,
        { receiver: me, sender: contact, limit: MESSAGES_PAGE, ...range },
        { timeoutMs: 10_000 },
      );
      const known = page.users[contact];
      if (known) setUser(known);
      const signer = session.signer;
      return Promise.all(page.directMessages.map((e) => decryptDirectMessage(e, me, signer)));
    },
    [commands, me, contact],
  );

  useEffect(() => setUser(emptyUser(contact)), [contact]);

  const markRead = useCallback(async () => {
    const { signEvent } = await import('../publish/index.ts');
    const request = await signEvent({
      kind: 30078,
      content: JSON.stringify({ description: `reset messages from '${contact}'` }),
      tags: [['d', SETTINGS_CLIENT_NAME, 'reset_directmsg_count']],
    });
    if (request) await resetDmCount(commands, { event_from_user: request, sender: contact }).catch(() => undefined);
  }, [commands, contact]);

  useEffect(() => {
    let cancelled = false;
    setNip04(undefined);
    latest.current = [];
    fetchPage({}).then(
      (first) => {
        if (cancelled) return;
        latest.current = mergeMessages(first);
        setNip04(latest.current);
        setHasOlder(first.length >= MESSAGES_PAGE);
        void markRead();
      },
      () => !cancelled && setNip04([]),
    );
    return () => {
      cancelled = true;
    };
  }, [fetchPage, markRead]);

  // live: a directmsg_count push means a message came in (or was read): fetch what is newer than the newest
  const seenChanges = useRef(changes);
  useEffect(() => {
    if (changes === seenChanges.current) return;
    seenChanges.current = changes;
    const newest = latest.current.filter((m) => !m.private).at(-1)?.createdAt;
    fetchPage(newest === undefined ? {} : { since: newest }).then(
      (fresh) => {
        const known = new Set(latest.current.map((m) => m.id));
        const added = fresh.filter((m) => !known.has(m.id));
        if (added.length === 0) return;
        latest.current = mergeMessages(latest.current, added);
        setNip04(latest.current);
        if (added.some((m) => m.from === contact)) void markRead();
      },
      () => undefined,
    );
  }, [changes, fetchPage, markRead, contact]);

  const loadOlder = useCallback(() => {
    const oldest = latest.current.find((m) => !m.private);
    if (!oldest || loadingOlder || !hasOlder) return;
    setLoadingOlder(true);
    const offset = latest.current.filter((m) => !m.private && m.createdAt === oldest.createdAt).length;
    fetchPage({ until: oldest.createdAt, offset })
      .then((older) => {
        const known = new Set(latest.current.map((m) => m.id));
        const added = older.filter((m) => !known.has(m.id));
        latest.current = mergeMessages(latest.current, added);
        setNip04(latest.current);
        setHasOlder(older.length >= MESSAGES_PAGE && added.length > 0);
      })
      .catch(() => undefined)
      .finally(() => setLoadingOlder(false));
  }, [fetchPage, loadingOlder, hasOlder]);

  const addSent = useCallback((message: DmMessage) => {
    if (message.private) return; // the private-messages store holds it
    latest.current = mergeMessages(latest.current, [message]);
    setNip04(latest.current);
  }, []);

  const messages = nip04 === undefined ? undefined : mergeMessages(nip04, privates ?? []);
  return { messages, hasOlder, loadingOlder, loadOlder, addSent, user };
}
