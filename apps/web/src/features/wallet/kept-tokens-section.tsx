import { decodeCashuTokenV3 } from '@tide/core/ecash';
import { humanizeNumber } from '@tide/core/format';
import { useState } from 'react';
import { useT } from '../../i18n/intl.tsx';
import { stores } from '../../state/stores.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { WarningIcon } from '../../ui/icons-more.tsx';
import { readKeptTokens, removeKeptToken } from './kept-tokens.ts';
import styles from './wallet.module.css';

// Redeeming goes through the wallet's lightning code, which loads on first use.
const ecash = () => import('./ecash-actions.ts');

/** Amount and mints of a token, or null when it cannot be read. */
function tokenInfo(token: string): { sats: number; mints: string } | null {
  try {
    const decoded = decodeCashuTokenV3(token);
    return { sats: decoded.amount, mints: [...new Set(decoded.entries.map((e) => e.mint))].join(', ') };
  } catch {
    return null;
  }
}

/** One kept token: amount and mint (never its text), Retry, Copy and Discard (asks first). */
function KeptTokenRow({ token, onChange }: { token: string; onChange: () => void }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const info = tokenInfo(token);
  const sats = info ? humanizeNumber(info.sats) : '?';
  const toasts = () => stores.toasts.getState();

  async function retry() {
    setBusy(true);
    try {
      const received = await (await ecash()).retryKeptToken(token);
      toasts().show({ kind: 'success', message: t('settings.nwc.kept.redeemed', { sats: humanizeNumber(received) }) });
    } catch (e) {
      const reason = e instanceof Error && e.message ? e.message : t('settings.nwc.kept.unknownReason');
      toasts().show({ kind: 'error', message: t('settings.nwc.kept.retryFailed', { reason }) });
    } finally {
      setBusy(false);
      onChange();
    }
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(token);
      toasts().show({ kind: 'success', message: t('settings.nwc.kept.copied') });
    } catch {
      toasts().show({ kind: 'error', message: t('settings.nwc.kept.copyFailed') });
    }
  }

  return (
    <li className={styles.row} data-testid="kept-token">
      <span className={styles.name}>
        {info ? t('settings.nwc.kept.amount', { sats }) : t('settings.nwc.kept.unreadable')}
      </span>
      {info?.mints ? <span className={styles.mint}>{t('settings.nwc.kept.from', { mint: info.mints })}</span> : null}
      <Button size="sm" disabled={busy} aria-busy={busy} onClick={() => void retry()}>
        {t('settings.nwc.kept.retry')}
      </Button>
      <Button variant="secondary" size="sm" onClick={() => void copy()}>
        {t('settings.nwc.kept.copy')}
      </Button>
      <Button variant="danger" size="sm" disabled={busy} onClick={() => setConfirm(true)}>
        {t('settings.nwc.kept.discard')}
      </Button>
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title={t('settings.nwc.kept.discardTitle')}
        message={t('settings.nwc.kept.discardConfirm', { sats })}
        confirmLabel={t('settings.nwc.kept.discard')}
        cancelLabel={t('common.cancel')}
        closeLabel={t('common.close')}
        danger
        onConfirm={() => {
          removeKeptToken(token);
          toasts().show({ kind: 'success', message: t('settings.nwc.kept.discarded') });
          onChange();
        }}
      />
    </li>
  );
}

/** Ecash that failed to redeem (kept in this browser): retry into the active wallet, copy, or discard. */
export function KeptTokensSection() {
  const t = useT();
  const [tokens, setTokens] = useState(() => readKeptTokens());
  if (tokens.length === 0) return null;
  return (
    <section aria-labelledby="kept-tokens-title">
      <h3 id="kept-tokens-title" className={styles.keptTitle}>
        <WarningIcon size={18} /> {t('settings.nwc.kept.title')}
      </h3>
      <p>{t('settings.nwc.kept.body')}</p>
      <ul className={styles.list} aria-labelledby="kept-tokens-title">
        {tokens.map((token) => (
          <KeptTokenRow key={token} token={token} onChange={() => setTokens(readKeptTokens())} />
        ))}
      </ul>
    </section>
  );
}
