import { useEffect, useId, useState } from 'react';
import { useT } from '../../i18n/intl.tsx';
import { session } from '../../state/session.ts';
import { stores } from '../../state/stores.ts';
import { Button } from '../../ui/button.tsx';
import { LockIcon } from '../../ui/icons-more.tsx';
import type { DmMessage } from './dm-message.ts';
import styles from './messages.module.css';
import { type SendMode, sendDirectMessage, sendModeFor } from './send-message.ts';

/**
 * The message box of a conversation: NIP-17 private message when the contact published DM relays (shown), else
 * NIP-04. The text stays until a relay confirmed the message (a failed send keeps it).
 */
export function MessageComposer({
  me,
  contact,
  onSent,
}: {
  me: string;
  contact: string;
  onSent: (message: DmMessage) => void;
}) {
  const t = useT();
  const id = useId();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [mode, setMode] = useState<SendMode | null>(null);
  const [usePrivate, setUsePrivate] = useState(true);
  const effective: SendMode | null = mode?.kind === 'nip17' && !usePrivate ? { kind: 'nip04' } : mode;

  useEffect(() => {
    let cancelled = false;
    setMode(null);
    sendModeFor(contact).then(
      (m) => !cancelled && setMode(m),
      () => !cancelled && setMode({ kind: 'nip04' }),
    );
    return () => {
      cancelled = true;
    };
  }, [contact]);

  const send = async () => {
    const body = text.trim();
    if (!body || sending || !effective) return;
    const signer = session.signer;
    if (!signer) {
      stores.toasts.getState().show({ kind: 'error', message: t('messages.needSigner') });
      return;
    }
    setSending(true);
    try {
      const sent = await sendDirectMessage(signer, me, contact, body, effective, {
        success: null,
        failure: t('messages.sendFailed'),
        timeout: t('messages.sendTimeout'),
      });
      if (sent) {
        setText('');
        onSent(sent);
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      className={styles.composer}
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <p className={styles.mode} data-testid="dm-mode" data-mode={effective?.kind ?? 'unknown'}>
        {effective?.kind === 'nip17' ? <LockIcon size={12} /> : null}
        {effective?.kind === 'nip17'
          ? t('messages.modePrivate')
          : effective
            ? t('messages.modeNip04')
            : t('messages.modeChecking')}
        {mode?.kind === 'nip17' ? (
          <label className={styles.toggle}>
            <input type="checkbox" checked={usePrivate} onChange={(e) => setUsePrivate(e.target.checked)} />
            {t('messages.privateToggle')}
          </label>
        ) : null}
      </p>
      <label htmlFor={id} className="visually-hidden">
        {t('messages.inputLabel')}
      </label>
      <textarea
        id={id}
        className={styles.input}
        value={text}
        rows={2}
        placeholder={t('messages.inputPlaceholder')}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey) {
            e.preventDefault();
            void send();
          }
        }}
      />
      <Button type="submit" disabled={sending || !effective || text.trim() === ''}>
        {sending ? t('messages.sending') : t('messages.send')}
      </Button>
    </form>
  );
}
