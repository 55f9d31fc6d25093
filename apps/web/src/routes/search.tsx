import { useParams } from 'react-router';
import { SearchFrame } from '../features/search/search-frame.tsx';

/** `/search` and `/search/:query`: advanced search and its results. */
export function Page() {
  const { query } = useParams();
  return <SearchFrame key={query ?? ''} query={query} />;
}
