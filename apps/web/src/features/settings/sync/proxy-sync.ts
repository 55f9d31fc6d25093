import { updateAccountSettings } from '../../../data/account-settings.ts';
import { stores } from '../../../state/stores.ts';
import { proxyMode, setProxyMode } from '../../publish/index.ts';

/**
 * Keeps proxy mode in the synced settings (`proxyThroughPrimal`): the user's saved choice applies when their settings
 * load (a service default never reaches here, see loadUserSettings), and a change on this device is saved to the
 * account. Returns the function that stops following.
 */
export function followProxySetting(): () => void {
  const stopSettings = stores.settings.subscribe((state, previous) => {
    if (state.userSettings === previous.userSettings) return;
    const saved = state.userSettings?.proxyThroughPrimal;
    if (typeof saved === 'boolean' && saved !== proxyMode.getState().proxy) void setProxyMode(saved);
  });
  const stopProxy = proxyMode.subscribe((state, previous) => {
    if (state.proxy === previous.proxy) return;
    const { userSettings } = stores.settings.getState();
    if (userSettings && userSettings.proxyThroughPrimal !== state.proxy) {
      void updateAccountSettings({ proxyThroughPrimal: state.proxy });
    }
  });
  return () => {
    stopSettings();
    stopProxy();
  };
}
