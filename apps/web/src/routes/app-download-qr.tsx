import { AppDownloadPage } from '../features/info/public-pages.tsx';

/** `/app-download-qr`: a public page without the main layout. */
export function Page() {
  return <AppDownloadPage />;
}
