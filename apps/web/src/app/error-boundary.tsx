import { Component, type ReactNode } from 'react';
import { Message } from '../i18n/intl.tsx';
import { devLog } from '../state/dev-mode.ts';
import styles from '../ui/screen.module.css';

interface State {
  failed: boolean;
}

/** Catches a screen's render errors (or a failed chunk load) and offers a reload instead of a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  componentDidCatch(error: unknown): void {
    devLog('screen failed', error);
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className={styles.center}>
        <div className={styles.empty} role="alert">
          <p className={styles.emptyTitle}>
            <Message id="error.title" />
          </p>
          <button type="button" onClick={() => window.location.reload()}>
            <Message id="error.reload" />
          </button>
        </div>
      </div>
    );
  }
}
