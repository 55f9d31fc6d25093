import { NotFoundFrame } from '../features/info/layout-pages.tsx';

/** `/404` and every unmatched path. */
export function Page() {
  return <NotFoundFrame />;
}
