import { useParams } from 'react-router';
import { ReadsFrame } from '../features/reads/reads-frame.tsx';

/** `/reads/:topic?`: the reads feed. */
export function Page() {
  const { topic } = useParams();
  return <ReadsFrame topic={topic} />;
}
