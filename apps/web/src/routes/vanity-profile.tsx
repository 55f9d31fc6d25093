import { useParams } from 'react-router';
import { ProfileFrame } from '../features/profile/profile-frame.tsx';

/** `/:vanityName`: a profile named by its verified name (resolved to a key before loading, issue 5). */
export function Page() {
  const { vanityName = '' } = useParams();
  return <ProfileFrame key={vanityName} vanityName={vanityName} />;
}
