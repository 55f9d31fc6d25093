import { useCallback } from 'react';
import { useT } from '../../i18n/intl.tsx';
import { stores } from '../../state/stores.ts';

/** Returns a guard: true when signed in, otherwise shows 'You need to be signed in to perform this action'. */
export function useRequireSignIn(): () => boolean {
  const t = useT();
  return useCallback(() => {
    if (stores.session.getState().publicKey) return true;
    stores.toasts.getState().show({ kind: 'info', message: t('auth.required') });
    return false;
  }, [t]);
}
