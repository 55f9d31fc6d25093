import { useParams } from 'react-router';
import { ThreadFrame } from '../features/thread/thread-frame.tsx';

/** `/:vanityName/:identifier`: an article or note of a verified name. */
export function Page() {
  const { vanityName = '', identifier = '' } = useParams();
  return <ThreadFrame key={`${vanityName}/${identifier}`} id={identifier} vanityName={vanityName} />;
}
