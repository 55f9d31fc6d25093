import { CsaePage } from '../features/info/public-pages.tsx';

/** `/csae-policy`: a public page without the main layout. */
export function Page() {
  return <CsaePage />;
}
