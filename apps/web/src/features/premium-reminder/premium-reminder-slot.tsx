import { lazy, Suspense } from 'react';
import { useSession } from '../../state/stores.ts';

// The card's code (and its messages) loads only for a signed-in user: guest /home never downloads it.
const PremiumReminder = lazy(() => import('./premium-reminder.tsx').then((m) => ({ default: m.PremiumReminder })));

/** Where the premium reminder may show (e.g. the home sidebar): nothing for a guest, the lazily loaded card otherwise. */
export function PremiumReminderSlot() {
  const signedIn = useSession((s) => s.publicKey !== null);
  if (!signedIn) return null;
  return (
    <Suspense fallback={null}>
      <PremiumReminder />
    </Suspense>
  );
}
