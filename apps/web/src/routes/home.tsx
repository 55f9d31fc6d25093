import { HomeFrame } from '../features/feed/home-frame.tsx';

/** `/home`: the home feed. */
export function Page() {
  return <HomeFrame />;
}
