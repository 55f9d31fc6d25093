import { useState } from 'react';
import { useT } from '../../../i18n/intl.tsx';
import { isDevMode } from '../../../state/dev-mode.ts';
import { STORAGE_KEYS, writeStorage } from '../../../state/storage.ts';
import { useSession } from '../../../state/stores.ts';
import styles from '../../frames.module.css';

/** Dev tools: version, this page load's session id and the dev mode switch (localStorage.devMode). */
export function DevtoolsSection() {
  const t = useT();
  const appId = useSession((s) => s.appId);
  const [devMode, setDevMode] = useState(isDevMode);
  const toggle = (on: boolean) => {
    writeStorage(STORAGE_KEYS.devMode, String(on));
    setDevMode(on);
  };
  return (
    <>
      <dl className={styles.stats}>
        <div>
          <dt>{t('settings.devtools.version')}</dt>
          <dd>{__APP_VERSION__}</dd>
        </div>
        <div>
          <dt>{t('settings.devtools.session')}</dt>
          <dd>
            <code>{appId}</code>
          </dd>
        </div>
        <div>
          <dt>{t('settings.devtools.devMode')}</dt>
          <dd>{devMode ? t('settings.devtools.on') : t('settings.devtools.off')}</dd>
        </div>
      </dl>
      <label className={styles.checkRow}>
        <input type="checkbox" checked={devMode} onChange={(e) => toggle(e.currentTarget.checked)} />
        {t('settings.devtools.devModeSwitch')}
      </label>
    </>
  );
}
