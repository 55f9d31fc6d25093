import { useFormatNumber, useT } from '../../../i18n/intl.tsx';
import { BeersIcon, CoffeeIcon, CrownIcon, RocketIcon, ThumbsUpIcon, WineIcon } from '../../../ui/icons-more.tsx';
import styles from '../../frames.module.css';

/** Default zap and presets (spec §9): 42 sats "Onward"; 21, 420, 1000, 5000, 10000, 100000. */
export const DEFAULT_ZAP_AMOUNT = 42;

/** Preset zap amounts with their pictures (spec §9: thumbs up, rocket, coffee, beers, wine, crown), SVG icons. */
export const ZAP_PRESETS = [
  { amount: 21, Icon: ThumbsUpIcon },
  { amount: 420, Icon: RocketIcon },
  { amount: 1000, Icon: CoffeeIcon },
  { amount: 5000, Icon: BeersIcon },
  { amount: 10000, Icon: WineIcon },
  { amount: 100000, Icon: CrownIcon },
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
            <p.Icon size={18} />
            <span>
              {formatNumber(p.amount)} {t('settings.zaps.sats')}
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}
