import { SettingsFrame } from '../features/settings/settings-frame.tsx';

/** `/settings/*`: the settings menu and its sections. */
export function Page() {
  return <SettingsFrame />;
}
