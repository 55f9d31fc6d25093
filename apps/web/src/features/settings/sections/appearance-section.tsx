import { useId } from 'react';
import { useT } from '../../../i18n/intl.tsx';
import { LOCALES } from '../../../i18n/locales.ts';
import { useSettings } from '../../../state/stores.ts';
import { THEMES, type ThemeName } from '../../../state/theme.ts';
import styles from '../../frames.module.css';

const THEME_LABELS = {
  sunrise: 'theme.sunrise',
  sunset: 'theme.sunset',
  midnight: 'theme.midnight',
  ice: 'theme.ice',
} as const satisfies Record<ThemeName, string>;

/** Appearance: theme (four waves), animations and language; each change applies at once and is remembered. */
export function AppearanceSection() {
  const t = useT();
  const languageId = useId();
  const theme = useSettings((s) => s.theme);
  const animated = useSettings((s) => s.animated);
  const locale = useSettings((s) => s.locale);
  const setTheme = useSettings((s) => s.setTheme);
  const setAnimated = useSettings((s) => s.setAnimated);
  const setLocale = useSettings((s) => s.setLocale);
  return (
    <>
      <fieldset className={styles.fieldset}>
        <legend>{t('settings.appearance.theme')}</legend>
        {THEMES.map((name) => (
          <label key={name} className={styles.checkRow}>
            <input type="radio" name="theme" value={name} checked={theme === name} onChange={() => setTheme(name)} />
            {t(THEME_LABELS[name])}
          </label>
        ))}
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend>{t('settings.appearance.motion')}</legend>
        <label className={styles.checkRow}>
          <input type="checkbox" checked={animated} onChange={(e) => setAnimated(e.currentTarget.checked)} />
          {t('settings.appearance.animations')}
        </label>
      </fieldset>
      <div className={styles.pickers} style={{ padding: 0 }}>
        <label htmlFor={languageId}>{t('settings.appearance.language')}</label>
        <select id={languageId} value={locale} onChange={(e) => setLocale(e.currentTarget.value)}>
          {LOCALES.map((l) => (
            <option key={l} value={l}>
              {t(`language.${l}`)}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}
