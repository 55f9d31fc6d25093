import { useSession } from '../../state/stores.ts';
import { optionalLazy } from '../../ui/optional-lazy.tsx';

// The card's code (and its messages) loads only for a signed-in user: guest /home never downloads it.
const PremiumReminder = optionalLazy(() => import('./premium-reminder.tsx').then((m) => m.PremiumReminder));

/** Where the premium reminder may show (e.g. the home sidebar): nothing for a guest, the lazily loaded card otherwise. */
export function PremiumReminderSlot() {
  const signedIn = useSession((s) => s.publicKey !== null);
  if (!signedIn) return null;
  return <PremiumReminder />;
}
