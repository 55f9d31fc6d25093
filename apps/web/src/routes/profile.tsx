import { useParams } from 'react-router';
import { ProfileFrame } from '../features/profile/profile-frame.tsx';

/** `/profile/:npub?` and `/p/:npub?`: a profile (none given: your own). */
export function Page() {
  const { npub } = useParams();
  return <ProfileFrame key={npub ?? 'self'} npub={npub} />;
}
