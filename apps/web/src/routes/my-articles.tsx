import { useParams } from 'react-router';
import { MyArticlesFrame } from '../features/reads/my-articles-frame.tsx';

/** `/myarticles/:tab?`: the user's published articles and drafts. */
export function Page() {
  const { tab } = useParams();
  return <MyArticlesFrame tab={tab} />;
}
