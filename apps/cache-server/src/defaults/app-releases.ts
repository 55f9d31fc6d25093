/** Latest mobile releases served by get_app_releases (spec §1 minimum versions). */
export const APP_RELEASES: Readonly<{
  ios: { date: number; version: string };
  android: { date: number; version: string };
}> = {
  ios: { date: 1735689600, version: '1.1.10' },
  android: { date: 1735689600, version: '0.91.2' },
};
