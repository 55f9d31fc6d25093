import type { Note } from '@tide/core/model';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useT } from '../../i18n/intl.tsx';
import { useSession } from '../../state/stores.ts';
import { requestKey } from '../account/require-sign-in.ts';
import styles from './composer.module.css';
import { readDraft } from './drafts.ts';

// The inline editor (mentions, emoji, uploads) loads when the reply box is first used.
const InlineComposer = lazy(() => import('./inline-composer.tsx').then((m) => ({ default: m.InlineComposer })));

/**
 * The reply box under a thread's primary note: a "Reply to this note" field that turns into the composer when used
 * (at once when a draft of this reply exists); the sign-in toast for a user who cannot sign.
 */
export function ReplyBox({ note }: { note: Note }) {
  const t = useT();
  const pubkey = useSession((s) => s.publicKey);
  const [expanded, setExpanded] = useState(() => readDraft(pubkey, note.id) !== null);
  const placeholder = useRef<HTMLButtonElement>(null);
  const collapsed = useRef(false);
  useEffect(() => {
    // After the composer closes (posted or cancelled), focus returns to the reply field it came from.
    if (!expanded && collapsed.current) placeholder.current?.focus();
  }, [expanded]);
  if (!pubkey) return null;
  if (!expanded)
    return (
      <button
        ref={placeholder}
        type="button"
        className={styles.replyPlaceholder}
        onClick={() => {
          if (requestKey(t('auth.required'))) setExpanded(true);
        }}
        data-testid="reply-box"
      >
        {t('composer.replyBox')}
      </button>
    );
  return (
    <Suspense fallback={<div className={styles.replyPlaceholder}>{t('common.loading')}</div>}>
      <InlineComposer
        note={note}
        onClose={() => {
          collapsed.current = true;
          setExpanded(false);
        }}
      />
    </Suspense>
  );
}
