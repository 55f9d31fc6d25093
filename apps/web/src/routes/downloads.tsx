import { DownloadsFrame } from '../features/info/layout-pages.tsx';

/** `/downloads` (`/download` redirects here). */
export function Page() {
  return <DownloadsFrame />;
}
