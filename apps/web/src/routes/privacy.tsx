import { PrivacyPage } from '../features/info/public-pages.tsx';

/** `/privacy`: a public page without the main layout. */
export function Page() {
  return <PrivacyPage />;
}
