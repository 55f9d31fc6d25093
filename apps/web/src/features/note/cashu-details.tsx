import { decodeCashuTokenV3 } from '@tide/core/ecash';
import { humanizeNumber } from '@tide/core/format';
import { useEffect, useState } from 'react';
import { useT } from '../../i18n/intl.tsx';
import { stores } from '../../state/stores.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { requireKey } from './note-actions.ts';

const ecash = () => import('../wallet/ecash-actions.ts');

type Status = 'checking' | 'pending' | 'spent' | 'partial' | 'unknown';

/** Mint, amount and status (checked with the mint) of a cashu token; Redeem asks, then melts it into the wallet. */
export function CashuDetails({ token }: { token: string }) {
  const t = useT();
  const [status, setStatus] = useState<Status>('checking');
  const [confirm, setConfirm] = useState(false);
  const [busy, setBusy] = useState(false);
  let decoded: ReturnType<typeof decodeCashuTokenV3> | null = null;
  try {
    decoded = decodeCashuTokenV3(token);
  } catch {
    decoded = null;
  }

  useEffect(() => {
    let live = true;
    ecash()
      .then((m) => m.checkTokenStatus(token))
      .then(
        (s) => live && setStatus(s),
        () => live && setStatus('unknown'),
      );
    return () => {
      live = false;
    };
  }, [token]);

  if (!decoded) return <span>{t('note.cashuUnreadable')}</span>;
  const mint = decoded.entries[0]?.mint ?? '';

  async function redeem() {
    setBusy(true);
    const toasts = stores.toasts.getState();
    try {
      const m = await ecash();
      const sats = await m.redeemToken(token);
      toasts.show({ kind: 'success', message: t('note.cashuRedeemed', { sats: humanizeNumber(sats) }) });
      setStatus(await m.checkTokenStatus(token).catch(() => 'unknown' as const));
    } catch {
      toasts.show({ kind: 'error', message: t('note.cashuRedeemFailed') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <span data-testid="cashu-details">
      <span data-testid="cashu-amount">{t('note.cashuAmount', { sats: humanizeNumber(decoded.amount) })}</span>
      {mint ? <span data-testid="cashu-mint"> · {mint}</span> : null}
      <span data-testid="cashu-status" data-status={status}>
        {' · '}
        {status === 'checking' ? t('common.loading') : t(`note.cashuStatus.${status}`)}
      </span>{' '}
      <Button
        size="sm"
        disabled={busy}
        aria-busy={busy}
        onClick={() => requireKey(t('note.redeemNeedsLogin')) && setConfirm(true)}
      >
        {t('note.cashuRedeem')}
      </Button>
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title={t('note.cashuRedeemTitle')}
        message={t('note.cashuRedeemConfirm', { sats: humanizeNumber(decoded.amount), mint })}
        confirmLabel={t('note.cashuRedeem')}
        cancelLabel={t('common.cancel')}
        closeLabel={t('common.close')}
        onConfirm={() => void redeem()}
      />
    </span>
  );
}
