import { useParams } from 'react-router';
import { profileTarget } from '../features/fallback/fallback-target.ts';
import { RelayFallbackGate } from '../features/fallback/relay-fallback-gate.tsx';
import { ProfileFrame } from '../features/profile/profile-frame.tsx';
import { useT } from '../i18n/intl.tsx';

/** `/profile/:npub?` and `/p/:npub?`: a profile (none given: your own; read from relays when the service is down). */
export function Page() {
  const { npub } = useParams();
  const t = useT();
  return (
    <RelayFallbackGate target={profileTarget(npub)} heading={t('profile.heading')}>
      <ProfileFrame key={npub ?? 'self'} npub={npub} />
    </RelayFallbackGate>
  );
}
