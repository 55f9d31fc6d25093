import { useParams } from 'react-router';
import { MessagesFrame } from '../features/messages/messages-frame.tsx';

/** `/dms/:contact?`: direct messages. */
export function Page() {
  const { contact } = useParams();
  return <MessagesFrame contact={contact} />;
}
