import { useStore } from 'zustand';
import type { ToastStore } from '../state/toast-store.ts';
import { IconButton } from './button.tsx';
import { CloseIcon } from './icons.tsx';
import styles from './toast.module.css';

/** Props of {@link ToastViewport}. */
export interface ToastViewportProps {
  store: ToastStore;
  /** Accessible name of the dismiss buttons. */
  dismissLabel: string;
  /** Accessible name of the region. */
  label: string;
}

/** Shows the toast store's toasts in a polite live region (errors assertive), each dismissable. */
export function ToastViewport({ store, dismissLabel, label }: ToastViewportProps) {
  const toasts = useStore(store, (s) => s.toasts);
  const dismiss = useStore(store, (s) => s.dismiss);
  return (
    <section aria-label={label}>
      <ol className={styles.viewport}>
        {toasts.map((t) => (
          <li
            key={t.id}
            className={[styles.toast, t.kind === 'info' ? '' : styles[t.kind]].join(' ')}
            role={t.kind === 'error' ? 'alert' : 'status'}
            data-kind={t.kind}
          >
            <span className={styles.message}>{t.message}</span>
            <IconButton label={dismissLabel} icon={<CloseIcon size={18} />} onClick={() => dismiss(t.id)} />
          </li>
        ))}
      </ol>
    </section>
  );
}
