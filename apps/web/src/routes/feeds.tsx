import { useParams } from 'react-router';
import { FeedsFrame } from '../features/feed/feeds-frame.tsx';

/** `/feeds` and `/feeds/:query`: try a feed specification. */
export function Page() {
  const { query } = useParams();
  return <FeedsFrame query={query} />;
}
