import { useParams } from 'react-router';
import { PremiumFrame } from '../features/premium/index.ts';

/** `/premium/:step?`: the premium pages. */
export function Page() {
  const { step } = useParams();
  return <PremiumFrame key={step ?? ''} step={step} />;
}
