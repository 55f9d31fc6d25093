import { TermsPage } from '../features/info/public-pages.tsx';

/** `/terms`: a public page without the main layout. */
export function Page() {
  return <TermsPage />;
}
