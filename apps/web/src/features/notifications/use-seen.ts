import { fetchNotificationsSeen, setNotificationsSeen } from '@tide/core/cache';
import { useCallback, useEffect, useState } from 'react';
import { useAppData } from '../../data/data-context.tsx';
import { stores } from '../../state/stores.ts';

/** `set_notifications_seen`'s request content (protocol reference §3). */
const SEEN_DESCRIPTION = 'update notifications last seen timestamp';

/**
 * Visiting the screen: reads when the user last looked (`get_notifications_seen`, kept for highlighting what is newer),
 * then marks everything seen (`set_notifications_seen`, a signed kind 30078 without tags whose created_at is now).
 * Returns the previous seen time (undefined while loading) and `markSeen` for later loads.
 */
export function useNotificationsSeen(pubkey: string | null): { seenUntil: number | undefined; markSeen: () => void } {
  const { commands } = useAppData();
  const [seenUntil, setSeenUntil] = useState<number | undefined>(undefined);
  const markSeen = useCallback(() => {
    // Marking seen is a side effect of looking: never a sign-in toast or a PIN prompt for it.
    if (!stores.session.getState().canSign) return;
    void (async () => {
      const { signEvent } = await import('../publish/index.ts');
      const request = await signEvent({
        kind: 30078,
        content: JSON.stringify({ description: SEEN_DESCRIPTION }),
        tags: [],
      });
      // Only for the account this screen shows (the user may have switched while the signer loaded).
      if (request && request.pubkey === pubkey)
        await setNotificationsSeen(commands, { event_from_user: request }).catch(() => undefined);
    })();
  }, [commands, pubkey]);
  useEffect(() => {
    if (!pubkey) return;
    let cancelled = false;
    setSeenUntil(undefined);
    fetchNotificationsSeen(commands, { pubkey })
      .catch(() => 0)
      .then((seen) => {
        if (cancelled) return;
        setSeenUntil(seen);
        markSeen();
      });
    return () => {
      cancelled = true;
    };
  }, [commands, pubkey, markSeen]);
  return { seenUntil, markSeen };
}
