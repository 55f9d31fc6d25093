import { useT } from '../../../i18n/intl.tsx';
import { isDevMode } from '../../../state/dev-mode.ts';
import { useSession } from '../../../state/stores.ts';
import styles from '../../frames.module.css';

/** Dev tools: version, this page load's session id and whether dev mode is on. */
export function DevtoolsSection() {
  const t = useT();
  const appId = useSession((s) => s.appId);
  return (
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
        <dd>{isDevMode() ? t('settings.devtools.on') : t('settings.devtools.off')}</dd>
      </div>
    </dl>
  );
}
