import { useQueryClient } from '@tanstack/react-query';
import type { DmRelation } from '@tide/core/cache';
import { resetDmCounts } from '@tide/core/cache';
import { tryDecodeNip19 } from '@tide/core/nostr';
import { useEffect, useState } from 'react';
import { useAppData } from '../../data/data-context.tsx';
import { SETTINGS_CLIENT_NAME } from '../../data/guest-settings.ts';
import { useT } from '../../i18n/intl.tsx';
import { session } from '../../state/session.ts';
import { stores, useSession } from '../../state/stores.ts';
import { Button } from '../../ui/button.tsx';
import { EmptyState, Screen } from '../../ui/screen.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { useRequireSignIn } from '../account/require-sign-in.ts';
import { ContactList } from './contact-list.tsx';
import { ConversationView } from './conversation.tsx';
import { dmCountStore, useDmCountLive } from './dm-count.ts';
import styles from './messages.module.css';
import { loadDmRelays, watchPrivateMessages } from './private-messages.ts';

const RELATIONS = [
  { id: 'follows', label: 'messages.relation.follows' },
  { id: 'other', label: 'messages.relation.other' },
  { id: 'any', label: 'messages.relation.any' },
] as const;

/** The pubkey a `/dms/:contact` parameter names (hex or npub/nprofile), or undefined. */
export function contactPubkey(param: string | undefined): string | undefined {
  if (!param) return undefined;
  if (/^[0-9a-f]{64}$/.test(param)) return param;
  const decoded = tryDecodeNip19(param);
  if (decoded?.type === 'npub') return decoded.data;
  if (decoded?.type === 'nprofile') return decoded.data.pubkey;
  return undefined;
}

/** While mounted with a signer: reads the user's NIP-17 gift wraps from their DM relays (kind 10050), live. */
function usePrivateMessagesLive(me: string | null, canSign: boolean): void {
  useEffect(() => {
    const signer = session.signer;
    if (!me || !canSign || !signer) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    void loadDmRelays(me).then((relays) => {
      if (!cancelled && relays.length > 0) stop = watchPrivateMessages(me, relays, signer);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [me, canSign]);
}

/** Messages: contacts split follows/other/any, Mark All Read, and the open conversation (`/dms/:contact`). */
export function MessagesFrame({ contact }: { contact?: string }) {
  const t = useT();
  const requireSignIn = useRequireSignIn();
  const { commands } = useAppData();
  const queryClient = useQueryClient();
  const me = useSession((s) => s.publicKey);
  const canSign = useSession((s) => s.canSign);
  const [relation, setRelation] = useState<DmRelation>('follows');
  const [marking, setMarking] = useState(false);
  useDmCountLive();
  usePrivateMessagesLive(me, canSign);
  const selected = contactPubkey(contact);

  const markAllRead = async () => {
    if (!requireSignIn() || !me) return;
    setMarking(true);
    try {
      const { signEvent } = await import('../publish/index.ts');
      const request = await signEvent({
        kind: 30078,
        content: JSON.stringify({ description: 'reset all messages' }),
        tags: [['d', SETTINGS_CLIENT_NAME, 'reset_directmsg_counts']],
      });
      if (!request) return;
      await resetDmCounts(commands, { event_from_user: request }, { timeoutMs: 10_000 });
      dmCountStore.setState((s) => ({ count: 0, changes: s.changes + 1 }));
      await queryClient.invalidateQueries({ queryKey: ['dm-contacts', me] });
      stores.toasts.getState().show({ kind: 'success', message: t('messages.markedAllRead') });
    } catch {
      stores.toasts.getState().show({ kind: 'error', message: t('messages.markAllReadFailed') });
    } finally {
      setMarking(false);
    }
  };

  return (
    <Screen
      heading={t('messages.heading')}
      actions={
        <Button variant="secondary" size="sm" onClick={() => void markAllRead()} disabled={marking}>
          {t('messages.markAllRead')}
        </Button>
      }
    >
      {me ? (
        <div className={styles.layout}>
          <div className={styles.side}>
            <Tabs
              label={t('messages.relationLabel')}
              items={RELATIONS.map(({ id, label }) => ({ id, label: t(label) }))}
              value={relation}
              onChange={(id) => setRelation(id as DmRelation)}
            >
              <ContactList me={me} relation={relation} selected={selected} />
            </Tabs>
          </div>
          <div className={styles.main}>
            {selected ? (
              <ConversationView key={selected} me={me} contact={selected} />
            ) : contact ? (
              <EmptyState title={t('messages.badContact')} />
            ) : (
              <EmptyState title={t('messages.pickContact')} />
            )}
          </div>
        </div>
      ) : (
        <EmptyState title={t('messages.guestTitle')}>
          {contact ? t('messages.guestContact') : t('messages.guestBody')}
        </EmptyState>
      )}
    </Screen>
  );
}
