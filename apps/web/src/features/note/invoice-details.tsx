import { humanizeNumber } from '@tide/core/format';
import { decodeBolt11 } from '@tide/core/lightning';
import { useState } from 'react';
import { type Translate, useT } from '../../i18n/intl.tsx';
import { stores } from '../../state/stores.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { requireKey } from './note-actions.ts';

/** A time span in words ('5 minutes', '2 hours', '3 days') for `seconds` ≥ 0. */
export function spanText(seconds: number, t: Translate): string {
  if (seconds < 3600) return t('time.minutes', { count: Math.max(1, Math.round(seconds / 60)) });
  if (seconds < 86_400) return t('time.hours', { count: Math.round(seconds / 3600) });
  return t('time.days', { count: Math.round(seconds / 86_400) });
}

/** Amount, description and 'Expires in …' / 'Expired … ago' of a BOLT 11 invoice; Pay asks, then pays it. */
export function InvoiceDetails({ invoice, now = Date.now() / 1000 }: { invoice: string; now?: number }) {
  const t = useT();
  const [confirm, setConfirm] = useState(false);
  const [state, setState] = useState<'idle' | 'paying' | 'paid'>('idle');
  let decoded: ReturnType<typeof decodeBolt11>;
  try {
    decoded = decodeBolt11(invoice, { verifySignature: false });
  } catch {
    return <span>{t('note.invoiceInvalid')}</span>;
  }
  const sats = decoded.amountSats;
  const expired = decoded.expiresAt <= now;
  const amountText =
    sats === null ? t('note.invoiceAnyAmount') : t('note.invoiceAmount', { sats: humanizeNumber(Math.floor(sats)) });

  async function pay() {
    setState('paying');
    const toasts = stores.toasts.getState();
    try {
      const { payInvoice } = await import('../wallet/index.ts');
      await payInvoice(invoice);
      setState('paid');
      toasts.show({ kind: 'success', message: t('note.invoicePaid') });
    } catch {
      setState('idle');
      toasts.show({ kind: 'error', message: t('note.invoicePayFailed') });
    }
  }

  return (
    <span data-testid="invoice-details">
      <span data-testid="invoice-amount">{amountText}</span>
      {decoded.description ? <span data-testid="invoice-description"> · {decoded.description}</span> : null}
      <span data-testid="invoice-expiry">
        {' · '}
        {expired
          ? t('note.invoiceExpiredAgo', { span: spanText(now - decoded.expiresAt, t) })
          : t('note.invoiceExpiresIn', { span: spanText(decoded.expiresAt - now, t) })}
      </span>
      {!expired && sats !== null ? (
        <>
          {' '}
          <Button
            size="sm"
            disabled={state !== 'idle'}
            aria-busy={state === 'paying'}
            onClick={() => requireKey(t('note.payNeedsLogin')) && setConfirm(true)}
          >
            {state === 'paid' ? t('note.invoicePaidLabel') : t('note.invoicePay')}
          </Button>
          <ConfirmDialog
            open={confirm}
            onOpenChange={setConfirm}
            title={t('note.invoicePayTitle')}
            message={t('note.invoicePayConfirm', { amount: amountText })}
            confirmLabel={t('note.invoicePay')}
            cancelLabel={t('common.cancel')}
            closeLabel={t('common.close')}
            onConfirm={() => void pay()}
          />
        </>
      ) : null}
    </span>
  );
}
