import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useT } from '../../i18n/intl.tsx';
import { session } from '../../state/session.ts';
import type { NostrConnectFlow } from '../../state/session-controller.ts';
import { Button } from '../../ui/button.tsx';
import { DialogActions } from '../../ui/dialog.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { copyWithToast } from '../note/note-actions.ts';
import { getProductRelay } from '../publish/index.ts';
import { QrCode } from './qr-code.tsx';
import styles from './remote-signer.module.css';

/** Props of {@link RemoteSignerForm}. */
export interface RemoteSignerFormProps {
  /** Signed in: the dialog closes. */
  onDone: () => void;
  onBack: () => void;
}

/** Only web addresses are offered as the remote signer's approval link. */
function safeHttpUrl(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Sign in with a remote signer (NIP-46; loaded lazily with the login dialog's remote step): paste a `bunker://` URL,
 * or show a `nostrconnect://` QR code for a phone or hardware signer to scan, and wait for it to connect.
 */
export default function RemoteSignerForm({ onDone, onBack }: RemoteSignerFormProps) {
  const t = useT();
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [authUrl, setAuthUrl] = useState<string | null>(null);
  const [flow, setFlow] = useState<NostrConnectFlow | null>(null);
  const [waitError, setWaitError] = useState<string | undefined>();
  const live = useRef(true);

  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);
  useEffect(() => () => flow?.cancel(), [flow]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!url.trim().toLowerCase().startsWith('bunker://')) {
      setError(t('login.remoteInvalid'));
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await session.signInWithBunker(url, (link) => setAuthUrl(safeHttpUrl(link)));
      if (live.current) onDone();
    } catch (failure) {
      if (!live.current) return;
      setError(
        failure instanceof Error && failure.message === 'invalid-bunker'
          ? t('login.remoteInvalid')
          : t('login.remoteFailed'),
      );
    } finally {
      if (live.current) setBusy(false);
    }
  }

  async function showQr() {
    setWaitError(undefined);
    setBusy(true);
    try {
      const relay = await getProductRelay();
      if (!relay) throw new Error('no relay');
      const started = await session.startNostrConnect([relay], t('app.name'));
      if (!live.current) {
        started.done.catch(() => undefined);
        started.cancel();
        return;
      }
      setFlow(started);
      setBusy(false);
      started.done.then(
        () => {
          if (live.current) onDone();
        },
        (failure: unknown) => {
          if (!live.current || (failure instanceof Error && failure.message === 'cancelled')) return;
          setFlow(null);
          setWaitError(t('login.remoteFailed'));
        },
      );
    } catch {
      if (live.current) {
        setBusy(false);
        setWaitError(t('login.remoteFailed'));
      }
    }
  }

  return (
    <div>
      <form onSubmit={submit} noValidate aria-busy={busy}>
        <TextField
          label={t('login.remoteLabel')}
          hint={t('login.remoteHint')}
          autoComplete="off"
          spellCheck={false}
          value={url}
          error={error}
          onChange={(e) => setUrl(e.currentTarget.value)}
        />
        {authUrl ? (
          <p className={styles.status}>
            <a href={authUrl} target="_blank" rel="noopener noreferrer">
              {t('login.remoteApprove')}
            </a>
          </p>
        ) : null}
        <DialogActions>
          <Button variant="ghost" onClick={onBack} disabled={busy}>
            {t('login.back')}
          </Button>
          <Button type="submit" disabled={busy || flow !== null}>
            {busy && !flow ? t('login.remoteConnecting') : t('login.remoteSubmit')}
          </Button>
        </DialogActions>
      </form>
      <p className={styles.or}>{t('login.remoteOr')}</p>
      {flow ? (
        <div className={styles.qr}>
          <QrCode value={flow.uri} label={t('login.remoteQrLabel')} />
          <code className={styles.uri} data-testid="nostrconnect-uri">
            {flow.uri}
          </code>
          <Button variant="secondary" size="sm" onClick={() => void copyWithToast(flow.uri, t('login.remoteCopied'))}>
            {t('login.remoteCopy')}
          </Button>
          <p className={styles.status} role="status">
            {t('login.remoteWaiting')}
          </p>
        </div>
      ) : (
        <DialogActions>
          <Button variant="secondary" onClick={() => void showQr()} disabled={busy}>
            {t('login.remoteShowQr')}
          </Button>
        </DialogActions>
      )}
      {waitError ? (
        <p className={styles.error} role="alert">
          {waitError}
        </p>
      ) : null}
    </div>
  );
}
