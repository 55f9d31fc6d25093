import { useFormatNumber, useT } from '../../../i18n/intl.tsx';
import styles from '../../frames.module.css';

/** Default zap and presets (spec §9): 42 sats "Onward"; 21, 420, 1000, 5000, 10000, 100000. */
export const DEFAULT_ZAP_AMOUNT = 42;

/** Preset zap amounts with their emoji (spec §9). */
export const ZAP_PRESETS = [
  { amount: 21, emoji: '👍' },
  { amount: 420, emoji: '🚀' },
  { amount: 1000, emoji: '☕' },
  { amount: 5000, emoji: '🍻' },
  { amount: 10000, emoji: '🍷' },
  { amount: 100000, emoji: '👑' },
] as const;

/** Zaps: the default zap and the preset amounts offered in the zap dialog. */
export function ZapsSection() {
  const t = useT();
  const formatNumber = useFormatNumber();
  return (
    <>
      <h3>{t('settings.zaps.default')}</h3>
      <p>{t('settings.zaps.defaultZap', { amount: DEFAULT_ZAP_AMOUNT, message: t('settings.zaps.defaultMessage') })}</p>
      <h3>{t('settings.zaps.presets')}</h3>
      <ul className={styles.list}>
        {ZAP_PRESETS.map((p) => (
          <li key={p.amount} className={styles.listItem}>
            <span aria-hidden="true">{p.emoji}</span>
            <span>
              {formatNumber(p.amount)} {t('settings.zaps.sats')}
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}
