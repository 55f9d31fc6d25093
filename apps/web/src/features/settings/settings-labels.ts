import type { MessageId } from '../../i18n/intl.tsx';
import type { SettingsSection } from './settings-sections.ts';

/** Visible name of each settings section (spec §2 names). */
export const SECTION_LABELS: Record<SettingsSection, MessageId> = {
  account: 'settings.section.account',
  appearance: 'settings.section.appearance',
  home_feeds: 'settings.section.home_feeds',
  reads_feeds: 'settings.section.reads_feeds',
  notifications: 'settings.section.notifications',
  zaps: 'settings.section.zaps',
  muted: 'settings.section.muted',
  network: 'settings.section.network',
  filters: 'settings.section.filters',
  nwc: 'settings.section.nwc',
  devtools: 'settings.section.devtools',
};

/** One-line description of each section, shown in the menu. */
export const SECTION_HINTS: Record<SettingsSection, MessageId> = {
  account: 'settings.hint.account',
  appearance: 'settings.hint.appearance',
  home_feeds: 'settings.hint.home_feeds',
  reads_feeds: 'settings.hint.reads_feeds',
  notifications: 'settings.hint.notifications',
  zaps: 'settings.hint.zaps',
  muted: 'settings.hint.muted',
  network: 'settings.hint.network',
  filters: 'settings.hint.filters',
  nwc: 'settings.hint.nwc',
  devtools: 'settings.hint.devtools',
};
