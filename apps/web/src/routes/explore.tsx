import { useParams } from 'react-router';
import { ExploreFrame } from '../features/explore/explore-frame.tsx';

/** `/explore` and `/explore/feed/:id`. */
export function Page() {
  const { id } = useParams();
  return <ExploreFrame feedId={id} />;
}
