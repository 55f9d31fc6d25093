import { useParams } from 'react-router';
import { MuteListFrame } from '../features/moderation/mute-list-frame.tsx';

/** `/mutelist/:npub`: another user's mute list. */
export function Page() {
  const { npub = '' } = useParams();
  return <MuteListFrame npub={npub} />;
}
