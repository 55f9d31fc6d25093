import { decodeCashuTokenV3 } from '@tide/core/ecash';
import { humanizeNumber } from '@tide/core/format';
import { useT } from '../../i18n/intl.tsx';

/** Amount and mint of a V3 cashu token; other tokens show only that they are cashu. */
export function CashuDetails({ token }: { token: string }) {
  const t = useT();
  try {
    const decoded = decodeCashuTokenV3(token);
    const mint = decoded.entries[0]?.mint ?? '';
    return (
      <span data-testid="cashu-details">
        {t('note.cashuAmount', { sats: humanizeNumber(decoded.amount) })}
        {mint ? ` · ${mint}` : ''}
      </span>
    );
  } catch {
    return <span>{t('note.cashuUnreadable')}</span>;
  }
}
