import type { ComponentType } from 'react';
import { Link, Route, Routes } from 'react-router';
import { useT } from '../../i18n/intl.tsx';
import { ChevronLeftIcon, ChevronRightIcon } from '../../ui/icons.tsx';
import { Screen } from '../../ui/screen.tsx';
import styles from '../frames.module.css';
import { NotFoundFrame } from '../info/layout-pages.tsx';
import { AccountSection } from './sections/account-section.tsx';
import { AppearanceSection } from './sections/appearance-section.tsx';
import { DevtoolsSection } from './sections/devtools-section.tsx';
import { FeedsSection } from './sections/feeds-section.tsx';
import { FiltersSection } from './sections/filters-section.tsx';
import { MutedSection } from './sections/muted-section.tsx';
import { NetworkSection } from './sections/network-section.tsx';
import { NotificationsSection } from './sections/notifications-section.tsx';
import { NwcSection } from './sections/nwc-section.tsx';
import { ZapsSection } from './sections/zaps-section.tsx';
import { SECTION_HINTS, SECTION_LABELS } from './settings-labels.ts';
import { SETTINGS_SECTIONS, type SettingsSection } from './settings-sections.ts';

const SECTIONS: Record<SettingsSection, ComponentType> = {
  account: AccountSection,
  appearance: AppearanceSection,
  home_feeds: () => <FeedsSection kind="home" />,
  reads_feeds: () => <FeedsSection kind="reads" />,
  notifications: NotificationsSection,
  zaps: ZapsSection,
  muted: MutedSection,
  network: NetworkSection,
  filters: FiltersSection,
  nwc: NwcSection,
  devtools: DevtoolsSection,
};

/** `/settings/*`: the section menu at the index and one child route per section; unknown sections are not found. */
export function SettingsFrame() {
  return (
    <Routes>
      <Route index element={<SettingsMenu />} />
      {SETTINGS_SECTIONS.map((section) => (
        <Route key={section} path={section} element={<SectionScreen section={section} />} />
      ))}
      <Route path="*" element={<NotFoundFrame />} />
    </Routes>
  );
}

function SettingsMenu() {
  const t = useT();
  return (
    <Screen heading={t('settings.heading')}>
      <ul className={styles.list}>
        <li>
          <Link to="/settings/profile" className={styles.listItem}>
            <span>
              {t('settingsProfile.heading')}
              <br />
              <small className={styles.muted}>{t('settings.hint.profile')}</small>
            </span>
            <ChevronRightIcon />
          </Link>
        </li>
        {SETTINGS_SECTIONS.map((section) => (
          <li key={section}>
            <Link to={`/settings/${section}`} className={styles.listItem}>
              <span>
                {t(SECTION_LABELS[section])}
                <br />
                <small className={styles.muted}>{t(SECTION_HINTS[section])}</small>
              </span>
              <ChevronRightIcon />
            </Link>
          </li>
        ))}
      </ul>
    </Screen>
  );
}

function SectionScreen({ section }: { section: SettingsSection }) {
  const t = useT();
  const Section = SECTIONS[section];
  const name = t(SECTION_LABELS[section]);
  return (
    <Screen heading={t('settings.heading')} title={t('settings.sectionTitle', { section: name })}>
      <div className={styles.form}>
        <Link to="/settings" className={styles.muted}>
          <ChevronLeftIcon size={16} /> {t('settings.back')}
        </Link>
        <h2>{name}</h2>
        <Section />
      </div>
    </Screen>
  );
}
