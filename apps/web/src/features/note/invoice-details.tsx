import { humanizeNumber } from '@tide/core/format';
import { decodeBolt11 } from '@tide/core/lightning';
import { useT } from '../../i18n/intl.tsx';

/** Amount, description and expiry of a BOLT 11 invoice; 'Invalid invoice' when it does not decode. */
export function InvoiceDetails({ invoice, now = Date.now() / 1000 }: { invoice: string; now?: number }) {
  const t = useT();
  let decoded: ReturnType<typeof decodeBolt11>;
  try {
    decoded = decodeBolt11(invoice, { verifySignature: false });
  } catch {
    return <span>{t('note.invoiceInvalid')}</span>;
  }
  const sats = decoded.amountSats;
  const expired = decoded.expiresAt <= now;
  return (
    <span data-testid="invoice-details">
      <span data-testid="invoice-amount">
        {sats === null
          ? t('note.invoiceAnyAmount')
          : t('note.invoiceAmount', { sats: humanizeNumber(Math.floor(sats)) })}
      </span>
      {decoded.description ? <span> · {decoded.description}</span> : null}
      <span data-testid="invoice-expiry">
        {' · '}
        {expired
          ? t('note.invoiceExpired')
          : t('note.invoiceExpires', { date: new Date(decoded.expiresAt * 1000).toLocaleString() })}
      </span>
    </span>
  );
}
