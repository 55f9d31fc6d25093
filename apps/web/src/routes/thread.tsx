import { useParams } from 'react-router';
import { ThreadFrame } from '../features/thread/thread-frame.tsx';

/** `/thread/:id`, `/e/:id`, `/a/:id`: one note or article with its replies. */
export function Page() {
  const { id = '' } = useParams();
  return <ThreadFrame key={id} id={id} />;
}
