import { lazy, Suspense, useEffect, useState } from 'react';
import { useT } from '../../i18n/intl.tsx';
import { stores } from '../../state/stores.ts';
import { Button } from '../../ui/button.tsx';
import type { MembershipApi, MembershipQuote } from './membership-client.ts';

const QrCode = lazy(() => import('../account/qr-code.tsx').then((m) => ({ default: m.QrCode })));

/** The premium products of spec §9 (3 and 12 months). */
export const PREMIUM_PLANS = [
  { id: '3-months-premium', label: 'premium.plan3' },
  { id: '12-months-premium', label: 'premium.plan12' },
] as const;

/** Pays an invoice with the connected wallet (NWC, else WebLN); loaded only when asked. */
async function payWithWallet(invoice: string): Promise<void> {
  const { payInvoice } = await import('../wallet/index.ts');
  await payInvoice(invoice);
}

/**
 * Subscription: pick a plan (Back, Next), Subscribe asks for a quote whose invoice is shown as a QR code and can be
 * paid with the connected wallet or any other; the quote is monitored until paid, then Done.
 */
export function PremiumSubscribe({
  api,
  name,
  onBack,
  onDone,
  legendUsd,
  pay = payWithWallet,
}: {
  api: MembershipApi;
  name: string;
  onBack: () => void;
  onDone: () => void;
  /** Set for a Legend purchase (amount in dollars, 1000 or more). */
  legendUsd?: number;
  pay?: (invoice: string) => Promise<void>;
}) {
  const t = useT();
  const [plan, setPlan] = useState<string>(legendUsd ? 'legend-premium' : PREMIUM_PLANS[0].id);
  const [stage, setStage] = useState<'plan' | 'confirm' | 'invoice' | 'paid'>(legendUsd ? 'confirm' : 'plan');
  const [quote, setQuote] = useState<MembershipQuote | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!quote) return;
    return api.monitor(quote.membership_quote_id, () => setStage('paid'));
  }, [api, quote]);

  const toast = (message: string) => stores.toasts.getState().show({ kind: 'error', message });

  async function subscribe() {
    setBusy(true);
    try {
      setQuote(await api.purchase(plan, name, legendUsd));
      setStage('invoice');
    } catch {
      toast(t('premium.purchaseFailed'));
    } finally {
      setBusy(false);
    }
  }

  async function payNow(invoice: string) {
    setBusy(true);
    try {
      await pay(invoice);
    } catch {
      toast(t('premium.payFailed'));
    } finally {
      setBusy(false);
    }
  }

  if (stage === 'paid')
    return (
      <div role="status">
        <p>{t('premium.paid', { name })}</p>
        <Button onClick={onDone}>{t('premium.done')}</Button>
      </div>
    );
  if (stage === 'invoice' && quote)
    return (
      <div>
        <p>{t('premium.invoiceAmount', { usd: quote.amount_usd ?? '', btc: quote.amount_btc ?? '' })}</p>
        <Suspense fallback={null}>
          <QrCode value={quote.qr_code ?? `lightning:${quote.invoice}`} label={t('premium.invoiceQr')} />
        </Suspense>
        <p>
          <code data-testid="premium-invoice">{quote.invoice}</code>
        </p>
        <Button disabled={busy} onClick={() => void payNow(quote.invoice)}>
          {t('premium.payWithWallet')}
        </Button>
        <Button variant="secondary" onClick={() => void navigator.clipboard?.writeText(quote.invoice)}>
          {t('premium.copyInvoice')}
        </Button>
        <p role="status">{t('premium.waitingPayment')}</p>
      </div>
    );
  if (stage === 'confirm')
    return (
      <div>
        <p>{t('premium.confirmPlan', { name })}</p>
        {legendUsd ? null : (
          <Button variant="secondary" onClick={() => setStage('plan')}>
            {t('common.back')}
          </Button>
        )}
        <Button disabled={busy} onClick={() => void subscribe()}>
          {t('premium.subscribe')}
        </Button>
      </div>
    );
  return (
    <div>
      <fieldset>
        <legend>{t('premium.choosePlan')}</legend>
        {PREMIUM_PLANS.map((p) => (
          <label key={p.id}>
            <input type="radio" name="plan" value={p.id} checked={plan === p.id} onChange={() => setPlan(p.id)} />
            {t(p.label)}
          </label>
        ))}
      </fieldset>
      <Button variant="secondary" onClick={onBack}>
        {t('common.back')}
      </Button>
      <Button onClick={() => setStage('confirm')}>{t('common.next')}</Button>
    </div>
  );
}
