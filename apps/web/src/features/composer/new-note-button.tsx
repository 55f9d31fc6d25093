import { useT } from '../../i18n/intl.tsx';
import { useSession } from '../../state/stores.ts';
import { PenIcon } from '../../ui/icons.tsx';
import { openComposer } from './composer-store.ts';
import styles from './new-note-button.module.css';

/** The navigation's "New note" button (signed-in users): full in the side navigation, an icon in the bottom bar. */
export function NewNoteButton({ compact = false }: { compact?: boolean }) {
  const t = useT();
  const pubkey = useSession((s) => s.publicKey);
  if (!pubkey) return null;
  return (
    <button
      type="button"
      className={compact ? styles.compact : styles.button}
      aria-label={compact ? t('composer.button') : undefined}
      title={compact ? t('composer.button') : undefined}
      aria-keyshortcuts="n"
      onClick={() => openComposer()}
      data-testid="new-note-button"
    >
      <PenIcon size={compact ? 24 : 20} />
      {compact ? null : <span className={styles.label}>{t('composer.button')}</span>}
    </button>
  );
}
