import { useCallback } from 'react';
import { updateAccountSettings } from '../../../data/account-settings.ts';
import { useSettings } from '../../../state/stores.ts';
import { useRequireSignIn } from '../../account/require-sign-in.ts';

/**
 * The signed-in user's settings JSON (null for guests and before it loads) and `save(patch)`, which applies the
 * change at once and saves it signed (`set_app_settings`); a guest is asked to sign in instead.
 */
export function useSavedSettings() {
  const raw = useSettings((s) => s.userSettings);
  const requireSignIn = useRequireSignIn();
  const save = useCallback(
    (patch: Record<string, unknown>) => {
      if (!raw) {
        requireSignIn();
        return;
      }
      void updateAccountSettings(patch);
    },
    [raw, requireSignIn],
  );
  return { raw, save };
}

/** A record of booleans read from a settings key (missing keys are left out). */
export function booleanRecord(value: unknown): Record<string, boolean> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter(([, v]) => typeof v === 'boolean')) as Record<string, boolean>;
}
