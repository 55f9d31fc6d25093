import { useCallback } from 'react';
import { useT } from '../../i18n/intl.tsx';
import { session } from '../../state/session.ts';
import { stores } from '../../state/stores.ts';

/**
 * For an action that needs the key: true when a signer can sign now. A PIN-stored key opens the Enter PIN dialog
 * (false); with no key at all (guest, browse-only) `message` is shown as a toast (false).
 */
export function requestKey(message: string): boolean {
  const request = session.requestSigner();
  if (request === 'ready') return true;
  if (request === 'none') stores.toasts.getState().show({ kind: 'info', message });
  return false;
}

/** Returns a guard for actions that need the key: {@link requestKey} with 'You need to be signed in to perform this action'. */
export function useRequireSignIn(): () => boolean {
  const t = useT();
  return useCallback(() => requestKey(t('auth.required')), [t]);
}
