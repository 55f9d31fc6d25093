import type { ComponentType } from 'react';
import { useSession } from '../state/stores.ts';
import { optionalLazy } from '../ui/optional-lazy.tsx';

/**
 * A component whose code loads the first time it shows for a signed-in user (e.g. the navigation's live unread
 * badges); it renders nothing for a guest, so guest /home never downloads it, nor when its code cannot be fetched.
 */
export function signedInLazy(load: () => Promise<ComponentType>): ComponentType {
  const Loaded = optionalLazy(load);
  // biome-ignore lint/correctness/noComponentHookFactories: made once per badge at module scope, never while rendering
  return function SignedInOnly() {
    const signedIn = useSession((s) => s.publicKey !== null);
    if (!signedIn) return null;
    return <Loaded />;
  };
}
