import { IconButton } from './button.tsx';
import { CloseIcon } from './icons.tsx';
import styles from './toast.module.css';

/** One toast as the viewport shows it (the app's toast store keeps them; see app/toast-region.tsx). */
export interface ToastItem {
  id: number;
  kind: 'info' | 'success' | 'error';
  message: string;
}

/** Props of {@link ToastViewport}. */
export interface ToastViewportProps {
  /** The toasts to show, oldest first. */
  toasts: readonly ToastItem[];
  /** Called with a toast's id when its dismiss button is pressed. */
  onDismiss: (id: number) => void;
  /** Accessible name of the dismiss buttons. */
  dismissLabel: string;
  /** Accessible name of the region. */
  label: string;
}

/** Shows toasts in a polite live region (errors assertive), each dismissable. */
export function ToastViewport({ toasts, onDismiss, dismissLabel, label }: ToastViewportProps) {
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
            <IconButton label={dismissLabel} icon={<CloseIcon size={18} />} onClick={() => onDismiss(t.id)} />
          </li>
        ))}
      </ol>
    </section>
  );
}
