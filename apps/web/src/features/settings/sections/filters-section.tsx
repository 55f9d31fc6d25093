import { useState } from 'react';
import { useT } from '../../../i18n/intl.tsx';
import styles from '../../frames.module.css';

/** Content moderation: apply moderation (default on), spam filter (content, trending), NSFW filter (trending). */
export function FiltersSection() {
  const t = useT();
  const [apply, setApply] = useState(true);
  const [lists, setLists] = useState({ spamContent: true, spamTrending: true, nsfwTrending: true });
  const toggle = (key: keyof typeof lists) => (e: { currentTarget: { checked: boolean } }) =>
    setLists({ ...lists, [key]: e.currentTarget.checked });
  return (
    <>
      <label className={styles.checkRow}>
        <input type="checkbox" checked={apply} onChange={(e) => setApply(e.currentTarget.checked)} />
        {t('settings.filters.apply')}
      </label>
      <fieldset className={styles.fieldset} disabled={!apply}>
        <legend>{t('settings.filters.spam')}</legend>
        <label className={styles.checkRow}>
          <input type="checkbox" checked={lists.spamContent} onChange={toggle('spamContent')} />
          {t('settings.filters.scopeContent')}
        </label>
        <label className={styles.checkRow}>
          <input type="checkbox" checked={lists.spamTrending} onChange={toggle('spamTrending')} />
          {t('settings.filters.scopeTrending')}
        </label>
      </fieldset>
      <fieldset className={styles.fieldset} disabled={!apply}>
        <legend>{t('settings.filters.nsfw')}</legend>
        <label className={styles.checkRow}>
          <input type="checkbox" checked={lists.nsfwTrending} onChange={toggle('nsfwTrending')} />
          {t('settings.filters.scopeTrending')}
        </label>
      </fieldset>
    </>
  );
}
