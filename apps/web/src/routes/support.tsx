import { SupportPage } from '../features/info/public-pages.tsx';

/** `/support`: a public page without the main layout. */
export function Page() {
  return <SupportPage />;
}
