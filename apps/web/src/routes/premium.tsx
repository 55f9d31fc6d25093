import { useParams } from 'react-router';
import { PremiumFrame } from '../features/premium/premium-frame.tsx';

/** `/premium/:step?`: the premium pages. */
export function Page() {
  const { step } = useParams();
  return <PremiumFrame key={step ?? ''} step={step} />;
}
