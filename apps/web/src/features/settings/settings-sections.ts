/** Settings sections as child routes of `/settings` (the index is the section menu). */
export const SETTINGS_SECTIONS = [
  'account',
  'appearance',
  'home_feeds',
  'reads_feeds',
  'notifications',
  'zaps',
  'muted',
  'network',
  'filters',
  'nwc',
  'devtools',
] as const;

/** One settings section's path segment. */
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];
